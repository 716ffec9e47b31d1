// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

// notSkillNames are names a person (or a script) could type that are not
// skill names: paths, dots, empty, separators, NUL, bytes that are not
// UTF-8, case and spacing that the installation rule does not allow.
var notSkillNames = []string{
	"/", "demo/", "/demo", "demo/../demo", "./demo", "demo/.", ".", "..", "", " ",
	`demo\`, `\demo`, `..\demo`, "de\x00mo", "demo\x00", "\xff", "dem\xc3", "demo\n",
	"Demo", "DEMO", " demo", "demo ", "de mo", "-demo", "demo-", "de--mo", "de_mo",
	".staging-1", ".memo", "~", "*", "c:demo", "demo:x", strings.Repeat("a", 65),
	"dem\u200bo", "d\u0435mo", // a zero-width space; a Cyrillic е
}

func TestCheckName(t *testing.T) {
	for _, name := range notSkillNames {
		if err := skills.CheckName(name); domain.KindOf(err) != domain.KindInvalid || !strings.Contains(fmt1(err), "is not a skill name") {
			t.Errorf("CheckName(%q) = %v; want invalid input", name, err)
		}
	}
	for _, name := range []string{"demo", "a", "pdf-2", strings.Repeat("a", 64)} {
		if err := skills.CheckName(name); err != nil {
			t.Errorf("CheckName(%q) = %v; want nil", name, err)
		}
	}
	long := strings.Repeat("x", 10_000)
	if err := skills.CheckName(long); len(fmt1(err)) > 200 || strings.Count(fmt1(err), "xxxxxxxxxx") > 6 {
		t.Errorf("CheckName of 10,000 characters says %d characters: %q", len(fmt1(err)), fmt1(err))
	}
}

// TestNamesAreNeverPaths: every command taking a skill name refuses a name
// that is not one as invalid input and touches nothing: not the skill that
// is there, not .memo/skills, not the registry, not the switch.
func TestNamesAreNeverPaths(t *testing.T) {
	f := newManager(t)
	root := f.setUp(t)
	if _, err := f.m.Add(context.Background(), root, "o/repo@pdf", skills.AddOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.m.SetEnabled(root, "pdf", true); err != nil {
		t.Fatal(err)
	}
	// A folder of another name beside it: ".." and "/" must not reach it.
	os.WriteFile(filepath.Join(root, ".memo", "keep.txt"), []byte("kept"), 0o644)
	fresh := t.TempDir() // never opened: a refused name must not register it
	parent := filepath.Dir(root)
	before := tree(t, parent)
	lockBefore, _ := os.ReadFile(filepath.Join(root, ".memo", "skills-lock.json"))
	_, writesBefore := f.reg.Snapshot()
	switches := f.sw.Len()

	ctx := context.Background()
	commands := map[string]func(path, name string) error{
		"remove": func(p, n string) error { _, err := f.m.Remove(p, n); return err },
		"on":     func(p, n string) error { _, err := f.m.SetEnabled(p, n, true); return err },
		"off":    func(p, n string) error { _, err := f.m.SetEnabled(p, n, false); return err },
		"show":   func(p, n string) error { _, err := f.m.Show(p, n); return err },
		"diff":   func(p, n string) error { _, err := f.m.Changed(p, n); return err },
		"pin":    func(p, n string) error { _, err := f.m.Pin(p, n); return err },
		"update": func(p, n string) error { _, err := f.m.Update(ctx, p, n, skills.UpdateOptions{}); return err },
		"update --dry-run": func(p, n string) error {
			_, err := f.m.Update(ctx, p, n, skills.UpdateOptions{DryRun: true})
			return err
		},
	}
	requests := f.srv.Requests.Load()
	for cmd, run := range commands {
		for _, name := range notSkillNames {
			for _, path := range []string{root, fresh} {
				if err := run(path, name); domain.KindOf(err) != domain.KindInvalid {
					t.Errorf("%s %q in %s = %v (%s); want invalid input", cmd, name, path, err, domain.KindOf(err))
				}
			}
		}
	}
	if got := tree(t, parent); !slices.Equal(got, before) {
		t.Errorf("refused names changed the project:\nbefore %q\nafter  %q", before, got)
	}
	if lock, _ := os.ReadFile(filepath.Join(root, ".memo", "skills-lock.json")); string(lock) != string(lockBefore) {
		t.Errorf("refused names changed the lock:\n%s\nwas\n%s", lock, lockBefore)
	}
	if _, writes := f.reg.Snapshot(); writes != writesBefore {
		t.Errorf("refused names wrote the registry %d times", writes-writesBefore)
	}
	if sw, ok, _ := f.sw.Switch(f.id(t, root), "pdf"); !ok || !sw.Enabled || f.sw.Len() != switches {
		t.Errorf("refused names changed the switches: pdf %+v %v, %d switches (was %d)", sw, ok, f.sw.Len(), switches)
	}
	if n := f.srv.Requests.Load(); n != requests {
		t.Errorf("refused names downloaded %d times", n-requests)
	}
	if l, err := f.m.List(root); err != nil || len(l.Skills) != 1 || !l.Skills[0].Enabled {
		t.Errorf("after the refused names List = %+v, %v; want pdf, on", l, err)
	}
}

// id is the project id of the set-up folder root.
func (f *managerFixture) id(t *testing.T, root string) string {
	t.Helper()
	st, err := f.projects.Status(root)
	if err != nil || st.ID == "" {
		t.Fatalf("Status(%s) = %+v, %v", root, st, err)
	}
	return st.ID
}
