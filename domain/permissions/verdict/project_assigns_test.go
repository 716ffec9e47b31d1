// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// The colour switches and the sanitizers' runtime options are variables
// the catalogue knows: they pass before any command, in a project or not,
// while a sanitizer key that names a program or a file, or a value that is
// no switch or number, asks.
func TestAssignmentsColoursAndSanitizers(t *testing.T) {
	rules := []string{"ninja", "ctest", "./ninja_test"}
	cases := map[string]string{ // line: "" approved, else a part of the reason
		"CLICOLOR_FORCE=1 ninja":                                       "",
		"CLICOLOR=0 ninja -C build":                                    "",
		"CLICOLOR_FORCE=/tmp/x ninja":                                  "outside the project",
		"ASAN_OPTIONS=detect_leaks=0 ./ninja_test":                     "",
		"ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 ctest":            "",
		"ASAN_OPTIONS=detect_leaks=0,abort_on_error=true ctest":        "",
		"UBSAN_OPTIONS=print_stacktrace=1 ctest":                       "",
		"TSAN_OPTIONS=history_size=7:exitcode=-1 ctest":                "",
		"LSAN_OPTIONS=verbosity=2 MSAN_OPTIONS=poison_in_dtor=0 ctest": "",
		"ASAN_OPTIONS=log_path=asan ctest":                             "sets a variable before the command",
		"ASAN_OPTIONS=log_path=/tmp/x ctest":                           "sets a variable before the command",
		"ASAN_OPTIONS=external_symbolizer_path=1 ctest":                "sets a variable before the command",
		"ASAN_OPTIONS=detect_leaks=0:suppressions=1 ctest":             "sets a variable before the command",
		"ASAN_OPTIONS=include=x ctest":                                 "sets a variable before the command",
		"ASAN_OPTIONS=allow_addr2line=1 ctest":                         "sets a variable before the command",
		"ASAN_OPTIONS=log_to_syslog=1 ctest":                           "sets a variable before the command",
		"ASAN_OPTIONS=disable_coredump=0 ctest":                        "sets a variable before the command",
		"ASAN_OPTIONS=detect_leaks=maybe ctest":                        "sets a variable before the command",
		"ASAN_OPTIONS=detect_leaks ctest":                              "sets a variable before the command",
		"ASAN_OPTIONS=Detect_Leaks=0 ctest":                            "sets a variable before the command",
		"ASAN_OPTIONS= ctest":                                          "sets a variable before the command",
		"ASAN_OPTIONS=: ctest":                                         "sets a variable before the command",
		"ASAN_OPTIONS='detect_leaks=0 log_path=x' ctest":               "sets a variable before the command",
		"ASAN_OPTIONS=detect_leaks=0=1 ctest":                          "sets a variable before the command",
		"ASAN_OPTIONS=detect_leaks=0x1 ctest":                          "sets a variable before the command",
		"ASANX_OPTIONS=detect_leaks=0 ctest":                           "sets a variable before the command",
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "ninja_test"), "\x7fELF", 0o755)
	for line, want := range cases {
		wantVerdict(t, fmt.Sprintf("%q in a project", line), checkIn(root, "", rules, line), want)
		if want == "" {
			wantVerdict(t, fmt.Sprintf("%q alone", line), NewChecker(rules).Check(line, nil), want)
		}
	}
}

