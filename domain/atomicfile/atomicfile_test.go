// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestWriteFileReplacesAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	for _, content := range []string{"one", "two"} {
		if err := WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatalf("WriteFile(%q): %v", content, err)
		}
		got, _ := os.ReadFile(p)
		if string(got) != content {
			t.Fatalf("after WriteFile(%q) file holds %q", content, got)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d entries, want only f.txt", len(entries))
	}
}

func TestCreateNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	if err := Create(p, []byte("first"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Create(p, []byte("second"), 0o644)
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second Create err = %v, want fs.ErrExist", err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "first" {
		t.Fatalf("file holds %q after refused Create, want %q", got, "first")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d entries, want 1 (temp file left?)", len(entries))
	}
}

func TestCreateConcurrentOneWinner(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := range 16 {
		wg.Go(func() {
			if err := Create(p, []byte{byte('a' + i)}, 0o644); err == nil {
				mu.Lock()
				wins++
				mu.Unlock()
			} else if !errors.Is(err, fs.ErrExist) {
				t.Errorf("Create #%d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d concurrent Creates succeeded, want 1", wins)
	}
}

func TestWriteFileIntoMissingFolderFails(t *testing.T) {
	if err := WriteFile(filepath.Join(t.TempDir(), "nope", "f"), nil, 0o644); err == nil {
		t.Fatal("WriteFile into a missing folder succeeded")
	}
}

func TestRenameNoReplace(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(a, []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("b"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := RenameNoReplace(a, b); !errors.Is(err, fs.ErrExist) {
		t.Errorf("RenameNoReplace onto a file: %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(b); string(got) != "b" {
		t.Errorf("the target was replaced: %q", got)
	}
	// An empty folder is replaced by plain rename(2): here it must not be.
	src, empty := filepath.Join(dir, "src"), filepath.Join(dir, "empty")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := RenameNoReplace(src, empty); !errors.Is(err, fs.ErrExist) {
		t.Errorf("RenameNoReplace onto an empty folder: %v, want fs.ErrExist", err)
	}
	if err := RenameNoReplace(a, filepath.Join(dir, "c")); err != nil {
		t.Errorf("RenameNoReplace to a free name: %v", err)
	}
}
