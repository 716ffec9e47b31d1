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

// fakeSkills is the skills manager in memory: a list, and Add answered by
// the test.
type fakeSkills struct {
	listed   []skills.Listed
	shown    skills.Shown
	switchTo error // SetEnabled's answer
	switched []string
	removed  []string
	sources  []string // Add's source per call, "dry:" for a dry run
	add      func(ctx context.Context, source string, opt skills.AddOptions) (skills.Added, error)
	missing  []string // List's missing
	drift    skills.Drift
	check    func(ctx context.Context, progress skills.CheckProgress) (skills.CheckList, error)
	update   func(ctx context.Context, name string, opt skills.UpdateOptions) (skills.UpdateReview, error)
	restore  func(ctx context.Context, progress skills.CheckProgress) (skills.Restoration, error)
	pinned   []string
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

func (f *fakeSkills) Update(ctx context.Context, _, name string, opt skills.UpdateOptions) (skills.UpdateReview, error) {
	return f.update(ctx, name, opt)
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

func (f *fakeSkills) Add(ctx context.Context, _, source string, opt skills.AddOptions) (skills.Added, error) {
	if opt.DryRun {
		f.sources = append(f.sources, "dry:"+source)
	} else {
		f.sources = append(f.sources, source)
	}
	return f.add(ctx, source, opt)
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
	check := find[*widget.Check](f)
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
	f.m.shown = skills.Shown{Name: "pdf", Description: "Work with PDF files.", Markdown: "# Using PDFs\n\nRun **carefully**.\n", Files: []skills.File{{Path: "SKILL.md", Size: 40}, {Path: "scripts/x.py", Size: 2048}}}
	f.tap(f.w, "View")
	rt := find[*widget.RichText](f)
	if got := rt.String(); !strings.Contains(got, "Using PDFs") || strings.Contains(got, "#") || strings.Contains(got, "**") {
		t.Errorf("SKILL.md rendered as %q, want Markdown rendered", got)
	}
	for _, want := range []string{"scripts/x.py", "2.0 kB", "40 bytes"} {
		if !f.says(f.w, want) {
			t.Errorf("View does not list %q", want)
		}
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

func TestSkillAddReviewThenInstall(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.add = func(_ context.Context, _ string, opt skills.AddOptions) (skills.Added, error) {
		opt.Progress(5000, 10000)
		if opt.DryRun {
			rev := pdfReview
			return skills.Added{Name: "pdf", DryRun: true, Review: &rev, Warnings: []domain.Text{domain.T("declared tools are dropped, the skill is instructions only: {{.Tools}}", "Tools", "Bash"), domain.T("scripts (executable in the archive, installed as plain files): {{.Files}}", "Files", "run.sh")}}, nil
		}
		if opt.Confirm == nil || !opt.Confirm(pdfReview) {
			return skills.Added{}, skills.ErrDeclined
		}
		f.m.listed = append(f.m.listed, pdfListed)
		return skills.Added{Name: "pdf"}, nil
	}
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	for _, want := range []string{"pdf", "Work with PDF files.", "Declared tools are dropped, the skill is instructions only: Bash", "Scripts (executable in the archive, installed as plain files): run.sh", "SKILL.md", "1 files, 120 bytes, into .memo/skills/pdf"} {
		if !f.says(f.w, want) {
			t.Errorf("the review does not say %q", want)
		}
	}
	if len(f.m.listed) != 0 {
		t.Fatal("the review installed")
	}
	f.tap(f.w, "Install")
	if want := []string{"dry:o/repo@pdf", "o/repo@pdf"}; !slices.Equal(f.m.sources, want) {
		t.Errorf("Add called with %v, want %v", f.m.sources, want)
	}
	if f.dialogOpen() || len(f.host.shown) != 0 {
		t.Errorf("after Install: dialog open %v, errors %v", f.dialogOpen(), f.host.shown)
	}
	if !f.says(f.w, "Declared tools ignored: Bash, Read.") {
		t.Error("the list was not read again after the install")
	}
}

func TestSkillAddRefusesWhatChangedSinceTheReview(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.add = func(_ context.Context, _ string, opt skills.AddOptions) (skills.Added, error) {
		if opt.DryRun {
			rev := pdfReview
			return skills.Added{Name: "pdf", Review: &rev}, nil
		}
		changed := pdfReview
		changed.Files = []skills.File{{Path: "SKILL.md", Size: 120}, {Path: "new.sh", Size: 9}}
		if opt.Confirm(changed) {
			return skills.Added{Name: "pdf"}, nil
		}
		return skills.Added{}, skills.ErrDeclined
	}
	f.openAdd("o/repo@pdf")
	f.tap(f.w, "Review")
	f.tap(f.w, "Install")
	if len(f.host.shown) != 1 || !strings.HasPrefix(f.host.shown[0], "Could not install the skill: The skill changed on GitHub") {
		t.Errorf("errors %v, want the skill changed", f.host.shown)
	}
}

func TestSkillAddErrorSaysWhatFailed(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.add = func(context.Context, string, skills.AddOptions) (skills.Added, error) {
		return skills.Added{}, domain.Wrap(domain.ErrNotFound, nil, "no such repository or ref: o/nope")
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

func TestSkillAddChoosesAmongSeveral(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.add = func(_ context.Context, source string, opt skills.AddOptions) (skills.Added, error) {
		if source == "o/repo" {
			return skills.Added{}, &skills.ChoiceError{Source: skills.Source{Owner: "o", Repo: "repo"}, Candidates: []skills.Candidate{
				{Name: "pdf", Folder: "skills/pdf"},
				{Name: "docx", Folder: "skills/docx"},
				{Name: "mirror", Folder: ".tools/mirror", Problem: domain.T("its SKILL.md is a link")},
			}}
		}
		rev := pdfReview
		rev.Name = "docx"
		return skills.Added{Name: "docx", Review: &rev}, nil
	}
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
	if !f.says(f.w, "This source holds 3 skills") || !f.says(f.w, "its SKILL.md is a link") {
		t.Fatal("the choice does not list the skills")
	}
	pick := find[*keyList](f)
	if want := []string{"pdf — skills/pdf", "docx — skills/docx"}; !slices.Equal(listRows(pick), want) {
		t.Errorf("choices %v, want %v (one that cannot be installed is not offered)", listRows(pick), want)
	}
	if !f.button(f.w, "Review").Disabled() {
		t.Error("Review is offered before a skill is picked")
	}
	pick.Select(1)
	f.tap(f.w, "Review")
	if want := []string{"dry:o/repo", "dry:o/repo/skills/docx"}; !slices.Equal(f.m.sources, want) {
		t.Errorf("Add called with %v, want %v", f.m.sources, want)
	}
	if f.button(f.w, "Install") == nil {
		t.Error("the picked skill is not reviewed")
	}
}

func TestSkillAddCancelDuringDownload(t *testing.T) {
	f := newSkillsFixture(t)
	var ctxErr error
	f.m.add = func(ctx context.Context, _ string, opt skills.AddOptions) (skills.Added, error) {
		opt.Progress(1500, 0)
		if !f.says(f.w, "1.5 kB so far") {
			t.Error("the download's progress is not shown")
		}
		opt.Progress(3000, 0) // within 100 ms: not shown
		f.tap(f.w, "Cancel")
		ctxErr = ctx.Err()
		return skills.Added{}, ctx.Err()
	}
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
	if !errors.Is(ctxErr, context.Canceled) {
		t.Errorf("Cancel left the download's context %v", ctxErr)
	}
	if f.dialogOpen() || len(f.host.shown) != 0 {
		t.Errorf("after Cancel: dialog open %v, errors %v", f.dialogOpen(), f.host.shown)
	}
}

func TestSkillAddProgressWithTotal(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.add = func(ctx context.Context, _ string, opt skills.AddOptions) (skills.Added, error) {
		opt.Progress(250_000, 1_000_000)
		if !f.says(f.w, "250.0 kB of 1.0 MB") {
			t.Error("the download's progress does not say bytes of the total")
		}
		if bar := find[*widget.ProgressBar](f); bar.Value != 0.25 {
			t.Errorf("progress bar at %v, want 0.25", bar.Value)
		}
		return skills.Added{}, errors.New("stop")
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
