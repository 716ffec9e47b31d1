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
// download runs with its progress and Cancel: Add… and an update's review.
type stagedDialog struct {
	parent *dialogs // the window it shows over
	run    runner
	d      *dialog.CustomDialog
	stage  *fyne.Container // the step shown
	bar    *downloadBar

	// The download in flight: its cancel, and a number that tells a
	// cancelled attempt's late answer from the current one.
	cancel  context.CancelFunc
	attempt int
	closed  bool
}

func newStagedDialog(title string, parent *dialogs, r runner) *stagedDialog {
	s := &stagedDialog{parent: parent, run: r, stage: container.NewStack(), bar: newDownloadBar()}
	s.d = dialog.NewCustomWithoutButtons(title, s.stage, parent.win)
	// However the dialog goes away, a download in flight stops.
	s.d.SetOnClosed(func() {
		s.closed = true
		s.stop()
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
	s.stage.Objects = []fyne.CanvasObject{content}
	s.stage.Refresh()
	s.d.SetButtons(buttons)
	// A button or box of the step left keeps no focus: Escape and Enter
	// would go to it, not to the dialog.
	releaseHiddenFocus(s.parent.win.Canvas())
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
// cancelled meanwhile (or the dialog closed).
func runStaged[T any](s *stagedDialog, work func(ctx context.Context, progress skills.Progress) (T, error), then func(T, error)) {
	s.stop()
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	attempt := s.attempt
	progress := s.bar.progress(func() bool { return attempt == s.attempt })
	type result struct {
		v   T
		err error
	}
	background(s.run, func() result {
		v, err := work(ctx, progress)
		return result{v, err}
	}, func(r result) {
		cancel()
		if attempt != s.attempt || s.closed {
			return // cancelled: nothing to say
		}
		s.cancel = nil
		then(r.v, r.err)
	})
}
