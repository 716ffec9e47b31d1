// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

type managerFixture struct {
	m        *skills.Manager
	projects *project.Service
	reg      *projecttest.Registry
	sw       *skillstest.Switches
	srv      *skills.ArchiveServer
	home     string // the user's home: Memo's own folder is home/.memo
}

func newManager(t *testing.T) *managerFixture {
	t.Helper()
	home := t.TempDir()
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	reg := projecttest.NewRegistry()
	projects := project.NewService(rules, reg, projecttest.NewSettings(), func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) })
	twoSkills := skills.BuildArchive(t, "repo-main",
		E{Name: "skills/pdf/SKILL.md", Body: md},
		E{Name: "skills/docx/SKILL.md", Body: "---\nname: docx\ndescription: Word files.\nallowed-tools: Bash\n---\n"})
	s, sw, srv := newService(t, map[string][]byte{"o/repo/HEAD": twoSkills})
	return &managerFixture{m: skills.NewManager(projects, s), projects: projects, reg: reg, sw: sw, srv: srv, home: home}
}

// setUp makes a set-up project in a new folder and returns its root.
func (f *managerFixture) setUp(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	if _, err := f.projects.Setup(root); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestManagerAddListSwitchRemove(t *testing.T) {
	f := newManager(t)
	root := f.setUp(t)
	sub := filepath.Join(root, "src", "deep")
	os.MkdirAll(sub, 0o755)

	// A path inside the project works on the project.
	added, err := f.m.Add(context.Background(), sub, "o/repo", skills.AddOptions{Skill: "DOCX"})
	if err != nil {
		t.Fatal(err)
	}
	if added.Name != "docx" || added.Path != filepath.Join(root, ".memo", "skills", "docx") || !slices.Equal(added.DroppedTools, []string{"Bash"}) || len(added.Warnings) == 0 || added.Review != nil {
		t.Errorf("Add = %+v", added)
	}
	b, _ := json.Marshal(added)
	for _, key := range []string{`"name":`, `"path":`, `"dropped_tools":`, `"warnings":`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("Add's JSON %s lacks %s", b, key)
		}
	}
	want := func(enabled bool) {
		t.Helper()
		l, err := f.m.List(root)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Skills) != 1 || l.Skills[0].Name != "docx" || l.Skills[0].Enabled != enabled || l.Skills[0].Description != "Word files." ||
			!slices.Equal(l.Skills[0].DroppedTools, []string{"Bash"}) || l.Skills[0].Source != "o/repo/skills/docx" {
			t.Errorf("List = %+v, want docx enabled=%v", l, enabled)
		}
	}
	want(false) // off after install
	if sw, err := f.m.SetEnabled(sub, "docx", true); err != nil || !sw.Enabled {
		t.Fatalf("on = %+v, %v", sw, err)
	}
	want(true)
	if _, err := f.m.SetEnabled(root, "docx", false); err != nil {
		t.Fatal(err)
	}
	want(false)
	if _, err := f.m.SetEnabled(root, "nope", true); domain.KindOf(err) != domain.KindNotFound {
		t.Errorf("on for a missing skill: %v, want not found", err)
	}
	if _, err := f.m.Add(context.Background(), root, "o/repo@docx", skills.AddOptions{}); domain.KindOf(err) != domain.KindConflict {
		t.Errorf("adding docx again: %v, want a conflict", err)
	}
	if r, err := f.m.Remove(root, "docx"); err != nil || !r.Removed {
		t.Fatalf("Remove = %+v, %v", r, err)
	}
	if l, err := f.m.List(root); err != nil || len(l.Skills) != 0 {
		t.Errorf("List after Remove = %+v, %v", l, err)
	}
	if f.sw.Len() != 0 {
		t.Errorf("Remove left %d switches", f.sw.Len())
	}
}

func TestManagerAddChoices(t *testing.T) {
	f := newManager(t)
	root := f.setUp(t)
	tests := []struct {
		source, skill string
		kind          domain.Kind
		says          string
	}{
		{"o/repo", "", domain.KindInvalid, "skills/pdf"}, // several: the error lists them
		{"o/repo@pdf", "docx", domain.KindInvalid, "one skill at a time"},
		{"o/repo", "../x", domain.KindInvalid, "contains a path"},
		{"gitlab.com/o/repo", "", domain.KindInvalid, ""},
		{"o/repo", "nope", domain.KindNotFound, ""},
	}
	for _, tt := range tests {
		_, err := f.m.Add(context.Background(), root, tt.source, skills.AddOptions{Skill: tt.skill})
		if domain.KindOf(err) != tt.kind || !strings.Contains(fmt1(err), tt.says) {
			t.Errorf("Add(%q, --skill %q) = %v (%s), want %s saying %q", tt.source, tt.skill, err, domain.KindOf(err), tt.kind, tt.says)
		}
	}
	if got := tree(t, filepath.Join(root, ".memo", "skills")); len(got) != 0 {
		t.Errorf("failed adds left %v", got)
	}
}

