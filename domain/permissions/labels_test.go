// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/verdict"

	"memo.dev/projects/domain/permissions/projectfiles"
)

func labelsOf(rule string, runs []projectfiles.DefinitionState) string {
	var out []string
	for _, l := range verdict.RuleLabels(rule, runs) {
		out = append(out, l.String())
	}
	return strings.Join(out, "; ")
}

// Each rule is labelled in plain words with what it can do.
func TestRuleLabels(t *testing.T) {
	// The label quotes the script the rule names, not its pretest.
	runs := []projectfiles.DefinitionState{
		{Definition: projectfiles.Definition{Rule: "npm test", File: "package.json", Key: "scripts.posttest"}},
		{Definition: projectfiles.Definition{Rule: "npm test", File: "package.json", Key: "scripts.pretest", Hash: "p", Text: "eslint ."}},
		{Definition: projectfiles.Definition{Rule: "npm test", File: "package.json", Key: "scripts.test", Hash: "h", Text: "jest --ci"}},
		{Definition: projectfiles.Definition{Rule: "goreleaser release", File: ".goreleaser.yaml", Hash: "g"}},
		{Definition: projectfiles.Definition{Rule: "goreleaser release", File: "goreleaser.yaml"}},
	}
	cases := map[string]string{
		"npm test":              "runs the project's own code (package.json scripts.test: `jest --ci`)",
		"git status":            "reads files inside the project",
		"git log":               "reads files inside the project",
		"git commit":            "changes the repository (commits, branches, history)",
		"git pull":              "writes files inside the project; changes the repository (commits, branches, history); reads from the network (dependencies, fetched commits)",
		"git push":              "sends the project's data to the network (the repository's remotes, a package registry)",
		"go build":              "writes files inside the project",
		"cat":                   "reads files inside the project",
		"mytool --check":        "runs `mytool`, which Memo has no entry for: only the options and words the rule spells, and paths in the project, pass",
		"./scripts/lint.sh":     "runs the project's own code",
		"bash scripts/check.sh": "runs the project's own code",
		"/usr/bin/git status":   "reads files inside the project",
		"python -m pytest":      "runs the project's own code",
		"cargo nextest run":     "runs the project's own code; writes files inside the project",
		// goreleaser runs what its configuration declares (pinned) and
		// release publishes.
		"goreleaser release": "runs the project's own code (.goreleaser.yaml); writes files inside the project; reads from the network (dependencies, fetched commits); sends the project's data to the network (the repository's remotes, a package registry)",
		"goreleaser check":   "reads files inside the project",
		"tbump":              "runs the project's own code; writes files inside the project; changes the repository (commits, branches, history); sends the project's data to the network (the repository's remotes, a package registry)",
	}
	for rule, want := range cases {
		if got := labelsOf(rule, runs); got != want {
			t.Errorf("%s:\n got %s\nwant %s", rule, got, want)
		}
	}
}

// What the rules and tools allow together is said before Trust.
func TestCombinedWarnings(t *testing.T) {
	cases := []struct {
		perms Permissions
		want  []string
	}{
		{Permissions{AllowedCommands: []string{"npm test"}, AllowedTools: []string{"write_file"}}, []string{"`write_file` can write files and `npm test` runs the project's own code"}},
		{Permissions{AllowedCommands: []string{"go test", "sort -o"}}, []string{"`sort -o` can write files and `go test` runs"}},
		{Permissions{AllowedCommands: []string{"git pull", "make test"}}, []string{"`git pull` brings in code from the network and `make test` runs"}},
		{Permissions{AllowedCommands: []string{"npm test"}, AllowedTools: []string{"read_file"}}, nil},
		{Permissions{AllowedCommands: []string{"git status", "cat"}, AllowedTools: []string{"edit_file"}}, nil},
		{Permissions{AllowedCommands: []string{"bash", "npm test"}, AllowedTools: []string{"edit_file"}}, []string{"`edit_file` can write files and `npm test`"}},
	}
	for _, c := range cases {
		got := CombinedWarnings(c.perms)
		if len(got) != len(c.want) {
			t.Errorf("%+v: %v, want %d warnings", c.perms, got, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(got[i].String(), w) {
				t.Errorf("%+v: %q, want it to say %q", c.perms, got[i], w)
			}
		}
	}
}

// The report says per rule what it can do, what blocks it, what it runs,
// and the combined warning.
func TestReportReviewsRules(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest --ci"}}`, 0o644)
	fixture.Write(t, filepath.Join(root, ".npmrc"), "script-shell=/tmp/x\n", 0o644)
	p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
	perms := Permissions{Version: 1, AllowedCommands: []string{"npm test", "bash", "git status"}, AllowedTools: []string{"write_file"}}
	defs := p.AllDefinitions(perms.AllowedCommands)
	st := Status{File: perms, Definitions: projectfiles.CompareDefinitions(defs, defs), Blocks: map[string][]projectfiles.Block{}}
	if v := verdict.NewChecker([]string{"npm test"}).CheckIn("npm test", p); v.BlockedBy != nil {
		st.Blocks["npm test"] = []projectfiles.Block{*v.BlockedBy}
	}
	r := st.Report()
	if len(r.Rules) != 3 {
		t.Fatalf("rules %+v", r.Rules)
	}
	npm, bash := r.Rules[0], r.Rules[1]
	if !strings.Contains(npm.Labels[0].String(), "jest --ci") || len(npm.Runs) == 0 || len(npm.BlockedBy) != 1 || npm.BlockedBy[0].Key != "script-shell" {
		t.Errorf("npm test reviewed as %+v", npm)
	}
	if bash.Refused == nil || len(bash.Labels) != 0 {
		t.Errorf("bash reviewed as %+v", bash)
	}
	if len(r.Warnings) != 1 {
		t.Errorf("warnings %v", r.Warnings)
	}
}

func TestToolLabels(t *testing.T) {
	for tool, want := range map[string]string{
		"read_file":      "reads files inside the project",
		"search_content": "reads files inside the project",
		"list_directory": "reads files inside the project",
		"write_file":     "writes files inside the project",
		"edit_file":      "writes files inside the project",
		"delete_lines":   "writes files inside the project",
		"save_code_plan": "writes files inside the project",
		"run_command":    "",
		"web_fetch":      "",
	} {
		var got []string
		for _, l := range ToolLabels(tool) {
			got = append(got, l.String())
		}
		if strings.Join(got, "; ") != want {
			t.Errorf("ToolLabels(%q) = %q, want %q", tool, got, want)
		}
	}
	// Every tool a file can approve says something: a new tool without a
	// label would show an empty line in the review.
	for _, tool := range verdict.FileTools {
		if len(ToolLabels(tool)) == 0 {
			t.Errorf("ToolLabels(%q) is empty", tool)
		}
	}
}
