// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"
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
