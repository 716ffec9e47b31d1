// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// globProject makes a project holding files (a name ending in / is a folder).
func globProject(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if strings.HasSuffix(f, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		fixture.Write(t, p, "x", 0o644)
	}
	return root
}

// A line holding a file-name pattern is judged by the names bash expands
// it to in the project (docs/permissions.md §2): approved when every name
// passes in the pattern's place, with the reason saying what it expanded to.
func TestGlobsJudgedByTheirExpansion(t *testing.T) {
	dist := []string{"dist/pkg-1.0.tar.gz", "dist/pkg-1.0-py3-none-any.whl", "setup.py"}
	cases := []struct {
		files      []string
		rule, line string
		reason     string // a part of the reason
	}{
		{dist, "twine check", "twine check dist/*", "`dist/*` is dist/pkg-1.0-py3-none-any.whl, dist/pkg-1.0.tar.gz"},
		{dist, "twine check", "twine check --strict dist/*", "`dist/*` is dist/pkg-1.0-py3-none-any.whl"},
		{dist, "python -m twine check", "python -m twine check --strict dist/*", "`dist/*` is"},
		{dist, "twine check", "twine check dist/*.whl", "`dist/*.whl` is dist/pkg-1.0-py3-none-any.whl"},
		{dist, "twine check", "twine check dist/pkg-?.0.tar.gz", "is dist/pkg-1.0.tar.gz"},
		{dist, "twine check", "twine check dist/[p]*", "is dist/pkg"},
		{dist, "twine check", "twine check dist/[!x]*.whl", "is dist/pkg-1.0-py3-none-any.whl"},
		{dist, "twine check", "twine check dist/**", "is dist/pkg"},
		{[]string{"Cargo.toml", "crates/nu_plugin_a/"}, "cargo test", "cargo test --workspace --exclude nu_plugin_*", "`nu_plugin_*` matches no name"},
		{[]string{"Cargo.toml"}, "cargo test", "cargo test --workspace --profile ci --exclude nu_plugin_* --features=dataframe", "matches no name"},
		{[]string{"Cargo.toml"}, "cargo clippy", "cargo clippy --package nu_plugin_* -- -D warnings", "matches no name"},
		{[]string{"Cargo.toml"}, "cargo test", "cargo test --exclude=nu_plugin_*", "matches no name"},
		{[]string{"go.mod", "a_test.go", "b_test.go"}, "go vet", "go vet *_test.go", "`*_test.go` is a_test.go, b_test.go"},
	}
	for _, c := range cases {
		root := globProject(t, c.files...)
		v := checkIn(root, root, []string{c.rule}, c.line)
		if !v.Approved || !strings.Contains(v.Reason.String(), c.reason) {
			t.Errorf("%q in %q: approved=%v %q, want it approved saying %q", c.line, c.files, v.Approved, v.Reason, c.reason)
		}
	}
}

