// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// question is what the window's question dialogs share (the setup question,
// the reconnect question): Enter and Escape answer from anywhere in the
// window, closing the dialog another way is the Escape answer, and only the
// first answer counts.
type question[A any] struct {
	dialog        *dialog.CustomDialog
	parent        fyne.Window
	enter, escape A
	onAnswer      func(A)
	answered      bool
	prevKey       func(*fyne.KeyEvent)
}

// newQuestion builds the dialog; show shows it.
func newQuestion[A any](title string, body fyne.CanvasObject, buttons []fyne.CanvasObject, parent fyne.Window, enter, escape A, onAnswer func(A)) *question[A] {
	q := &question[A]{parent: parent, enter: enter, escape: escape, onAnswer: onAnswer}
	q.dialog = dialog.NewCustomWithoutButtons(title, body, parent)
	q.dialog.SetButtons(buttons)
	q.dialog.SetOnClosed(func() {
		q.parent.Canvas().SetOnTypedKey(q.prevKey)
		q.answer(q.escape)
	})
	return q
}

// show shows the dialog, taking the window's Enter and Escape.
func (q *question[A]) show() {
	q.prevKey = q.parent.Canvas().OnTypedKey()
	q.parent.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		switch e.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			q.answer(q.enter)
		case fyne.KeyEscape:
			q.answer(q.escape)
		}
	})
	q.dialog.Show()
}

// answer reports the first answer only, then closes the dialog.
func (q *question[A]) answer(a A) {
	if q.answered {
		return
	}
	q.answered = true
	q.dialog.Hide()
	q.onAnswer(a)
}
