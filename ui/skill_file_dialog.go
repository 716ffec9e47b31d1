// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"encoding/hex"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// openSkillFile reads a skill's file off the UI goroutine (read), then
// shows it, or says why it could not be read.
func openSkillFile(d *dialogs, run runner, read func() (skills.FileText, error)) {
	type result struct {
		ft  skills.FileText
		err error
	}
	background(run, func() result {
		ft, err := read()
		return result{ft, err}
	}, func(r result) {
		if r.err != nil {
			d.showError(lang.L("Could not open the file"), r.err)
			return
		}
		showSkillFile(d, r.ft)
	})
}

// showSkillFile shows one file of a skill inside the window, read-only:
// its text in a monospace grid with each character that hides written as
// its code point and marked, or the start of a binary file as hex. A
// skill's file is never handed to the desktop's file opener: a downloaded
// script could run.
func showSkillFile(d *dialogs, ft skills.FileText) {
	w := d.win
	grid := widget.NewTextGrid()
	grid.Scroll = fyne.ScrollBoth
	notes := container.NewVBox(&widget.Label{Text: sizeText(ft.Size), SizeName: theme.SizeNameCaptionText})
	note := func(text string, imp widget.Importance) {
		notes.Add(&widget.Label{Text: text, Wrapping: fyne.TextWrapWord, Importance: imp})
	}
	if ft.Binary {
		note(lang.L("Not text: its first bytes are shown in hexadecimal."), widget.MediumImportance)
		grid.Rows = textRows([]skills.TextPiece{{Text: strings.TrimSuffix(hex.Dump(ft.Head), "\n")}}, nil)
	} else {
		grid.ShowLineNumbers = true
		text := ft.Text
		if !ft.Cut {
			// A file's last newline ends its last line; it starts no empty one.
			text = strings.TrimSuffix(text, "\n")
		}
		pieces := skills.RevealHidden(text)
		if slices.ContainsFunc(pieces, func(p skills.TextPiece) bool { return p.Hidden }) {
			note(lang.L("Hidden characters are written as their code points, such as \\u{202E}, and marked: a model reads them, a person sees nothing."), widget.WarningImportance)
		}
		grid.Rows = textRows(pieces, &widget.CustomTextGridStyle{FGColor: theme.Color(theme.ColorNameWarning), TextStyle: fyne.TextStyle{Bold: true, Monospace: true}})
	}
	if ft.Cut {
		note(lang.L("Only the start of the file is shown: it is longer than this window shows at once."), widget.MediumImportance)
	}
	body := container.NewBorder(container.NewVBox(notes, widget.NewSeparator()), nil, nil, nil, grid)
	dlg := dialog.NewCustom(ft.Path, lang.L("Close"), body, w)
	dlg.Resize(reviewSize(w))
	keysWhileShown(w, dlg, dlg.Hide, dlg.Hide)
	dlg.Show()
	if d.shown != nil {
		d.shown(ft.Path, grid.Text())
	}
}

// tabWidth is how many columns a tab reaches to in a file shown.
const tabWidth = 4

// textRows lays pieces out as the rows of a text grid, a tab as spaces
// to its stop; hidden pieces get style.
func textRows(pieces []skills.TextPiece, style widget.TextGridStyle) []widget.TextGridRow {
	rows := []widget.TextGridRow{{}}
	for _, p := range pieces {
		var st widget.TextGridStyle
		if p.Hidden {
			st = style
		}
		for _, r := range p.Text {
			row := &rows[len(rows)-1]
			switch {
			case r == '\n' && !p.Hidden:
				rows = append(rows, widget.TextGridRow{})
			case r == '\r' && !p.Hidden: // a line's end, with the \n after it
			case r == '\t' && !p.Hidden:
				row.Cells = append(row.Cells, widget.TextGridCell{Rune: ' '})
				for len(row.Cells)%tabWidth != 0 {
					row.Cells = append(row.Cells, widget.TextGridCell{Rune: ' '})
				}
			default:
				row.Cells = append(row.Cells, widget.TextGridCell{Rune: r, Style: st})
			}
		}
	}
	return rows
}
