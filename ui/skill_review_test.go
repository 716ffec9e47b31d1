// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/linediff"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/skills"
)

// pdfStaged is pdf staged for a review: a script, and a SKILL.md with a table.
func pdfStaged() skills.Staged {
	rev := pdfReview
	rev.Files = []skills.File{{Path: "SKILL.md", Size: 120}, {Path: "run.sh", Size: 30, Script: true}}
	rev.Warnings = []domain.Text{domain.T("declared tools are dropped, the skill is instructions only: {{.Tools}}", "Tools", "Bash"), domain.T("scripts (executable in the archive, installed as plain files): {{.Files}}", "Files", "run.sh")}
	return skills.Staged{ID: "s1", Review: rev, Markdown: "# Using PDFs\n\nRun **carefully**.\n\n| Tool | Use |\n|---|---|\n| `pdftotext` | text |\n"}
}

// failures are the error dialogs shown ("title: text"), not the reviews.
func (f *skillsFixture) failures() []string {
	var out []string
	for _, s := range f.host.shown {
		if strings.HasPrefix(s, "Could not") {
			out = append(out, s)
		}
	}
	return out
}

// richTexts is every visible RichText's text.
func (f *skillsFixture) richTexts() string {
	var b strings.Builder
	for _, o := range f.objects(f.w) {
		if rt, ok := o.(*widget.RichText); ok && rt.Visible() {
			b.WriteString(rt.String() + "\n")
		}
	}
	return b.String()
}

func TestSkillAddReviewThenInstall(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(_ context.Context, _ string, opt skills.StageOptions) (skills.Staged, error) {
		opt.Progress(5000, 10000)
		return pdfStaged(), nil
	}
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	for _, want := range []string{"pdf", "Work with PDF files.", "Declared tools are dropped, the skill is instructions only: Bash", "Scripts (executable in the archive, installed as plain files): run.sh", "SKILL.md", "run.sh", "script", "2 files, 120 bytes, into .memo/skills/pdf"} {
		if !f.says(f.w, want) {
			t.Errorf("the review does not say %q", want)
		}
	}
	// The SKILL.md's text, rendered, its table as a grid.
	if text := f.richTexts(); !strings.Contains(text, "Using PDFs") || !strings.Contains(text, "carefully") || !strings.Contains(text, "pdftotext") || strings.Contains(text, "**") || strings.Contains(text, "|") {
		t.Errorf("SKILL.md rendered as %q", text)
	}
	if f.button(f.w, "Update") != nil {
		t.Error("a new skill offers Update")
	}
	if len(f.m.listed) != 0 || len(f.m.applied) != 0 {
		t.Fatal("the review installed")
	}
	f.tap(f.w, "Install")
	if !slices.Equal(f.m.sources, []string{"o/repo@pdf"}) || !slices.Equal(f.m.applied, []string{"install:s1"}) {
		t.Errorf("staged %v and applied %v; want one download and the reviewed skill installed", f.m.sources, f.m.applied)
	}
	if f.dialogOpen() || len(f.failures()) != 0 || len(f.m.discarded) != 0 {
		t.Errorf("after Install: dialog open %v, errors %v, discarded %v", f.dialogOpen(), f.failures(), f.m.discarded)
	}
	if !f.says(f.w, "Declared tools ignored: Bash, Read.") {
		t.Error("the list was not read again after the install")
	}
}

// An install refused (the staged files changed meanwhile) says why.
func TestSkillAddInstallRefusedSaysWhy(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) { return pdfStaged(), nil }
	f.m.apply = domain.T("the files of {{.Name}} changed in {{.Folder}} since the review, so nothing was installed; review it again", "Name", "pdf", "Folder", "/p/.memo/skills/.updating-1").Err(domain.ErrConflict)
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	f.tap(f.w, "Install")
	if e := f.failures(); len(e) != 1 || !strings.HasPrefix(e[0], "Could not install the skill: the files of pdf changed") {
		t.Errorf("errors %v, want the refusal", e)
	}
	if len(f.m.discarded) != 0 {
		t.Errorf("discarded %v: the install had used the staging up", f.m.discarded)
	}
}

