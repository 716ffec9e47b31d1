// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	east "github.com/yuin/goldmark/extension/ast"
)

// newMarkdownTable draws a parsed table as a grid: a cell of RichText per
// field, the header row bold on its own background, lines between rows
// and columns. Columns are as wide as their text while the table fits;
// when it does not, the widest columns give way and their cells wrap.
func newMarkdownTable(t *mdTable) fyne.CanvasObject {
	l := &mdTableLayout{}
	for _, row := range t.rows {
		l.cols = max(l.cols, len(row))
	}
	var objects []fyne.CanvasObject
	l.headerBg = canvas.NewRectangle(theme.Color(theme.ColorNameHeaderBackground))
	objects = append(objects, l.headerBg)
	l.natural = make([]float32, l.cols)
	for _, row := range t.rows {
		cells := make([]*widget.RichText, l.cols)
		for i := range cells {
			var segs []widget.RichTextSegment
			if i < len(row) {
				segs = row[i]
			}
			if i < len(t.align) {
				alignSegments(segs, t.align[i])
			}
			rt := widget.NewRichText(segs...)
			// Its width unwrapped is what the column would like.
			l.natural[i] = max(l.natural[i], rt.MinSize().Width)
			rt.Wrapping = fyne.TextWrapWord
			cells[i] = rt
			objects = append(objects, rt)
		}
		l.cells = append(l.cells, cells)
	}
	line := func() *canvas.Rectangle {
		r := canvas.NewRectangle(theme.Color(theme.ColorNameSeparator))
		objects = append(objects, r)
		return r
	}
	for range len(l.cells) + 1 {
		l.rowLines = append(l.rowLines, line())
	}
	for range l.cols + 1 {
		l.colLines = append(l.colLines, line())
	}
	return container.New(l, objects...)
}

// alignSegments aligns a cell's text as the table's delimiter row says.
func alignSegments(segs []widget.RichTextSegment, a east.Alignment) {
	align := fyne.TextAlignLeading
	switch a {
	case east.AlignCenter:
		align = fyne.TextAlignCenter
	case east.AlignRight:
		align = fyne.TextAlignTrailing
	}
	for _, s := range segs {
		if t, ok := s.(*widget.TextSegment); ok {
			t.Style.Alignment = align
		}
	}
}

// mdTableLayout lays out a Markdown table's cells, row by row, with its
// background and lines.
type mdTableLayout struct {
	cols     int
	cells    [][]*widget.RichText
	natural  []float32 // each column's width unwrapped
	headerBg *canvas.Rectangle
	rowLines []*canvas.Rectangle
	colLines []*canvas.Rectangle
	width    float32 // the last width laid out (0: none yet)
}

// minColumn is the narrowest a column is made: a short word still fits.
const minColumn = 56

// widths shares width among the columns: each gets its natural width when
// they all fit; otherwise the columns that want less than an equal share
// keep theirs and the others share the rest equally (never below
// minColumn).
func (l *mdTableLayout) widths(width float32) []float32 {
	out := make([]float32, l.cols)
	room := width - float32(l.cols+1)
	var sum float32
	for _, n := range l.natural {
		sum += n
	}
	if sum <= room {
		copy(out, l.natural)
		return out
	}
	fixed := make([]bool, l.cols)
	left, open := room, l.cols
	for changed := true; changed && open > 0; {
		changed = false
		share := left / float32(open)
		for i, n := range l.natural {
			if !fixed[i] && n <= share {
				out[i], fixed[i], changed = n, true, true
				left -= n
				open--
			}
		}
	}
	if open > 0 {
		share := max(left/float32(open), minColumn)
		for i := range out {
			if !fixed[i] {
				out[i] = min(share, l.natural[i])
			}
		}
	}
	return out
}

// rowHeights sizes the cells to the column widths and returns each row's
// height: its tallest cell, wrapped to its width.
func (l *mdTableLayout) rowHeights(ws []float32) []float32 {
	hs := make([]float32, len(l.cells))
	for r, row := range l.cells {
		for i, c := range row {
			c.Resize(fyne.NewSize(ws[i], c.Size().Height))
			hs[r] = max(hs[r], c.MinSize().Height)
		}
	}
	return hs
}

func (l *mdTableLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	ws := l.widths(size.Width)
	hs := l.rowHeights(ws)
	var total float32 = 1
	for _, w := range ws {
		total += w + 1
	}
	y := float32(1)
	for r, row := range l.cells {
		l.rowLines[r].Move(fyne.NewPos(0, y-1))
		l.rowLines[r].Resize(fyne.NewSize(total, 1))
		x := float32(1)
		for i, c := range row {
			c.Move(fyne.NewPos(x, y))
			c.Resize(fyne.NewSize(ws[i], hs[r]))
			x += ws[i] + 1
		}
		if r == 0 {
			l.headerBg.Move(fyne.NewPos(0, 0))
			l.headerBg.Resize(fyne.NewSize(total, hs[0]+1))
		}
		y += hs[r] + 1
	}
	last := l.rowLines[len(l.cells)]
	last.Move(fyne.NewPos(0, y-1))
	last.Resize(fyne.NewSize(total, 1))
	x := float32(0)
	for i, line := range l.colLines {
		line.Move(fyne.NewPos(x, 0))
		line.Resize(fyne.NewSize(1, y))
		if i < len(ws) {
			x += ws[i] + 1
		}
	}
}

// MinSize is as narrow as the columns can be made, as tall as the rows
// are at the width last laid out (unwrapped before the first layout).
func (l *mdTableLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	var width float32 = 1
	for _, n := range l.natural {
		width += min(n, minColumn) + 1
	}
	ws := l.natural
	if l.width > 0 {
		ws = l.widths(l.width)
	}
	var height float32 = 1
	for _, h := range l.rowHeights(ws) {
		height += h + 1
	}
	return fyne.NewSize(width, height)
}
