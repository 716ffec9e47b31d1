// SPDX-License-Identifier: Apache-2.0

package project

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestFolderKeyTellsAReplacedFolder: the key follows one folder on disk
// (renamed, its files edited) and tells it from another put at its path,
// even when the file system hands out the removed folder's number again.
func TestFolderKeyTellsAReplacedFolder(t *testing.T) {
	parent := t.TempDir()
	a, b := filepath.Join(parent, "a"), filepath.Join(parent, "b")
	mk := func(dir string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, MemoDir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, MemoDir, "project.json"), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mk(a)
	mk(b)
	key := folderKey(a)
	if key == "" {
		t.Fatalf("folderKey(%s) = \"\"; want a key (this file system reports no birth time?)", a)
	}
	if err := os.WriteFile(filepath.Join(a, MemoDir, "project.json"), []byte(`{"id":"edited"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := folderKey(a); got != key {
		t.Errorf("after an edit of a file in it: folderKey = %q, want %q", got, key)
	}
	if got := folderKey(b); got == key {
		t.Errorf("folderKey of another folder = %q, the same as a's", got)
	}
	moved := filepath.Join(parent, "moved")
	if err := os.Rename(a, moved); err != nil {
		t.Fatal(err)
	}
	if got := folderKey(moved); got != key {
		t.Errorf("after a rename: folderKey = %q, want %q", got, key)
	}
	for i := range 5 {
		if err := os.RemoveAll(moved); err != nil {
			t.Fatal(err)
		}
		// File times come from the kernel's coarse clock (a tick of up to
		// 10 ms): where the file system has no generation number, a folder
		// made in the same tick as the removed one, under its number, looks
		// the same (docs/identity.md §8; the generation is tested by
		// TestFolderKeyTellsAFolderRemadeInOneTick). A copy takes longer
		// than a tick; the test waits one out.
		time.Sleep(20 * time.Millisecond)
		mk(moved) // rm -rf a; cp -a b a, as ext4 numbers it
		if got := folderKey(moved); got == key {
			t.Fatalf("try %d: a folder made where a removed one was has its key %q", i, got)
		}
		key = folderKey(moved)
	}
	if got := folderKey(filepath.Join(parent, "missing")); got != "" {
		t.Errorf("folderKey of a missing folder = %q, want \"\"", got)
	}
}
