// SPDX-License-Identifier: Apache-2.0

package guard

import (
	"slices"
	"testing"
)

// The Windows branch of the machine's rules: the environment's folders, or
// their usual places on %SystemDrive%; and the rules they make refuse them.
func TestWindowsSystemDirs(t *testing.T) {
	cases := []struct {
		name     string
		env      map[string]string
		root     string
		programs []string
	}{
		{"empty environment", nil, `C:\Windows`,
			[]string{`C:\Program Files`, `C:\Program Files (x86)`, `C:\Program Files`, `C:\ProgramData`}},
		{"system on D:", map[string]string{"SystemDrive": "D:"}, `D:\Windows`,
			[]string{`D:\Program Files`, `D:\Program Files (x86)`, `D:\Program Files`, `D:\ProgramData`}},
		{"set explicitly", map[string]string{"SystemRoot": `E:\WinNT`, "ProgramFiles": `E:\Apps`,
			"ProgramFiles(x86)": `E:\Apps32`, "ProgramW6432": `E:\Apps`, "ProgramData": `E:\Data`},
			`E:\WinNT`, []string{`E:\Apps`, `E:\Apps32`, `E:\Apps`, `E:\Data`}},
	}
	for _, c := range cases {
		root, programs := windowsSystemDirs(func(k string) string { return c.env[k] })
		if root != c.root || !slices.Equal(programs, c.programs) {
			t.Errorf("%s: windowsSystemDirs = %q, %q; want %q, %q", c.name, root, programs, c.root, c.programs)
		}
		r := Rules{OS: Windows, Home: `C:\Users\ann`, SystemRoot: root, ProgramDirs: programs}
		for _, dir := range append([]string{root}, programs...) {
			if v := r.CheckPath(dir + `\x`); v.Allowed {
				t.Errorf("%s: %s\\x is allowed", c.name, dir)
			}
		}
		if v := r.CheckPath(`C:\Users\ann\code`); !v.Allowed {
			t.Errorf("%s: a home project is refused: %s", c.name, v.Reason)
		}
	}
}
