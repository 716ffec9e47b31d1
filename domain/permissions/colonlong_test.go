// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"
)

// zzmsb is a program that reads MSBuild's switches: -name:value.
const zzmsb = `
[zzmsb]
colon_long = true
options = "-m=? -maxcpucount=? -bl=? -binaryLogger=? -nologo -nr=?"
[[zzmsb.example]]
rule = 'zzmsb'
approve = ['zzmsb -m:1']
`

// With colon_long, -name:value is --name=value and -name is --name; every
// value the word holds is checked as a path (-bl:LogFile=/tmp/x names
// /tmp/x); a switch the entry does not list asks.
func TestColonLongSwitches(t *testing.T) {
	c, problems := loadCatalog(append(builtinSources(), sourceFile{path: "catalog/zz.toml", data: []byte(zzmsb)}), nil)
	if len(problems) != 0 {
		t.Fatal(problems)
	}
	for _, tc := range []struct {
		line string
		want string // a part of the reason, "" when approved
	}{
		{"zzmsb -m:1", ""},
		{"zzmsb -maxcpucount:4", ""},
		{"zzmsb -m", ""},
		{"zzmsb -bl:build.binlog", ""},
		{"zzmsb -bl", ""},
		{"zzmsb -binaryLogger:out/b.binlog", ""},
		{"zzmsb -nologo -nr:false", ""},
		{"zzmsb -bl:/tmp/x.binlog", "outside the project"},
		{"zzmsb -bl:LogFile=/tmp/x.binlog", "outside the project"},
		{"zzmsb -bl:../x.binlog", "outside the project"},
		{"zzmsb -logger:/tmp/l.dll", "not an option Memo knows"},
		{"zzmsb -nologox", "not an option Memo knows"},
	} {
		v := c.newChecker([]string{"zzmsb"}).Check(tc.line, nil)
		if tc.want == "" && !v.Approved || tc.want != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.want)) {
			t.Errorf("Check(%q) = %v (%s), want %q", tc.line, v.Approved, v.Reason, tc.want)
		}
	}
}
