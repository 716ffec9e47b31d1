// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// An optional count (=c? in a spec: tox -p/--parallel) takes the next word
// as its value when it is a number, auto or all, never a subcommand or an
// environment; any other next word is read as before.
func TestOptionalCountValues(t *testing.T) {
	root := scriptProject(t, map[string]string{"tox.ini": "[tox]\nenv_list = py, lint\n"})
	for _, tc := range []struct {
		rule, line, asking string // asking "" when approved
	}{
		{"tox", "tox -p all", ""},
		{"tox", "tox -p auto", ""},
		{"tox", "tox --parallel auto", ""},
		{"tox", "tox -p 4", ""},
		{"tox", "tox -p 4 -e py", ""},
		{"tox -e lint", "tox -p auto -e lint", ""},
		{"tox", "tox -p", ""},
		// Hostile neighbours.
		{"tox", "tox -p evil", "evil"},
		{"tox", "tox -p auto4", "auto4"},
		{"tox", "tox -p -4", "-4"},
		{"tox", "tox -p auto -x testenv.commands=sh", "`-x`"},
		{"tox", "tox -p all ../x", "../x"},
		{"tox", "tox --parallel=../x", "outside the project"},
	} {
		v := checkTrusted(root, []string{tc.rule}, tc.line)
		switch {
		case tc.asking == "" && !v.Approved:
			t.Errorf("%q (rule %q) asks (%s), want it approved", tc.line, tc.rule, v.Reason)
		case tc.asking != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.asking)):
			t.Errorf("%q (rule %q): approved=%v %q, want it to ask with %q", tc.line, tc.rule, v.Approved, v.Reason, tc.asking)
		}
	}
}

// cmake's compiler flag variables pass made only of flags the C
// compilers' entry lists and none of its risky ones; an empty launcher
// sets none. A plugin, a linker's or assembler's option, a path, another
// variable or a launcher that names a program still ask.
func TestCmakeFlagValues(t *testing.T) {
	root := scriptProject(t, map[string]string{"CMakeLists.txt": "project(x)\n"})
	const rule = "cmake -S . -B build"
	for _, tc := range []struct {
		define string
		ok     bool
	}{
		{"-DCMAKE_CXX_COMPILER_LAUNCHER=", true},
		{"-DCMAKE_C_COMPILER_LAUNCHER=", true},
		{"-DCMAKE_CXX_FLAGS=' -Werror -Wundef '", true},
		{`-DCMAKE_C_FLAGS="-O2 -g -Wall"`, true},
		{`-D CMAKE_C_FLAGS="-O2 -g -Wall"`, true},
		{`-DCMAKE_CXX_FLAGS:STRING="-O2 -g"`, true},
		{`-DCMAKE_CXX_FLAGS_DEBUG="-g3 -O0 -DDEBUG=1 -UNDEBUG -std=c++20 -fsanitize=address -fno-omit-frame-pointer"`, true},
		{"-DCMAKE_CXX_FLAGS=", true},
		// Hostile neighbours.
		{`-DCMAKE_CXX_FLAGS="-O2 -fplugin=x.so"`, false},
		{`-DCMAKE_CXX_FLAGS="-fplugin-arg-x-y=z"`, false},
		{`-DCMAKE_CXX_FLAGS="-fpass-plugin=x.so"`, false},
		{`-DCMAKE_C_FLAGS="-Wl,-rpath,x"`, false},
		{`-DCMAKE_C_FLAGS="-Wa,-adhln"`, false},
		{`-DCMAKE_C_FLAGS="-Wp,-MD,x"`, false},
		{`-DCMAKE_C_FLAGS="-Xlinker -z"`, false},
		{`-DCMAKE_C_FLAGS="-fuse-ld=gold"`, false},
		{`-DCMAKE_C_FLAGS="-B/tmp/evil"`, false},
		{`-DCMAKE_C_FLAGS="-Bx"`, false},
		{`-DCMAKE_C_FLAGS="-specs=x.specs"`, false},
		{`-DCMAKE_C_FLAGS="-wrapper x"`, false},
		{`-DCMAKE_C_FLAGS="-fprofile-generate=/tmp/p"`, false},
		{`-DCMAKE_C_FLAGS="-fprofile-use=../p"`, false},
		{`-DCMAKE_C_FLAGS="-I/etc"`, false},
		{`-DCMAKE_C_FLAGS="-include /tmp/x.h"`, false},
		{`-DCMAKE_C_FLAGS="-O2 @flags.txt"`, false},
		{`-DCMAKE_C_FLAGS="-O2 x.c"`, false},
		{`-DCMAKE_C_FLAGS="-o /tmp/x"`, false},
		{`-DCMAKE_C_FLAGS="-frobnicate-unknown"`, true}, // -f* is the gcc entry's: a -f flag names no program
		{`-DCMAKE_CXX_FLAGS:FILEPATH="-O2"`, false},
		{`-DCMAKE_EXE_LINKER_FLAGS="-O2"`, false},
		{`-DCMAKE_SHARED_LINKER_FLAGS=-s`, false},
		{`-DCMAKE_Fortran_FLAGS=-O2`, false},
		{`-DCMAKE_CUDA_FLAGS=-O2`, false},
		{`-DMY_FLAGS=-O2`, false},
		{"-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", false},
		{"-DCMAKE_CXX_COMPILER_LAUNCHER=/tmp/x", false},
		{"-DCMAKE_C_COMPILER=", false},
	} {
		line := rule + " " + tc.define
		if v := checkTrusted(root, []string{rule}, line); v.Approved != tc.ok {
			t.Errorf("%q: approved=%v (%s), want %v", line, v.Approved, v.Reason, tc.ok)
		}
	}
}

