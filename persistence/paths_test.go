// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPathsAreTheFilesUsed: Paths names the files the store really creates,
// so reports never rebuild names of their own.
func TestPathsAreTheFilesUsed(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	s, err := Open(home, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Memory(); err != nil {
		t.Fatal(err)
	}
	p := s.Paths()
	if p.Home != home || p.Data != s.DataDir() {
		t.Errorf("Paths() = %+v, want home %s and data %s", p, home, s.DataDir())
	}
	for name, file := range map[string]string{"Registry": p.Registry, "Memory": p.Memory} {
		if fi, err := os.Stat(file); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("Paths().%s = %s, which the store did not create (%v)", name, file, err)
		}
	}
	if filepath.Dir(p.Backups) != p.Data {
		t.Errorf("Paths().Backups = %s, not in %s", p.Backups, p.Data)
	}
}
