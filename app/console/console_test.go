// SPDX-License-Identifier: Apache-2.0

package console

import "testing"

func TestAttachWanted(t *testing.T) {
	for _, c := range []struct {
		args           []string
		hasOut, hasErr bool
		want           bool
	}{
		{nil, false, false, false},                       // the window from Explorer
		{[]string{"status", `C:\x`}, false, false, true}, // a command from cmd.exe
		{[]string{"status", `C:\x`}, true, false, true},  // stdout redirected, stderr to the console
		{[]string{"status", `C:\x`}, true, true, false},  // both redirected, or the .com twin
		{[]string{"--home", `D:\m`}, false, false, true},
	} {
		if got := attachWanted(c.args, c.hasOut, c.hasErr); got != c.want {
			t.Errorf("attachWanted(%q, stdout=%v, stderr=%v) = %v, want %v", c.args, c.hasOut, c.hasErr, got, c.want)
		}
	}
}