// A quoted cmake list value (-D'NAME=a;b') is text for the character
// check, and still judged as the -D value it is: a variable safe_values
// lists passes, a compiler, a launcher, flags, a path, a script cmake
// would include or a project's own variable asks as before.
func TestCmakeListValues(t *testing.T) {
	root := scriptProject(t, map[string]string{"CMakeLists.txt": "project(x)\n"})
	const rule = "cmake -S . -B build"
	for _, tc := range []struct {
		define string
		ok     bool
	}{
		{"'-DCMAKE_OSX_ARCHITECTURES=arm64;x86_64'", true},
		{"-DCMAKE_OSX_ARCHITECTURES='arm64;x86_64'", true},
		{`"-DCMAKE_CONFIGURATION_TYPES=Debug;Release;RelWithDebInfo"`, true},
		{"-DCMAKE_CONFIGURATION_TYPES:STRING='Debug;Release'", true},
		{"'-DCMAKE_CXX_COMPILER_LAUNCHER=ccache;x'", false},
		{"'-DCMAKE_C_COMPILER_LAUNCHER=;x'", false},
		{"'-DCMAKE_C_COMPILER=gcc;x'", false},
		{"'-DCMAKE_C_FLAGS=O2;reboot'", false},
		{"'-DCMAKE_C_FLAGS=-O2;reboot'", false},
		{"'-DCMAKE_PREFIX_PATH=a;b'", false},
		{"'-DCMAKE_INSTALL_PREFIX=a;b'", false},
		{"'-DCMAKE_PROJECT_INCLUDE=a;b'", false},
		{"'-DCMAKE_TOOLCHAIN_FILE=a;b'", false},
		{"'-DCMAKE_MODULE_PATH=a;b'", false},
		{"'-DMY_LIST=a;b'", false},
		{"'-DCMAKE_OSX_ARCHITECTURES:FILEPATH=a;b'", false},
		{"'-DCMAKE_OSX_ARCHITECTURES=a;/tmp'", false},
		{"'-DCMAKE_OSX_ARCHITECTURES=a;..'", false},
		{"'-DCMAKE_OSX_ARCHITECTURES=a;-b'", false},
	} {
		line := rule + " " + tc.define
		if v := checkTrusted(root, []string{rule}, line); v.Approved != tc.ok {
			t.Errorf("%q: approved=%v (%s), want %v", line, v.Approved, v.Reason, tc.ok)
		}
	}
}

