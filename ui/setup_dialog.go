// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/project"
)

// setupAnswer is one of the three answers of docs/folders.md §4.
type setupAnswer int

const (
	answerNotNow setupAnswer = iota
	answerSetUp
	answerNever
)

// setupDialog asks "Set up Memo for this project?" and lists what would be
// created and what would be left alone. Nothing is written unless Set up.
type setupDialog struct {
	*question[setupAnswer] // Enter: Set up; Escape or closing: Not now
	st                     project.Status
	plan                   []project.PlanItem
	shape                  project.Shape
	parent                 fyne.Window
	onAnswer               func(setupAnswer)
	scroll                 *pageScroll

	setUp  *dialogButton
	notNow *dialogButton
	never  *dialogButton
}

func newSetupDialog(st project.Status, plan []project.PlanItem, shape project.Shape, parent fyne.Window, onAnswer func(setupAnswer)) *setupDialog {
	d := &setupDialog{st: st, plan: plan, shape: shape, parent: parent, onAnswer: onAnswer}
	d.buildUI()
	return d
}

func (d *setupDialog) buildUI() {
	escape := func() { d.answer(answerNotNow) }
	d.setUp = newDialogButton(lang.L("Set up"), theme.ConfirmIcon(), widget.HighImportance, func() { d.answer(answerSetUp) }, escape)
	d.notNow = newDialogButton(lang.L("Not now"), nil, widget.MediumImportance, escape, escape)
	d.never = newDialogButton(lang.L("Never for this folder"), nil, widget.MediumImportance, func() { d.answer(answerNever) }, escape)

	intro := widget.NewLabel(lang.L("Memo keeps a small .memo folder here with working rules, notes, project skills and the project's own memory."))
	intro.Wrapping = fyne.TextWrapWord
	path := &widget.Label{Text: d.st.Root, TextStyle: fyne.TextStyle{Monospace: true}, Truncation: fyne.TextTruncateEllipsis}

	var create, keep []fyne.CanvasObject
	for _, item := range d.plan {
		if item.Create {
			create = append(create, planLine(theme.ContentAddIcon(), item.Path, ""))
		} else {
			keep = append(keep, planLine(theme.InfoIcon(), item.Path, planReason(item.Reason)))
		}
	}
	body := container.NewVBox(intro, path)
	if note := shapeNote(d.shape); note != "" {
		body.Add(&widget.Label{Text: note, Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	if len(create) > 0 {
		body.Add(widget.NewLabelWithStyle(lang.L("Will be created:"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		body.Add(container.NewVBox(create...))
	}
	if len(keep) > 0 {
		body.Add(widget.NewLabelWithStyle(lang.L("Left alone:"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		body.Add(container.NewVBox(keep...))
	}
	for _, item := range d.plan {
		if item.Untracked {
			git := &widget.Label{Text: lang.L("The new files in the project's root will show up in git status."), Wrapping: fyne.TextWrapWord}
			body.Add(git)
			break
		}
	}
	note := widget.NewLabel(lang.L("Nothing is written unless you choose Set up."))
	body.Add(note)

	// The longest question (a folder of checkouts, files left alone, the
	// git note) in the longest language scrolls inside an 800×600 window
	// rather than pushing its buttons off it.
	d.scroll = newPageScroll(body)
	d.question = newQuestion(lang.L("Set up Memo for this project?"), d.scroll, []fyne.CanvasObject{d.never, d.notNow, d.setUp},
		d.parent, answerSetUp, answerNotNow, d.onAnswer)
}

// show sizes the dialog to its content within the window, then shows it.
func (d *setupDialog) show() {
	win := d.parent.Canvas().Size()
	width := min(float32(640), win.Width-2*theme.Padding())
	body := d.scroll.Content
	body.Resize(fyne.NewSize(width-4*theme.Padding(), body.MinSize().Height)) // wrapped labels measure at this width
	// What the dialog adds around its content: title, buttons, paddings.
	const chrome = 150
	d.scroll.SetMinSize(fyne.NewSize(0, min(body.MinSize().Height, win.Height-chrome-2*theme.Padding())))
	d.dialog.Resize(fyne.NewSize(width, 0))
	d.question.show()
}

// shapeNote says what makes the folder an unusual project: several
// projects inside it, no repository, or a place inside one ("" for a
// repository's top folder).
func shapeNote(sh project.Shape) string {
	switch {
	case len(sh.Projects) > 1:
		names := strings.Join(sh.Projects, ", ")
		if sh.More > 0 {
			names += " " + lang.N("and {{.Count}} more", sh.More, map[string]any{"Count": sh.More})
		}
		n := len(sh.Projects) + sh.More
		return lang.N("This folder holds {{.Count}} projects of their own ({{.Names}}): set up each of them on its own, or Memo treats them all as one project with one memory.", n, map[string]any{"Count": n, "Names": names})
	case sh.InsideRepo != "":
		return lang.L("This folder is inside the repository {{.Repo}}: Memo usually belongs at the repository's top folder, so that all its chats share one project.", map[string]any{"Repo": sh.InsideRepo})
	case !sh.Repository:
		return lang.L("This folder is not a git repository. Memo works in any folder, but a project is usually a repository's top folder.")
	}
	return ""
}

func planLine(icon fyne.Resource, path, reason string) fyne.CanvasObject {
	label := &widget.Label{Text: path, TextStyle: fyne.TextStyle{Monospace: true}}
	if reason == "" {
		return container.NewHBox(widget.NewIcon(icon), label)
	}
	why := &widget.Label{Text: "— " + reason}
	return container.NewHBox(widget.NewIcon(icon), label, why)
}

func planReason(reason string) string {
	switch reason {
	case project.ReasonClaude:
		return lang.L("not created, your CLAUDE.md is used")
	case project.ReasonExists:
		return lang.L("already there, kept as it is")
	}
	return reason
}

// dialogButton is a dialog button that keeps the dialog's keys while it has
// the keyboard focus (after Tab): Fyne gives keys to the focused widget only.
// Return presses it, as in every desktop toolkit; Escape cancels the dialog.
type dialogButton struct {
	focusButton
	onEscape func()
}

var _ fyne.Focusable = (*dialogButton)(nil)

func newDialogButton(text string, icon fyne.Resource, importance widget.Importance, onTapped, onEscape func()) *dialogButton {
	b := &dialogButton{onEscape: onEscape}
	b.Text, b.Icon, b.Importance, b.OnTapped = text, icon, importance, onTapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey implements fyne.Focusable.
func (b *dialogButton) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		b.OnTapped()
	case fyne.KeyEscape:
		b.onEscape()
	default:
		b.focusButton.TypedKey(ev)
	}
}
