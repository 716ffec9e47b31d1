// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"
)

// An optional count (=c? in a spec: tox -p/--parallel) takes the next word
// as its value when it is a number, auto or all, never a subcommand or an
// environment; any other next word is read as before.
func TestOptionalCountValues(t *testing.T) {
	root := scriptProject(t, map[string]string{"tox.ini": "[tox]\nenv_list = py, lint\n"})
	for _, tc := range []struct {
		rule, line, asking string // asking "" when approved
	}{
		{"tox", "tox -p all", ""},
		{"tox", "tox -p auto", ""},
		{"tox", "tox --parallel auto", ""},
		{"tox", "tox -p 4", ""},
		{"tox", "tox -p 4 -e py", ""},
		{"tox -e lint", "tox -p auto -e lint", ""},
		{"tox", "tox -p", ""},
		// Hostile neighbours.
		{"tox", "tox -p evil", "evil"},
		{"tox", "tox -p auto4", "auto4"},
		{"tox", "tox -p -4", "-4"},
		{"tox", "tox -p auto -x testenv.commands=sh", "`-x`"},
		{"tox", "tox -p all ../x", "../x"},
		{"tox", "tox --parallel=../x", "outside the project"},
	} {
		v := checkTrusted(root, []string{tc.rule}, tc.line)
		switch {
		case tc.asking == "" && !v.Approved:
			t.Errorf("%q (rule %q) asks (%s), want it approved", tc.line, tc.rule, v.Reason)
		case tc.asking != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.asking)):
			t.Errorf("%q (rule %q): approved=%v %q, want it to ask with %q", tc.line, tc.rule, v.Approved, v.Reason, tc.asking)
		}
	}
}
