// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// changesView lists the files that differ between two versions of a skill,
// each with its colored hunks (the changed lines with context, as the
// permissions diff shows them), or a note when it is not text.
func changesView(changes []skills.Change) fyne.CanvasObject {
	box := container.NewVBox()
	if len(changes) == 0 {
		box.Add(&widget.Label{Text: lang.L("The two versions are the same."), Wrapping: fyne.TextWrapWord})
	}
	for _, c := range changes {
		box.Add(&widget.Label{Text: c.Path + " — " + changeWord(c.Change), TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis})
		switch {
		case c.Binary:
			box.Add(&widget.Label{Text: lang.L("Not text: compared by its digest only."), SizeName: theme.SizeNameCaptionText})
		case len(c.Hunks) == 0:
			box.Add(&widget.Label{Text: lang.L("No lines to show: an empty file, or one too large to compare."), SizeName: theme.SizeNameCaptionText})
		default:
			d := newDiffView()
			d.setHunks(c.Hunks)
			box.Add(d)
		}
	}
	return box
}

func changeWord(kind string) string {
	switch kind {
	case skills.ChangeAdded:
		return lang.L("added")
	case skills.ChangeRemoved:
		return lang.L("removed")
	}
	return lang.L("modified")
}

// reviewSize is the size of a review dialog over w: large, within the window.
func reviewSize(w fyne.Window) fyne.Size {
	size := w.Canvas().Size()
	return fyne.NewSize(min(820, size.Width-40), min(640, size.Height-40))
}
