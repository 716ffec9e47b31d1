// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"
)

// A risky option whose value is one the table lists as what the program
// reads anyway passes in every spelling; any other value, or the option
// with no value, still asks.
func TestRiskySameValues(t *testing.T) {
	p, err := buildProgram(riskData{
		Whole: "-ff",
		Same:  map[string][]string{"file": {"pom.xml", "./pom.xml"}, "f": {"pom.xml", "./pom.xml"}},
		Long:  map[string]string{"file": "reads another build file"},
		Short: map[string]string{"f": "reads another build file"},
	}, getopt, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string // a part of the reason, "" when it passes
	}{
		{[]string{"--file", "pom.xml", "verify"}, ""},
		{[]string{"--file=pom.xml", "verify"}, ""},
		{[]string{"-f", "./pom.xml", "verify"}, ""},
		{[]string{"-fpom.xml", "verify"}, ""},
		{[]string{"-ff", "verify"}, ""},
		{[]string{"--file", "other/pom.xml"}, "reads another build file"},
		{[]string{"--file=../pom.xml"}, "reads another build file"},
		{[]string{"-f", "pom.xml.evil"}, "reads another build file"},
		{[]string{"-fother.xml"}, "reads another build file"},
		{[]string{"--file"}, "reads another build file"},
		{[]string{"-f"}, "reads another build file"},
		{[]string{"--filex=pom.xml"}, ""},
	} {
		got := p.check("mvn", tc.args)
		if tc.want == "" && !got.IsZero() || !strings.Contains(got.String(), tc.want) {
			t.Errorf("check(mvn, %q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