// A make line variable used as an option's glued value after a word that
// may name what runs (`bun run check --scope=$(scope)`), or as the value of
// a variable set in a recipe command's environment (`SCOPE=$(scope)
// ./run-tests`), is a word, not what runs; the hostile neighbours ask.
func TestMakeVariablesAsValues(t *testing.T) {
	const script = "#!/bin/sh\necho\n"
	for _, tc := range []struct {
		name, makefile, line string
		ok                   bool
	}{
		{"option value after run", "check:\n\tcd frontend && bun run check --scope=$(scope)\n", "make check scope=all", true},
		{"environment of a command", "check:\n\tSCOPE=$(scope) ./run-tests\n", "make check scope=all", true},
		{"environment, braces", "check:\n\t@SCOPE=${scope} CI=1 ./run-tests --all\n", "make check scope=all", true},
		{"upper case, from the README", "check:\n\tcd frontend && bun run test:browser --scope=$(SCOPE)\n", "make check SCOPE=all", true},
		// Hostile neighbours.
		{"the script run", "check:\n\tbun run $(scope)\n", "make check scope=all", false},
		{"two words as an option value", "check:\n\tuv run --with=$(scope) pytest\n", "make check \"scope=a python\"", false},
		{"two words in the environment", "check:\n\tSCOPE=$(scope) ./run-tests\n", "make check \"scope=a b\"", false},
		{"a risky option", "check:\n\tnpm run check --script-shell=$(scope)\n", "make check scope=all", false},
		{"an exec option", "check:\n\tgo run -exec=$(scope) ./cmd\n", "make check scope=all", false},
		{"PATH", "check:\n\tPATH=$(scope) ./run-tests\n", "make check scope=all", false},
		{"NODE_OPTIONS", "check:\n\tNODE_OPTIONS=$(scope) bun run check\n", "make check scope=all", false},
		{"no command after", "check:\n\tSCOPE=$(scope); ./run-tests\n", "make check scope=all", false},
		{"read back by the shell", "check:\n\tSCOPE=$(scope) $$SCOPE\n", "make check scope=all", false},
		{"a computed command after", "check:\n\tSCOPE=$(scope) $(RUN)\n", "make check scope=all", false},
		{"the program", "check:\n\t$(scope) --version\n", "make check scope=all", false},
		{"another name", "check:\n\tOTHER=$(scope) ./run-tests\n", "make check scope=all", false},
		{"a tool variable", "check:\n\tCC=$(cc) ./run-tests\n", "make check cc=all", false},
	} {
		p := makeProject(t, "make check", map[string]string{"Makefile": tc.makefile, "run-tests": script, "frontend/package.json": "{}"})
		if v := NewChecker([]string{"make check"}).CheckIn(tc.line, p); v.Approved != tc.ok {
			t.Errorf("%s: makefile %q: %q approved=%v (%s), want %v", tc.name, tc.makefile, tc.line, v.Approved, v.Reason, tc.ok)
		}
	}
}

