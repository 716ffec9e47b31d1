package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

// skillAddDialog is Add…: a source parsed as it is typed, the download with
// its progress and Cancel, a list to pick from when the source holds several
// skills, then the review (a dry run: nothing written) with Install.
type skillAddDialog struct {
	*stagedDialog
	root string
	m    skillsManager
	done func() // after an install: the tab lists again

	source *cancelableEntry
	parsed *widget.Label
	next   *focusButton // Review on the source step
}

func newSkillAddDialog(root string, m skillsManager, d *dialogs, r runner, done func()) *skillAddDialog {
	a := &skillAddDialog{stagedDialog: newStagedDialog(lang.L("Add a skill"), d, r), root: root, m: m, done: done}
	a.source = newCancelableEntry(false)
	a.source.onEscape = a.close
	a.source.SetPlaceHolder("owner/repo, owner/repo@skill, https://github.com/…, npx skills add …")
	a.parsed = &widget.Label{Wrapping: fyne.TextWrapWord}
	a.next = newButton(lang.L("Review"), theme.SearchIcon(), widget.HighImportance, a.review)
	a.source.OnChanged = func(string) { a.parse() }
	a.source.OnSubmitted = func(string) {
		if !a.next.Disabled() {
			a.review()
		}
	}
	return a
}

func (a *skillAddDialog) show() {
	a.showSource()
	size := a.parent.win.Canvas().Size()
	a.d.Resize(fyne.NewSize(min(640, size.Width-40), 0))
	keysWhileShown(a.parent.win, a.d, a.close, nil)
	a.d.Show()
	a.parent.win.Canvas().Focus(a.source)
}

// showSource is the first step: the source box and what it was read as.
func (a *skillAddDialog) showSource() {
	a.parse()
	intro := &widget.Label{Text: lang.L("Paste where the skill is on GitHub: owner/repo, a folder of it, a github.com link, or a line such as npx skills add owner/repo --skill name. Memo only reads the line; it never runs it."), Wrapping: fyne.TextWrapWord}
	a.setStage(container.NewVBox(intro, a.source, a.parsed), a.cancelButton(), a.next)
}

// parse reads the source box as it is typed: what it understood, or what
// was expected.
func (a *skillAddDialog) parse() {
	text := strings.TrimSpace(a.source.Text)
	if text == "" {
		a.parsed.Importance = widget.MediumImportance
		a.parsed.SetText(lang.L("Nothing typed yet."))
		a.next.Disable()
		return
	}
	src, err := skills.ParseSource(text)
	if err != nil {
		a.parsed.Importance = widget.DangerImportance
		a.parsed.SetText(capitalize(say(err)) + ".")
		a.next.Disable()
		return
	}
	a.parsed.Importance = widget.SuccessImportance
	a.parsed.SetText(sourceText(src))
	a.next.Enable()
}

// sourceText says what a source was read as.
func sourceText(src skills.Source) string {
	ref := src.Ref
	if ref == "" {
		ref = lang.L("the default branch")
	}
	folder := src.Path
	if folder == "" {
		folder = lang.L("the repository root")
	}
	parts := []string{
		lang.L("Owner: {{.V}}", map[string]any{"V": src.Owner}),
		lang.L("Repository: {{.V}}", map[string]any{"V": src.Repo}),
		lang.L("Ref: {{.V}}", map[string]any{"V": ref}),
		lang.L("Folder: {{.V}}", map[string]any{"V": folder}),
	}
	if src.Skill != "" {
		parts = append(parts, lang.L("Skill: {{.V}}", map[string]any{"V": src.Skill}))
	}
	return strings.Join(parts, " · ")
}

// capitalize starts a sentence with a capital letter (in Turkish, i becomes İ).
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	up := unicode.ToUpper(r)
	if strings.HasPrefix(string(lang.SystemLocale()), "tr") {
		up = unicode.TurkishCase.ToUpper(r) // i → İ
	}
	return string(up) + s[n:]
}

// start runs one Add with the download's progress and a cancel; then gets
// its answer unless it was cancelled meanwhile.
func (a *skillAddDialog) start(source string, opt skills.AddOptions, then func(skills.Added, error)) {
	runStaged(a.stagedDialog, func(ctx context.Context, progress skills.Progress) (skills.Added, error) {
		opt.Progress = progress
		return a.m.Add(ctx, a.root, source, opt)
	}, then)
}

// review downloads the source and judges it, writing nothing.
func (a *skillAddDialog) review() { a.reviewSource(strings.TrimSpace(a.source.Text)) }

func (a *skillAddDialog) reviewSource(source string) {
	a.showProgress(lang.L("Downloading {{.Source}} to review it…", map[string]any{"Source": source}))
	a.start(source, skills.AddOptions{DryRun: true}, func(added skills.Added, err error) {
		var choice *skills.ChoiceError
		switch {
		case errors.As(err, &choice):
			a.showChoice(choice)
		case err != nil:
			a.showSource()
			a.parent.showError(lang.L("Could not review the skill"), err)
		case added.Review == nil:
			a.showSource()
		default:
			a.showReview(source, *added.Review, added.Warnings)
		}
	})
}

