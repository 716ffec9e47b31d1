// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"testing"
)

// A rule that names tox environments approves those alone, in every
// spelling of -e; a rule that names none leaves them free.
func TestRulesNarrowTheirValues(t *testing.T) {
	for _, tc := range []struct {
		rule, line, want string // want: "" approved, else a part of the reason
	}{
		{"tox -e lint", "tox -e lint", ""},
		{"tox -e lint", "tox -e lint -- --fix", ""},
		{"tox -e lint", "tox -n -e lint", ""},
		{"tox -e lint,py", "tox -e lint,py -e py", ""},
		{"tox", "tox -e anything", ""},
		{"tox -e", "tox -e anything", ""}, // the option without a value names none
		{"tox run -e py", "tox run -e py -q", ""},
		{"tox -e lint", "tox -e lint -e evil", "`evil` is not among the values the rule gives"},
		{"tox -e lint", "tox -e lint,evil", "no allowed rule starts this line"},
		{"tox -e lint,py", "tox -e lint,py -e evil", "`evil` is not among"},
		{"tox -e lint", "tox -e lint --env=evil", "`evil` is not among"},
		{"tox -e lint", "tox -e lint -eevil", "`evil` is not among"},
		{"tox -e lint", "tox -e lint -qe evil", "`evil` is not among"},
		{"tox run -e py", "tox run -e py -e docs", "`docs` is not among"},
	} {
		v := NewChecker([]string{tc.rule}).Check(tc.line, nil)
		wantVerdict(t, fmt.Sprintf("rule %q, %q", tc.rule, tc.line), v, tc.want)
	}
}
