package ui

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// confirm asks before a destructive action: Cancel, or ok which runs do.
func (d *dialogs) confirm(title, text, ok string, do func()) {
	d.message(title, text, nil,
		choice{text: lang.L("Cancel")},
		choice{text: ok, importance: widget.HighImportance, do: do})
}