// bazelisk's own options before bazel's, and rake's TEST=file (the test
// file Rake::TestTask loads) through the project's binstub or rake itself;
// their hostile neighbours ask.
func TestLauncherOptionsAndRakeTest(t *testing.T) {
	root := scriptProject(t, map[string]string{
		"bin/rake":       "#!/usr/bin/env ruby\nrequire_relative '../config/boot'\nrequire 'rake'\nRake.application.run\n",
		"Rakefile":       "require 'rake/testtask'\nRake::TestTask.new(:test)\n",
		"test/x_test.rb": "",
		"MODULE.bazel":   "module(name = \"x\")\n",
	})
	for _, tc := range []struct {
		rule, line string
		ok         bool
	}{
		{"bazelisk build", "bazelisk --strict build //...", true},
		{"bazelisk build //...", "bazelisk --strict build //...", true},
		{"bazelisk test", "bazelisk --migrate test //...", true},
		{"bin/rake test", "bin/rake test TEST=test/x_test.rb", true},
		{"bin/rake", "bin/rake test TEST=test/x_test.rb", true},
		{"rake test", "rake test TEST=test/x_test.rb", true},
		{"bin/rake test", "bin/rake test TESTOPTS=-v", true},
		{"bin/rake test", `bin/rake test TESTOPTS="-n/test_last/"`, true},
		{"bin/rake test", `bin/rake test TESTOPTS="--name=test_x --seed=42 -v"`, true},
		// Hostile neighbours.
		{"bazelisk build", "bazelisk --bisect=7.0.0..HEAD build //...", false},
		{"bazelisk build", "bazelisk --strict build //... --run_under=/tmp/x", false},
		{"bazelisk build", "bazelisk --strict run //:x", false},
		{"bin/rake test", "bin/rake test TEST=/tmp/x_test.rb", false},
		{"bin/rake test", "bin/rake test TEST=../x_test.rb", false},
		{"bin/rake test", "bin/rake test RUBYOPT=-r./x", false},
		{"bin/rake test", "bin/rake test TESTOPTS=-I/tmp", false},
		{"bin/rake test", `bin/rake test TESTOPTS="-n test_x"`, false}, // rake's loader requires test_x
		{"bin/rake test", `bin/rake test TESTOPTS="--name test_x"`, false},
		{"bin/rake test", `bin/rake test TESTOPTS="-v --runner=x"`, false},
		{"bin/rake test", `bin/rake test TESTOPTS="--collector=load"`, false},
		{"bin/rake test", `bin/rake test TESTOPTS="-rx"`, false},
		{"bin/rake test", `bin/rake test TESTOPTS="-v x.rb"`, false},
		{"bin/rake test", "bin/rake test TESTOPTS=", false},
		{"bin/rake test", `bin/rake test TESTOPTS="-v -Ilib"`, false},
		{"bin/rake test", `bin/rake test TESTOPTS="-n x" RUBYOPT=-rx`, false},
		{"bin/rake test", "bin/rake test test=test/x_test.rb", false},
		{"bin/rake test", "bin/rake test TEST=", false},
		{"bin/rake test", "bin/rake test TEST=test/x_test.rb deploy", false},
		{"bin/rake test", "bin/rake test TEST=test/x_test.rb -rx", false},
	} {
		if v := checkTrusted(root, []string{tc.rule}, tc.line); v.Approved != tc.ok {
			t.Errorf("%q (rule %q): approved=%v (%s), want %v", tc.line, tc.rule, v.Approved, v.Reason, tc.ok)
		}
	}
}

// prek reads prek.toml and .pre-commit-config.yml besides pre-commit's
// file: each is pinned with the rule, so one written after trust asks.
func TestPrekConfigsPinned(t *testing.T) {
	for _, added := range []string{"prek.toml", ".pre-commit-config.yml", ".pre-commit-config.yaml"} {
		files := map[string]string{".pre-commit-config.yaml": "repos: []\n"}
		if added == ".pre-commit-config.yaml" {
			files = map[string]string{"prek.toml": "repos = []\n"}
		}
		root := scriptProject(t, files)
		rules := []string{"prek run"}
		pins := NewProject(root, "", projectfiles.OSGitFS(""), nil).AllDefinitions(rules)
		for _, line := range []string{"prek run -a", "prek run --all-files"} {
			if v := NewChecker(rules).CheckIn(line, NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(pins)); !v.Approved {
				t.Errorf("%q asks as trusted (%s), want it approved", line, v.Reason)
			}
		}
		fixture.Write(t, filepath.Join(root, added), "repos = [{ repo = \"local\", hooks = [{ id = \"x\", name = \"x\", entry = \"curl evil\", language = \"system\" }] }]\n", 0o644)
		if v := NewChecker(rules).CheckIn("prek run -a", NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(pins)); v.Approved {
			t.Errorf("prek run -a approved after %s was written since trust, want it to ask", added)
		}
	}
}

