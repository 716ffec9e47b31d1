// SPDX-License-Identifier: Apache-2.0

package untrusted

import (
	"errors"
	"io/fs"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// The Windows modes Go 1.23+ reports: a OneDrive file is irregular yet a plain
// file, a junction is irregular and a link (told by its reparse tag).
func TestCheckKindWindowsModes(t *testing.T) {
	cases := []struct {
		name      string
		mode      fs.FileMode
		surrogate bool
		want      error
	}{
		{"OneDrive file", 0o666 | fs.ModeIrregular, false, nil},
		{"plain file", 0o666, false, nil},
		{"junction", 0o666 | fs.ModeIrregular, true, ErrSymlink},
		{"symlink", fs.ModeSymlink, true, ErrSymlink},
		{"OneDrive folder", fs.ModeDir | fs.ModeIrregular | 0o777, false, ErrNotRegular},
		{"pipe", fs.ModeNamedPipe, false, ErrNotRegular},
	}
	for _, c := range cases {
		err := checkKind(`C:\p\f`, filekind.Of(c.mode, true, c.surrogate), c.mode)
		if !errors.Is(err, c.want) || (c.want != nil && domain.KindOf(err) != domain.KindInvalid) {
			t.Errorf("%s: checkKind = %v, want %v", c.name, err, c.want)
		}
	}
}