func fmt1(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestManagerDryRunWritesNothing(t *testing.T) {
	f := newManager(t)
	root := f.setUp(t)
	added, err := f.m.Add(context.Background(), root, "o/repo", skills.AddOptions{Skill: "pdf", DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if !added.DryRun || added.Review == nil || added.Name != "pdf" || added.Path != filepath.Join(root, ".memo", "skills", "pdf") || len(added.Review.Files) != 1 {
		t.Errorf("dry run = %+v", added)
	}
	if got := tree(t, filepath.Join(root, ".memo", "skills")); len(got) != 0 {
		t.Errorf("a dry run wrote %v", got)
	}
	if f.sw.Len() != 0 {
		t.Errorf("a dry run stored a switch")
	}
	// With the skill installed, the dry run says installing would fail.
	if _, err := f.m.Add(context.Background(), root, "o/repo@pdf", skills.AddOptions{}); err != nil {
		t.Fatal(err)
	}
	added, err = f.m.Add(context.Background(), root, "o/repo@pdf", skills.AddOptions{DryRun: true})
	if err != nil || !slices.ContainsFunc(added.Warnings, func(w domain.Text) bool { return strings.Contains(w.String(), "already installed") }) {
		t.Errorf("dry run of an installed skill = %+v, %v; want a warning", added, err)
	}
}

// TestManagerRefusesWithoutWriting: a folder the guard refuses, one that is
// not set up, and paths that are not folders get a clear error, and nothing
// is written or downloaded.
func TestManagerRefusesWithoutWriting(t *testing.T) {
	f := newManager(t)
	fresh := t.TempDir()
	memoHome := filepath.Join(f.home, ".memo", "data")
	os.MkdirAll(memoHome, 0o755)
	file := filepath.Join(t.TempDir(), "f.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	tests := []struct {
		name, path string
		kind       domain.Kind
		says       string
	}{
		{"not set up", fresh, domain.KindForbidden, "set the project up first"},
		{"Memo's own folder", memoHome, domain.KindForbidden, "Memo keeps no skills"},
		{"the home folder", f.home, domain.KindForbidden, "Memo keeps no skills"},
		{"a file", file, domain.KindInvalid, "is a file"},
		{"missing", filepath.Join(fresh, "nope"), domain.KindInvalid, "does not exist"},
		{"relative", "proj", domain.KindInvalid, "not an absolute path"},
	}
	ops := map[string]func(path string) error{
		"add": func(p string) error {
			_, err := f.m.Add(context.Background(), p, "o/repo@pdf", skills.AddOptions{})
			return err
		},
		"add --dry-run": func(p string) error {
			_, err := f.m.Add(context.Background(), p, "o/repo@pdf", skills.AddOptions{DryRun: true})
			return err
		},
		"list":   func(p string) error { _, err := f.m.List(p); return err },
		"remove": func(p string) error { _, err := f.m.Remove(p, "pdf"); return err },
		"on":     func(p string) error { _, err := f.m.SetEnabled(p, "pdf", true); return err },
	}
	for _, tt := range tests {
		for op, run := range ops {
			err := run(tt.path)
			if domain.KindOf(err) != tt.kind || !strings.Contains(fmt1(err), tt.says) {
				t.Errorf("%s in %s: %v (%s), want %s saying %q", op, tt.name, err, domain.KindOf(err), tt.kind, tt.says)
			}
		}
	}
	if recs, writes := f.reg.Snapshot(); len(recs) != 0 || writes != 0 {
		t.Errorf("refused calls wrote the registry: %v (%d writes)", recs, writes)
	}
	if got := tree(t, fresh); len(got) != 0 {
		t.Errorf("refused calls wrote %v in the folder", got)
	}
	if n := f.srv.Requests.Load(); n != 0 {
		t.Errorf("refused calls downloaded %d times", n)
	}
	if f.sw.Len() != 0 {
		t.Errorf("refused calls stored switches")
	}
}

// TestCopiedProjectStartsWithSkillsOff: switches belong to the project id; a
// copy of a project gets an id of its own, so its skills are off there while
// they stay on in the original.
func TestCopiedProjectStartsWithSkillsOff(t *testing.T) {
	f := newManager(t)
	orig := f.setUp(t)
	if _, err := f.m.Add(context.Background(), orig, "o/repo@pdf", skills.AddOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.m.SetEnabled(orig, "pdf", true); err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(t.TempDir(), "copy")
	if err := os.CopyFS(cp, os.DirFS(orig)); err != nil {
		t.Fatal(err)
	}
	l, err := f.m.List(cp)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Skills) != 1 || l.Skills[0].Name != "pdf" || l.Skills[0].Enabled {
		t.Errorf("the copy lists %+v, want pdf off", l.Skills)
	}
	origSt, _ := f.projects.Status(orig)
	copySt, _ := f.projects.Status(cp)
	if origSt.ID == copySt.ID || copySt.ID == "" {
		t.Errorf("the copy has id %q, the original %q: want a new one", copySt.ID, origSt.ID)
	}
	if l, _ := f.m.List(orig); len(l.Skills) != 1 || !l.Skills[0].Enabled {
		t.Errorf("the original lists %+v after the copy was opened, want pdf on", l.Skills)
	}
}
