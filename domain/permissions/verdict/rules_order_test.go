// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"slices"
	"testing"
)

// Every rule that starts a line is tried, in any order of the file: a
// wider rule that asks does not hide a narrower one that approves, and a
// line no rule approves answers with the most specific rule's reason.
func TestEveryRuleThatStartsALineIsTried(t *testing.T) {
	for _, tc := range []struct {
		rules      []string
		line, want string // want: "" approved by rule, else a part of the reason
		rule       string
	}{
		{[]string{"stringer", "stringer -type=Color"}, "stringer -type=Color", "", "stringer -type=Color"},
		{[]string{"pytest", "pytest --basetemp=tmp"}, "pytest --basetemp=tmp -q", "", "pytest --basetemp=tmp"},
		{[]string{"cargo test", "cargo test --features slow"}, "cargo test --features slow", "", ""},
		{[]string{"make", "make test"}, "make test", "", ""},
		{[]string{"pnpm test", "pnpm --filter web test"}, "pnpm --filter web test", "", ""},
		// none approves: the reason is the most specific rule's
		{[]string{"stringer", "stringer -type=Color"}, "stringer -type=Pill", "not an option the rule spells", "stringer"},
		{[]string{"pytest", "pytest tests"}, "pytest tests --frobnicate", "--frobnicate", "pytest tests"},
		{[]string{"stringer", "stringer -type=Color"}, "stringer -type=Color -output=/tmp/x.go", "not an option the rule spells", "stringer -type=Color"},
		{[]string{"stringer", "stringer -type=Color"}, "stringer -type=Color & id", "can chain commands", ""},
	} {
		for _, rules := range [][]string{tc.rules, reversed(tc.rules)} {
			v := NewChecker(rules).Check(tc.line, nil)
			name := fmt.Sprintf("rules %q, %q", rules, tc.line)
			wantVerdict(t, name, v, tc.want)
			if tc.rule != "" && v.Rule != tc.rule {
				t.Errorf("%s: rule %q, want %q", name, v.Rule, tc.rule)
			}
		}
	}
}

func reversed(s []string) []string {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}
