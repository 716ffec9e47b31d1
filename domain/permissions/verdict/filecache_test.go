// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/untrusted"
)

// countingFS counts the reads of file contents.
func countingFS(reads *int) projectfiles.GitFS {
	g := projectfiles.OSGitFS("")
	g.ReadFile = func(path string, limit int64) ([]byte, error) {
		*reads++
		return untrusted.ReadFile(path, limit)
	}
	return g
}

// The cache reads a file once per version, and again whenever it changed:
// new bytes of the same size with the old times, a file put in its place, or
// a change within the clock's granularity window.
func TestCacheNeverStale(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	npmrc := filepath.Join(root, ".npmrc")
	fixture.Write(t, npmrc, "save-exact=true\n", 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(npmrc, old, old)
	reads := 0
	later := func() time.Time { return time.Now().Add(time.Minute) }
	cache := projectfiles.NewCache(later)
	check := func() Verdict {
		return NewChecker([]string{"npm test"}).CheckIn("npm test", NewProject(root, "", countingFS(&reads), cache))
	}
	if v := check(); !v.Approved {
		t.Fatalf("clean .npmrc: %+v", v)
	}
	first := reads
	for range 3 {
		check()
	}
	if reads != first {
		t.Errorf("an unchanged file was read %d more times", reads-first)
	}

	// Same size, times set back: the change time (which no program sets
	// back) or the inode tells.
	fixture.Write(t, npmrc, "script-shell=x\n", 0o644)
	os.Chtimes(npmrc, old, old)
	if runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
		if v := check(); v.Approved || v.BlockedBy == nil || v.BlockedBy.Key != "script-shell" {
			t.Errorf("a same-size rewrite with its old times was not read again: %+v", v)
		}
	}

	// A file renamed into place.
	tmp := filepath.Join(root, ".npmrc.new")
	fixture.Write(t, tmp, "save-exact=true\n", 0o644)
	os.Chtimes(tmp, old, old)
	if err := os.Rename(tmp, npmrc); err != nil {
		t.Fatal(err)
	}
	if v := check(); !v.Approved {
		t.Errorf("a file renamed into place was not read again: %+v", v)
	}

	// Within the granularity window a file is read every time.
	reads = 0
	now := projectfiles.NewCache(time.Now)
	fixture.Write(t, npmrc, "save-exact=true\n", 0o644)
	for range 3 {
		NewChecker([]string{"npm test"}).CheckIn("npm test", NewProject(root, "", countingFS(&reads), now))
	}
	if reads < 3 {
		t.Errorf("a file written just now was read %d times for 3 checks, want every time", reads)
	}
	fixture.Write(t, npmrc, "node-options=x\n", 0o644)
	if v := NewChecker([]string{"npm test"}).CheckIn("npm test", NewProject(root, "", countingFS(&reads), now)); v.Approved {
		t.Errorf("a change just after a read was missed: %+v", v)
	}
}

// What a cache entry parsed is kept with that version only.
func TestCacheParsesOncePerVersion(t *testing.T) {
	root := t.TempDir()
	f := filepath.Join(root, "f")
	fixture.Write(t, f, "a", 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(f, old, old)
	c := projectfiles.NewCache(func() time.Time { return time.Now().Add(time.Minute) })
	p := NewProject(root, "", projectfiles.OSGitFS(""), c)
	parses := 0
	parse := func(b []byte) any { parses++; return string(b) }
	for range 3 {
		e, err := p.Cached(f, 10)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Parse(e, "k", parse); got != "a" {
			t.Fatalf("parsed %v", got)
		}
	}
	if parses != 1 {
		t.Errorf("parsed %d times, want once", parses)
	}
	fixture.Write(t, f, "bb", 0o644)
	e, _ := p.Cached(f, 10)
	if got := c.Parse(e, "k", parse); got != "bb" || parses != 2 {
		t.Errorf("after a change: %v, %d parses", got, parses)
	}
}
