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

// blockedBy asserts that line asks in the project, blocked by file and key.
func blockedBy(t *testing.T, root, dir string, rules []string, line, file, key string) {
	t.Helper()
	v := checkIn(root, dir, rules, line)
	switch {
	case v.Approved:
		t.Errorf("%q is approved, want it blocked by %s %s", line, file, key)
	case v.BlockedBy == nil:
		t.Errorf("%q asks (%s) with no file named, want %s %s", line, v.Reason, file, key)
	case !strings.HasSuffix(filepath.ToSlash(v.BlockedBy.File), file) || v.BlockedBy.Key != key:
		t.Errorf("%q blocked by %s %q (%s), want %s %q", line, v.BlockedBy.File, v.BlockedBy.Key, v.BlockedBy.Reason, file, key)
	}
}

func approvedIn(t *testing.T, root, dir string, rules []string, line string) {
	t.Helper()
	if v := checkIn(root, dir, rules, line); !v.Approved {
		t.Errorf("%q asks (%s, %+v), want it approved", line, v.Reason, v.BlockedBy)
	}
}

// Every git dir a command can touch: submodules (nested, with slashes in
// their names), worktrees, a repository nested in the project.
func TestGitDirsOfSubmodulesWorktreesNested(t *testing.T) {
	rules := []string{"git status", "git checkout", "go build"}
	cases := map[string]string{
		".git/modules/sub/config":                 "[core]\n\tfsmonitor = x\n",
		".git/modules/a/modules/b/config":         "[core]\n\tpager = x\n",
		".git/modules/libs/x/config":              "[alias]\n\tst = !id\n",
		".git/worktrees/w/config.worktree":        "[core]\n\tsshCommand = x\n",
		".git/modules/inc/config":                 "[include]\n\tpath = extra\n",
		".git/modules/inc/extra":                  "[diff]\n\texternal = x\n",
		".git/modules/sub2/modules/deep/x/config": "[gpg]\n\tprogram = x\n",
	}
	keys := map[string]string{
		".git/modules/sub/config": "core.fsmonitor", ".git/modules/a/modules/b/config": "core.pager",
		".git/modules/libs/x/config": "alias.st", ".git/worktrees/w/config.worktree": "core.sshcommand",
		".git/modules/inc/config": "diff.external", ".git/modules/sub2/modules/deep/x/config": "gpg.program",
	}
	for file, key := range keys {
		t.Run(file, func(t *testing.T) {
			root := fixture.Repo(t, fixture.CleanConfig)
			for f, content := range cases {
				if f == file || (file == ".git/modules/inc/config" && f == ".git/modules/inc/extra") {
					fixture.Write(t, filepath.Join(root, f), content, 0o644)
				}
			}
			for _, d := range []string{".git/modules/sub", ".git/modules/a/modules/b", ".git/modules/libs/x", ".git/modules/inc", ".git/modules/sub2/modules/deep/x", ".git/modules/a", ".git/modules/sub2"} {
				fixture.Write(t, filepath.Join(root, d, "HEAD"), "ref: refs/heads/main\n", 0o644)
			}
			want := file
			if file == ".git/modules/inc/config" {
				want = ".git/modules/inc/extra"
			}
			blockedBy(t, root, "", rules, "git status", want, key)
			blockedBy(t, root, "", rules, "go build ./...", want, key)
		})
	}
	// A hook in a submodule's git dir, for a subcommand that runs hooks.
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".git/modules/s/HEAD"), "ref: x\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".git/modules/s/hooks/post-checkout"), "#!/bin/sh\n", 0o755)
	blockedBy(t, root, "", rules, "git checkout main", ".git/modules/s/hooks/post-checkout", "hook")
	approvedIn(t, root, "", []string{"git log"}, "git log") // runs no hook

	// A repository nested in the project: the line's folder is in it.
	root = fixture.Repo(t, fixture.CleanConfig)
	nested := filepath.Join(root, "vendor", "x")
	fixture.Write(t, filepath.Join(nested, ".git", "config"), "[core]\n\tpager = x\n", 0o644)
	blockedBy(t, root, nested, rules, "git status", "vendor/x/.git/config", "core.pager")
	approvedIn(t, root, "", rules, "git status")
	// … and the project's own repository holds for it too.
	root = fixture.Repo(t, "[core]\n\tfsmonitor = x\n")
	nested = filepath.Join(root, "vendor", "x")
	fixture.Write(t, filepath.Join(nested, ".git", "config"), fixture.CleanConfig, 0o644)
	blockedBy(t, root, nested, rules, "git status", ".git/config", "core.fsmonitor")
	// core.worktree points git at another folder.
	blockedBy(t, fixture.Repo(t, "[core]\n\tworktree = /tmp/x\n"), "", rules, "git status", ".git/config", "core.worktree")
}

