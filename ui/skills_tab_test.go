// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

// fakeSkills is the skills manager in memory: a list, and the staging of
// a review answered by the test.
type fakeSkills struct {
	listed   []skills.Listed
	shown    skills.Shown
	switchTo error // SetEnabled's answer
	switched []string
	removed  []string
	sources  []string // Stage's source per call
	stage    func(ctx context.Context, source string, opt skills.StageOptions) (skills.Staged, error)
	// stageUpdate is StageUpdate's answer.
	stageUpdate func(ctx context.Context, name string, progress skills.Progress) (skills.Staged, error)
	// applied are the ids InstallStaged ("install:") and UpdateStaged
	// ("update:") were given; apply is their error.
	applied   []string
	apply     error
	discarded []string
	files     map[string]skills.FileText // by path: ShowFile and StagedFile
	read      []string                   // "name/path" or "id:path" of each file read
	missing   []string                   // List's missing
	drift     skills.Drift
	check     func(ctx context.Context, progress skills.CheckProgress) (skills.CheckList, error)
	restore   func(ctx context.Context, progress skills.CheckProgress) (skills.Restoration, error)
	pinned    []string
}

func (f *fakeSkills) Stage(ctx context.Context, _, source string, opt skills.StageOptions) (skills.Staged, error) {
	f.sources = append(f.sources, source)
	return f.stage(ctx, source, opt)
}

func (f *fakeSkills) StageUpdate(ctx context.Context, _, name string, progress skills.Progress) (skills.Staged, error) {
	return f.stageUpdate(ctx, name, progress)
}

func (f *fakeSkills) InstallStaged(_, id string) (skills.Added, error) {
	f.applied = append(f.applied, "install:"+id)
	if f.apply != nil {
		return skills.Added{}, f.apply
	}
	f.listed = append(f.listed, pdfListed)
	return skills.Added{Name: "pdf"}, nil
}

func (f *fakeSkills) UpdateStaged(_, id string) (skills.UpdateReview, error) {
	f.applied = append(f.applied, "update:"+id)
	return skills.UpdateReview{}, f.apply
}

func (f *fakeSkills) Discard(id string) { f.discarded = append(f.discarded, id) }

func (f *fakeSkills) file(key, rel string) (skills.FileText, error) {
	f.read = append(f.read, key+rel)
	ft, ok := f.files[rel]
	if !ok {
		return skills.FileText{}, domain.NotFound("%s does not exist", rel)
	}
	return ft, nil
}

func (f *fakeSkills) ShowFile(_, name, rel string) (skills.FileText, error) {
	return f.file(name+"/", rel)
}

func (f *fakeSkills) StagedFile(_, id, rel string) (skills.FileText, error) {
	return f.file(id+":", rel)
}

func (f *fakeSkills) List(string) (skills.SkillList, error) {
	return skills.SkillList{Skills: slices.Clone(f.listed), Missing: slices.Clone(f.missing)}, nil
}

func (f *fakeSkills) Changed(_, name string) (skills.Drift, error) {
	if f.drift.Name != name {
		return skills.Drift{}, domain.NotFound("no copy of %s", name)
	}
	return f.drift, nil
}

func (f *fakeSkills) Check(ctx context.Context, _ string, progress skills.CheckProgress) (skills.CheckList, error) {
	return f.check(ctx, progress)
}

func (f *fakeSkills) Restore(ctx context.Context, _ string, progress skills.CheckProgress) (skills.Restoration, error) {
	return f.restore(ctx, progress)
}

func (f *fakeSkills) Pin(_, name string) (skills.Pinned, error) {
	f.pinned = append(f.pinned, name)
	return skills.Pinned{Name: name}, nil
}

func (f *fakeSkills) Show(_, name string) (skills.Shown, error) {
	if f.shown.Name != name {
		return skills.Shown{}, domain.NotFound("no skill named %s", name)
	}
	return f.shown, nil
}

func (f *fakeSkills) Remove(_, name string) (skills.Removed, error) {
	f.removed = append(f.removed, name)
	f.listed = slices.DeleteFunc(f.listed, func(l skills.Listed) bool { return l.Name == name })
	return skills.Removed{Name: name, Removed: true}, nil
}

func (f *fakeSkills) SetEnabled(_, name string, on bool) (skills.Switched, error) {
	if f.switchTo != nil {
		return skills.Switched{}, f.switchTo
	}
	f.switched = append(f.switched, name+":"+map[bool]string{true: "on", false: "off"}[on])
	return skills.Switched{Name: name, Enabled: on}, nil
}

