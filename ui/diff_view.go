package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
)

// diffView shows a line diff in monospace: the old and new line numbers, a
// marker, and the text; added lines on a green tint, removed ones on a red
// tint, unchanged ones plain. The tints are the theme's success and error
// colors over its background, so they read in dark and light themes alike.
// (widget.TextGrid cuts off the underscores of its cells, and `go_test` must
// not read as `go test`.) It does not scroll: put it in a scroll.
type diffView struct {
	widget.BaseWidget
	rows []diffViewRow
}

// diffViewRow is one row as shown.
type diffViewRow struct {
	text string
	kind permissions.LineKind
}

var _ fyne.Widget = (*diffView)(nil)

// maxDiffRows bounds what is drawn; a permissions file is a few dozen lines.
const maxDiffRows = 5000

func newDiffView() *diffView {
	d := &diffView{}
	d.ExtendBaseWidget(d)
	return d
}

// setLines shows lines (permissions.DiffAll).
func (d *diffView) setLines(lines []permissions.DiffLine) {
	var rows []diffViewRow
	for _, l := range lines {
		if len(rows) >= maxDiffRows {
			rows = append(rows, diffViewRow{text: lang.L("… and more lines, not shown here"), kind: permissions.LineSame})
			break
		}
		rows = append(rows, diffRow(l))
		if l.NoNewline {
			rows = append(rows, diffViewRow{text: "            \\ " + lang.L("No newline at end of file"), kind: permissions.LineSame})
		}
	}
	if len(lines) == 0 {
		rows = append(rows, diffViewRow{text: lang.L("The two versions are the same."), kind: permissions.LineSame})
	}
	d.rows = rows
	d.Refresh()
}

// setError says why there is no diff (the files are too large …).
func (d *diffView) setError(text string) {
	d.rows = []diffViewRow{{text: text, kind: permissions.LineSame}}
	d.Refresh()
}

// text is what the view shows, a line per row (for tests).
func (d *diffView) text() string {
	lines := make([]string, len(d.rows))
	for i, r := range d.rows {
		lines[i] = r.text
	}
	return strings.Join(lines, "\n")
}

func diffRow(l permissions.DiffLine) diffViewRow {
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
	return diffViewRow{text: fmt.Sprintf("%5s %5s %s %s", num(l.Old), num(l.New), marker, spelled(l.Text)), kind: l.Kind}
}

func (d *diffView) CreateRenderer() fyne.WidgetRenderer {
	r := &diffRenderer{d: d}
	r.Refresh()
	return r
}

// diffRenderer draws each row as a tint behind a line of monospace text.
type diffRenderer struct {
	d       *diffView
	bgs     []*canvas.Rectangle
	texts   []*canvas.Text
	objects []fyne.CanvasObject
}

// rowHeight leaves room below the text for underscores and descenders.
func (r *diffRenderer) rowHeight() float32 {
	// Whole pixels: tints at fractional places leave hairline gaps.
	return float32(math.Ceil(float64(fyne.MeasureText("Mg_", theme.TextSize(), fyne.TextStyle{Monospace: true}).Height))) + 2
}

func (r *diffRenderer) Layout(size fyne.Size) {
	h := r.rowHeight()
	for i := range r.texts {
		y := float32(i) * h
		r.bgs[i].Move(fyne.NewPos(0, y))
		r.bgs[i].Resize(fyne.NewSize(size.Width, h))
		r.texts[i].Move(fyne.NewPos(theme.Padding(), y+1))
		r.texts[i].Resize(fyne.NewSize(size.Width-theme.Padding(), h-2))
	}
}

func (r *diffRenderer) MinSize() fyne.Size {
	var w float32
	for _, t := range r.texts {
		w = max(w, t.MinSize().Width)
	}
	return fyne.NewSize(w+2*theme.Padding(), float32(len(r.texts))*r.rowHeight())
}

// Refresh makes a row per line and colors them from the current theme.
func (r *diffRenderer) Refresh() {
	rows := r.d.rows
	for len(r.texts) < len(rows) {
		bg := canvas.NewRectangle(color.Transparent)
		t := canvas.NewText("", color.Black)
		t.TextStyle = fyne.TextStyle{Monospace: true}
		r.bgs, r.texts = append(r.bgs, bg), append(r.texts, t)
	}
	r.bgs, r.texts = r.bgs[:len(rows)], r.texts[:len(rows)]
	r.objects = r.objects[:0]
	fg := theme.Color(theme.ColorNameForeground)
	for i, row := range rows {
		r.bgs[i].FillColor = diffStyle{kind: row.kind}.BackgroundColor()
		r.texts[i].Text, r.texts[i].Color, r.texts[i].TextSize = row.text, fg, theme.TextSize()
		r.objects = append(r.objects, r.bgs[i], r.texts[i])
	}
	r.Layout(r.d.Size())
	canvas.Refresh(r.d)
}

func (r *diffRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *diffRenderer) Destroy()                     {}

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

// diffStyle tints a diff line from the current theme.
type diffStyle struct{ kind permissions.LineKind }

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
