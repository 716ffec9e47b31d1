package ui

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// confirm asks before an action: Cancel, or ok which runs do (Enter).
func (d *dialogs) confirm(title, text, ok string, do func()) {
	d.message(title, text, nil,
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
