// SPDX-License-Identifier: Apache-2.0

//go:build unix

package filekind

import (
	"os"
	"path/filepath"
	"testing"
)

// Making a symbolic link needs a privilege on Windows (and Wine fakes it), so
// the real-disk test runs on Unix; Windows's modes are tested through fakes.
func TestLstatAndStatOnThisSystem(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, filepath.Join(dir, "l")); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]Kind{"f": File, "l": Link, ".": Dir} {
		if k, _, err := Lstat(filepath.Join(dir, name)); err != nil || k != want {
			t.Errorf("Lstat(%s) = %v, %v, want %v", name, k, err, want)
		}
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if k, _, err := Stat(f); err != nil || k != File {
		t.Errorf("Stat(file) = %v, %v, want a file", k, err)
	}
}
