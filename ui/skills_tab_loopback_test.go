// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

// loopbackSkills is the Skills tab on the real manager, over a project set
// up in a temporary folder, with archives from a loopback server that
// counts the requests and whose HEAD the test moves.
type loopbackSkills struct {
	*skillsFixture
	repo *skillstest.RepoServer
	mgr  *skills.Manager
	root string
}

func newLoopbackSkills(t *testing.T) *loopbackSkills {
	t.Helper()
	test.NewTempApp(t)
	repo := skillstest.NewRepoServer(t)
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "webshop")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: "/nonexistent-temp"}
	projects := project.NewService(rules, projecttest.NewRegistry(), projecttest.NewSettings(), time.Now)
	if _, err := projects.Setup(root); err != nil {
		t.Fatal(err)
	}
	svc, err := skills.NewService(skillstest.NewSwitches(), repo.Client(), repo.URL)
	if err != nil {
		t.Fatal(err)
	}
	mgr := skills.NewManager(projects, svc)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 700))
	host := &fakeSkillsHost{win: w, m: mgr}
	tab := newSkillsTab(root, host.dialogs(), host.manager, inline())
	w.SetContent(tab.content())
	tab.refresh()
	f := &skillsFixture{fixture: &fixture{t: t}, tab: tab, host: host, w: w}
	return &loopbackSkills{skillsFixture: f, repo: repo, mgr: mgr, root: root}
}

// skillFiles are the files of an installed skill, with their text.
func (l *loopbackSkills) skillFiles(name string) map[string]string {
	l.t.Helper()
	out := map[string]string{}
	dir := filepath.Join(l.root, ".memo", "skills", name)
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	return out
}

// workFolders are the work folders left in .memo/skills.
func (l *loopbackSkills) workFolders() []string {
	left, _ := filepath.Glob(filepath.Join(l.root, ".memo", "skills", ".*-*"))
	return left
}

var (
	pdfSkillV1 = "---\nname: pdf\ndescription: Work with PDF files.\nallowed-tools: Bash, Read\n---\n# PDF\n\n| Tool | Use |\n|---|---|\n| pdftotext | text |\n"
	pdfV1      = []skillstest.Entry{
		{Name: "skills/pdf/SKILL.md", Body: pdfSkillV1},
		{Name: "skills/pdf/run.sh", Body: "#!/bin/sh\necho ok\u202e\n", Mode: 0o755},
		{Name: "skills/other/SKILL.md", Body: "---\nname: other\ndescription: Another skill.\n---\nbody\n"},
	}
	pdfV2 = []skillstest.Entry{
		{Name: "skills/pdf/SKILL.md", Body: strings.Replace(pdfSkillV1, "text |", "text, fast |", 1)},
		{Name: "skills/pdf/fill.py", Body: "print('fill')\n"},
		{Name: "skills/other/SKILL.md", Body: "---\nname: other\ndescription: Another skill.\n---\nbody\n"},
	}
)

// The Skills tab against the real manager and a loopback archive server:
// a source of two skills, the list to pick from, the review (SKILL.md, a
// file opened), Install — with one download, of what was reviewed though
// the server's archive changed meanwhile — then the same source again,
// reviewed as an update and updated, again with one download.
func TestSkillsTabWithALoopbackArchiveServer(t *testing.T) {
	l := newLoopbackSkills(t)
	l.repo.Push("o/repo", pdfV1...)

	l.openAdd("o/repo")
	l.tap(l.w, "Review")
	pick := find[*skillPickList](l.skillsFixture)
	if len(pick.rows) != 2 || !l.says(l.w, "Work with PDF files.") || !l.says(l.w, "Another skill.") {
		t.Fatalf("choices %d (errors %v), want pdf and other with their descriptions", len(pick.rows), l.host.shown)
	}
	press(l.w, fyne.KeyReturn) // the first, pdf
	if !l.says(l.w, "Declared tools are dropped") || !l.says(l.w, "Scripts (executable in the archive") {
		t.Fatalf("no review of pdf (errors %v)", l.host.shown)
	}
	if _, err := os.Stat(filepath.Join(l.root, ".memo", "skills", "pdf")); !os.IsNotExist(err) {
		t.Fatalf("the review installed the skill: %v", err)
	}
	if got := l.richTexts(); strings.Contains(got, "|") || !strings.Contains(got, "pdftotext") {
		t.Errorf("SKILL.md rendered as %q", got)
	}
	test.Tap(l.openButtons()[1]) // SKILL.md, run.sh
	if got := find[*widget.TextGrid](l.skillsFixture).Text(); got != "#!/bin/sh\necho ok\\u{202E}" {
		t.Errorf("run.sh opened as %q", got)
	}
	press(l.w, fyne.KeyEscape)
	review := l.repo.Requests.Load()

	l.repo.Push("o/repo", pdfV2...) // the source changes before Install
	l.tap(l.w, "Install")
	if e := l.failures(); len(e) != 0 {
		t.Fatalf("install: %v", e)
	}
	want := map[string]string{"SKILL.md": pdfV1[0].Body, "run.sh": pdfV1[1].Body}
	if got := l.skillFiles("pdf"); !maps.Equal(got, want) {
		t.Errorf("installed %q, want the reviewed %q", got, want)
	}
	if n := l.repo.Requests.Load(); n != 2 || review != 2 {
		t.Errorf("%d archive requests (%d by the review), want 2: the list's and the review's, none for the install", n, review)
	}
	if left := l.workFolders(); len(left) != 0 {
		t.Errorf("work folders left: %q", left)
	}
	if !l.says(l.w, "Declared tools ignored: Bash, Read.") {
		t.Error("the list does not warn about the dropped tools")
	}

	// The same skill again: the review is its update, with the diff.
	l.openAdd("o/repo@pdf")
	l.tap(l.w, "Review")
	if l.button(l.w, "Install") != nil || l.button(l.w, "Update") == nil {
		t.Fatalf("an installed skill's review offers Install, or no Update (errors %v)", l.host.shown)
	}
	for _, want := range []string{"pdf is installed.", "SKILL.md — modified", "fill.py — added", "run.sh — removed"} {
		if !l.says(l.w, want) {
			t.Errorf("the update's review does not say %q", want)
		}
	}
	n := l.repo.Requests.Load()
	l.tap(l.w, "Update")
	if e := l.failures(); len(e) != 0 {
		t.Fatalf("update: %v", e)
	}
	want = map[string]string{"SKILL.md": pdfV2[0].Body, "fill.py": pdfV2[1].Body}
	if got := l.skillFiles("pdf"); !maps.Equal(got, want) || l.repo.Requests.Load() != n {
		t.Errorf("updated to %q with %d more requests, want %q with none", got, l.repo.Requests.Load()-n, want)
	}
	list, err := l.mgr.List(l.root)
	if err != nil || len(list.Skills) != 1 || list.Skills[0].Enabled || list.Skills[0].Lock != skills.LockUnchanged {
		t.Fatalf("after the update: %+v, %v; want pdf, off, locked", list, err)
	}
	if left := l.workFolders(); len(left) != 0 {
		t.Errorf("work folders left: %q", left)
	}

	// A review closed with Escape leaves nothing behind.
	l.openAdd("o/repo@other")
	l.tap(l.w, "Review")
	if len(l.workFolders()) != 1 {
		t.Fatalf("the review staged %q", l.workFolders())
	}
	press(l.w, fyne.KeyEscape)
	if left := l.workFolders(); len(left) != 0 || l.dialogOpen() {
		t.Errorf("after Escape: work folders %q, dialog open %v", left, l.dialogOpen())
	}
}
