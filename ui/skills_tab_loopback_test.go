package ui

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

// githubTarball is an archive shaped as codeload serves it: a pax global
// header, then everything under one top folder.
func githubTarball(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(tw.WriteHeader(&tar.Header{Typeflag: tar.TypeXGlobalHeader, Name: "pax_global_header", PAXRecords: map[string]string{"comment": "0123abcd"}}))
	must(tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: "repo-main/", Mode: 0o755}))
	for name, body := range files {
		must(tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: "repo-main/" + name, Mode: 0o644, Size: int64(len(body))}))
		_, err := tw.Write([]byte(body))
		must(err)
	}
	must(tw.Close())
	must(gz.Close())
	return buf.Bytes()
}

// The Skills tab against the real manager and a loopback archive server:
// review, install (files on disk, switch off), switch on, remove.
func TestSkillsTabWithALoopbackArchiveServer(t *testing.T) {
	test.NewTempApp(t)
	archive := githubTarball(t, map[string]string{
		"skills/pdf/SKILL.md":   "---\nname: pdf\ndescription: Work with PDF files.\nallowed-tools: Bash, Read\n---\n# PDF\nUse pdftotext.\n",
		"skills/pdf/ref.md":     "notes\n",
		"skills/other/SKILL.md": "---\nname: other\ndescription: Another skill.\n---\nbody\n",
	})
	var requests int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests++
		if r.URL.Path != "/o/repo/tar.gz/HEAD" {
			http.NotFound(w, r)
			return
		}
		w.Write(archive)
	}))
	defer srv.Close()

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
	switches := skillstest.NewSwitches()
	svc, err := skills.NewService(switches, srv.Client(), srv.URL)
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

	f.openAdd("o/repo")
	f.tap(w, "Review")
	// Two skills: the dialog offers them instead of failing.
	pick := find[*keyList](f)
	got := listRows(pick)
	if len(got) != 2 || !slices.Contains(got, "pdf — skills/pdf") {
		t.Fatalf("choices %v (errors %v), want pdf and other", got, host.shown)
	}
	pick.Select(slices.Index(got, "pdf — skills/pdf"))
	f.tap(w, "Review")
	if !f.says(w, "Work with PDF files.") {
		t.Fatalf("no review of pdf (errors %v)", host.shown)
	}
	if _, err := os.Stat(filepath.Join(root, ".memo", "skills", "pdf")); !os.IsNotExist(err) {
		t.Fatalf("the review wrote the skill: %v", err)
	}
	f.tap(w, "Install")
	if len(host.shown) != 0 {
		t.Fatalf("install: %v", host.shown)
	}
	b, err := os.ReadFile(filepath.Join(root, ".memo", "skills", "pdf", "SKILL.md"))
	if err != nil || !bytes.Contains(b, []byte("Use pdftotext.")) {
		t.Fatalf("SKILL.md on disk: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(root, ".memo", "skills", "other")); !os.IsNotExist(err) {
		t.Errorf("the skill not chosen was installed too: %v", err)
	}
	if !f.says(w, "Declared tools ignored: Bash, Read.") {
		t.Error("the list does not warn about the dropped tools")
	}
	list, err := mgr.List(root)
	if err != nil || len(list.Skills) != 1 || list.Skills[0].Enabled {
		t.Fatalf("after install: %+v, %v; want pdf, off", list, err)
	}
	if requests < 2 {
		t.Errorf("%d archive requests, want the review's and the install's", requests)
	}
}
