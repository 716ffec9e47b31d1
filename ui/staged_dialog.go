// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// stagedDialog is a dialog that shows one step at a time, in which a
// download runs with its progress and Cancel, and which ends in the review
// of a staged skill (Install, or Update when a skill of its name is
// installed): Add… and an update's review. The staged skill is the one
// download: Install and Update apply exactly it, and however the dialog
// closes otherwise it is discarded.
type stagedDialog struct {
	parent *dialogs // the window it shows over
	run    runner
	root   string
	m      skillsManager
	done   func() // after an install or update: the tab lists again
	d      *dialog.CustomDialog
	stage  *fyne.Container // the step shown
	bar    *downloadBar

	// The download in flight: its cancel, and a number that tells a
	// cancelled attempt's late answer from the current one.
	cancel  context.CancelFunc
	attempt int
	closed  bool
	// held is the staged skill shown for review ("" when none).
	held string
	// title is the dialog's own title, shown again when a step is not an
	// update's review (Add… then Back).
	title string
}

func newStagedDialog(title, root string, m skillsManager, parent *dialogs, r runner, done func()) *stagedDialog {
	s := &stagedDialog{parent: parent, run: r, root: root, m: m, done: done, stage: container.NewStack(), bar: newDownloadBar(), title: title}
	s.d = dialog.NewCustomWithoutButtons(title, s.stage, parent.win)
	// However the dialog goes away, a download in flight stops and the
	// staged skill goes.
	s.d.SetOnClosed(func() {
		s.closed = true
		s.stop()
		s.hold("")
	})
	return s
}

func (s *stagedDialog) close() {
	s.stop()
	s.d.Hide()
}

// stop cancels the download in flight, whose answer is then ignored.
func (s *stagedDialog) stop() {
	s.attempt++
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
}

func (s *stagedDialog) setStage(content fyne.CanvasObject, buttons ...fyne.CanvasObject) {
	s.setTitle(s.title)
	s.stage.Objects = []fyne.CanvasObject{content}
	s.stage.Refresh()
	s.d.SetButtons(buttons)
	// A button or box of the step left keeps no focus: Escape and Enter
	// would go to it, not to the dialog.
	releaseHiddenFocus(s.parent.win.Canvas())
}

// setTitle retitles the dialog. Fyne's dialogs have no SetTitle; the title
// is the label its pop-up lays out last, after the content (s.stage), so the
// pop-up holding s.stage is found among the overlays and that label set.
func (s *stagedDialog) setTitle(title string) {
	for _, o := range s.parent.win.Canvas().Overlays().List() {
		p, ok := o.(*widget.PopUp)
		if !ok {
			continue
		}
		c, ok := p.Content.(*fyne.Container)
		if !ok || len(c.Objects) != 5 || c.Objects[2] != s.stage {
			continue
		}
		if l, ok := c.Objects[4].(*widget.Label); ok && l.Text != title {
			l.SetText(title)
		}
	}
}

func (s *stagedDialog) cancelButton() *focusButton {
	return newButton(lang.L("Cancel"), theme.CancelIcon(), widget.MediumImportance, s.close)
}

// showProgress is a download's step: what it does, bytes so far (of the
// total when known) and Cancel.
func (s *stagedDialog) showProgress(what string) {
	s.bar.reset()
	label := &widget.Label{Text: what, Wrapping: fyne.TextWrapWord}
	s.setStage(container.NewVBox(label, s.bar.box), s.cancelButton())
}

// runStaged runs work off the UI goroutine with a cancel and the bar's
// progress, then hands its answer to then on the UI goroutine unless it was
// cancelled meanwhile (or the dialog closed): a staged skill that arrives
// too late is discarded.
func runStaged(s *stagedDialog, work func(ctx context.Context, progress skills.Progress) (skills.Staged, error), then func(skills.Staged, error)) {
	s.stop()
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	attempt := s.attempt
	progress := s.bar.progress(func() bool { return attempt == s.attempt })
	type result struct {
		st  skills.Staged
		err error
	}
	background(s.run, func() result {
		st, err := work(ctx, progress)
		return result{st, err}
	}, func(r result) {
		cancel()
		if attempt != s.attempt || s.closed {
			s.discard(r.st.ID) // cancelled: nothing to say
			return
		}
		s.cancel = nil
		then(r.st, r.err)
	})
}

// hold keeps id as the staged skill shown, discarding the one held before.
func (s *stagedDialog) hold(id string) {
	if s.held != "" && s.held != id {
		s.discard(s.held)
	}
	s.held = id
}

// release hands the staged skill held over to Install or Update.
func (s *stagedDialog) release() string {
	id := s.held
	s.held = ""
	return id
}

// discard deletes a staged skill, off the UI goroutine.
func (s *stagedDialog) discard(id string) {
	if id == "" {
		return
	}
	background(s.run, func() struct{} { s.m.Discard(id); return struct{}{} }, func(struct{}) {})
}

// showStaged is the review of a staged skill, with Install, or Update for
// one whose name is installed; neither when a folder is in the way.
func (s *stagedDialog) showStaged(st skills.Staged) {
	s.hold(st.ID)
	body := reviewBody(st, s.openFile)
	buttons := []fyne.CanvasObject{s.cancelButton()}
	switch {
	case st.Conflict != "":
	case st.Update != nil:
		update := newButton(lang.L("Update"), theme.DownloadIcon(), widget.HighImportance, s.update)
		if len(st.Update.Changes) == 0 {
			update.Disable()
		}
		buttons = append(buttons, update)
	default:
		buttons = append(buttons, newButton(lang.L("Install"), theme.DownloadIcon(), widget.HighImportance, s.install))
	}
	s.setStage(body, buttons...)
	if st.Update != nil {
		// Add… of an installed skill ends in its update: the title says so.
		s.setTitle(reviewTitle(st))
	}
	if f := s.parent.shown; f != nil {
		f(reviewTitle(st), reviewSummary(st))
	}
}

// openFile shows a file of the staged skill.
func (s *stagedDialog) openFile(rel string) {
	id := s.held
	openSkillFile(s.parent, s.run, func() (skills.FileText, error) { return s.m.StagedFile(s.root, id, rel) })
}

// install installs the staged skill as it was reviewed, with no second
// download.
func (s *stagedDialog) install() {
	id := s.release()
	s.setStage(&widget.Label{Text: lang.L("Installing…")})
	background(s.run, func() error {
		_, err := s.m.InstallStaged(s.root, id)
		return err
	}, func(err error) { s.finished(lang.L("Could not install the skill"), err) })
}

// update swaps the staged skill in for the installed one, as reviewed.
func (s *stagedDialog) update() {
	id := s.release()
	s.setStage(&widget.Label{Text: lang.L("Updating…")})
	background(s.run, func() error {
		_, err := s.m.UpdateStaged(s.root, id)
		return err
	}, func(err error) { s.finished(lang.L("Could not update the skill"), err) })
}

// finished closes the dialog after an install or an update, saying why
// it failed when it did, and lets the tab list again.
func (s *stagedDialog) finished(title string, err error) {
	s.close()
	if err != nil {
		s.parent.showError(title, err)
	}
	s.done()
}
