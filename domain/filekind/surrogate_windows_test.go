// SPDX-License-Identifier: Apache-2.0

package filekind

import (
	"os"
	"path/filepath"
	"testing"
)

// A plain file and folder are no reparse points; their tags are read through
// the handle (junctions and OneDrive placeholders cannot be made under Wine).
func TestIsSurrogateOfPlainEntries(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, file} {
		if s, err := isSurrogate(p); err != nil || s {
			t.Errorf("isSurrogate(%q) = %v, %v, want false", p, s, err)
		}
	}
	if _, err := isSurrogate(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("isSurrogate(missing) error = %v, want not-exist", err)
	}
	for p, want := range map[string]Kind{dir: Dir, file: File} {
		if k, _, err := Lstat(p); err != nil || k != want {
			t.Errorf("Lstat(%q) = %v, %v, want %v", p, k, err, want)
		}
	}
}