// A skill of the same name installed: the review is its update (what
// changes, Update), and Install is not offered.
func TestSkillAddOfAnInstalledSkillOffersUpdate(t *testing.T) {
	f := newSkillsFixture(t, pdfListed)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
		st := pdfStaged()
		st.InstalledFrom = "other/repo/pdf"
		st.Update = &skills.UpdateReview{Name: "pdf", From: lockedPDF.Commit, To: "433ef93232dba315268abc2ff956c4f83a9aa4de",
			Changes: []skills.Change{{Path: "run.sh", Change: skills.ChangeAdded, Hunks: []permissions.Hunk{{OldStart: 0, OldLines: 0, NewStart: 1, NewLines: 1, Lines: []permissions.DiffLine{{Kind: permissions.LineAdded, New: 1, Text: "#!/bin/sh"}}}}}}}
		return st, nil
	}
	f.openAdd("o/repo@pdf")
	if !f.says(f.w, "Add a skill") {
		t.Error("Add… is not titled Add a skill")
	}
	f.tap(f.w, "Review")
	if f.button(f.w, "Install") != nil {
		t.Error("Install is offered for an installed skill")
	}
	if !f.says(f.w, "Update pdf") || f.says(f.w, "Add a skill") {
		t.Error("the update's review is not titled Update pdf")
	}
	for _, want := range []string{"pdf is installed. From 7bcaf8a to 433ef93:", "run.sh — added", "The installed pdf came from other/repo/pdf"} {
		if !f.says(f.w, want) {
			t.Errorf("the update's review does not say %q", want)
		}
	}
	if d := find[*diffView](f); !strings.Contains(d.text(), "#!/bin/sh") {
		t.Errorf("the diff shows %q", d.text())
	}
	f.tap(f.w, "Update")
	if !slices.Equal(f.m.applied, []string{"update:s1"}) || f.dialogOpen() {
		t.Errorf("Update applied %v, dialog open %v", f.m.applied, f.dialogOpen())
	}
}

// A folder in the way (a name that differs in case): neither Install nor
// Update, and the review says why.
func TestSkillAddWithAFolderInTheWay(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
		st := pdfStaged()
		st.Conflict = "PDF"
		return st, nil
	}
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	if f.button(f.w, "Install") != nil || f.button(f.w, "Update") != nil || !f.says(f.w, "A skill named PDF is installed in the way") {
		t.Error("a skill with a folder in the way can be applied, or does not say why not")
	}
	f.tap(f.w, "Cancel")
	if !slices.Equal(f.m.discarded, []string{"s1"}) {
		t.Errorf("Cancel discarded %v, want the staged skill", f.m.discarded)
	}
}

// openButtons are the review's Open buttons, one per file.
func (f *skillsFixture) openButtons() []*widget.Button {
	var open []*widget.Button
	for _, o := range f.objects(f.w) {
		if b, ok := o.(*focusButton); ok && b.Text == "Open" {
			open = append(open, &b.Button)
		}
	}
	return open
}

