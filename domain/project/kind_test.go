// SPDX-License-Identifier: Apache-2.0

package project

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/identity"
)

// .memo as Go 1.23+ reports it on Windows: a OneDrive folder is a folder with
// ModeIrregular and holds a project; a junction is irregular too, and a link.
func TestInspectWindowsKinds(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, MemoDir), 0o755); err != nil {
		t.Fatal(err)
	}
	id := identity.New()
	if err := writeFile(root, newFile(id, "")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name              string
		mode              fs.FileMode
		surrogate         bool
		symlink, valid    bool
		exists, wantFound bool
	}{
		{"OneDrive folder", fs.ModeDir | fs.ModeIrregular | 0o777, false, false, true, true, true},
		{"plain folder", fs.ModeDir | 0o777, false, false, true, true, true},
		{"junction", fs.ModeIrregular | 0o666, true, true, false, true, false},
		{"OneDrive file named .memo", fs.ModeIrregular | 0o666, false, false, false, true, false},
	}
	for _, c := range cases {
		m, f, ok, err := inspectKind(root, filekind.Of(c.mode, true, c.surrogate))
		if err != nil || m.Symlink != c.symlink || m.ValidProject != c.valid || m.Exists != c.exists || ok != c.wantFound {
			t.Errorf("%s: inspect = %+v, ok=%v, %v; want symlink=%v valid=%v", c.name, m, ok, err, c.symlink, c.valid)
		}
		if c.wantFound && f.ID != id {
			t.Errorf("%s: project id %q, want %q", c.name, f.ID, id)
		}
	}
}
