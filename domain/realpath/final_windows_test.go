package realpath

import (
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
