// SPDX-License-Identifier: Apache-2.0

package packaging

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// spdxLine is the first line of every Go file of the project: the licence
// in the form tools (reuse, scancode, go-licenses) read without guessing.
const spdxLine = "// SPDX-License-Identifier: Apache-2.0"

// TestEveryGoFileCarriesTheLicenceHeader walks the module (what `make spdx`
// mends) and names each Go file whose first line is not the header.
func TestEveryGoFileCarriesTheLicenceHeader(t *testing.T) {
	root := filepath.Join("..")
	var missing []string
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "dist", "node_modules", "fyne-cross", "failed":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		checked++
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		s := bufio.NewScanner(f)
		if !s.Scan() || s.Text() != spdxLine {
			missing = append(missing, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("walked %d Go files from %s: not the module's root?", checked, root)
	}
	for _, p := range missing {
		t.Errorf("%s: first line is not %q (make spdx adds it)", p, spdxLine)
	}
}
