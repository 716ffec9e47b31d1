// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"
	"testing"
)

// A maven property whose value is the goals a forked build runs
// (release:prepare's preparationGoals) passes when every goal is a
// lifecycle phase up to verify, the project's own build; install, deploy,
// a plugin's goal or any other word asks, as does any other property set
// to such words.
func TestMavenGoalProperties(t *testing.T) {
	c := Builtin()
	for _, tc := range []struct {
		args []string
		pass bool
	}{
		{[]string{"release:prepare", "-DpreparationGoals=clean"}, true},
		{[]string{"release:prepare", "-DpreparationGoals=clean verify"}, true},
		{[]string{"release:prepare", "-DpreparationGoals=clean,verify"}, true},
		{[]string{"release:prepare", "-D", "preparationGoals=clean test-compile"}, true},
		{[]string{"release:prepare", "-DcompletionGoals=validate"}, true},
		{[]string{"release:perform", "-Dgoals=verify"}, true},
		{[]string{"release:prepare", "-DpreparationGoals=clean install"}, false},
		{[]string{"release:prepare", "-DpreparationGoals=deploy"}, false},
		{[]string{"release:perform", "-Dgoals=site-deploy"}, false},
		{[]string{"release:prepare", "-DpreparationGoals=clean exec:exec"}, false},
		{[]string{"release:prepare", "-DpreparationGoals=org.codehaus.mojo:exec-maven-plugin:exec"}, false},
		{[]string{"release:prepare", "-DpreparationGoals=clean -Dexec.executable=sh"}, false},
		{[]string{"release:prepare", "-DpreparationGoals=clean -f /tmp/pom.xml"}, false},
		{[]string{"release:prepare", "-DpreparationGoals="}, true}, // empty, as any property: no goal
		{[]string{"release:prepare", "-DpreparationGoals"}, true},
		{[]string{"release:prepare", "-DpreparationGoals=CLEAN"}, false},
		{[]string{"release:prepare", "-Darguments=clean"}, false},
		{[]string{"release:prepare", "-DpreparationGoal=clean"}, false},
		{[]string{"release:prepare", "-Dgoals.x=clean"}, false},
	} {
		got := c.RiskyArgs("mvn", tc.args, "")
		if tc.pass && !got.IsZero() {
			t.Errorf("mvn %q asks (%s), want it to pass", tc.args, got)
		}
		if !tc.pass && !strings.Contains(got.String(), "can make maven run a program") {
			t.Errorf("mvn %q = %q, want it to ask: can make maven run a program", tc.args, got)
		}
	}
}
