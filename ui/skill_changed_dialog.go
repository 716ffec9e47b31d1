// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// skillChangedDialog shows what changed in a skill since it was turned on
// (against the copy kept then), with Turn on again.
type skillChangedDialog struct {
	root, name string
	m          skillsManager
	parent     *dialogs
	run        runner
	// kept runs when the skill is left off; done after it is turned on.
	kept, done func()
}

func newSkillChangedDialog(root, name string, m skillsManager, d *dialogs, r runner, kept, done func()) *skillChangedDialog {
	return &skillChangedDialog{root: root, name: name, m: m, parent: d, run: r, kept: kept, done: done}
}

func (c *skillChangedDialog) show() {
	type changed struct {
		d   skills.Drift
		err error
	}
	background(c.run, func() changed {
		d, err := c.m.Changed(c.root, c.name)
		return changed{d, err}
	}, func(ch changed) {
		if ch.err != nil {
			c.kept()
			c.parent.showError(lang.L("Could not show the changes"), ch.err)
			return
		}
		c.showDrift(ch.d)
	})
}

func (c *skillChangedDialog) showDrift(drift skills.Drift) {
	w := c.parent.win
	intro := &widget.Label{Text: lang.L("These files changed since you turned {{.Name}} on (an update, a git pull, an edit by hand or by a model). It is off until you turn it on again: read what changed first.", map[string]any{"Name": c.name}), Wrapping: fyne.TextWrapWord}
	var d *dialog.CustomDialog
	turnedOn := false
	keep := newButton(lang.L("Keep it off"), theme.CancelIcon(), widget.MediumImportance, func() { d.Hide() })
	on := newButton(lang.L("Turn on again"), theme.ConfirmIcon(), widget.HighImportance, func() {
		turnedOn = true
		d.Hide()
		c.turnOn()
	})
	body := container.NewBorder(container.NewVBox(intro, widget.NewSeparator()), nil, nil, nil, newPageScroll(changesView(drift.Changes)))
	d = dialog.NewCustomWithoutButtons(lang.L("{{.Name}} changed since you turned it on", map[string]any{"Name": c.name}), body, w)
	d.SetButtons([]fyne.CanvasObject{keep, on})
	d.SetOnClosed(func() {
		if !turnedOn {
			c.kept()
		}
	})
	d.Resize(reviewSize(w))
	keysWhileShown(w, d, d.Hide, nil)
	d.Show()
	if f := c.parent.shown; f != nil {
		f(lang.L("{{.Name}} changed since you turned it on", map[string]any{"Name": c.name}), intro.Text)
	}
}

func (c *skillChangedDialog) turnOn() {
	background(c.run, func() error {
		_, err := c.m.SetEnabled(c.root, c.name, true)
		return err
	}, func(err error) {
		if err != nil {
			c.parent.showError(lang.L("Could not switch the skill on"), err)
		}
		c.done()
	})
}
