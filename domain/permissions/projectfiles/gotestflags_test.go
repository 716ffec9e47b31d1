// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"slices"
	"strings"
	"testing"
)

// What one Go file defines: only the flag package's definitions whose name
// is a string literal, under the name the file imports it by; a name with
// go test's test. prefix, a dot or blank import, another package's String
// and a file that does not parse define nothing.
func TestParseGoFlagFile(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string
	}{
		{"package a\nimport \"flag\"\nvar x = flag.String(\"remote\", \"\", \"\")\nvar y = flag.Bool(\"v2\", false, \"\")", "remote v2"},
		{"package a\nimport f \"flag\"\nvar b bool\nfunc init() { f.BoolVar(&b, \"update\", false, \"\"); f.Var(nil, \"list\", \"\") }", "update list"},
		{"package a\nimport \"flag\"\nfunc TestMain() { flag.Duration(\"wait\", 0, \"\"); flag.Func(\"each\", \"\", nil) }", "wait each"},
		{"package a\nimport \"flag\"\nvar n = \"x\"\nvar x = flag.String(n, \"\", \"\")", ""},
		{"package a\nimport \"flag\"\nvar x = flag.Bool(\"test.coverprofile\", false, \"\")", ""},
		{"package a\nimport \"flag\"\nvar x = flag.Bool(\"-x\", false, \"\")\nvar y = flag.Bool(\"a=b\", false, \"\")", ""},
		{"package a\nimport . \"flag\"\nvar x = String(\"remote\", \"\", \"\")", ""},
		{"package a\nimport \"github.com/spf13/pflag\"\nvar x = pflag.String(\"remote\", \"\", \"\")", ""},
		{"package a\nimport \"flag\"\nvar x = other.String(\"remote\", \"\", \"\")", ""},
		{"package a\nimport \"flag\"\nvar x = flag.String(\"remote\"", ""},
	} {
		f := parseGoFlagFile([]byte(c.src)).(goFlagFile)
		if got := strings.Join(f.flags, " "); got != c.want {
			t.Errorf("%q defines %q, want %q", c.src, got, c.want)
		}
	}
	f := parseGoFlagFile([]byte("package a_test\nimport (\n\t\"testing\"\n\t\"example.com/m/fstest\"\n)\n")).(goFlagFile)
	if !slices.Equal(f.imports, []string{"testing", "example.com/m/fstest"}) {
		t.Errorf("imports %q", f.imports)
	}
}