// fakeSkillsHost is the window as the tab sees it: its dialogs, heard, and
// the skills manager.
type fakeSkillsHost struct {
	win   fyne.Window
	m     skillsManager
	shown []string // "title: text" of each message dialog, as the window words it
	urls  []string
}

func (h *fakeSkillsHost) dialogs() *dialogs {
	return &dialogs{win: h.win, run: inline(),
		shown:       func(title, text string) { h.shown = append(h.shown, title+": "+text) },
		openURLWith: func(u string) error { h.urls = append(h.urls, u); return nil }}
}

func (h *fakeSkillsHost) manager() (skillsManager, error) { return h.m, nil }

type skillsFixture struct {
	*fixture
	tab  *skillsTab
	host *fakeSkillsHost
	m    *fakeSkills
	w    fyne.Window
}

func newSkillsFixture(t *testing.T, listed ...skills.Listed) *skillsFixture {
	t.Helper()
	test.NewTempApp(t)
	m := &fakeSkills{listed: listed}
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 700))
	host := &fakeSkillsHost{win: w, m: m}
	tab := newSkillsTab("/p", host.dialogs(), host.manager, inline())
	w.SetContent(tab.content())
	tab.refresh()
	return &skillsFixture{fixture: &fixture{t: t}, tab: tab, host: host, m: m, w: w}
}

// find returns the first reachable object of type T.
func find[T fyne.CanvasObject](f *skillsFixture) T {
	f.t.Helper()
	for _, o := range f.objects(f.w) {
		if v, ok := o.(T); ok && o.Visible() {
			return v
		}
	}
	var zero T
	f.t.Fatalf("no visible %T", zero)
	return zero
}

func (f *skillsFixture) dialogOpen() bool {
	top := f.w.Canvas().Overlays().Top()
	return top != nil && top.Visible()
}

var pdfListed = skills.Listed{Name: "pdf", Description: "Work with PDF files.", DroppedTools: []string{"Bash", "Read"}, Source: "o/repo/skills/pdf"}

func TestSkillsTabEmpty(t *testing.T) {
	f := newSkillsFixture(t)
	if !f.says(f.w, "No project skills yet") {
		t.Error("an empty list does not say there are no skills")
	}
	if f.button(f.w, "Add…") == nil {
		t.Error("no Add… button")
	}
	if f.button(f.w, "Remove…") != nil {
		t.Error("an empty list offers Remove")
	}
}

