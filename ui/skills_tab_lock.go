// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// The Skills tab's side of the lock (.memo/skills-lock.json) and of pinned
// switches: where each skill came from, Check for updates with its badges,
// "changed since you turned it on", Restore and Pin this version.

// lockProgress is the check or restore in flight: what it does, how far,
// and Cancel. Hidden when idle.
type lockProgress struct {
	box    *fyne.Container
	label  *widget.Label
	bar    *widget.ProgressBar
	cancel context.CancelFunc
	// attempt tells a cancelled run's late answer from the current one.
	attempt int
	// busy are the buttons that wait while a run is in flight.
	busy []*focusButton
}

func newLockProgress() *lockProgress {
	p := &lockProgress{label: &widget.Label{Wrapping: fyne.TextWrapWord}, bar: widget.NewProgressBar()}
	stop := newButton(lang.L("Cancel"), theme.CancelIcon(), widget.MediumImportance, p.stop)
	p.box = container.NewBorder(nil, nil, nil, container.NewVBox(stop), container.NewVBox(p.label, p.bar))
	p.box.Hide()
	return p
}

// start shows what as running and returns its context and a progress that
// reaches the bar on the UI goroutine.
func (p *lockProgress) start(what string) (context.Context, int, skills.CheckProgress) {
	p.stop()
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	attempt := p.attempt
	p.label.SetText(what)
	p.bar.SetValue(0)
	p.box.Show()
	for _, b := range p.busy {
		b.Disable()
	}
	return ctx, attempt, func(done, total int) {
		onUI(func() {
			if attempt == p.attempt && total > 0 {
				p.bar.SetValue(float64(done) / float64(total))
			}
		})
	}
}

// stop cancels what is in flight (its answer is then ignored) and hides the bar.
func (p *lockProgress) stop() {
	p.attempt++
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.idle()
}

// current: attempt is the run in flight (not cancelled); it is over now.
func (p *lockProgress) current(attempt int) bool {
	if attempt != p.attempt {
		return false
	}
	p.cancel = nil
	p.idle()
	return true
}

func (p *lockProgress) idle() {
	p.box.Hide()
	for _, b := range p.busy {
		b.Enable()
	}
}

// buttonBeside puts a button at the right of a text, at its top: a text of
// several lines does not stretch the button.
func buttonBeside(text fyne.CanvasObject, b *focusButton) fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, container.NewVBox(b), text)
}

// shortCommit is how a commit is shown: its first seven digits, as git does.
func shortCommit(c string) string {
	if len(c) > 7 {
		return c[:7]
	}
	return c
}

