// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"slices"
	"strings"
	"testing"
)

// The embedded files read without a problem, and hold the everyday tools of
// every ecosystem the checker serves.
func TestBuiltinReadsWithoutProblems(t *testing.T) {
	c := Builtin()
	if len(c.LoadProblems) != 0 {
		t.Fatalf("the builtin catalogue has problems: %v", c.LoadProblems)
	}
	for _, name := range []string{"go", "npm", "pnpm", "yarn", "cargo", "rustup", "pytest", "uv", "tox", "bundle", "rake",
		"composer", "phpunit", "gradle", "mvn", "dotnet", "cmake", "meson", "ninja", "mix", "bazel", "git", "make", "sed", "ls"} {
		if _, ok := c.Entries[name]; !ok {
			t.Errorf("no entry for %s", name)
		}
	}
	if len(BuiltinSources()) < 10 {
		t.Errorf("only %d embedded files", len(BuiltinSources()))
	}
	for _, f := range BuiltinSources() {
		if !strings.HasPrefix(f.Path, "catalog/") || !strings.HasSuffix(f.Path, ".toml") || f.User {
			t.Errorf("builtin file %q (user %v)", f.Path, f.User)
		}
	}
}

// A program's arguments are read with its entry: the subcommand, the
// operands, the destinations, the wrapped command; an option the entry does
// not know, or one of a program whose options Memo does not know, is why
// the line asks (default deny).
func TestReadArgs(t *testing.T) {
	for _, tc := range []struct {
		line     string
		sub      string
		operands []string
		dests    []string
		wrapped  []string
		unknown  string // part of the reason; "" when none
	}{
		{line: "go test -run X ./...", sub: "test", operands: []string{"./..."}},
		{line: "go test --bogus", sub: "test", unknown: "`--bogus` is not an option Memo knows for go test"},
		{line: "git push upstream main", sub: "push", operands: []string{"upstream", "main"}, dests: []string{"upstream"}},
		{line: "uv run pytest -x", sub: "run", wrapped: []string{"pytest", "-x"}},
		{line: "gradle -Pab=1 build", operands: []string{"build"}},
		{line: "npm run lint", sub: "run", operands: []string{"lint"}},
		{line: "rm -rf x", unknown: "Memo knows no other options of rm"},
		{line: "nosuch a", operands: []string{"a"}},
	} {
		words := strings.Fields(tc.line)
		r := Builtin().ReadArgs(words[0], words[1:], map[string]bool{})
		switch {
		case r.Sub != tc.sub:
			t.Errorf("%q: subcommand %q, want %q", tc.line, r.Sub, tc.sub)
		case !same(r.Operands, tc.operands):
			t.Errorf("%q: operands %q, want %q", tc.line, r.Operands, tc.operands)
		case !same(r.Dests, tc.dests):
			t.Errorf("%q: destinations %q, want %q", tc.line, r.Dests, tc.dests)
		case !same(r.Wrapped, tc.wrapped):
			t.Errorf("%q: wraps %q, want %q", tc.line, r.Wrapped, tc.wrapped)
		case tc.unknown == "" && !r.Unknown.IsZero():
			t.Errorf("%q: asks (%s), want it read", tc.line, r.Unknown)
		case tc.unknown != "" && !strings.Contains(r.Unknown.String(), tc.unknown):
			t.Errorf("%q: reason %q, want %q", tc.line, r.Unknown, tc.unknown)
		}
	}
}

// An option the rule spells passes for a program whose options Memo does
// not know; one it does not spell asks.
func TestReadArgsSpelledInTheRule(t *testing.T) {
	spelled := map[string]bool{"-rf": true}
	if r := Builtin().ReadArgs("rm", []string{"-rf", "x"}, spelled); !r.Unknown.IsZero() {
		t.Errorf("rm -rf x under the rule rm -rf asks: %s", r.Unknown)
	}
	if r := Builtin().ReadArgs("rm", []string{"-f", "x"}, spelled); r.Unknown.IsZero() {
		t.Error("rm -f x under the rule rm -rf is read as known")
	}
}

