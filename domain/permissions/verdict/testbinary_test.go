// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// googletest's options (the catalogue's test_binary_options) pass on the
// line of a program the project builds — compiled, or not built yet — and
// only there: a script of the project, a program outside it or one with an
// entry reads them as before, and the options that send, read more flags
// or write outside still ask (docs/permissions.md §7, Programs without an
// entry).
func TestTestBinaryOptions(t *testing.T) {
	root := t.TempDir()
	writeBenignFiles(t, root, []benignFile{
		{path: "out/unit_tests", text: "\x7fELF\x02\x01\x01\x00", exec: true},
		{path: "scripts/run_tests.sh", text: "#!/bin/sh\nexec build/ninja_test \"$@\"\n", exec: true},
		{path: "scripts/run_tests", text: "#!/usr/bin/env python3\nimport os, sys\nos.system(sys.argv[1])\n", exec: true},
		{path: "tools/unit_tests", text: "echo hi\n", exec: true},
		{path: "build/.keep"},
	})
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	p.Git = func(string) domain.Text { return domain.Text{} }
	for _, tc := range []struct {
		rule, line string
		ask        string // "" when approved: a part of the reason
	}{
		{"build/ninja_test", "build/ninja_test --gtest_color=yes", ""},
		{"./build/ninja_test", "./build/ninja_test --gtest_filter=Lexer.* --gtest_repeat=3 --gtest_shuffle --gtest_random_seed=7", "`*` is a file name pattern"},
		{"build/ninja_test", "build/ninja_test --gtest_filter=Lexer.Basic:Parser.Empty --gtest_brief=1 --gtest_print_time=0 --gtest_fail_fast", ""},
		{"out/unit_tests", "out/unit_tests --gtest_list_tests", ""},
		{"out/unit_tests", "out/unit_tests --gtest_also_run_disabled_tests --gtest_break_on_failure", ""},
		{"out/unit_tests", "out/unit_tests --gtest_output=xml:build/report.xml", ""},
		{"out/unit_tests", "out/unit_tests --gtest_output=xml", ""},
		// hostile neighbours
		{"out/unit_tests", "out/unit_tests --gtest_output=xml:/tmp/report.xml", "`/tmp/report.xml` names a path outside the project"},
		{"out/unit_tests", "out/unit_tests --gtest_output=json:../../x/", "names a path outside the project"},
		{"out/unit_tests", "out/unit_tests --gtest_stream_result_to=example.com:80", "`--gtest_stream_result_to=example.com:80` is not an option the rule spells"},
		{"out/unit_tests", "out/unit_tests --gtest_flagfile=flags.txt", "`--gtest_flagfile=flags.txt` is not an option the rule spells"},
		{"out/unit_tests", "out/unit_tests --gtest_color yes", "`yes` is neither a path in the project nor a word the rule spells"},
		{"out/unit_tests", "out/unit_tests --gtest_list_tests --evil", "`--evil` is not an option the rule spells"},
		{"out/unit_tests", "out/unit_tests -gtest_color=yes", "`-gtest_color=yes` is not an option the rule spells"},
		{"out/unit_tests", "out/unit_tests -- --gtest_color=yes", "`--gtest_color=yes` is not an option the rule spells"},
		// not built yet: a compiled program's name, or a script's to come
		{"build/unit_tests.exe", "build/unit_tests.exe --gtest_color=yes", ""},
		{"build/run_tests.sh", "build/run_tests.sh --gtest_color=yes", "`--gtest_color=yes` is not an option the rule spells"},
		{"build/run_tests.py", "build/run_tests.py --gtest_filter=x", "`--gtest_filter=x` is not an option the rule spells"},
		{"build/run.BAT", "build/run.BAT --gtest_filter=x", "`--gtest_filter=x` is not an option the rule spells"},
		// not a program the project builds
		{"scripts/run_tests", "scripts/run_tests --gtest_color=yes", "--gtest_color=yes"},
		// a script of the project that hands its arguments to the test
		// binary (scriptargs.go): they are the binary's
		{"scripts/run_tests.sh", "scripts/run_tests.sh --gtest_color=yes", ""},
		{"tools/unit_tests", "tools/unit_tests --gtest_color=yes", "`--gtest_color=yes` is not an option the rule spells"},
		{"sh build/ninja_test", "sh build/ninja_test --gtest_color=yes", "`--gtest_color=yes` is not an option the rule spells"},
		{"/usr/local/bin/unit_tests", "/usr/local/bin/unit_tests --gtest_color=yes", "`--gtest_color=yes` is not an option the rule spells"},
		{"build/cmake", "build/cmake --gtest_color=yes", "`--gtest_color=yes` is not an option Memo knows for cmake"},
	} {
		v := NewChecker([]string{tc.rule}).CheckIn(tc.line, p)
		switch {
		case tc.ask == "" && !v.Approved:
			t.Errorf("rule %q: %q asks (%s), want it approved", tc.rule, tc.line, v.Reason)
		case tc.ask != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.ask)):
			t.Errorf("rule %q: %q approved=%v reason %q, want it to ask naming %q", tc.rule, tc.line, v.Approved, v.Reason, tc.ask)
		}
	}
	// Checked without a project, nothing says the program is the project's.
	asksNaming(t, []string{"build/ninja_test"}, "build/ninja_test --gtest_color=yes", "`--gtest_color=yes` is not an option the rule spells")
}
