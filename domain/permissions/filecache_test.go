// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"memo.dev/projects/domain/untrusted"
)

// countingFS counts the reads of file contents.
func countingFS(reads *int) GitFS {
	g := OSGitFS("")
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
	root := repo(t, cleanConfig)
	npmrc := filepath.Join(root, ".npmrc")
	write(t, npmrc, "save-exact=true\n", 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(npmrc, old, old)
	reads := 0
	later := func() time.Time { return time.Now().Add(time.Minute) }
	cache := NewCache(later)
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
	write(t, npmrc, "script-shell=x\n", 0o644)
	os.Chtimes(npmrc, old, old)
	if runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
		if v := check(); v.Approved || v.BlockedBy == nil || v.BlockedBy.Key != "script-shell" {
			t.Errorf("a same-size rewrite with its old times was not read again: %+v", v)
		}
	}

	// A file renamed into place.
	tmp := filepath.Join(root, ".npmrc.new")
	write(t, tmp, "save-exact=true\n", 0o644)
	os.Chtimes(tmp, old, old)
	if err := os.Rename(tmp, npmrc); err != nil {
		t.Fatal(err)
	}
	if v := check(); !v.Approved {
		t.Errorf("a file renamed into place was not read again: %+v", v)
	}

	// Within the granularity window a file is read every time.
	reads = 0
	now := NewCache(time.Now)
	write(t, npmrc, "save-exact=true\n", 0o644)
	for range 3 {
		NewChecker([]string{"npm test"}).CheckIn("npm test", NewProject(root, "", countingFS(&reads), now))
	}
	if reads < 3 {
		t.Errorf("a file written just now was read %d times for 3 checks, want every time", reads)
	}
	write(t, npmrc, "node-options=x\n", 0o644)
	if v := NewChecker([]string{"npm test"}).CheckIn("npm test", NewProject(root, "", countingFS(&reads), now)); v.Approved {
		t.Errorf("a change just after a read was missed: %+v", v)
	}
}

// What a cache entry parsed is kept with that version only.
func TestCacheParsesOncePerVersion(t *testing.T) {
	root := t.TempDir()
	f := filepath.Join(root, "f")
	write(t, f, "a", 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(f, old, old)
	c := NewCache(func() time.Time { return time.Now().Add(time.Minute) })
	p := NewProject(root, "", OSGitFS(""), c)
	parses := 0
	parse := func(b []byte) any { parses++; return string(b) }
	for range 3 {
		e, err := p.cached(f, 10)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.parse(e, "k", parse); got != "a" {
			t.Fatalf("parsed %v", got)
		}
	}
	if parses != 1 {
		t.Errorf("parsed %d times, want once", parses)
	}
	write(t, f, "bb", 0o644)
	e, _ := p.cached(f, 10)
	if got := c.parse(e, "k", parse); got != "bb" || parses != 2 {
		t.Errorf("after a change: %v, %d parses", got, parses)
	}
}