// The package managers' configs: each key that runs a program or loads
// code, in the file that sets it.
func TestNodeConfigs(t *testing.T) {
	rules := []string{"npm test", "pnpm test", "yarn test", "bun test", "npm ci"}
	for key := range projectfiles.NpmrcKeys {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, ".npmrc"), "registry=https://registry.npmjs.org/\n"+key+"=/tmp/x\n", 0o644)
		blockedBy(t, root, "", rules, "npm test", ".npmrc", key)
		blockedBy(t, root, "", rules, "pnpm test", ".npmrc", key)
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".npmrc"), "//registry.npmjs.org/:_authToken=x\nsave-exact=true\n; script-shell=x\n", 0o644)
	approvedIn(t, root, "", rules, "npm test")
	fixture.Write(t, filepath.Join(root, "pkg", ".npmrc"), "Script_Shell = /tmp/x\n", 0o644)
	blockedBy(t, root, filepath.Join(root, "pkg"), rules, "npm test", "pkg/.npmrc", "script-shell")

	fixture.Write(t, filepath.Join(root, ".yarnrc"), "yarn-path \"/tmp/evil.js\"\n", 0o644)
	blockedBy(t, root, "", rules, "yarn test", ".yarnrc", "yarn-path")
	for key := range projectfiles.YarnBerryKeys {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, ".yarnrc.yml"), "nodeLinker: node-modules\n"+key+": x\n", 0o644)
		blockedBy(t, root, "", rules, "yarn test", ".yarnrc.yml", key)
	}
	// Yarn berry reads .yarnrc.yml in every parent folder.
	parent := t.TempDir()
	root = filepath.Join(parent, "proj")
	fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644)
	fixture.Write(t, filepath.Join(parent, ".yarnrc.yml"), "yarnPath: /tmp/evil.cjs\n", 0o644)
	blockedBy(t, root, "", rules, "yarn test", ".yarnrc.yml", "yarnPath")
	approvedIn(t, root, "", rules, "npm test")

	for key := range projectfiles.PnpmWorkspaceKeys {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, "pnpm-workspace.yaml"), "packages:\n  - 'pkgs/*'\n"+key+": x\n", 0o644)
		blockedBy(t, root, "", rules, "pnpm test", "pnpm-workspace.yaml", key)
		approvedIn(t, root, "", rules, "npm test")
	}
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "bunfig.toml"), "[test]\npreload = [\"./setup.ts\"]\n", 0o644)
	blockedBy(t, root, "", rules, "bun test", "bunfig.toml", "test.preload")
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".env.yarn"), "NODE_OPTIONS=--require ./x.js\n", 0o644)
	blockedBy(t, root, "", rules, "yarn test", ".env.yarn", "")
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".yarnrc.yml"), "plugins: [\n", 0o644)
	blockedBy(t, root, "", rules, "yarn test", ".yarnrc.yml", "")
}

