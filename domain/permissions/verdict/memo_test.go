// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// watchedProject is a project whose checks keep their results (inotify),
// with a count of the file reads, checked against what its rules pinned.
func watchedProject(t *testing.T, root string, rules []string, reads *int) *projectfiles.Project {
	t.Helper()
	cache := projectfiles.NewCache(nil)
	if err := cache.Watch(); err != nil {
		if runtime.GOOS == "linux" {
			t.Fatalf("Watch: %v", err)
		}
		t.Skipf("no change notifications here: %v", err)
	}
	p := NewProject(root, "", countingFS(reads), cache)
	return p.WithPinned(p.AllDefinitions(rules))
}

// Kept results are used while nothing changes, and none survives a change
// made before the check: each kind of change, checked at once.
func TestKeptResultsNeverStale(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "p")
	fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644)
	fixture.Write(t, filepath.Join(root, ".git", "HEAD"), "ref: refs/heads/main\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".git", "hooks", "pre-commit"), "#!/bin/sh\n", 0o644)
	fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest"}}`, 0o644)
	fixture.Write(t, filepath.Join(root, "Makefile"), "include common.mk\ntest:\n\techo\n", 0o644)
	fixture.Write(t, filepath.Join(root, "common.mk"), "X = 1\n", 0o644)
	fixture.Write(t, filepath.Join(root, "inside", "x"), "x", 0o644)
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "x"), "x", 0o644)
	if err := os.Symlink("inside", filepath.Join(root, "out")); err != nil {
		t.Skip(err)
	}
	rules := []string{"git status", "git commit", "npm test", "cargo build", "make test", "cat"}
	reads := 0
	p := watchedProject(t, root, rules, &reads)
	lines := []string{"git status", "git commit -m x", "npm test", "cargo build", "make test", "cat out/x"}
	check := func(line string) Verdict { return NewChecker(rules).CheckIn(line, p) }
	for range 3 { // the first checks watch the folders; then results are kept
		for _, l := range lines {
			if v := check(l); !v.Approved {
				t.Fatalf("%s: %+v", l, v)
			}
		}
	}
	before := reads
	for range 5 {
		for _, l := range lines {
			check(l)
		}
	}
	if reads != before {
		t.Errorf("unchanged files were read %d more times", reads-before)
	}

	changes := []struct {
		name         string
		change, undo func()
		line, want   string
	}{
		{"a config key", func() {
			fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig+"[core]\n\tfsmonitor = x\n", 0o644)
		}, func() { fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644) }, "git status", "core.fsmonitor"},
		{"a hook made executable", func() { os.Chmod(filepath.Join(root, ".git", "hooks", "pre-commit"), 0o755) },
			func() { os.Chmod(filepath.Join(root, ".git", "hooks", "pre-commit"), 0o644) }, "git commit -m x", "pre-commit"},
		{"a new .npmrc", func() { fixture.Write(t, filepath.Join(root, ".npmrc"), "script-shell=x\n", 0o644) },
			func() { os.Remove(filepath.Join(root, ".npmrc")) }, "npm test", "script-shell"},
		{"a cargo config above the project", func() {
			fixture.Write(t, filepath.Join(parent, ".cargo", "config.toml"), "[build]\nrustc = \"x\"\n", 0o644)
		}, func() { os.RemoveAll(filepath.Join(parent, ".cargo")) }, "cargo build", "build.rustc"},
		{"a script changed", func() {
			fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest; id"}}`, 0o644)
		},
			func() { fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest"}}`, 0o644) }, "npm test", "scripts.test"},
		{"an included makefile", func() { fixture.Write(t, filepath.Join(root, "common.mk"), "SHELL = /tmp/x\n", 0o644) },
			func() { fixture.Write(t, filepath.Join(root, "common.mk"), "X = 1\n", 0o644) }, "make test", "SHELL"},
		{"a link pointed elsewhere", func() {
			os.Remove(filepath.Join(root, "out"))
			os.Symlink(outside, filepath.Join(root, "out"))
		}, func() {
			os.Remove(filepath.Join(root, "out"))
			os.Symlink("inside", filepath.Join(root, "out"))
		}, "cat out/x", "outside the project"},
		{".git replaced by another", func() {
			os.Rename(filepath.Join(root, ".git"), filepath.Join(root, ".git-old"))
			fixture.Write(t, filepath.Join(root, ".git", "config"), "[core]\n\tpager = x\n", 0o644)
		}, func() {
			os.RemoveAll(filepath.Join(root, ".git"))
			os.Rename(filepath.Join(root, ".git-old"), filepath.Join(root, ".git"))
		}, "git status", "core.pager"},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			c.change()
			v := check(c.line)
			if v.Approved || !strings.Contains(v.Reason.String(), c.want) {
				t.Errorf("%s right after %s: %+v, want it to ask naming %s", c.line, c.name, v, c.want)
			}
			c.undo()
			if v := check(c.line); !v.Approved {
				t.Errorf("%s right after %s was undone: %+v", c.line, c.name, v)
			}
		})
	}
}
