// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// pdm run NAME and hatch run [ENV:]NAME of a script the project defines:
// the words after NAME are the script's arguments (path-checked), as npm
// run's are; a name the project does not define is a program, checked as a
// line of its own.
func TestDefinedPythonScriptsTakeArguments(t *testing.T) {
	root := t.TempDir()
	fixture.Write(t, filepath.Join(root, "pyproject.toml"), "[tool.pdm.scripts]\ntest = \"pytest\"\n\n[tool.hatch.envs.docs.scripts]\nbuild-check = \"mkdocs build --strict\"\n", 0o644)
	fixture.Write(t, filepath.Join(root, "hatch.toml"), "[envs.default.scripts]\ncov = \"pytest --cov\"\n", 0o644)
	for _, tc := range []struct {
		rule, line string
		want       bool
	}{
		{"pdm run test", "pdm run test -n auto", true},
		{"pdm run test", "pdm run test tests/unit -k slow", true},
		{"pdm run test", "pdm run test --basetemp=/tmp/x", false},
		{"pdm run test", "pdm run test ../outside", false},
		{"hatch run docs:build-check", "hatch run docs:build-check dev", true},
		{"hatch run cov", "hatch run cov -x", true},
		{"hatch run cov", "hatch run cov /etc/passwd", false},
		// Not a script of the project: the program of that name, whose
		// operands Memo does not know.
		{"pdm run lint", "pdm run lint --fix", false},
		{"hatch run docs:serve", "hatch run docs:serve dev", false},
		// The rule must name the script.
		{"pdm run", "pdm run test -n auto", false},
	} {
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		rules := []string{tc.rule}
		v := NewChecker(rules).CheckIn(tc.line, p.WithPinned(p.AllDefinitions(rules)))
		if v.Approved != tc.want {
			t.Errorf("rule %q, %q: approved=%v (%s), want %v", tc.rule, tc.line, v.Approved, v.Reason, tc.want)
		}
	}
}
