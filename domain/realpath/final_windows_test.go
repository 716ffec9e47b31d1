// SPDX-License-Identifier: Apache-2.0

package realpath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The handle's final path of a plain folder is the folder (junctions cannot
// be made under Wine; the fallback to this is tested through fakes).
func TestFinalPathOfAFolder(t *testing.T) {
	dir := t.TempDir()
	got, err := finalPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.EqualFold(fromFinal(got), filepath.Clean(dir)) {
		t.Errorf("finalPath(%q) = %q (%q), want the folder itself", dir, got, fromFinal(got))
	}
}

// EvalSymlinks spells each component as stored on Windows (its case, long
// names for 8.3 ones): Resolve relies on that instead of spelling again.
func TestResolveGivesTheStoredCase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Repo")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	want, err := Resolve(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Resolve(strings.ToUpper(dir))
	if err != nil || got != want || filepath.Base(got) != "Repo" {
		t.Errorf("Resolve(%q) = %q, %v, want %q", strings.ToUpper(dir), got, err, want)
	}
}
