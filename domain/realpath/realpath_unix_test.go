// SPDX-License-Identifier: Apache-2.0

//go:build unix

package realpath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Making a symbolic link needs a privilege on Windows: the real-disk test
// runs on Unix, the junction fallback through fakes everywhere.
func TestResolveRealLinks(t *testing.T) {
	dir := t.TempDir()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "target"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "target"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	got, err := Resolve(filepath.Join(dir, "link", "."))
	if want := filepath.Join(real, "target"); err != nil || got != want {
		t.Errorf("Resolve(link) = %q, %v, want %q", got, err, want)
	}
	if _, err := Resolve(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Resolve(missing) error = %v, want not-exist", err)
	}
}