func TestSkillsTabListsDroppedToolsAndSource(t *testing.T) {
	f := newSkillsFixture(t, pdfListed, skills.Listed{Name: "plain", Description: "No tools.", DroppedTools: []string{}})
	if f.says(f.w, "No project skills yet") {
		t.Error("a list with skills says it is empty")
	}
	for _, want := range []string{"pdf", "Work with PDF files.", "Declared tools ignored: Bash, Read.", "plain", "No tools."} {
		if !f.says(f.w, want) {
			t.Errorf("the list does not say %q", want)
		}
	}
	n := 0
	for _, o := range f.objects(f.w) {
		if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "Declared tools ignored") {
			n++
			if l.Importance != widget.WarningImportance {
				t.Errorf("the dropped tools are not a warning: %v", l.Importance)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d dropped-tools warnings, want 1 (only pdf dropped tools)", n)
	}
	f.tap(f.w, "Open source") // only pdf has a recorded source
	if want := []string{"https://github.com/o/repo/tree/HEAD/skills/pdf"}; !slices.Equal(f.host.urls, want) {
		t.Errorf("Open source opened %v, want %v", f.host.urls, want)
	}
}

func TestSkillsTabToggle(t *testing.T) {
	f := newSkillsFixture(t, pdfListed)
	check := find[*focusCheck](f)
	if check.Checked {
		t.Fatal("an off skill shows as on")
	}
	test.Tap(check)
	test.Tap(check)
	if want := []string{"pdf:on", "pdf:off"}; !slices.Equal(f.m.switched, want) {
		t.Errorf("switched %v, want %v", f.m.switched, want)
	}
	// A switch that cannot be stored goes back and says why.
	f.m.switchTo = domain.NotFound("no skill named pdf in /p")
	test.Tap(check)
	if check.Checked {
		t.Error("a failed switch stays on")
	}
	if want := []string{"Could not switch the skill on: no skill named pdf in /p"}; !slices.Equal(f.host.shown, want) {
		t.Errorf("errors %v, want %v", f.host.shown, want)
	}
}

func TestSkillsTabRemoveConfirms(t *testing.T) {
	f := newSkillsFixture(t, pdfListed)
	f.tap(f.w, "Remove…")
	if !f.says(f.w, ".memo/skills/pdf") {
		t.Error("the confirmation does not say what is deleted")
	}
	f.tap(f.w, "Cancel")
	if len(f.m.removed) != 0 || f.dialogOpen() {
		t.Fatalf("Cancel removed %v (dialog open: %v)", f.m.removed, f.dialogOpen())
	}
	f.tap(f.w, "Remove…")
	f.tap(f.w, "Remove")
	if !slices.Equal(f.m.removed, []string{"pdf"}) {
		t.Errorf("removed %v, want [pdf]", f.m.removed)
	}
	if !f.says(f.w, "No project skills yet") {
		t.Error("the list was not read again after removing")
	}
}

func TestSkillsTabViewRendersMarkdown(t *testing.T) {
	f := newSkillsFixture(t, pdfListed)
	f.m.shown = skills.Shown{Name: "pdf", Description: "Work with PDF files.", Markdown: "# Using PDFs\n\nRun **carefully**.\n\n| Tool | Does |\n|---|---|\n| `qpdf` | splits |\n| pdftotext | reads |\n", Files: []skills.File{{Path: "SKILL.md", Size: 40}, {Path: "scripts/x.py", Size: 2048}}}
	f.m.files = map[string]skills.FileText{"scripts/x.py": {Path: "scripts/x.py", Size: 2048, Text: "import os\n"}}
	f.tap(f.w, "View")
	if got := f.richTexts(); !strings.Contains(got, "Using PDFs") || strings.Contains(got, "#") || strings.Contains(got, "**") || strings.Contains(got, "|") {
		t.Errorf("SKILL.md rendered as %q, want Markdown rendered", got)
	}
	// The table is a grid of cells: row by row, column by column.
	var cells []string
	for _, o := range f.objects(f.w) {
		if c, ok := o.(*fyne.Container); ok {
			if l, ok := c.Layout.(*mdTableLayout); ok {
				for _, row := range l.cells {
					for _, cell := range row {
						cells = append(cells, cell.String())
					}
				}
			}
		}
	}
	if want := []string{"Tool", "Does", "qpdf", "splits", "pdftotext", "reads"}; !slices.Equal(cells, want) {
		t.Errorf("the table's cells %q, want %q", cells, want)
	}
	for _, want := range []string{"scripts/x.py", "2.0 kB", "40 bytes"} {
		if !f.says(f.w, want) {
			t.Errorf("View does not list %q", want)
		}
	}
	test.Tap(f.openButtons()[1])
	if !slices.Equal(f.m.read, []string{"pdf/scripts/x.py"}) || find[*widget.TextGrid](f).Text() != "import os" {
		t.Errorf("Open read %v", f.m.read)
	}
	if len(f.host.urls) != 0 {
		t.Errorf("opening a file handed %v to the desktop", f.host.urls)
	}
}

// openAdd opens Add… and types source into its box.
func (f *skillsFixture) openAdd(source string) {
	f.t.Helper()
	f.tap(f.w, "Add…")
	if !f.dialogOpen() {
		f.t.Fatal("Add… opened no dialog")
	}
	test.Type(find[*cancelableEntry](f), source)
}

var pdfReview = skills.Review{Name: "pdf", Description: "Work with PDF files.", Files: []skills.File{{Path: "SKILL.md", Size: 120}}, Size: 120, DroppedTools: []string{"Bash"}}

func TestSkillAddParsesAsTyped(t *testing.T) {
	f := newSkillsFixture(t)
	f.openAdd("gitlab.com/o/r")
	if !f.says(f.w, "expected a GitHub source such as owner/repo") {
		t.Error("an other host does not say what was expected")
	}
	if b := f.button(f.w, "Review"); b == nil || !b.Disabled() {
		t.Error("Review is offered for a source that does not parse")
	}
	entry := find[*cancelableEntry](f)
	entry.SetText("")
	test.Type(entry, "npx skills add acme/tools --skill pdf -y")
	if !f.says(f.w, "Owner: acme · Repository: tools · Ref: the default branch · Folder: the repository root · Skill: pdf") {
		t.Error("a pasted line is not shown as what it was read as")
	}
	if b := f.button(f.w, "Review"); b == nil || b.Disabled() {
		t.Error("Review is not offered for a source that parses")
	}
	if len(f.m.sources) != 0 {
		t.Errorf("typing downloaded %v", f.m.sources)
	}
}

func TestSkillAddErrorSaysWhatFailed(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
		return skills.Staged{}, domain.Wrap(domain.ErrNotFound, nil, "no such repository or ref: o/nope")
	}
	f.openAdd("o/nope")
	f.tap(f.w, "Review")
	if want := []string{"Could not review the skill: no such repository or ref: o/nope"}; !slices.Equal(f.host.shown, want) {
		t.Errorf("errors %v, want %v", f.host.shown, want)
	}
	f.tap(f.w, "Close") // the error, over the Add dialog
	if find[*cancelableEntry](f).Text != "o/nope" {
		t.Error("after an error the source box lost what was typed")
	}
}

