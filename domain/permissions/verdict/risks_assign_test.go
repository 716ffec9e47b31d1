// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"
)

// Values a build takes on its command line (make VAR=value, ./configure's
// variables, cmake -D, meson -D): each kind that chooses no program passes,
// each that can choose one asks (issue 27 §1: cmake -D cache values, make
// as it is).
func TestBuildValues(t *testing.T) {
	for _, c := range []struct{ rule, line string }{
		{"make", "make V=1"},
		{"make", "make CC=gcc CXX=g++ REDIS_CFLAGS='-Werror'"},
		{"make", "make CC=clang-17"},
		{"cmake -S . -B build", "cmake -S . -B build -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++"},
		{"make", "make -j zstd V=1"},
		{"make check", "make check VERBOSE=yes"},
		{"make", "make REDIS_CFLAGS='-Werror -DREDIS_TEST' BUILD_TLS=yes"},
		{"make", "make -j all MOREFLAGS=\"-Werror -DHUF_FORCE_DECOMPRESS_X1\""},
		{"make", "make CFLAGS='-O2 -g -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=3'"},
		{"./configure", "./configure --enable-valgrind CFLAGS=\"-g -O0\""},
		{"./configure", "./configure --with-oniguruma=builtin --disable-docs"},
		{"cmake -S . -B build", "cmake -S . -B build -DJSON_BuildTests=On"},
		{"cmake -S . -B build", "cmake -S . -B build -D CMAKE_BUILD_TYPE=Debug"},
		{"cmake -S . -B build", "cmake -S . -B build -DBENCHMARK_ENABLE_TESTING:BOOL=OFF"},
		{"cmake -S . -B build", "cmake -S . -B build -DCMAKE_CXX_STANDARD=17"},
		{"cmake -S . -B build", "cmake -S . -B build -DCMAKE_SYSTEM_NAME:STRING=iOS"},
		{"cmake -E make_directory", "cmake -E make_directory build"},
		{"meson setup", "meson setup build -Dauto_features=enabled -Doptimization=2"},
		{"meson setup", "meson setup build -Ddefault_library=both -Db_lundef=false"},
		{"meson setup", "meson setup build -Dc_args=-Werror"},
	} {
		if v := CheckCommand([]string{c.rule}, c.line, nil); !v.Approved {
			t.Errorf("CheckCommand(%q, %q) asks (%s), want it approved", c.rule, c.line, v.Reason)
		}
	}
	for _, c := range []struct{ rule, line, reason string }{
		{"make", "make CC=evil", "overrides a make variable"},
		{"make", "make CC=./gcc", "overrides a make variable"},
		{"make", "make CC=/tmp/cc", "overrides a make variable"},
		{"make", "make SHELL=1", "overrides a make variable"},
		{"make", "make MAKEFLAGS=1", "overrides a make variable"},
		{"make", "make .SHELLFLAGS=1", "overrides a make variable"},
		{"make", "make CFLAGS=-fplugin=x.so", "overrides a make variable"},
		{"make", "make CFLAGS='-O2 -I/etc'", "overrides a make variable"},
		{"make", "make CFLAGS='-O2 -B.'", "overrides a make variable"},
		{"make", "make LDFLAGS=-Wl,-rpath,x", "overrides a make variable"},
		{"make", "make TESTER=valgrind", "overrides a make variable"},
		{"make", "make ARGS='--manifest-path Cargo.toml'", "overrides a make variable"},
		{"./configure", "./configure CC=evil", "overrides a variable the recipes use"},
		{"./configure", "./configure --srcdir=/tmp/x", "reads another build file"},
		{"cmake -S . -B build", "cmake -S . -B build -DCMAKE_C_COMPILER=/tmp/clang", "runs another program"},
		{"cmake -S . -B build", "cmake -S . -B build -DCMAKE_C_COMPILER_LAUNCHER=clang", "runs another program"},
		{"cmake -S . -B build", "cmake -S . -B build -D CMAKE_TOOLCHAIN_FILE=x.cmake", "runs another program"},
		{"cmake -S . -B build", "cmake -S . -B build -DCMAKE_PROJECT_INCLUDE=x", "runs another program"},
		{"cmake -S . -B build", "cmake -S . -B build -DX:FILEPATH=1", "runs another program"},
		{"cmake -S . -B build", "cmake -S . -B build -DPython_EXECUTABLE=python3", "runs another program"},
		{"cmake", "cmake -E env X=1 sh", "runs another program"},
		{"cmake", "cmake -E chdir build sh", "runs another program"},
		{"meson setup", "meson setup build -Dc_args=-fplugin=x.so", "passes flags to the compiler"},
		{"meson setup", "meson setup build -Dcpp_link_args=-fuse-ld=/tmp/ld", "passes flags to the compiler"},
		{"meson setup", "meson setup build -Dpython=evil", "runs another program"},
		{"meson setup", "meson setup build -Dprefix=/usr", "runs another program"},
		{"meson setup", "meson setup build --cross-file x.ini", "runs another program"},
		{"meson test", "meson test --wrap=valgrind", "runs another program"},
	} {
		v := CheckCommand([]string{c.rule}, c.line, nil)
		if v.Approved || !strings.Contains(v.Reason.String(), c.reason) {
			t.Errorf("CheckCommand(%q, %q) = approved %v (%s), want it to ask: %s", c.rule, c.line, v.Approved, v.Reason, c.reason)
		}
	}
}

// mix runs every task of the project and its dependencies: the rule names
// the task (as cargo's and npm's do), and the tasks that run what they are
// given or install outside the project ask.
func TestMixTasks(t *testing.T) {
	if r := AcceptRule("mix"); r.IsZero() {
		t.Errorf("AcceptRule(mix) is accepted, want it refused bare")
	}
	// mix do is read task by task (TestMixDoTasks): a rule naming a task
	// that runs what it is given is refused.
	for _, rule := range []string{"mix do run x.exs", "mix do compile + cmd id", "mix cmd", "mix run", "mix archive.install", "mix local.hex", "mix hex.publish", "mix escript.install"} {
		if r := AcceptRule(rule); r.IsZero() {
			t.Errorf("AcceptRule(%q) is accepted, want it refused", rule)
		}
	}
	for _, c := range []struct{ rule, line string }{
		{"mix test", "mix test --only integration --cover"},
		{"mix compile", "mix compile --force --warnings-as-errors"},
		{"mix credo", "mix credo --strict --format=sarif --mute-exit-status"},
		{"mix setup", "mix setup"},
		{"mix test.ci", "mix test.ci"},
	} {
		if v := CheckCommand([]string{c.rule}, c.line, nil); !v.Approved {
			t.Errorf("CheckCommand(%q, %q) asks (%s), want it approved", c.rule, c.line, v.Reason)
		}
	}
	for _, c := range []struct{ rule, line string }{
		{"mix test", "mix test -e System.cmd"},
		{"mix test", "mix test --eval X"},
		{"mix phx.server", "mix phx.server --open"},
		{"mix docs", "mix docs --open"},
		{"mix test", "mix test /etc/x_test.exs"},
		{"mix setup", "mix setup.prod"},
	} {
		if v := CheckCommand([]string{c.rule}, c.line, nil); v.Approved {
			t.Errorf("CheckCommand(%q, %q) is approved, want it to ask", c.rule, c.line)
		}
	}
}
