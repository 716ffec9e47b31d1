// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// confirm asks before an action: Cancel, or ok which runs do (Enter);
// extra (may be nil) is shown under the text: the evidence of a trust.
func (d *dialogs) confirm(title, text string, extra fyne.CanvasObject, ok string, do func()) {
	d.message(title, text, extra,
		choice{text: lang.L("Cancel")},
		choice{text: ok, importance: widget.HighImportance, do: do})
}

// confirmLoss asks before an action that loses something: ok is a red
// button, and Enter (like Escape) answers Cancel.
func (d *dialogs) confirmLoss(title, text, ok string, do func()) {
	d.message(title, text, nil,
		choice{text: lang.L("Cancel"), isDefault: true},
		choice{text: ok, importance: widget.DangerImportance, do: do})
}

// confirmDiscard asks before edits are thrown away (Cancel in an editor):
// Enter and Escape keep editing; discard runs on Discard.
func (d *dialogs) confirmDiscard(discard func()) {
	newMessage(d.win, d.shown, false, lang.L("Discard your changes?"), lang.L("What you changed in the editor is lost."), nil,
		choice{text: lang.L("Keep editing"), isDefault: true},
		choice{text: lang.L("Discard"), importance: widget.DangerImportance, do: discard})
}