// lockLines are a skill's lines about its source, the lock and its switch.
func (t *skillsTab) lockLines(s skills.Listed) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	if s.State == skills.StateChanged {
		warn := &widget.Label{Text: lang.L("Changed since you turned it on: it is off, and stays off until you turn it on again."), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
		show := newButton(lang.L("Show changes…"), theme.VisibilityIcon(), widget.MediumImportance, func() { t.reviewChanged(s.Name, nil) })
		out = append(out, buttonBeside(warn, show))
	}
	if c, ok := t.checked[s.Name]; ok {
		switch {
		case !c.Error.IsZero():
			out = append(out, &widget.Label{Text: lang.L("Could not check for an update:") + " " + sayText(c.Error), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
		case c.Update:
			badge := &widget.Label{Text: lang.L("Update available ({{.Commit}})", map[string]any{"Commit": shortCommit(c.LatestCommit)}), TextStyle: fyne.TextStyle{Bold: true}, Importance: widget.HighImportance}
			review := newButton(lang.L("Review update…"), theme.DownloadIcon(), widget.HighImportance, func() { t.reviewUpdate(s.Name) })
			out = append(out, buttonBeside(badge, review))
		default:
			out = append(out, &widget.Label{Text: lang.L("Up to date"), SizeName: theme.SizeNameCaptionText, Importance: widget.SuccessImportance})
		}
	}
	switch {
	case s.Lock == skills.LockUnlocked && s.State != skills.StateBroken: // nothing of use to pin
		note := &widget.Label{Text: lang.L("Not in the lock: installed before .memo/skills-lock.json, or by hand."), Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
		pin := newButton(lang.L("Pin this version"), theme.ConfirmIcon(), widget.MediumImportance, func() { t.pin(s.Name) })
		out = append(out, buttonBeside(note, pin))
	case s.Lock == skills.LockModified:
		if s.State != skills.StateChanged {
			out = append(out, &widget.Label{Text: lang.L("Its files differ from the version the lock names."), Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText, Importance: widget.WarningImportance})
		}
	}
	if src := sourceLine(s); src != "" {
		out = append(out, &widget.Label{Text: src, Truncation: fyne.TextTruncateEllipsis, SizeName: theme.SizeNameCaptionText})
	}
	return out
}

// sourceLine says where a skill came from: its source, and the commit the
// lock names (else the ref asked for).
func sourceLine(s skills.Listed) string {
	switch {
	case s.Source == "":
		return ""
	case s.Commit != "":
		return lang.L("From {{.Source}} at {{.Commit}}", map[string]any{"Source": s.Source, "Commit": shortCommit(s.Commit)})
	case s.Ref != "" && s.Ref != "HEAD":
		return lang.L("From {{.Source}} at {{.Commit}}", map[string]any{"Source": s.Source, "Commit": s.Ref})
	}
	return lang.L("From {{.Source}}", map[string]any{"Source": s.Source})
}

// onCheck downloads each locked skill's current archive, with progress and
// Cancel, and shows an update badge beside each skill that has one.
func (t *skillsTab) onCheck() {
	ctx, attempt, progress := t.progress.start(lang.L("Checking the skills' sources for updates…"))
	type checked struct {
		list skills.CheckList
		err  error
	}
	background(t.run, func() checked {
		m, err := t.manager()
		if err != nil {
			return checked{err: err}
		}
		l, err := m.Check(ctx, t.root, progress)
		return checked{l, err}
	}, func(c checked) {
		if !t.progress.current(attempt) {
			return // cancelled: nothing to say
		}
		if c.err != nil {
			t.d.showError(lang.L("Could not check for updates"), c.err)
			return
		}
		t.checked = map[string]skills.Checked{}
		for _, s := range c.list.Skills {
			t.checked[s.Name] = s
		}
		if len(c.list.Skills) == 0 {
			t.d.message(lang.L("Nothing to check"), lang.L("No skill of this project is in .memo/skills-lock.json yet: Memo checks the skills it installed, and those you pinned."), nil, choice{text: lang.L("Close")})
		}
		t.refresh()
	})
}

// showMissing is the banner of the skills the lock lists that the folder
// lacks (a fresh clone, a deleted folder), with Restore.
func (t *skillsTab) showMissing(names []string) {
	t.missing.Objects = nil
	if len(names) > 0 {
		text := lang.L("The lock lists skills this folder lacks: {{.Names}}. Restore downloads each at its locked commit, and only if its files are the ones the lock names.", map[string]any{"Names": strings.Join(names, ", ")})
		restore := newButton(lang.L("Restore"), theme.DownloadIcon(), widget.HighImportance, t.onRestore)
		t.missing.Add(buttonBeside(&widget.Label{Text: text, Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}, restore))
		t.missing.Add(widget.NewSeparator())
	}
	t.missing.Refresh()
}

func (t *skillsTab) onRestore() {
	ctx, attempt, progress := t.progress.start(lang.L("Restoring the skills the lock lists…"))
	background(t.run, func() error {
		m, err := t.manager()
		if err == nil {
			_, err = m.Restore(ctx, t.root, progress)
		}
		return err
	}, func(err error) {
		if !t.progress.current(attempt) {
			return
		}
		if err != nil {
			t.d.showError(lang.L("Could not restore every skill"), err)
		}
		t.refresh()
	})
}

// pin records a skill the lock does not list, as its files are now.
func (t *skillsTab) pin(name string) {
	t.change(lang.L("Could not pin the skill"), func(m skillsManager) error {
		_, err := m.Pin(t.root, name)
		return err
	})
}

// reviewChanged shows what changed since the skill was turned on, with Turn
// on again; check, when the On box asked for it, is put back unless the
// skill is turned on.
func (t *skillsTab) reviewChanged(name string, check *widget.Check) {
	uncheck := func() {
		if check != nil {
			f := check.OnChanged
			check.OnChanged = nil
			check.SetChecked(false)
			check.OnChanged = f
		}
	}
	m, err := t.manager()
	if err != nil {
		uncheck()
		t.d.showError(lang.L("Could not show the changes"), err)
		return
	}
	newSkillChangedDialog(t.root, name, m, t.d, t.run, uncheck, t.refresh).show()
}

// reviewUpdate opens the review of a skill's update.
func (t *skillsTab) reviewUpdate(name string) {
	m, err := t.manager()
	if err != nil {
		t.d.showError(lang.L("Could not review the update"), err)
		return
	}
	newSkillUpdateDialog(t.root, name, m, t.d, t.run, func() {
		delete(t.checked, name)
		t.refresh()
	}).show()
}
