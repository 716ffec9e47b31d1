// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/internal/cputime"
)

// benchProject is a project with every config the checks read present: a
// repository with a remote, a submodule and a worktree, .npmrc, .yarnrc.yml,
// pnpm-workspace.yaml, bunfig.toml, .cargo/config.toml with aliases,
// rust-toolchain.toml, pytest.ini, pyproject.toml, a Makefile with an
// include, a justfile, a Taskfile, package.json scripts and project scripts.
func benchProject(b *testing.B) string {
	root := b.TempDir()
	files := map[string]string{
		".git/config":                      fixture.CleanConfig + "[submodule \"lib\"]\n\turl = https://example.com/lib.git\n",
		".git/HEAD":                        "ref: refs/heads/main\n",
		".git/hooks/pre-commit.sample":     "#!/bin/sh\n",
		".git/modules/lib/config":          fixture.CleanConfig,
		".git/modules/lib/HEAD":            "ref: refs/heads/main\n",
		".git/worktrees/w/config.worktree": "[core]\n\tsparseCheckout = false\n",
		".npmrc":                           "save-exact=true\nengine-strict=true\n",
		".yarnrc.yml":                      "nodeLinker: node-modules\n",
		"pnpm-workspace.yaml":              "packages:\n  - 'packages/*'\n",
		"bunfig.toml":                      "[install]\nexact = true\n",
		".cargo/config.toml":               "[alias]\nxtask = \"run --package xtask --\"\n[build]\njobs = 4\n",
		"rust-toolchain.toml":              "[toolchain]\nchannel = \"stable\"\n",
		"pytest.ini":                       "[pytest]\naddopts = -ra -q --strict-markers\ntestpaths = tests\n",
		"pyproject.toml":                   "[project]\nname = \"x\"\n[tool.pytest.ini_options]\naddopts = \"-q\"\n",
		"Makefile":                         "include common.mk\nSHELL := /bin/bash\nMAKEFLAGS += --no-print-directory\ntest:\n\tgo test ./...\n",
		"common.mk":                        "GO ?= go\n",
		"justfile":                         "test:\n  cargo test\n",
		"Taskfile.yml":                     "version: '3'\ntasks:\n  build:\n    cmds: [go build ./...]\n",
		"package.json":                     `{"scripts": {"test": "npm run lint && jest --ci", "lint": "eslint .", "build": "tsc"}}`,
		"packages/web/package.json":        `{"scripts": {"build": "vite build"}}`,
		"scripts/test.sh":                  "#!/bin/sh\ngo test ./...\n",
		"src/main.go":                      "package main\n",
		"tests/test_x.py":                  "def test(): pass\n",
	}
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(root, "scripts", "test.sh"), 0o755)
	return root
}

var benchLines = []string{
	"go test -run TestParse -count=1 ./src/...",
	"git status --short",
	"git log --oneline -n 20 -- src/",
	"npm test -- --coverage",
	"pnpm build",
	"yarn test",
	"cargo test --all-features -- --nocapture",
	"cargo xtask dist",
	"pytest -q tests/test_x.py",
	"python -m pytest -x tests/",
	"make test",
	"just test",
	"task build",
	"./scripts/test.sh src",
	"rg -n TODO src",
	"sed -n 1,20p src/main.go",
	"cat src/main.go",
	"git push origin main",
	"go build -o bin/app ./src",
	"ls -la src",
}

func benchRules() []string {
	rules := []string{"go test", "git status", "git log", "npm test", "pnpm build", "yarn test", "cargo test",
		"cargo xtask", "pytest", "python -m pytest", "make test", "just test", "task build", "./scripts/test.sh",
		"rg", "sed", "cat", "git push", "go build", "ls"}
	for i := 0; len(rules) < 100; i++ {
		rules = append([]string{fmt.Sprintf("make target%d", i)}, rules...) // the matches come last
	}
	return rules
}

// BenchmarkCheckInProject is check-command with 100 rules in a project that
// holds every config above, after the files settled (older than the cache's
// granularity window, as a project's configs are): the cost per line, in
// wall time and in the process's CPU time (the machine may be shared), beside
// the same lines checked on their words alone.
func BenchmarkCheckInProject(b *testing.B) {
	root := benchProject(b)
	cache := projectfiles.NewCache(nil)
	if err := cache.Watch(); err != nil {
		b.Logf("no change notifications here (%v): every line reads again", err)
	}
	rules := benchRules()
	checker := NewChecker(rules)
	base := NewProject(root, "", projectfiles.OSGitFS(""), cache)
	p := base.WithPinned(base.AllDefinitions(rules))
	time.Sleep(projectfiles.RacyWindow + 100*time.Millisecond)
	for _, l := range benchLines { // warm the cache, and every line is approved
		if v := checker.CheckIn(l, p); !v.Approved {
			b.Fatalf("%q: %+v", l, v)
		}
	}
	run := func(b *testing.B, check func(string) Verdict) {
		i, cpu := 0, cputime.Process()
		for b.Loop() {
			check(benchLines[i%len(benchLines)])
			i++
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(i)/1000, "µs/line")
		b.ReportMetric(float64((cputime.Process()-cpu).Nanoseconds())/float64(i)/1000, "cpu-µs/line")
	}
	b.Run("project", func(b *testing.B) { run(b, func(l string) Verdict { return checker.CheckIn(l, p) }) })
	b.Run("words-alone", func(b *testing.B) { run(b, func(l string) Verdict { return checker.Check(l, nil) }) })
}
