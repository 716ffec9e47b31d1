// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"
)

// A single-dash word a table lists as whole is an option of its own, not
// a bundle of short options (mvn -ff is --fail-fast, not -f f); only the
// exact word: a glued value still reads as the risky short option.
func TestRiskyWholeWords(t *testing.T) {
	p, err := buildProgram(riskData{
		Whole: "-ff -fae -fn -nsu -rf",
		Short: map[string]string{"f": "reads another build file", "s": "changes the configuration later approved commands run with"},
	}, getopt, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string // a part of the reason, "" when it passes
	}{
		{[]string{"-ff", "verify"}, ""},
		{[]string{"-fae", "verify"}, ""},
		{[]string{"-fn", "verify"}, ""},
		{[]string{"-nsu", "verify"}, ""},
		{[]string{"-rf", ":core", "verify"}, ""},
		{[]string{"-f", "other.xml", "verify"}, "reads another build file"},
		{[]string{"-ffother.xml", "verify"}, "reads another build file"},
		{[]string{"-fother.xml", "verify"}, "reads another build file"},
		{[]string{"-s", "settings.xml", "verify"}, "changes the configuration"},
		{[]string{"-nsux", "verify"}, "changes the configuration"},
	} {
		got := p.check("mvn", tc.args)
		if tc.want == "" && !got.IsZero() || !strings.Contains(got.String(), tc.want) {
			t.Errorf("check(mvn, %q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// whole lists single-dash words of several letters only: a table that
// lists anything else does not load.
func TestRiskyWholeNeedsSingleDashWords(t *testing.T) {
	for _, w := range []string{"-f", "--fail-fast", "ff"} {
		if _, err := buildProgram(riskData{Whole: w}, getopt, nil, nil); err == nil {
			t.Errorf("buildProgram(whole %q) loaded, want an error", w)
		}
	}
}