// What must still ask: a name an option, outside the project through a
// link, in .git or .memo; a pattern Memo cannot expand exactly, too many
// names, a pattern in a chained line, the command word, an assignment, a
// redirection, beside quotes or other refused characters, in the rule's
// own words, or matching nothing where the literal word is no text.
func TestGlobsThatAsk(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "secret.whl"), "x", 0o644)
	dist := []string{"dist/a.whl", "dist/b.tar.gz"}
	cases := []struct {
		files      []string
		rule, line string
		reason     string
	}{
		{[]string{"-rf", "a.whl"}, "twine check", "twine check *", "`*` matches `-rf`: a program would read the name as an option"},
		{[]string{"--output=x", "a.whl"}, "twine check", "twine check *", "matches `--output=x`"},
		{[]string{"--config=evil.toml", "Cargo.toml"}, "cargo test", "cargo test *", "matches `--config=evil.toml`"},
		{[]string{"-exec=x", "go.mod", "x.go"}, "go test", "go test *", "matches `-exec=x`"},
		// A name that is an @file: javac, java, kotlinc … read arguments from
		// the file after the @ (-J-XX:OnError=…).
		{[]string{"@x.java", "x.java", "A.java"}, "javac", "javac *.java", "read more arguments from a file"},
		{[]string{"go.mod", "x.go", "-json"}, "go test", "go test ./*", "+"}, // ./-json is no option: a path
		{[]string{"dist/a b.whl"}, "twine check", "twine check dist/*", "the name holds characters the line check refuses"},
		{[]string{"dist/a;id.whl"}, "twine check", "twine check dist/*", "the name holds characters the line check refuses"},
		{append([]string{"link->"}, dist...), "twine check", "twine check dist/*", "`dist/*` matches `dist/link`: `dist/link` names a path outside the project"},
		{[]string{".git/config", ".git/HEAD"}, "cat", "cat .git/*", "names a path inside the project's .git or .memo folder"},
		{[]string{".memo/permissions.json"}, "cat", "cat .memo/*", ".git or .memo"},
		{[]string{".git/config"}, "cat", "cat .g*/config", "hidden names"},
		{[]string{".hidden"}, "cat", "cat .*", "hidden names"},
		{dist, "twine check", "twine check ../*", "climbs out"},
		{dist, "twine check", "twine check /etc/*", "absolute"},
		{dist, "twine check", "twine check dist/[a-z]*", "range"},
		{dist, "twine check", "twine check dist/[a*", "without its `]`"},
		{dist, "twine check", "twine check dist/[[:alpha:]]*", "POSIX class"},
		{dist, "twine check", "twine check dist/* && rm -rf x", "a file name pattern in a line of several commands"},
		{dist, "twine check", "twine check dist/*; id", "a file name pattern in a line of several commands"},
		{dist, "twine check", "twine check dist/* | sh", "a file name pattern in a line of several commands"},
		{dist, "twine check", "twine check dist/* > out", "`*` is a file name pattern"},
		{dist, "twine check", "CI=dist/* twine check dist/a.whl", "`*` is a file name pattern"},
		{dist, "twine check", "twine check \"dist\"/*", "`*` is a file name pattern"},
		{dist, "twine check", "twine check 'dist/'*", "`*` is a file name pattern"},
		{dist, "twine check", "twine check dist/*$(id)", "`*` is a file name pattern"},
		{dist, "twine check", "twine check ~/dist/*", "`~` expands to a home folder"},
		{dist, "twine check", "twine check dist/*.zip", "`dist/*.zip` matches no name"}, // the literal word is a path, not text
		{[]string{"check"}, "twine check", "twine ch*", "`*` is a file name pattern"},   // the rule's own word
		{[]string{"scripts/a.sh"}, "./scripts/a.sh", "./scripts/*.sh", "`*` is a file name pattern"},
		{[]string{"x.go"}, "mytool", "mytool *", "+"},                                              // as mytool x.go: a path
		{[]string{"Makefile", "X=1"}, "make", "make *", "+"},                                       // as make Makefile X=1
		{[]string{"Makefile", "X=a:b"}, "make", "make *", "X=a:b"},                                 // as make Makefile X=a:b
		{[]string{"Cargo.toml"}, "cargo test", "cargo test -- nu_*", "`*` is a file name pattern"}, // the test binary's operand, not text
	}
	for _, c := range cases {
		root := t.TempDir()
		for _, f := range c.files {
			if name, ok := strings.CutSuffix(f, "->"); ok {
				if err := os.MkdirAll(filepath.Join(root, "dist"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(outside, "secret.whl"), filepath.Join(root, "dist", name)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			p := filepath.Join(root, filepath.FromSlash(f))
			fixture.Write(t, p, "x", 0o644)
		}
		v := checkIn(root, root, []string{c.rule}, c.line)
		if c.reason == "+" {
			// judged as the words bash passes, which pass as they would typed
			if !v.Approved {
				t.Errorf("%q in %q asks (%s), want it judged as its expansion, approved", c.line, c.files, v.Reason)
			}
			continue
		}
		if v.Approved || !strings.Contains(v.Reason.String(), c.reason) {
			t.Errorf("%q in %q: approved=%v %q, want it to ask saying %q", c.line, c.files, v.Approved, v.Reason, c.reason)
		}
	}
}

// A link in the project to a file outside, matched by the pattern, asks
// naming the link; so does a link to a folder outside the pattern reads.
func TestGlobsThroughLinks(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "secret.whl"), "x", 0o644)
	root := globProject(t, "dist/a.whl")
	if err := os.Symlink(filepath.Join(outside, "secret.whl"), filepath.Join(root, "dist", "b.whl")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string]string{
		"twine check dist/*": "`dist/*` matches `dist/b.whl`: `dist/b.whl` names a path outside the project",
		"twine check out/*":  "reads a folder outside the project",
		"twine check */*":    "reads a folder outside the project",
	} {
		v := checkIn(root, root, []string{"twine check"}, line)
		if v.Approved || !strings.Contains(v.Reason.String(), want) {
			t.Errorf("%q: approved=%v %q, want it to ask saying %q", line, v.Approved, v.Reason, want)
		}
	}
}

// 10,000 names: more than Memo expands.
func TestGlobsWithManyFiles(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 10000 {
		if err := os.WriteFile(filepath.Join(root, "dist", "f"+strconv.Itoa(i)+".whl"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, line := range []string{"twine check dist/*", "twine check dist/f1*", "twine check */*.whl"} {
		v := checkIn(root, root, []string{"twine check"}, line)
		if v.Approved || !strings.Contains(v.Reason.String(), "more than") {
			t.Errorf("%q: approved=%v %q, want it to ask: too many names", line, v.Approved, v.Reason)
		}
	}
}

// Without a project there is nothing to expand against: the line asks as
// before.
func TestGlobsWithoutAProject(t *testing.T) {
	for _, line := range []string{"twine check dist/*", "cargo test --exclude nu_plugin_*"} {
		v := CheckCommand([]string{strings.Join(strings.Fields(line)[:2], " ")}, line, nil)
		if v.Approved || v.Reason.String() != "`*` is a file name pattern" {
			t.Errorf("%q without a project: approved=%v %q, want the character's reason", line, v.Approved, v.Reason)
		}
	}
}

// bash sorts the names by the locale, which Memo cannot know: a program that
// reads its first operand apart (sed's script) is judged with every name
// there. In byte order `sed -n *` is `sed -n p w.txt`, which prints; another
// order makes w.txt the script, which writes a file.
func TestGlobsJudgedInEveryOrder(t *testing.T) {
	root := globProject(t, "p", "w.txt")
	if v := checkIn(root, root, []string{"sed -n"}, "sed -n p w.txt"); !v.Approved {
		t.Fatalf("sed -n p w.txt asks (%s): the test needs it approved", v.Reason)
	}
	if v := checkIn(root, root, []string{"sed -n"}, "sed -n w.txt p"); v.Approved {
		t.Fatal("sed -n w.txt p is approved: the test needs it to ask")
	}
	if v := checkIn(root, root, []string{"sed -n"}, "sed -n *"); v.Approved || !strings.Contains(v.Reason.String(), "`*` is p, w.txt") {
		t.Errorf("sed -n * with p and w.txt: approved=%v %q, want it to ask as sed -n w.txt p does, naming the expansion", v.Approved, v.Reason)
	}
}