// The review opens each file inside the window as text, hidden characters
// written as code points and marked; nothing is handed to the desktop.
func TestSkillReviewOpensFiles(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) { return pdfStaged(), nil }
	f.m.files = map[string]skills.FileText{"run.sh": {Path: "run.sh", Size: 30, Text: "#!/bin/sh\necho safe\u202e\tdone\n"}}
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	review := f.w.Canvas().Overlays().Top()
	open := f.openButtons()
	if len(open) != 2 {
		t.Fatalf("%d Open buttons, want one per file", len(open))
	}
	test.Tap(open[1])
	if !slices.Equal(f.m.read, []string{"s1:run.sh"}) || f.w.Canvas().Overlays().Top() == review {
		t.Fatalf("Open read %v; want run.sh of the staged skill, shown over the review", f.m.read)
	}
	grid := find[*widget.TextGrid](f)
	if got := grid.Text(); got != "#!/bin/sh\necho safe\\u{202E}   done" { // the tab to column 20; no empty line after the last
		t.Errorf("the file shows %q", got)
	}
	row := grid.Row(1)
	if st := row.Cells[9].Style; st == nil || st.TextColor() == nil {
		t.Error("the hidden character is not marked")
	}
	if st := row.Cells[0].Style; st != nil {
		t.Error("plain text is marked")
	}
	if !f.says(f.w, "Hidden characters are written as their code points") {
		t.Error("the file does not say that it hides characters")
	}
	if len(f.host.urls) != 0 {
		t.Errorf("opening a file handed %v to the desktop", f.host.urls)
	}
	press(f.w, fyne.KeyEscape)
	if f.w.Canvas().Overlays().Top() != review {
		t.Fatal("Escape did not close the file, back to the review")
	}
	// A binary file shows its first bytes as hex.
	f.m.files["SKILL.md"] = skills.FileText{Path: "SKILL.md", Size: 6, Binary: true, Head: []byte("\x89PNG\x00\x01")}
	test.Tap(f.openButtons()[0])
	if got := find[*widget.TextGrid](f).Text(); !strings.HasPrefix(got, "00000000  89 50 4e 47 00 01") || !f.says(f.w, "Not text") {
		t.Errorf("a binary file shows %q", got)
	}
}

// TestSkillReviewMarksNestedArchives: an archive holding scripts and one
// Memo cannot read are marked as such in the file list, not as plain files.
func TestSkillReviewMarksNestedArchives(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(_ context.Context, _ string, opt skills.StageOptions) (skills.Staged, error) {
		st := pdfStaged()
		st.Review.Files = append(st.Review.Files,
			skills.File{Path: "tools.zip", Size: 400, Script: true, ArchiveScripts: []string{"bin/run.sh"}},
			skills.File{Path: "broken.zip", Size: 20, Script: true, ArchiveUnreadable: true},
			skills.File{Path: "docs.zip", Size: 90})
		return st, nil
	}
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	for _, want := range []string{"tools.zip", "archive holding scripts", "broken.zip", "archive Memo cannot read", "docs.zip"} {
		if !f.says(f.w, want) {
			t.Errorf("the review does not say %q", want)
		}
	}
}

// TestSkillUpdateShowsHunks: a changed file of an update shows its changed
// lines with three lines of context under a hunk header, as the permissions
// diff does, not the whole file.
func TestSkillUpdateShowsHunks(t *testing.T) {
	var old, new strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&old, "line %d\n", i)
		if i == 20 {
			fmt.Fprintf(&new, "line twenty\n")
		} else {
			fmt.Fprintf(&new, "line %d\n", i)
		}
	}
	hunks, err := linediff.Hunks([]byte(old.String()), []byte(new.String()), linediff.Context)
	if err != nil {
		t.Fatal(err)
	}
	f := newSkillsFixture(t, pdfListed)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
		st := pdfStaged()
		st.Update = &skills.UpdateReview{Name: "pdf", From: lockedPDF.Commit, To: "433ef93232dba315268abc2ff956c4f83a9aa4de",
			Changes: []skills.Change{{Path: "notes.md", Change: skills.ChangeModified, Hunks: hunks}}}
		return st, nil
	}
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	text := find[*diffView](f).text()
	for _, want := range []string{"@@ -17,7 +17,7 @@", "line 17", "line 20", "line twenty", "line 23"} {
		if !strings.Contains(text, want) {
			t.Errorf("the diff\n%s\ndoes not show %q", text, want)
		}
	}
	for _, not := range []string{"line 1\n", "line 16", "line 24", "line 40"} {
		if strings.Contains(text, not) {
			t.Errorf("the diff\n%s\nshows %q, outside the hunk", text, not)
		}
	}
}
