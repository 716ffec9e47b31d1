// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"
)

// An MSBuild property the table lists as choosing what is built passes
// with a plain name as its value, in any spelling and case; a value that
// is a path or climbs, and a property not listed, are judged as before.
func TestMSBuildSelectingProperties(t *testing.T) {
	p, err := buildProgram(riskData{
		Props:      "-p: /p: -property: --property: /property:",
		Operands:   "msbuildOperands",
		SafeValues: []string{"configuration", "platform"},
	}, getopt, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		arg  string
		want string // a part of the reason, "" when it passes
	}{
		{"-p:Configuration=Release", ""},
		{"/p:configuration=Debug", ""},
		{"-property:Platform=Any CPU", ""},
		{`-property:Platform="Any CPU"`, ""},
		{"--property:Configuration=Release-ci.1", ""},
		{"-p:Configuration=../../tmp", "can name a program"},
		{"-p:Configuration=/tmp/x", "can name a program"},
		{"-p:Configuration=$(X)", "can name a program"},
		{"-p:ConfigurationFile=Release", "can name a program"},
		{"-p:CscToolExe=csc", "can name a program"},
		{"@build.rsp", "reads options from a file"},
		{"@/tmp/x.rsp", "reads options from a file"},
	} {
		got := p.checkOperands(builtin(), []string{"build", tc.arg})
		if tc.want == "" && !got.IsZero() || !strings.Contains(got.String(), tc.want) {
			t.Errorf("msbuildOperands(%q) = %q, want %q", tc.arg, got, tc.want)
		}
	}
}