// hyperfine writes its results to the files --export-* name (a project
// file) and takes its own options before the command a rule names; what it
// runs (operands, --prepare, --setup, --cleanup, --conclude) must be the
// rule's words, each checked as a line of its own.
func TestHyperfineExportsAndCommands(t *testing.T) {
	root := scriptProject(t, map[string]string{"Makefile": "test:\n\tgo test ./...\nclean:\n\trm -rf x\n"})
	for _, tc := range []struct {
		rule, line string
		ok         bool
	}{
		{"hyperfine 'make test'", "hyperfine 'make test' --export-json bench.json", true},
		{"hyperfine 'make test'", "hyperfine --export-markdown results.md 'make test'", true},
		{"hyperfine 'make test'", "hyperfine --warmup 3 --export-json=bench.json --export-csv b.csv 'make test'", true},
		{"hyperfine --prepare 'make clean' 'make test'", "hyperfine --prepare 'make clean' 'make test' -N", true},
		// Hostile neighbours.
		{"hyperfine 'make test'", "hyperfine 'make test' --export-json /tmp/b.json", false},
		{"hyperfine 'make test'", "hyperfine --export-json .git/hooks/pre-commit 'make test'", false},
		{"hyperfine 'make test'", "hyperfine --prepare 'rm -rf x' 'make test'", false},
		{"hyperfine 'make test'", "hyperfine --setup=make 'make test'", false},
		{"hyperfine 'make test'", "hyperfine --conclude 'curl x' 'make test'", false},
		{"hyperfine 'make test'", "hyperfine 'make test' --cleanup 'make clean'", false},
		{"hyperfine 'make test'", "hyperfine 'make test' 'rm -rf x'", false},
		{"hyperfine 'make test'", "hyperfine --shell=bash 'make test'", false},
		{"hyperfine 'make test'", "hyperfine -L x a,b 'make test'", false},
		{"hyperfine 'make test'", "hyperfine --output=/tmp/x 'make test'", false},
		{"hyperfine", "hyperfine 'make test'", false},
		{"hyperfine 'rm -rf x'", "hyperfine 'rm -rf x'", false},
	} {
		if v := checkTrusted(root, []string{tc.rule}, tc.line); v.Approved != tc.ok {
			t.Errorf("%q (rule %q): approved=%v (%s), want %v", tc.line, tc.rule, v.Approved, v.Reason, tc.ok)
		}
	}
}

// Everyday tools seen on real lines, each from its documentation's option
// list: towncrier, sqlite-utils' reading subcommands, tapioca through the
// project's binstub, excoveralls' mix tasks; their hostile neighbours ask.
func TestEverydayToolsHeldOut(t *testing.T) {
	root := scriptProject(t, map[string]string{
		"bin/tapioca":    "#!/usr/bin/env ruby\nrequire 'bundler/setup'\nload Gem.bin_path('tapioca', 'tapioca')\n",
		"pyproject.toml": "[tool.towncrier]\npackage = \"x\"\n",
		"mix.exs":        "defmodule X.MixProject do\n  use Mix.Project\nend\n",
		"data.db":        "",
	})
	for _, tc := range []struct {
		rule, line string
		ok         bool
	}{
		{"towncrier build", "towncrier build --draft --version 1.2", true},
		{"towncrier check", "towncrier check", true},
		{"towncrier check", "towncrier check --compare-with origin/main", true},
		{"sqlite-utils tables", "sqlite-utils tables data.db --counts", true},
		{"sqlite-utils rows", "sqlite-utils rows data.db dogs --limit 5 --nl", true},
		{"bin/tapioca gem", "bin/tapioca gem --verify", true},
		{"bin/tapioca dsl", "bin/tapioca dsl --verify", true},
		{"mix coveralls.github", "mix coveralls.github --include integration", true},
		// Hostile neighbours.
		{"towncrier build", "towncrier build --config /tmp/t.toml --draft", false},
		{"towncrier build", "towncrier build --dir ../news --draft", false},
		{"towncrier check", "towncrier build --yes", false},
		{"towncrier create", "towncrier create 1.feature --edit", false},
		{"sqlite-utils tables", "sqlite-utils tables data.db --load-extension=/tmp/x.so", false},
		{"sqlite-utils rows", "sqlite-utils rows data.db dogs --where 1", false},
		{"sqlite-utils", "sqlite-utils query data.db x", false},
		{"sqlite-utils", "sqlite-utils insert data.db dogs data.json", false},
		{"sqlite-utils", "sqlite-utils data.db x", false},
		{"bin/tapioca gem", "bin/tapioca gem --verify --prerequire ./x.rb", false},
		{"bin/tapioca dsl", "bin/tapioca dsl --app-root /tmp/app", false},
		{"bin/tapioca gem", "bin/tapioca gem --config /tmp/c.yml", false},
		{"bin/tapioca", "bin/tapioca annotations", false},
		{"mix coveralls.github", "mix coveralls.github --include integration -e System.cmd", false},
		{"mix coveralls.github", "mix coveralls.github -o /tmp/cover", false},
		{"mix coveralls.github", "mix coveralls.post --token x", false},
	} {
		if v := checkTrusted(root, []string{tc.rule}, tc.line); v.Approved != tc.ok {
			t.Errorf("%q (rule %q): approved=%v (%s), want %v", tc.line, tc.rule, v.Approved, v.Reason, tc.ok)
		}
	}
}
