// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// skillAddDialog is Add…: a source parsed as it is typed, the download with
// its progress and Cancel, a list to pick from when the source holds several
// skills, then the review of the staged skill (stagedDialog): Install, or
// Update when a skill of that name is installed.
type skillAddDialog struct {
	*stagedDialog

	source *cancelableEntry
	parsed *widget.Label
	next   *focusButton // Review on the source step
}

func newSkillAddDialog(root string, m skillsManager, d *dialogs, r runner, done func()) *skillAddDialog {
	a := &skillAddDialog{stagedDialog: newStagedDialog(lang.L("Add a skill"), root, m, d, r, done)}
	a.source = newCancelableEntry(false)
	a.source.onEscape = a.close
	a.source.SetPlaceHolder(lang.L("owner/repo, owner/repo@skill, https://github.com/…, npx skills add …"))
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
	a.d.Resize(fyne.NewSize(min(640, a.parent.win.Canvas().Size().Width-40), 0))
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

// sourceName is the source a progress line names: owner/repo with the
// folder and skill it names, never the whole line pasted around it (npx
// skills add … --skill …); the input itself when it cannot be read.
func sourceName(input string) string {
	src, err := skills.ParseSource(input)
	if err != nil {
		return input
	}
	name := src.Owner + "/" + src.Repo
	if src.Path != "" {
		name += "/" + src.Path
	}
	if src.Skill != "" {
		name += "@" + src.Skill
	}
	if src.Ref != "" {
		name += " (" + src.Ref + ")"
	}
	return name
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

// review downloads the source and stages it for the review.
func (a *skillAddDialog) review() { a.reviewSource(strings.TrimSpace(a.source.Text)) }

func (a *skillAddDialog) reviewSource(source string) {
	a.showProgress(lang.L("Downloading {{.Source}} to review it…", map[string]any{"Source": sourceName(source)}))
	runStaged(a.stagedDialog, func(ctx context.Context, progress skills.Progress) (skills.Staged, error) {
		return a.m.Stage(ctx, a.root, source, skills.StageOptions{Progress: progress})
	}, func(st skills.Staged, err error) {
		var choice *skills.ChoiceError
		switch {
		case errors.As(err, &choice):
			a.showChoice(choice)
		case err != nil:
			a.showSource()
			a.parent.showError(lang.L("Could not review the skill"), err)
		default:
			a.showReview(st)
		}
	})
}

// showReview is the staged skill's review, as large as the window allows.
func (a *skillAddDialog) showReview(st skills.Staged) {
	a.d.Resize(reviewSize(a.parent.win))
	a.showStaged(st)
}

// showChoice lists the skills a source holds, with their descriptions and
// which are installed; the one picked is reviewed by its folder, which
// names exactly one.
func (a *skillAddDialog) showChoice(e *skills.ChoiceError) {
	var offered []skills.Candidate
	cannot := container.NewVBox()
	for _, c := range e.Candidates {
		if !c.Problem.IsZero() {
			where := c.Folder
			if where == "" {
				where = lang.L("the repository root")
			}
			cannot.Add(&widget.Label{Text: c.Name + " — " + where + ": " + lang.L("cannot be installed:") + " " + sayText(c.Problem), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
			continue
		}
		offered = append(offered, c)
	}
	review := func(i int) {
		src := e.Source
		src.Path, src.Skill = offered[i].Folder, ""
		a.reviewSource(src.String())
	}
	pick := newSkillPickList(offered)
	next := newButton(lang.L("Review"), theme.SearchIcon(), widget.HighImportance, func() { review(pick.chosen) })
	next.Disable()
	pick.onChoose = func(int) { next.Enable() }
	pick.onSubmit = review
	pick.onBack, pick.onEscape = a.showSource, a.close
	intro := &widget.Label{Text: lang.N("This source holds {{.N}} skills. Choose the one to add:", len(e.Candidates), map[string]any{"N": len(e.Candidates)}), Wrapping: fyne.TextWrapWord}
	back := newButton(lang.L("Back"), theme.NavigateBackIcon(), widget.MediumImportance, a.showSource)
	// The list is as tall as its skills, up to a scrolling half of the window.
	list := container.NewVBox(pick, cannot)
	scroll := newPageScroll(list)
	scroll.SetMinSize(fyne.NewSize(0, min(list.MinSize().Height, a.parent.win.Canvas().Size().Height/2)))
	a.setStage(container.NewVBox(intro, scroll), a.cancelButton(), back, next)
	// The window's canvas: the list is not drawn yet, so the driver
	// cannot tell which canvas it is on.
	if c := a.parent.win.Canvas(); c != nil && len(offered) > 0 {
		c.Focus(pick)
	}
}
