// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// node runs the file its main module's name resolves to (CommonJS: the
// name itself, then .js, .json, .node, then index.js of a folder): the
// trust pins that file, and the line asks when it changes. One case per
// form.
func TestNodeScriptResolvesAsNodeDoes(t *testing.T) {
	for _, c := range []struct {
		files map[string]string // relative path: text
		rule  string
		file  string // the file the rule runs, "" when none exists
	}{
		{map[string]string{"Makefile.js": "target.lint = () => {}\n"}, "node Makefile lint", "Makefile.js"},
		{map[string]string{"tools/run.json": "{}\n"}, "node tools/run", "tools/run.json"},
		{map[string]string{"addon.node": "\x7fELF"}, "node addon", "addon.node"},
		{map[string]string{"tools/gen/index.js": "x()\n"}, "node tools/gen", "tools/gen/index.js"},
		// a file of the name itself comes first
		{map[string]string{"Makefile": "all:\n", "Makefile.js": "x()\n"}, "node Makefile lint", "Makefile"},
		{map[string]string{"build.mjs": "x()\n"}, "node build", ""}, // node does not add .mjs
	} {
		root := t.TempDir()
		for rel, text := range c.files {
			fixture.Write(t, filepath.Join(root, filepath.FromSlash(rel)), text, 0o644)
		}
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		defs, problem := p.Definitions(c.rule)
		if c.file == "" {
			if problem.IsZero() || !strings.Contains(problem.String(), "does not exist") {
				t.Errorf("%s with %v: problem %q, want the script missing", c.rule, c.files, problem)
			}
			continue
		}
		if !problem.IsZero() || len(defs) == 0 || defs[0].File != c.file {
			t.Errorf("%s with %v: %+v (%s), want it to pin %s", c.rule, c.files, defs, problem, c.file)
			continue
		}
		pinned := p.WithPinned(p.AllDefinitions([]string{c.rule}))
		if v := NewChecker([]string{c.rule}).CheckIn(c.rule, pinned); !v.Approved {
			t.Errorf("%s right after trust: %+v", c.rule, v)
		}
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(c.file)), []byte("require('child_process').exec('id')\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if v := NewChecker([]string{c.rule}).CheckIn(c.rule, pinned); v.Approved || v.BlockedBy == nil || v.BlockedBy.File != c.file {
			t.Errorf("%s after %s changed: %+v, want it to ask naming %s", c.rule, c.file, v, c.file)
		}
	}
}