// cargo's config in the project and every parent folder, rustup's
// toolchain file, and the aliases a line reaches.
func TestCargoConfigs(t *testing.T) {
	rules := []string{"cargo build", "cargo test", "cargo xtask", "cargo b"}
	cases := map[string]string{
		"build.rustc":                            "[build]\nrustc = \"/tmp/x\"\n",
		"build.rustc-wrapper":                    "[build]\nrustc-wrapper = \"sccache\"\n",
		"build.rustc-workspace-wrapper":          "[build]\nrustc-workspace-wrapper = \"x\"\n",
		"build.rustdoc":                          "[build]\nrustdoc = \"x\"\n",
		"build.rustflags":                        "[build]\nrustflags = [\"-Clinker=./x\"]\n",
		"target.x86_64-unknown-linux-gnu.runner": "[target.x86_64-unknown-linux-gnu]\nrunner = \"sh\"\n",
		"target.x86_64-unknown-linux-gnu.linker": "[target.x86_64-unknown-linux-gnu]\nlinker = \"./ld.sh\"\n",
		"target.cfg(unix).rustflags":             "[target.'cfg(unix)']\nrustflags = [\"-C\", \"link-arg=x\"]\n",
		"target.x.foo":                           "[target.x.foo]\nrustc-link-lib = [\"evil\"]\n",
		"env":                                    "[env]\nRUSTC_WRAPPER = \"x\"\n",
		"source":                                 "[source.crates-io]\nreplace-with = \"evil\"\n",
		"patch":                                  "[patch.crates-io]\nserde = { path = \"/tmp/serde\" }\n",
		"paths":                                  "paths = [\"/tmp/x\"]\n",
		"registry.credential-provider":           "[registry]\ncredential-provider = \"x\"\n",
		"registries.evil.credential-provider":    "[registries.evil]\ncredential-provider = \"x\"\n",
		"doc.browser":                            "[doc]\nbrowser = \"x\"\n",
		"unstable":                               "[unstable]\nbuild-std = [\"std\"]\n",
		"include":                                "include = \"other.toml\"\n",
		"build.target-dir":                       "[build]\ntarget-dir = \"/tmp/t\"\n",
		"alias.xtask":                            "[alias]\nxtask = \"run --config build.rustc=x\"\n",
		"alias.b":                                "[alias]\nb = [\"build\", \"--frobnicate\"]\n",
	}
	for key, config := range cases {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, ".cargo", "config.toml"), config, 0o644)
		line := "cargo build"
		if strings.HasPrefix(key, "alias.") {
			line = "cargo " + strings.TrimPrefix(key, "alias.")
		}
		blockedBy(t, root, "", rules, line, ".cargo/config.toml", key)
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".cargo", "config.toml"), "[alias]\nxtask = \"run --package xtask --\"\n[build]\ntarget-dir = \"target2\"\njobs = 4\n", 0o644)
	approvedIn(t, root, "", rules, "cargo xtask dist")
	approvedIn(t, root, "", rules, "cargo build")
	// The older name, a parent folder outside the project, rustup's file.
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".cargo", "config"), "[build]\nrustc = \"x\"\n", 0o644)
	blockedBy(t, root, "", rules, "cargo build", ".cargo/config", "build.rustc")
	parent := t.TempDir()
	root = filepath.Join(parent, "p")
	fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644)
	fixture.Write(t, filepath.Join(parent, ".cargo", "config.toml"), "[target.x]\nrunner = \"sh\"\n", 0o644)
	blockedBy(t, root, "", rules, "cargo test", filepath.ToSlash(filepath.Join(parent, ".cargo", "config.toml")), "target.x.runner")
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "rust-toolchain.toml"), "[toolchain]\npath = \"/tmp/tc\"\n", 0o644)
	blockedBy(t, root, "", rules, "cargo build", "rust-toolchain.toml", "toolchain.path")
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".cargo", "config.toml"), "[build\n", 0o644)
	blockedBy(t, root, "", rules, "cargo build", ".cargo/config.toml", "")
	// The home folder's .cargo is the user's own configuration.
	home := t.TempDir()
	root = filepath.Join(home, "src", "p")
	fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644)
	fixture.Write(t, filepath.Join(home, ".cargo", "config.toml"), "[build]\nrustc-wrapper = \"sccache\"\n", 0o644)
	g := projectfiles.OSGitFS(home)
	if v := NewChecker(rules).CheckIn("cargo build", NewProject(root, "", g, nil)); !v.Approved {
		t.Errorf("the user's own $CARGO_HOME config blocks: %+v", v)
	}
}

