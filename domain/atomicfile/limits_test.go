// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/pathname"
)

// A file whose own path fits the system's limits is written, however much
// longer its temporary name would make the path; one that does not fit is
// a clear error naming the limit.
func TestWritesNearTheLimits(t *testing.T) {
	lim := pathname.Host()
	// A folder whose path leaves room for a name of exactly 20 bytes.
	deep := t.TempDir()
	for len(deep) < lim.Path-21 {
		deep = filepath.Join(deep, strings.Repeat("d", min(200, lim.Path-21-len(deep)-1)))
	}
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	longName := strings.Repeat("n", lim.Name)
	for _, tt := range []struct {
		name string
		path string
		want string // "" written
	}{
		{"a path of the longest length", filepath.Join(deep, strings.Repeat("f", 20)), ""},
		{"a name of the longest length", filepath.Join(t.TempDir(), longName), ""},
		{"a path one longer", filepath.Join(deep, strings.Repeat("f", 21)), lim.PathName},
		{"a name one longer", filepath.Join(t.TempDir(), longName+"n"), lim.NameName},
	} {
		for op, write := range map[string]func(string, []byte) error{
			"WriteFile": func(p string, b []byte) error { return WriteFile(p, b, 0o644) },
			"Create":    func(p string, b []byte) error { return Create(p, b, 0o644) },
		} {
			os.Remove(tt.path)
			err := write(tt.path, []byte("data"))
			if tt.want == "" {
				if err != nil {
					t.Errorf("%s: %s = %v, want it written", tt.name, op, err)
					continue
				}
				if b, err := os.ReadFile(tt.path); err != nil || string(b) != "data" {
					t.Errorf("%s: %s wrote %q, %v", tt.name, op, b, err)
				}
				if entries, _ := os.ReadDir(filepath.Dir(tt.path)); len(entries) != 1 {
					t.Errorf("%s: %s left %d entries beside the file", tt.name, op, len(entries)-1)
				}
				continue
			}
			if domain.KindOf(err) != domain.KindInvalid || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: %s = %v, want invalid input naming %s", tt.name, op, err, tt.want)
			}
			if _, err := os.Lstat(filepath.Dir(tt.path)); err == nil {
				if entries, _ := os.ReadDir(filepath.Dir(tt.path)); len(entries) != 0 && filepath.Dir(tt.path) != deep {
					t.Errorf("%s: %s left %d entries", tt.name, op, len(entries))
				}
			}
		}
	}
	// A folder renamed into place near the limit, as setup does.
	src := filepath.Join(deep, strings.Repeat("s", 20))
	os.Remove(src)
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(deep, strings.Repeat("t", 20))
	if err := RenameNoReplace(src, dst); err != nil {
		t.Errorf("RenameNoReplace at the limit: %v", err)
	}
	if err := RenameNoReplace(filepath.Join(deep, strings.Repeat("f", 20)), dst); !errors.Is(err, fs.ErrExist) {
		t.Errorf("RenameNoReplace onto a folder at the limit: %v, want fs.ErrExist", err)
	}
}

// A temporary name never passes the limit on a name: its base is cut, at a
// character boundary.
func TestTempNameOfALongBase(t *testing.T) {
	lim := pathname.Host()
	for _, base := range []string{strings.Repeat("a", lim.Name), strings.Repeat("ğ", lim.Name/2)} {
		name := newTempName(base)
		if !lim.NameFits(name) || pathname.Check(name) != nil {
			t.Errorf("newTempName(%d bytes) = %d bytes (%q); want within %s, valid UTF-8", len(base), len(name), name, lim.NameName)
		}
		if got, ok := TempBase(name); !ok || !strings.HasPrefix(base, got) {
			t.Errorf("TempBase(%q) = %q, %v; want a prefix of the base", name, got, ok)
		}
	}
}