// A project's own variable (DB=sqlite bin/build) passes when its name has
// no shape of code, options, paths, addresses or a tool's own variable,
// its value is a plain word, and a definition the rule runs names it and
// does not run it as a command: judged once the rule is known. Any other
// asks as before: a name the definitions do not read, a name of the deny
// shapes although the script reads it, a value that is a path, an option
// or a list, a project without the file, a line checked alone.
func TestAssignmentsProjectsOwnVariables(t *testing.T) {
	script := "#!/usr/bin/env bash\nset -e\n# Override with: env DB=sqlite bin/build\nexport DB=${DB:-postgresql}\n" +
		"echo \"$NAME $PYTEST_PLUGINS $CC $FOO_OPTS $DATA_PATH $SERVICE_URL $GOLANG_MODE $LANG\"\n" +
		"export DB_NAME_SUFFIX=1\n$RUNME build\nexec $NEXT_STEP \"$@\"\nif [ -n \"$X\" ]; then ${THEN_RUN:-true}; fi\n" +
		"case \"$DB\" in sqlite) echo lite;; esac\n" +
		"pip install \"$WANTED\"\nruby -r$FEATURE x.rb\npython -m $ENTRY\nrequire ENV['HELPER']\n" +
		"# NAME is x, DB one of sqlite, mysql-8.0; the others are x too\n" +
		"mocha --require $MOCHA_HELPER test\nif $CHECK; then :; fi\nwhile ! $PROBE; do :; done\ntimeout 60 $WAIT\n" +
		"\t@$(SPHINX) -M html docs\n{ $GROUPED; }\nnice -n 5 $NICE_RUN\n" +
		"echo \"$VISUAL $COMPOSER $RAKEOPT $XDEBUG_MODE $CMAKE $PROTOC $CUDACXX $BUILD_CC $CCC_CC $PGSERVICE $COREPACK_ENABLE_STRICT\"\n"
	runtests := "#!/usr/bin/env python\nimport os\nif args.mysql:\n    os.environ[\"DATABASE_ENGINE\"] = \"django.db.backends.mysql\"\n"
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "bin", "build"), script, 0o755)
	fixture.Write(t, filepath.Join(root, "runtests.py"), runtests, 0o755)
	fixture.Write(t, filepath.Join(root, "mix.exs"), "System.get_env(\"ECTO_ADAPTER\")\n", 0o644)
	fixture.Write(t, filepath.Join(root, "README"), "x\n", 0o644)
	rules := []string{"bin/build", "python runtests.py", "mix test", "go build", "cat"}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	p = p.WithPinned(p.AllDefinitions(rules))
	const asks = "sets a variable before the command"
	cases := map[string]string{ // line: "" approved, else a part of the reason
		"DB=sqlite bin/build":    "",
		"DB=mysql-8.0 bin/build": "",
		// A value no definition spells: a module, a host, a program the
		// line picks (Django imports DATABASE_ENGINE's; antigravity opens
		// a browser on the network).
		"DB=antigravity bin/build":                                    asks,
		"DB=evil.example.com bin/build":                               asks,
		"DB=sqlite3 bin/build":                                        asks,
		"DB=rb bin/build":                                             asks,
		"DATABASE_ENGINE=antigravity python runtests.py":              asks,
		"DATABASE_ENGINE=django.db.backends python runtests.py":       "", // a module of django.db, which the script names
		"NAME=x bin/build":                                            "",
		"DB=sqlite NAME=1 bin/build":                                  "",
		"GOOS=linux DB=sqlite bin/build":                              "",
		"DATABASE_ENGINE=django.db.backends.mysql python runtests.py": "",
		// The definitions do not name it, or not as a whole word.
		"NOT_READ=1 bin/build":               asks,
		"DB=sqlite NOT_READ=1 bin/build":     asks,
		"DB_NAME=x bin/build":                asks,
		"DATABASE_NAME=x python runtests.py": asks,
		"DB=sqlite go build":                 asks,
		// mix test pins no definition: mix.exs reads the name, unpinned.
		"ECTO_ADAPTER=pg mix test": asks,
		// Names of the deny shapes, though the script reads them.
		"PYTEST_PLUGINS=x bin/build": asks,
		"CC=sh bin/build":            asks,
		"FOO_OPTS=x bin/build":       asks,
		"DATA_PATH=x bin/build":      asks,
		"SERVICE_URL=x bin/build":    asks,
		"GOLANG_MODE=x bin/build":    asks,
		"LANG=C bin/build":           asks,
		"db=sqlite bin/build":        asks,
		// The script runs the value as a command.
		"RUNME=sh bin/build":     asks,
		"NEXT_STEP=sh bin/build": asks,
		"THEN_RUN=id bin/build":  asks,
		"CHECK=x bin/build":      asks,
		"PROBE=x bin/build":      asks,
		"WAIT=x bin/build":       asks,
		"SPHINX=x bin/build":     asks,
		"GROUPED=x bin/build":    asks,
		"NICE_RUN=x bin/build":   asks,
		// Names a tool reads: a program it runs, a file, a mode.
		"VISUAL=x bin/build":                 "`VISUAL` runs another program",
		"COMPOSER=x bin/build":               asks,
		"RAKEOPT=x bin/build":                asks,
		"XDEBUG_MODE=x bin/build":            asks,
		"CMAKE=x bin/build":                  asks,
		"PROTOC=x bin/build":                 asks,
		"CUDACXX=x bin/build":                asks,
		"BUILD_CC=x bin/build":               asks,
		"CCC_CC=x bin/build":                 asks,
		"PGSERVICE=x bin/build":              asks,
		"COREPACK_ENABLE_STRICT=x bin/build": asks,
		// A line that names it installs, loads or runs what a word names.
		"WANTED=evil bin/build":    asks,
		"FEATURE=evil bin/build":   asks,
		"ENTRY=evil bin/build":     asks,
		"HELPER=evil bin/build":    asks,
		"MOCHA_HELPER=x bin/build": asks,
		// Values that are no plain word.
		"NAME=/tmp/x bin/build": asks,
		"NAME=./x bin/build":    asks,
		"NAME=.. bin/build":     asks,
		"NAME=.x bin/build":     asks,
		"NAME=-x bin/build":     asks,
		"NAME=a=b bin/build":    asks,
		"NAME='a b' bin/build":  asks,
		"NAME=a,b bin/build":    asks,
		"NAME= bin/build":       asks,
		"NAME=$HOME bin/build":  "`$` expands variables",
		"NAME+=x bin/build":     asks,
		// The variables lists still say why.
		"LD_PRELOAD=x bin/build": "`LD_PRELOAD` loads a library that runs code",
		"MIX_ENV=a.b bin/build":  asks,
		// Each command of a compound line on its own.
		"cat README && DB=sqlite bin/build":  "",
		"cat README && NOT_READ=1 bin/build": asks,
		"DB=sqlite cat README":               asks,
	}
	for line, want := range cases {
		v := NewChecker(rules).CheckIn(line, p)
		wantVerdict(t, fmt.Sprintf("%q", line), v, want)
	}
	// Checked alone, with no project to read, each asks as before.
	for _, line := range []string{"DB=sqlite bin/build", "DATABASE_ENGINE=django.db.backends.mysql python runtests.py"} {
		wantVerdict(t, fmt.Sprintf("%q alone", line), NewChecker(rules).Check(line, nil), asks)
	}
	// A project without the file that reads the name.
	bare := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(bare, "bin", "build"), "#!/bin/sh\necho build\n", 0o755)
	q := NewProject(bare, "", projectfiles.OSGitFS(""), nil)
	q = q.WithPinned(q.AllDefinitions(rules))
	for _, line := range []string{"DB=sqlite bin/build", "DATABASE_ENGINE=x python runtests.py"} {
		wantVerdict(t, fmt.Sprintf("%q without the file", line), NewChecker(rules).CheckIn(line, q), asks)
	}
}