// pytest -o KEY=VALUE (--override-ini) sets an ini key on the line: only
// the keys that choose no code pass, and their paths stay inside.
func TestPytestOverrideIni(t *testing.T) {
	rules := []string{"pytest", "python -m pytest", "uv run pytest"}
	cases := map[string]string{ // line: "" approved, else a part of the reason
		"pytest -o junit_family=legacy":                               "",
		"pytest -o xfail_strict=true -o console_output_style=classic": "",
		"pytest -ojunit_family=legacy":                                "",
		"pytest -vo log_cli=true":                                     "",
		"pytest --override-ini=cache_dir=.cache/pytest":               "",
		"pytest --override-ini log_level=DEBUG tests":                 "",
		"python -m pytest -o testpaths=tests":                         "",
		"uv run pytest -o timeout=30":                                 "",
		"pytest -o addopts=-pevil":                                    "sets an ini key",
		"pytest -o addopts=":                                          "sets an ini key",
		"pytest -o DJANGO_SETTINGS_MODULE=evil.settings":              "sets an ini key",
		"pytest -o filterwarnings=error::evil.Warning":                "sets an ini key",
		"pytest -o python_files":                                      "sets an ini key",
		"pytest -o Junit_family=legacy":                               "sets an ini key",
		"pytest -vo addopts=-pevil":                                   "sets an ini key",
		"pytest --override-ini=addopts=-pevil":                        "sets an ini key",
		"pytest --override-ini addopts=-pevil":                        "sets an ini key",
		"pytest --override=addopts=-pevil":                            "not an option Memo knows",
		"pytest -o cache_dir=/tmp/c":                                  "outside the project",
		"pytest -o log_file=../../x.log":                              "outside the project",
		"pytest -o pythonpath=/tmp/evil":                              "outside the project",
		"uv run pytest -o addopts=-pevil":                             "sets an ini key",
		// --cache-clear deletes the chosen cache folder's d and v (before
		// pytest 6.0 the whole folder).
		"pytest --cache-clear":                            "",
		"pytest --cache-clear -o cache_dir=src":           "pytest --cache-clear",
		"pytest -o cache_dir=. --cache-clear":             "pytest --cache-clear",
		"pytest -vo cache_dir=src --cache-clear":          "pytest --cache-clear",
		"python -m pytest --cache-clear -o cache_dir=src": "pytest --cache-clear",
		"pytest --cache-clear --override-ini cache_dir=x": "pytest --cache-clear",
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	for line, want := range cases {
		v := checkIn(root, "", rules, line)
		wantVerdict(t, fmt.Sprintf("%q", line), v, want)
	}
}

// pytest splits the value of its path keys at white space: one path
// only, so the path check reads every path the key sets.
func TestPytestOverrideIniPaths(t *testing.T) {
	rules := []string{"pytest", "python -m pytest", "uv run pytest"}
	cases := map[string]string{ // line: "" approved, else a part of the reason
		"pytest -o pythonpath=src":                        "",
		"pytest -o testpaths=tests":                       "",
		"pytest -o 'markers=slow: slow tests'":            "",
		"pytest -o 'pythonpath=src /tmp/evil'":            "more than one path",
		"pytest -o \"testpaths=tests /etc\"":              "more than one path",
		"pytest --override-ini='cache_dir=.cache /tmp/x'": "more than one path",
		"pytest -o 'log_file=a.log /tmp/x'":               "more than one path",
		"python -m pytest -o 'pythonpath=src /tmp/evil'":  "more than one path",
		"uv run pytest -o 'norecursedirs=build /'":        "more than one path",
		"pytest -o 'pythonpath=src\tlib'":                 "tab",
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	for line, want := range cases {
		v := checkIn(root, "", rules, line)
		wantVerdict(t, fmt.Sprintf("%q", line), v, want)
	}
}

// pytest's addopts are checked as if on the line; its paths stay inside.
func TestPytestConfigs(t *testing.T) {
	rules := []string{"pytest", "python -m pytest", "uv run pytest"}
	cases := []struct{ file, content, key string }{
		{"pytest.ini", "[pytest]\naddopts = -q --basetemp=/tmp/x\n", "addopts"},
		{"pytest.ini", "[pytest]\naddopts =\n    -q\n    -p evilplugin\n", "addopts"},
		{".pytest.ini", "[pytest]\naddopts = --frobnicate\n", "addopts"},
		{"pytest.toml", "[pytest]\naddopts = [\"--junitxml=/tmp/j.xml\"]\n", "addopts"},
		{"pyproject.toml", "[tool.pytest.ini_options]\naddopts = \"-ra --rootdir=/\"\n", "addopts"},
		{"pyproject.toml", "[tool.pytest.ini_options]\npythonpath = [\"/tmp/evil\"]\n", "pythonpath"},
		{"tox.ini", "[tox]\nenvlist = py\n[pytest]\ntestpaths = ../../elsewhere\n", "testpaths"},
		{"setup.cfg", "[metadata]\nname = x\n[tool:pytest]\ncache_dir = /tmp/c\n", "cache_dir"},
		{"pytest.ini", "[pytest]\nlog_file = /home/u/.bashrc\n", "log_file"},
		{"pyproject.toml", "[tool.pytest.ini_options]\nlog_file = \"../../x.log\"\n", "log_file"},
	}
	for _, c := range cases {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, c.file), c.content, 0o644)
		for _, line := range []string{"pytest", "python -m pytest -q", "uv run pytest tests/"} {
			blockedBy(t, root, "", rules, line, c.file, c.key)
		}
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "pyproject.toml"), "[tool.pytest.ini_options]\naddopts = \"-ra -q --strict-markers -p no:cacheprovider --cov=src\"\ntestpaths = [\"tests\"]\n", 0o644)
	approvedIn(t, root, "", rules, "pytest")
	// The first config pytest finds is the one it reads.
	fixture.Write(t, filepath.Join(root, "pytest.ini"), "[pytest]\naddopts = -q\n", 0o644)
	fixture.Write(t, filepath.Join(root, "setup.cfg"), "[tool:pytest]\naddopts = --basetemp=/tmp\n", 0o644)
	approvedIn(t, root, "", rules, "pytest")
	// Keys of other kinds are not words: an apostrophe in a line of
	// filterwarnings or markers is text, not an unbalanced quote.
	for _, key := range []string{"filterwarnings", "markers"} {
		fixture.Write(t, filepath.Join(root, "pytest.ini"), "[pytest]\naddopts = -q\n"+key+" =\n    ignore:Couldn't import C tracer:CoverageWarning\n", 0o644)
		approvedIn(t, root, "", rules, "pytest")
	}
	fixture.Write(t, filepath.Join(root, "pytest.ini"), "[pytest]\naddopts = -q 'x\n", 0o644)
	blockedBy(t, root, "", rules, "pytest", "pytest.ini", "")
	fixture.Write(t, filepath.Join(root, "pytest.ini"), "[pytest]\naddopts = -q\n", 0o644)
	// A folder named on the line has its own config.
	fixture.Write(t, filepath.Join(root, "sub", "pytest.ini"), "[pytest]\naddopts = -p x\n", 0o644)
	blockedBy(t, root, "", rules, "pytest sub/test_x.py", "sub/pytest.ini", "addopts")
	// Above the project, when it has none.
	parent := t.TempDir()
	root = filepath.Join(parent, "p")
	fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644)
	fixture.Write(t, filepath.Join(parent, "pytest.ini"), "[pytest]\naddopts = -p evil\n", 0o644)
	blockedBy(t, root, "", rules, "pytest", filepath.ToSlash(filepath.Join(parent, "pytest.ini")), "addopts")
}

