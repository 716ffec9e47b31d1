// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
)

// What the configuration makes a rule run without blocking it is said in
// the rule's labels: the project's yarn release and plugins, its JVM, the
// Go release a toolchain line downloads.
func TestConfigNotesInLabels(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".yarnrc.yml"), "yarnPath: .yarn/releases/yarn-4.1.0.cjs\n", 0o644)
	fixture.Write(t, filepath.Join(root, "go.mod"), "module m\ntoolchain go1.22.4\n", 0o644)
	fixture.Write(t, filepath.Join(root, "gradle.properties"), "org.gradle.java.home=tools/jdk\n", 0o644)
	p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
	for rule, want := range map[string]string{
		"yarn test":    "runs .yarn/releases/yarn-4.1.0.cjs, the project's own file that .yarnrc.yml names (yarnPath)",
		"go test":      "may download and run go1.22.4, the Go release go.mod names (toolchain)",
		"gradle build": "runs the JVM the project holds (tools/jdk)",
	} {
		notes := configNotes(p, rule)
		st := Status{Notes: map[string][]domain.Text{rule: notes}}
		var got []string
		for _, l := range st.RuleLabels(rule) {
			got = append(got, l.String())
		}
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("labels of %q = %q, want one saying %q", rule, got, want)
		}
	}
	if notes := configNotes(p, "npm test"); len(notes) != 0 {
		t.Errorf("configNotes(npm test) = %v, want none", notes)
	}
}
