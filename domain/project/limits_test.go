// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/pathname"
	"memo.dev/projects/domain/project"
)

// deepFolder makes a real folder under t.TempDir() whose path is exactly n
// bytes long (in names of at most 200 bytes).
func deepFolder(t *testing.T, n int) string {
	t.Helper()
	p := t.TempDir()
	for len(p) < n {
		p = filepath.Join(p, strings.Repeat("d", min(200, n-len(p)-1)))
	}
	if len(p) != n {
		t.Fatalf("deepFolder(%d) made a path of %d bytes", n, len(p))
	}
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// Near the system's limit on a path: when every file setup makes fits,
// setup succeeds (its temporary names are longer, and made within the
// folder); one byte more and setup says which limit, writing nothing.
func TestSetupNearThePathLimit(t *testing.T) {
	limit := pathname.Host().Path
	longest := len(string(filepath.Separator) + filepath.FromSlash(project.ItemProject))
	s, _ := newTestService(t)

	root := deepFolder(t, limit-longest)
	res, err := s.Setup(root)
	if err != nil {
		t.Fatalf("Setup of a folder whose files all fit (%d bytes, %s %d): %v", len(root), pathname.Host().PathName, limit, err)
	}
	if f, err := project.ReadFile(root); err != nil || f.ID != res.ID {
		t.Errorf("project.json at the limit: %+v, %v", f, err)
	}
	for _, item := range project.Items {
		if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(item, "/")))); err != nil {
			t.Errorf("%s missing: %v", item, err)
		}
	}
	for _, dir := range []string{root, filepath.Join(root, ".memo")} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".tmp") {
				t.Errorf("a temporary file is left in %s: %s", dir, e.Name())
			}
		}
	}
	if _, err := s.Setup(root); err != nil {
		t.Errorf("Setup again at the limit: %v", err)
	}
	if st, err := s.Status(root); err != nil || !st.Enabled {
		t.Errorf("Status at the limit = %+v, %v", st, err)
	}

	over := deepFolder(t, limit-longest+1)
	for name, call := range map[string]func() error{
		"Setup": func() error { _, err := s.Setup(over); return err },
		"Plan":  func() error { _, err := s.Plan(over); return err },
	} {
		err := call()
		if !errors.Is(err, domain.ErrInvalid) || !strings.Contains(err.Error(), pathname.Host().PathName) ||
			!strings.Contains(err.Error(), "cannot be set up here") {
			t.Errorf("%s one byte over the limit = %v; want invalid input naming %s", name, err, pathname.Host().PathName)
		}
	}
	if entries, _ := os.ReadDir(over); len(entries) != 0 {
		t.Errorf("the refused setup wrote %d entries into the folder", len(entries))
	}
}

// A path that is not valid UTF-8 is refused before anything is looked at
// or written: status, opening, setup, reconnecting.
func TestPathsThatAreNotUTF8(t *testing.T) {
	s, reg := newTestService(t)
	parent := t.TempDir()
	bad := filepath.Join(parent, "caf\xe9")
	mkdir(t, bad) // a real folder of that name: the refusal is not "missing"
	mkdir(t, filepath.Join(parent, "caf\uFFFD"))
	calls := map[string]func() error{
		"Status":    func() error { _, err := s.Status(bad); return err },
		"Register":  func() error { _, _, err := s.Register(bad); return err },
		"Setup":     func() error { _, err := s.Setup(bad); return err },
		"Plan":      func() error { _, err := s.Plan(bad); return err },
		"Decline":   func() error { _, err := s.Decline(bad, true); return err },
		"Identity":  func() error { _, err := s.Identity(bad); return err },
		"Reconnect": func() error { _, _, err := s.Reconnect(bad, "p_"+strings.Repeat("a", 32)); return err },
		"Files":     func() error { _, err := s.Files(bad); return err },
		"Resolve":   func() error { _, err := project.Resolve(bad); return err },
	}
	for name, call := range calls {
		err := call()
		if domain.KindOf(err) != domain.KindInvalid || !strings.Contains(err.Error(), "not valid UTF-8") || !strings.Contains(err.Error(), `caf\xe9`) {
			t.Errorf("%s(%q) = %v (kind %q); want invalid input naming the bytes", name, bad, err, domain.KindOf(err))
		}
	}
	if recs, _ := reg.Snapshot(); len(recs) != 0 {
		t.Errorf("a path that is not UTF-8 was registered: %+v", recs)
	}
	if entries, _ := os.ReadDir(bad); len(entries) != 0 {
		t.Errorf("something was written into it")
	}
}