// A user file that does not parse, or that would replace a builtin entry,
// is a problem naming the file; the builtin entries stay as they are.
func TestUserFileProblems(t *testing.T) {
	for _, tc := range []struct {
		data, want string
	}{
		{"[mytool\nx=1", "expected '.' or ']'"},
		{"[git]\nstyle=\"getopt\"\n", "git is known to Memo already"},
		{"test_binary_options = \"--gtest_stream_result_to=?\"\n", "a user file cannot change the test_binary_options list"},
	} {
		c, probs := ReadFiles(BuiltinSources(), []SourceFile{{Path: "/u/x.toml", Data: []byte(tc.data), User: true}})
		if len(probs) != 1 || probs[0].File != "/u/x.toml" || !strings.Contains(probs[0].Reason, tc.want) {
			t.Errorf("%q: problems %v, want one of /u/x.toml saying %q", tc.data, probs, tc.want)
		}
		if _, ok := c.Entries["git"]; !ok || len(c.Entries) != len(Builtin().Entries) {
			t.Errorf("%q: the entries changed (%d, builtin %d)", tc.data, len(c.Entries), len(Builtin().Entries))
		}
	}
}

func same(a, b []string) bool { return slices.Equal(a, b) || len(a) == 0 && len(b) == 0 }

// An interpreter's inert switches are read as absent before the script or
// the module flag, bundled or not; any other option stops the reading.
func TestWithoutInertSwitches(t *testing.T) {
	c := Builtin()
	for _, tc := range []struct{ line, want string }{
		{"python -m pytest", "python -m pytest"},
		{"python -I -m pytest", "python -m pytest"},
		{"python -Im pytest -q", "python -m pytest -q"},
		{"python3 -Impytest", "python3 -mpytest"},
		{"python -OO -B -u -m pytest", "python -m pytest"},
		{"python -B scripts/x.py -I", "python scripts/x.py -I"},
		{"python -I scripts/x.py", "python -I scripts/x.py"},
		{"python -Bu -m pytest", "python -m pytest"},
		{"python -Bm mypkg", "python -m mypkg"},
		{"python -Im mypkg", "python -Im mypkg"},
		{"python -P -m mypkg.cli", "python -P -m mypkg.cli"},
		{"python -I -m bash", "python -I -m bash"},
		{"python -I -X dev -m pytest", "python -I -X dev -m pytest"},
		{"python -B -X dev -m pytest", "python -X dev -m pytest"},
		{"python -Ic 1", "python -Ic 1"},
		{"python -Ix -m pytest", "python -Ix -m pytest"},
		{"python -m -I pytest", "python -m -I pytest"},
		{"python -- -m pytest", "python -- -m pytest"},
		{"python -I", "python -I"},
		{"python -B", "python"},
		{"node -I x.js", "node -I x.js"},
		{"pytest -I", "pytest -I"},
	} {
		if got := strings.Join(c.WithoutInertSwitches(strings.Fields(tc.line)), " "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.line, got, tc.want)
		}
	}
}

// test_binary_options holds long options whose values are glued on alone,
// as googletest reads them: a value that could be the next word, a short
// option or a prefix does not load.
func TestTestBinaryOptionsSpec(t *testing.T) {
	for _, tc := range []struct {
		spec, want string
	}{
		{"--gtest_color=? --gtest_shuffle", ""},
		{"--gtest_filter=", "takes its value glued alone"},
		{"--gtest_output=o", "takes its value glued alone"},
		{"-g", "long options only"},
		{"--gtest_*", "long options only"},
		{"gtest_color", "does not start with a dash"},
	} {
		data := "test_binary_options = \"" + tc.spec + "\"\n"
		c, probs := ReadFiles([]SourceFile{{Path: "x.toml", Data: []byte(data)}}, nil)
		switch {
		case tc.want == "" && (len(probs) > 0 || c.TestBinary == nil):
			t.Errorf("%q: problems %v, want it read", tc.spec, probs)
		case tc.want != "" && (len(probs) != 1 || !strings.Contains(probs[0].Reason, tc.want) || c.TestBinary != nil):
			t.Errorf("%q: problems %v, want one saying %q", tc.spec, probs, tc.want)
		}
	}
	for _, tc := range []struct {
		word string
		want bool
	}{
		{"--gtest_color=yes", true}, {"--gtest_shuffle", true}, {"--gtest_shuffle=1", true},
		{"--gtest_list_tests", true}, {"--gtest_stream_result_to=h:1", false}, {"--gtest_flagfile=x", false},
		{"-gtest_color=yes", false}, {"--gtest_colour=yes", false}, {"gtest_color=yes", false},
	} {
		if got := Builtin().TestBinaryOption(tc.word); got != tc.want {
			t.Errorf("TestBinaryOption(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
}
