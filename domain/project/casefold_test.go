// SPDX-License-Identifier: Apache-2.0

//go:build unix

package project_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"memo.dev/projects/domain/realpath"
)

// macDisk is the real folders under root seen as a Mac volume sees them: a
// name is found whatever its case and Unicode form, and resolving keeps the
// spelling given, as filepath.EvalSymlinks does on macOS. Outside root it is
// the real disk.
type macDisk struct{ root string }

// find returns the real path that p names.
func (m macDisk) find(p string) (string, error) {
	p = filepath.Clean(p)
	rel, err := filepath.Rel(m.root, p)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return p, nil
	}
	out := m.root
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		entries, err := os.ReadDir(out)
		if err != nil {
			return "", err
		}
		match := ""
		for _, e := range entries {
			if e.Name() == name || strings.EqualFold(norm.NFD.String(e.Name()), norm.NFD.String(name)) {
				match = e.Name()
				break
			}
		}
		if match == "" {
			return "", &fs.PathError{Op: "lstat", Path: p, Err: fs.ErrNotExist}
		}
		out = filepath.Join(out, match)
	}
	return out, nil
}

func (m macDisk) Names(dir string) ([]string, error) {
	real, err := m.find(dir)
	if err != nil {
		return nil, err
	}
	return realpath.OS{}.Names(real)
}

func (m macDisk) Same(a, b string) bool {
	ra, errA := m.find(a)
	rb, errB := m.find(b)
	return errA == nil && errB == nil && realpath.OS{}.Same(ra, rb)
}

func (m macDisk) stat(p string) (fs.FileInfo, error) {
	real, err := m.find(p)
	if err != nil {
		return nil, err
	}
	return os.Stat(real)
}

// resolve is realpath.Resolve on a Mac: the path as given, then spelled.
func (m macDisk) resolve(p string) (string, error) {
	if _, err := m.find(p); err != nil {
		return "", err
	}
	return realpath.Spell(filepath.Clean(p), m), nil
}

// Opening one folder by its paths that differ in case or Unicode form, on a
// case- and normalisation-insensitive volume, makes one registry record with
// one id, stored under the folder's real spelling.
func TestOneFolderOneRecordOnAMacVolume(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const cafeNFD, cafeNFC = "cafe\u0301", "caf\u00e9"
	for _, dir := range []string{"Users/ann/repo", "Users/ann/" + cafeNFD} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mac := macDisk{root: root}
	for _, c := range []struct {
		want  string
		paths []string
	}{
		{"Users/ann/repo", []string{"users/ann/repo", "Users/ann/repo", "USERS/Ann/REPO/", "users/ann/../ann/Repo"}},
		{"Users/ann/" + cafeNFD, []string{"users/ann/" + cafeNFC, "Users/ann/" + cafeNFD, "Users/ANN/CAF\u00c9"}},
	} {
		svc, reg := newTestService(t)
		svc.SetDisk(mac.stat, mac.resolve)
		want := filepath.Join(root, c.want)
		id := ""
		for _, p := range c.paths {
			st, _, err := svc.Register(filepath.Join(root, p))
			if err != nil {
				t.Fatalf("Register(%+q): %v", p, err)
			}
			if st.Root != want {
				t.Errorf("Register(%+q) root = %+q, want %+q", p, st.Root, want)
			}
			if id == "" {
				id = st.ID
			}
			if st.ID != id {
				t.Errorf("Register(%+q) id = %s, want %s as for %+q", p, st.ID, id, c.paths[0])
			}
			if st, err := svc.Status(filepath.Join(root, p)); err != nil || st.ID != id {
				t.Errorf("Status(%+q) = id %q, %v, want %s", p, st.ID, err, id)
			}
		}
		recs, err := reg.List()
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 1 || recs[0].Path != want || recs[0].ID != id {
			t.Errorf("%+q: registry holds %+v, want one record of %+q with id %s", c.want, recs, want, id)
		}
	}
}