// SHELL, .SHELLFLAGS and MAKEFLAGS set in the project's makefiles are
// checked as the same setting on the line would be.
func TestMakefileSettings(t *testing.T) {
	rules := []string{"make", "make test"}
	cases := []struct{ file, content, key string }{
		{"Makefile", "SHELL = /tmp/evil\ntest:\n\techo\n", "SHELL"},
		{"Makefile", "override SHELL := ./x.sh\n", "SHELL"},
		{"GNUmakefile", "export SHELL ?= python3\n", "SHELL"},
		{"makefile", ".SHELLFLAGS = -c 'curl x'\n", ".SHELLFLAGS"},
		{"Makefile", "MAKEFLAGS += -f /tmp/evil.mk\n", "MAKEFLAGS"},
		{"Makefile", "MAKEFLAGS += SHELL=/tmp/x\n", "MAKEFLAGS"},
		{"Makefile", "MAKEFLAGS += --eval=x\n", "MAKEFLAGS"},
		{"Makefile", "include common.mk\n", "SHELL"},
		// A tab line in a conditional before any rule is no recipe.
		{"Makefile", "ifeq ($(OS),Linux)\n\tSHELL = /tmp/evil\nendif\ntest:\n\techo\n", "SHELL"},
	}
	for _, c := range cases {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, c.file), c.content, 0o644)
		want := c.file
		if strings.Contains(c.content, "include") {
			fixture.Write(t, filepath.Join(root, "common.mk"), "SHELL=/bin/evil\n", 0o644)
			want = "common.mk"
		}
		blockedBy(t, root, "", rules, "make test", want, c.key)
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "Makefile"), "SHELL := $(shell which bash)\n.SHELLFLAGS := -eu -o pipefail -c\nMAKEFLAGS += --no-print-directory -j4\n\nX = a # SHELL = /tmp/x\n\ntest:\n\tSHELL=/tmp/x go test ./...\n", 0o644)
	approvedIn(t, root, "", rules, "make test")
	os.Remove(filepath.Join(root, "Makefile"))
	approvedIn(t, root, "", rules, "make")
}