func TestSkillAddCancelDuringDownload(t *testing.T) {
	f := newSkillsFixture(t)
	var ctxErr error
	f.m.stage = func(ctx context.Context, _ string, opt skills.StageOptions) (skills.Staged, error) {
		opt.Progress(1500, 0)
		if !f.says(f.w, "1.5 kB so far") {
			t.Error("the download's progress is not shown")
		}
		opt.Progress(3000, 0) // within 100 ms: not shown
		f.tap(f.w, "Cancel")
		ctxErr = ctx.Err()
		// Staged all the same, just as Cancel came: it goes.
		return skills.Staged{ID: "late", Review: pdfReview}, nil
	}
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
	if !errors.Is(ctxErr, context.Canceled) {
		t.Errorf("Cancel left the download's context %v", ctxErr)
	}
	if f.dialogOpen() || len(f.host.shown) != 0 {
		t.Errorf("after Cancel: dialog open %v, errors %v", f.dialogOpen(), f.host.shown)
	}
	if !slices.Equal(f.m.discarded, []string{"late"}) {
		t.Errorf("discarded %v, want the staging that came too late", f.m.discarded)
	}
}

func TestSkillAddProgressWithTotal(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(ctx context.Context, _ string, opt skills.StageOptions) (skills.Staged, error) {
		opt.Progress(250_000, 1_000_000)
		if !f.says(f.w, "250.0 kB of 1.0 MB") {
			t.Error("the download's progress does not say bytes of the total")
		}
		if bar := find[*widget.ProgressBar](f); bar.Value != 0.25 {
			t.Errorf("progress bar at %v, want 0.25", bar.Value)
		}
		return skills.Staged{}, errors.New("stop")
	}
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
}

// Escape closes Add… whether its source box has the focus or nothing has,
// and closes View; the window's own keys come back afterwards.
func TestEscapeClosesTheSkillDialogs(t *testing.T) {
	for _, focused := range []bool{true, false} {
		f := newSkillsFixture(t)
		before := f.w.Canvas().OnTypedKey()
		f.openAdd("acme/tools")
		if !focused {
			f.w.Canvas().Unfocus()
		}
		press(f.w, fyne.KeyEscape)
		if f.dialogOpen() {
			t.Errorf("Add… (source box focused %v): Escape left it open", focused)
		}
		if len(f.m.sources) != 0 {
			t.Errorf("Escape downloaded %v", f.m.sources)
		}
		if got := f.w.Canvas().OnTypedKey(); (got == nil) != (before == nil) {
			t.Error("the window's key handler was not given back after Add… closed")
		}
	}
	// The review: Escape closes it whatever has the focus (its Install
	// button, a file's Open, nothing), and its staged skill goes.
	for _, focus := range []string{"Install", "Open", ""} {
		f := newSkillsFixture(t)
		f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) { return pdfStaged(), nil }
		f.openAdd("o/repo@pdf")
		f.tap(f.w, "Review")
		if focus != "" {
			f.w.Canvas().Focus(f.focusable(f.w, focus))
		}
		press(f.w, fyne.KeyEscape)
		if f.dialogOpen() || !slices.Equal(f.m.discarded, []string{"s1"}) {
			t.Errorf("review (focus on %q): Escape left it open %v, discarded %v", focus, f.dialogOpen(), f.m.discarded)
		}
	}
	// The list to pick from, focused: Escape closes the dialog.
	f := newSkillsFixture(t)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
		return skills.Staged{}, &skills.ChoiceError{Candidates: []skills.Candidate{{Name: "a"}, {Name: "b", Folder: "b"}}}
	}
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
	press(f.w, fyne.KeyEscape)
	if f.dialogOpen() {
		t.Error("Escape on the list to pick from left the dialog open")
	}
	for _, key := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		f := newSkillsFixture(t, pdfListed)
		f.m.shown = skills.Shown{Name: "pdf", Markdown: "# PDFs\n"}
		f.tap(f.w, "View")
		if !f.dialogOpen() {
			t.Fatal("View opened nothing")
		}
		press(f.w, key)
		if f.dialogOpen() {
			t.Errorf("View: %s left it open", key)
		}
	}
}
