// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path/filepath"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/project"
)

// reconnectAnswer is the answer to "Is this the same project?".
type reconnectAnswer int

const (
	answerCancel    reconnectAnswer = iota // closed: nothing is set up
	answerFresh                            // a new project: the default
	answerReconnect                        // the lost project's id, memory and all
)

// reconnectDialog asks, when a folder is set up where a registered project
// used to be and that project's folder cannot be found, whether this folder
// is that project (docs/identity.md §7). Start fresh is the default: taking another
// project's memory must be a choice.
type reconnectDialog struct {
	*question[reconnectAnswer] // Enter: Start fresh; Escape or closing: cancel
	former                     project.Record
	// memories is how many memories the old project has; -1 when the
	// memory database is not open.
	memories int64
	parent   fyne.Window
	onAnswer func(reconnectAnswer)

	fresh     *dialogButton
	reconnect *dialogButton
}

func newReconnectDialog(former project.Record, memories int64, parent fyne.Window, onAnswer func(reconnectAnswer)) *reconnectDialog {
	d := &reconnectDialog{former: former, memories: memories, parent: parent, onAnswer: onAnswer}
	d.buildUI()
	return d
}

func (d *reconnectDialog) buildUI() {
	cancel := func() { d.answer(answerCancel) }
	d.fresh = newDialogButton(lang.L("Start fresh"), theme.ConfirmIcon(), widget.HighImportance, func() { d.answer(answerFresh) }, cancel)
	d.reconnect = newDialogButton(lang.L("Reconnect to its memory"), nil, widget.MediumImportance, func() { d.answer(answerReconnect) }, cancel)

	name := filepath.Base(d.former.Path)
	intro := &widget.Label{Text: lang.L("A project called {{.Name}} used to be in this folder, and Memo cannot find its folder now.",
		map[string]any{"Name": name}), Wrapping: fyne.TextWrapWord}
	seen := lang.L("never")
	if !d.former.LastOpened.IsZero() {
		seen = d.former.LastOpened.Local().Format("2006-01-02 15:04")
	}
	count := lang.L("not known (the memory database is not open)")
	if d.memories >= 0 {
		count = strconv.FormatInt(d.memories, 10)
	}
	key := func(text string) *widget.Label {
		return &widget.Label{Text: text, TextStyle: fyne.TextStyle{Bold: true}}
	}
	facts := container.New(layout.NewFormLayout(),
		key(lang.L("Project")), &widget.Label{Text: name, Truncation: fyne.TextTruncateEllipsis},
		key(lang.L("Last opened")), widget.NewLabel(seen),
		key(lang.L("Memories")), widget.NewLabel(count),
	)
	explain := &widget.Label{Text: lang.L("If this folder is that project (moved back, restored or checked out again), reconnect it: it gets that project's memory, trusted permissions and skill switches. If it is another project, start fresh: the old project's memory is kept for it, and this folder starts with none."),
		Wrapping: fyne.TextWrapWord}
	body := container.NewVBox(intro, facts, explain)

	d.question = newQuestion(lang.L("Is this the same project?"), body, []fyne.CanvasObject{d.reconnect, d.fresh},
		d.parent, answerFresh, answerCancel, d.onAnswer)
	d.dialog.Resize(fyne.NewSize(520, 0))
}
