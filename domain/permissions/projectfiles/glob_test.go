// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// bashGlob is what bash passes for the unquoted word pattern in dir: the
// words `printf` receives, one a line.
func bashGlob(t testing.TB, dir, pattern string) []string {
	t.Helper()
	cmd := exec.Command("bash", "-c", `printf '%s\n' `+pattern)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash -c printf %s: %v", pattern, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
}

// makeTree makes the files (a name ending in / is a folder) under dir.
func makeTree(t testing.TB, dir string, files []string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if strings.HasSuffix(f, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Glob's expansion is bash's, word for word, for every pattern it expands;
// the patterns it refuses are the ones Memo cannot know exactly.
func TestGlobMatchesBash(t *testing.T) {
	dir := t.TempDir()
	makeTree(t, dir, []string{
		"dist/a.whl", "dist/b.tar.gz", "dist/.hidden", "dist/sub/c.whl", "B", "a", "b", "_c", "ab", "abc",
		".git/config", ".memo/x", "src/x.go", "src/y_test.go", "src/z/", "crates/nu_plugin_a/", "crates/nu_cli/",
		"[x", "x]", "a]b", "e/", "e2/f",
	})
	cases := []struct {
		pattern string
		refused bool
	}{
		{"dist/*", false},
		{"dist/*.whl", false},
		{"dist/**", false},
		{"dist/*/", false},
		{"*", false},
		{"**", false},
		{"*/", false},
		{"*/*", false},
		{"*/*.go", false},
		{"?", false},
		{"??", false},
		{"a?", false},
		{"a*", false},
		{"*b*", false},
		{"*c", false},
		{"[ab]", false},
		{"[!a]", false},
		{"[^a]", false},
		{"[]x]", false},
		{"[!]]*", false},
		{"[a-]", false},
		{"[-a]", false},
		{"src/*_test.go", false},
		{"src/*/", false},
		{"crates/nu_plugin_*", false},
		{"nu_plugin_*", false},
		{"nope/*", false},
		{"*/nope", false},
		{"*/f", false},
		{"e*/f", false},
		{"a*b*c", false},
		{"*a*a*a*a*a*a*a*a*a*b", false},
		{"dist/*.tar.gz", false},
		{"[x", false},
		{"x]", false},
		{"./*", false},
		{"src/./*", false},
		// what Memo does not expand
		{".*", true},
		{"dist/.*", true},
		{".g?t/*", true},
		{"../*", true},
		{"src/../*", true},
		{"/etc/*", true},
		{"[a-c]", true},
		{"[[:alpha:]]", true},
		{"[x*", true},
		{"a]*", true},
		{"src//*", true},
	}
	for _, c := range cases {
		got, isPattern, why := Glob(dir, dir, c.pattern)
		if c.refused != !why.IsZero() {
			t.Errorf("Glob(%q): refused %v (%s), want refused %v", c.pattern, !why.IsZero(), why, c.refused)
			continue
		}
		if c.refused {
			continue
		}
		if !isPattern || len(got) == 0 {
			got = []string{c.pattern}
		}
		if want := bashGlob(t, dir, c.pattern); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("Glob(%q) = %q, bash gives %q", c.pattern, got, want)
		}
	}
}

// A pattern that reads a folder outside the project, or too many names, or
// a name that is not ASCII, is refused.
func TestGlobBounds(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	makeTree(t, outside, []string{"secret"})
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	makeTree(t, root, []string{"u/\u00e9t\u00e9", "many/"})
	for i := range 1001 {
		makeTree(t, root, []string{filepath.Join("many", "f"+strconv.Itoa(i))})
	}
	for _, p := range []string{"link/*", "u/*", "many/*", "*/secret"} {
		got, _, why := Glob(root, root, p)
		if p == "*/secret" {
			// bash matches link/secret: the checker's path check finds it outside.
			if len(got) != 1 || got[0] != "link/secret" {
				t.Errorf("Glob(%q) = %q, want link/secret", p, got)
			}
			continue
		}
		if why.IsZero() {
			t.Errorf("Glob(%q) = %q, want it refused", p, got)
		}
	}
}

// FuzzGlobExpansion compares Glob with bash on small random trees.
func FuzzGlobExpansion(f *testing.F) {
	f.Add("a.b,ab,b/a,b/.a,ba/", "*")
	f.Add("a,b,c/d", "?/*")
	f.Add("ab,ba,a]", "[!a]*")
	f.Add("x/y/z,x/w", "*/*/")
	f.Fuzz(func(t *testing.T, tree, pattern string) {
		const alphabet = "ab.*?[]!^/"
		if len(pattern) == 0 || len(pattern) > 12 || len(tree) > 60 || strings.Trim(pattern, alphabet) != "" {
			return
		}
		dir := t.TempDir()
		var files []string
		for _, f := range strings.Split(tree, ",") {
			if f == "" || strings.Trim(f, "ab./") != "" || strings.Contains(f, "//") || strings.HasPrefix(f, "/") {
				continue
			}
			bad := false
			for _, part := range strings.Split(strings.TrimSuffix(f, "/"), "/") {
				bad = bad || part == "." || part == ".." || part == ""
			}
			if !bad {
				files = append(files, f)
			}
		}
		for _, f := range files {
			// A name made a file and a folder both: the first one stays.
			p := filepath.Join(dir, filepath.FromSlash(f))
			if os.MkdirAll(filepath.Dir(p), 0o755) != nil {
				continue
			}
			if strings.HasSuffix(f, "/") {
				_ = os.Mkdir(p, 0o755)
			} else {
				_ = os.WriteFile(p, nil, 0o644)
			}
		}
		got, isPattern, why := Glob(dir, dir, pattern)
		if !why.IsZero() {
			return
		}
		if !isPattern || len(got) == 0 {
			got = []string{pattern}
		}
		if want := bashGlob(t, dir, pattern); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("tree %q: Glob(%q) = %q, bash gives %q", files, pattern, got, want)
		}
	})
}
