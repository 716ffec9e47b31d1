package ui

import (
	"fmt"
	"image/color"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
)

// diffView shows a line diff in monospace: the old and new line numbers, a
// marker, and the text; added lines on a green tint, removed ones on a red
// tint, unchanged ones plain. The tints are the theme's success and error
// colors over its background, so they read in dark and light themes alike.
type diffView struct {
	widget.BaseWidget
	grid  *widget.TextGrid
	lines []permissions.DiffLine
}

var _ fyne.Widget = (*diffView)(nil)

func newDiffView() *diffView {
	d := &diffView{grid: widget.NewTextGrid()}
	d.ExtendBaseWidget(d)
	return d
}

func (d *diffView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(d.grid) }

// setLines shows lines (permissions.DiffAll).
func (d *diffView) setLines(lines []permissions.DiffLine) {
	d.lines = lines
	rows := make([]widget.TextGridRow, 0, len(lines)+1)
	for _, l := range lines {
		rows = append(rows, diffRow(l))
		if l.NoNewline {
			rows = append(rows, plainRow("            \\ "+lang.L("No newline at end of file"), diffStyle{kind: permissions.LineSame}))
		}
	}
	if len(lines) == 0 {
		rows = append(rows, plainRow(lang.L("The two versions are the same."), diffStyle{kind: permissions.LineSame}))
	}
	d.grid.Rows = rows
	d.grid.Refresh()
}

// setError says why there is no diff (the files are too large …).
func (d *diffView) setError(text string) {
	d.lines = nil
	d.grid.Rows = []widget.TextGridRow{plainRow(text, diffStyle{kind: permissions.LineSame})}
	d.grid.Refresh()
}

// text is what the view shows, a line per row (for tests).
func (d *diffView) text() string { return d.grid.Text() }

func diffRow(l permissions.DiffLine) widget.TextGridRow {
	num := func(n int) string {
		if n == 0 {
			return ""
		}
		return fmt.Sprint(n)
	}
	marker := " "
	switch l.Kind {
	case permissions.LineAdded:
		marker = "+"
	case permissions.LineRemoved:
		marker = "-"
	}
	return plainRow(fmt.Sprintf("%5s %5s %s %s", num(l.Old), num(l.New), marker, spelled(l.Text)), diffStyle{kind: l.Kind})
}

func plainRow(text string, style diffStyle) widget.TextGridRow {
	row := widget.TextGridRow{Style: style}
	for _, r := range text {
		row.Cells = append(row.Cells, widget.TextGridCell{Rune: r, Style: style})
	}
	return row
}

// spelled expands tabs and spells out characters that draw nothing or
// reorder text (controls, bidi overrides), so the diff shows what the file
// holds.
func spelled(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t':
			b.WriteString("    ")
		case !printable(r):
			fmt.Fprintf(&b, "\\u{%04X}", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// printable says whether r draws as itself: no controls, no format
// characters (bidi overrides, zero-width joiners), no replacement character.
func printable(r rune) bool {
	return r != unicode.ReplacementChar && (r == ' ' || unicode.IsGraphic(r)) && !unicode.Is(unicode.Cf, r)
}

// diffStyle colors a diff line from the current theme each time it is drawn.
type diffStyle struct{ kind permissions.LineKind }

func (s diffStyle) Style() fyne.TextStyle { return fyne.TextStyle{Monospace: true} }

func (s diffStyle) TextColor() color.Color { return theme.Color(theme.ColorNameForeground) }

func (s diffStyle) BackgroundColor() color.Color {
	switch s.kind {
	case permissions.LineAdded:
		return tint(theme.Color(theme.ColorNameSuccess))
	case permissions.LineRemoved:
		return tint(theme.Color(theme.ColorNameError))
	}
	return color.Transparent
}

// tint is c at a quarter strength over whatever is behind it.
func tint(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0x48}
}

// minHeightLayout asks for at least a height (a scrolling grid or entry
// would otherwise shrink to one line inside the tab's scroll).
type minHeightLayout struct{ height float32 }

func (l *minHeightLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return fyne.NewSize(s.Width, max(s.Height, l.height))
}

func (l *minHeightLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}