// showChoice lists the skills a source holds; the one picked is reviewed
// by its folder, which names exactly one.
func (a *skillAddDialog) showChoice(e *skills.ChoiceError) {
	var folders []string
	var options []string
	cannot := container.NewVBox()
	for _, c := range e.Candidates {
		where := c.Folder
		if where == "" {
			where = lang.L("the repository root")
		}
		text := c.Name + " — " + where
		if !c.Problem.IsZero() {
			cannot.Add(&widget.Label{Text: text + ": " + lang.L("cannot be installed:") + " " + sayText(c.Problem), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
			continue
		}
		options = append(options, text)
		folders = append(folders, c.Folder)
	}
	next := newButton(lang.L("Review"), theme.SearchIcon(), widget.HighImportance, nil)
	next.Disable()
	// Space or a click picks a skill; Enter on one reviews it at once.
	picked := -1
	review := func(i int) {
		src := e.Source
		src.Path, src.Skill = folders[i], ""
		a.reviewSource(src.String())
	}
	pick := newKeyList(func() int { return len(options) }, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(options[id]) })
	pick.onSelect = func(i int) { picked = i; next.Enable() }
	pick.onEnter = review
	pick.onBack, pick.onEscape = a.showSource, a.close
	next.OnTapped = func() {
		if picked >= 0 {
			review(picked)
		}
	}
	intro := &widget.Label{Text: lang.L("This source holds {{.N}} skills. Choose the one to add:", map[string]any{"N": len(e.Candidates)}), Wrapping: fyne.TextWrapWord}
	back := newButton(lang.L("Back"), theme.NavigateBackIcon(), widget.MediumImportance, a.showSource)
	// The list is as tall as its skills, up to a third of a screen; the
	// ones that cannot be installed are said under it.
	rowH := widget.NewLabel("M").MinSize().Height + theme.Padding()
	list := container.New(&minHeightLayout{min(float32(len(options))*rowH, 300)}, pick)
	a.setStage(container.NewVBox(intro, list, cannot), a.cancelButton(), back, next)
	if c := a.parent.win.Canvas(); c != nil && len(options) > 0 {
		c.Focus(pick)
	}
}

// showReview shows what the skill is before anything is written.
func (a *skillAddDialog) showReview(source string, rev skills.Review, warnings []domain.Text) {
	box := container.NewVBox(
		&widget.Label{Text: rev.Name, TextStyle: fyne.TextStyle{Bold: true}},
		&widget.Label{Text: rev.Description, Wrapping: fyne.TextWrapWord},
		&widget.Label{Text: lang.L("{{.N}} files, {{.Size}}, into .memo/skills/{{.Name}}. It stays off until you switch it on.", map[string]any{"N": len(rev.Files), "Size": sizeText(rev.Size), "Name": rev.Name}), Wrapping: fyne.TextWrapWord},
	)
	// The warnings name the dropped tools, scripts, LFS pointers and hidden
	// Unicode: what a reviewer would want to see.
	for _, w := range warnings {
		box.Add(&widget.Label{Text: capitalize(sayText(w)), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	files := container.NewVBox()
	for _, f := range rev.Files {
		files.Add(container.NewBorder(nil, nil, nil, widget.NewLabel(sizeText(f.Size)), &widget.Label{Text: f.Path, Truncation: fyne.TextTruncateEllipsis}))
	}
	scroll := container.NewVScroll(files)
	scroll.SetMinSize(fyne.NewSize(0, 160))
	box.Add(heading(lang.L("Files")))
	install := newButton(lang.L("Install"), theme.DownloadIcon(), widget.HighImportance, func() { a.install(source, rev) })
	a.setStage(readingOrder(box, nil, scroll), a.cancelButton(), install)
}

// install downloads again and installs only what was reviewed: a skill that
// changed on GitHub meanwhile is refused.
func (a *skillAddDialog) install(source string, reviewed skills.Review) {
	a.showProgress(lang.L("Downloading {{.Source}} to install it…", map[string]any{"Source": source}))
	a.start(source, skills.AddOptions{Confirm: func(r skills.Review) bool { return sameSkill(reviewed, r) }}, func(added skills.Added, err error) {
		switch {
		case errors.Is(err, skills.ErrDeclined):
			a.showSource()
			a.parent.showError(lang.L("Could not install the skill"), errors.New(lang.L("The skill changed on GitHub between the review and the install, so nothing was installed. Review it again.")))
		case err != nil:
			a.showSource()
			a.parent.showError(lang.L("Could not install the skill"), err)
		default:
			a.close()
			a.done()
		}
	})
}

// sameSkill: what is about to be installed is what was reviewed.
func sameSkill(a, b skills.Review) bool {
	return a.Name == b.Name && a.Size == b.Size && slices.Equal(a.Files, b.Files) && slices.Equal(a.DroppedTools, b.DroppedTools)
}