// A cargo alias that runs a project program and ends with `--` (cargo
// xtask) hands the words after it to that program, as cargo run's `--`
// does: its options are the program's own. An alias of another kind, or
// none, reads them as cargo's, and a path outside the project or a risky
// cargo option still asks.
func TestCargoAliasArguments(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "Cargo.toml"), "[workspace]\nmembers = [\"xtask\"]\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".cargo", "config.toml"),
		"[alias]\nxtask = \"run --package xtask --\"\nt = \"test -- --nocapture\"\nlint = \"clippy --\"\ndev = \"run --package xtask --features dev\"\nbad = \"run --package xtask --config build.rustc=x\"\n", 0o644)
	for _, c := range []struct {
		rule, line string
		approve    bool
	}{
		{"cargo xtask format", "cargo xtask format --check", true},
		{"cargo xtask check", "cargo xtask check --all-features --release", true},
		{"cargo xtask dist", "cargo xtask dist --out /tmp/x", false}, // a path outside the project
		{"cargo xtask dist", "cargo xtask dist --out=/tmp/x", false},
		{"cargo xtask dist", "cargo xtask dist --config build.rustc=x", false},    // cargo's risky --config, read as ever
		{"cargo t", "cargo t --logfile /tmp/x", false},                            // an alias of test: libtest's options
		{"cargo lint", "cargo lint --fix", false},                                 // not run: clippy's options
		{"cargo other", "cargo other --check", false},                             // no alias
		{"cargo dev generate-all", "cargo dev generate-all --mode dry-run", true}, // cargo run's: the program's words after its first
		{"cargo dev", "cargo dev --release gen --check", true},                    // cargo's --release, then the program's
		{"cargo dev gen", "cargo dev gen --out /tmp/x", false},                    // a path outside the project
		{"cargo dev", "cargo dev --config build.rustc=x gen", false},              // cargo's risky --config, before the program's words
		{"cargo dev", "cargo dev --manifest-path /tmp/x/Cargo.toml gen", false},   // cargo's, outside
		{"cargo bad gen", "cargo bad gen --check", false},                         // the alias itself asks
	} {
		v := checkIn(root, "", []string{c.rule}, c.line)
		if v.Approved != c.approve {
			t.Errorf("%q under %q: approved %v (%s), want %v", c.line, c.rule, v.Approved, v.Reason, c.approve)
		}
	}
}

// The switches a project's conftest.py adds (pytest_addoption) pass as
// pytest's own: only those of the initial conftests, only switches, each
// exactly as written.
func TestPytestConftestSwitches(t *testing.T) {
	rules := []string{"pytest", "poetry run pytest", "python -m pytest"}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "tests", "conftest.py"), `import pytest

def pytest_addoption(parser):
    parser.addoption(
        "--integration", action="store_true", dest="integration", default=False,
        help="enable integration tests",
    )
    group = parser.getgroup("slow")
    group.addoption('--runslow', '--run-slow', action='store_true', help='run slow tests')
    parser.addoption("--env", default="dev", help="an environment: takes a value")
    parser.addoption("--level", action="store", type=int)
`, 0o644)
	fixture.Write(t, filepath.Join(root, "docs", "tests", "conftest.py"), `def pytest_addoption(parser):
    parser.addoption("--deep", action="store_true")
`, 0o644)
	cases := map[string]string{ // line: "" approved, else a part of the reason
		"pytest --integration":                  "",
		"poetry run pytest --integration -v":    "",
		"python -m pytest --runslow --run-slow": "",
		"pytest --integration tests/":           "",
		"pytest --env=prod":                     "not an option Memo knows",
		"pytest --env prod":                     "not an option Memo knows",
		"pytest --level=3":                      "not an option Memo knows",
		"pytest --integrat":                     "not an option Memo knows",
		"pytest --integration=1":                "not an option Memo knows",
		"pytest --deep":                         "not an option Memo knows",
		"pytest --frobnicate":                   "not an option Memo knows",
		"pytest --integration --pdbcls=x:y":     "runs another program",
		"pytest --integration -p evil":          "loads a pytest plugin",
	}
	for line, want := range cases {
		v := checkIn(root, "", rules, line)
		wantVerdict(t, fmt.Sprintf("%q", line), v, want)
	}
	// Run from docs/, its own tests/conftest.py is an initial one.
	if v := checkIn(root, filepath.Join(root, "docs"), rules, "pytest --deep"); !v.Approved {
		t.Errorf("pytest --deep in docs/ asks (%s), want it approved", v.Reason)
	}
	// No project: nothing is added.
	other := fixture.Repo(t, fixture.CleanConfig)
	if v := checkIn(other, "", rules, "pytest --integration"); v.Approved {
		t.Errorf("pytest --integration without a conftest.py is approved")
	}
}
