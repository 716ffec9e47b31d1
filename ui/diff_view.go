// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"bytes"
	"encoding/json"
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
	"github.com/sergi/go-diff/diffmatchpatch"

	"memo.dev/projects/domain/permissions"
)

// diffView shows a diff in monospace: a header per hunk, then each line
// with its old and new numbers, a marker and its text; added lines on a
// green tint, removed ones on a red tint, and inside a changed line the
// words that changed on a stronger tint. The tints are the theme's success
// and error colors over its background, so they read in dark and light
// themes alike. It takes the height its lines need (no scroll of its own
// to capture the wheel) and wraps a line wider than it is, so the page
// never grows sideways. (widget.TextGrid cuts off the underscores of its
// cells, and `go_test` must not read as `go test`: every tint is drawn
// before any text.)
type diffView struct {
	widget.BaseWidget
	rows []diffViewRow
}

// diffViewRow is one line as shown: its text (numbers, marker, content),
// its kind, and the runes of the content that changed (for the tint).
type diffViewRow struct {
	text  string
	kind  permissions.LineKind
	marks []runeSpan
}

// runeSpan is a run of a row's content, in runes, [from, to).
type runeSpan struct{ from, to int }

// lineHunk is a hunk header's row kind.
const lineHunk permissions.LineKind = "hunk"

// diffPrefix is how many runes of a row come before its content: two
// line numbers, the marker and spaces ("%5s %5s %s ").
const diffPrefix = 14

var _ fyne.Widget = (*diffView)(nil)

// maxDiffRows bounds what is drawn; a permissions file is a few dozen lines.
const maxDiffRows = 5000

func newDiffView() *diffView {
	d := &diffView{}
	d.ExtendBaseWidget(d)
	return d
}

// setHunks shows a diff's hunks (permissions.Diff), each under its header.
func (d *diffView) setHunks(hunks []permissions.Hunk) {
	var rows []diffViewRow
	for _, h := range hunks {
		rows = append(rows, diffViewRow{text: fmt.Sprintf("@@ -%d,%d +%d,%d @@", h.OldStart, h.OldLines, h.NewStart, h.NewLines), kind: lineHunk})
		rows = append(rows, lineRows(h.Lines)...)
	}
	if len(hunks) == 0 {
		rows = append(rows, diffViewRow{text: lang.L("The two versions are the same."), kind: permissions.LineSame})
	}
	d.show(rows)
}

// setLines shows lines (permissions.DiffAll) without hunk headers.
func (d *diffView) setLines(lines []permissions.DiffLine) {
	rows := lineRows(lines)
	if len(lines) == 0 {
		rows = append(rows, diffViewRow{text: lang.L("The two versions are the same."), kind: permissions.LineSame})
	}
	d.show(rows)
}

func (d *diffView) show(rows []diffViewRow) {
	if len(rows) > maxDiffRows {
		rows = append(rows[:maxDiffRows], diffViewRow{text: lang.L("… and more lines, not shown here"), kind: permissions.LineSame})
	}
	d.rows = rows
	d.Refresh()
}

// lineRows are lines as rows: a run of removed lines followed by as many
// added ones is read as those lines changed, and the words that changed
// are marked in each.
func lineRows(lines []permissions.DiffLine) []diffViewRow {
	var rows []diffViewRow
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && lines[j].Kind == permissions.LineRemoved {
			j++
		}
		k := j
		for k < len(lines) && lines[k].Kind == permissions.LineAdded {
			k++
		}
		if j == i { // not a removed run: one line as it is
			rows = append(rows, lineRow(lines[i], nil)...)
			i++
			continue
		}
		removed, added := lines[i:j], lines[j:k]
		var oldMarks, newMarks [][]runeSpan
		if len(removed) == len(added) {
			for n := range removed {
				o, a := changedRunes(spelled(removed[n].Text), spelled(added[n].Text))
				oldMarks, newMarks = append(oldMarks, o), append(newMarks, a)
			}
		}
		for n, l := range removed {
			rows = append(rows, lineRow(l, at(oldMarks, n))...)
		}
		for n, l := range added {
			rows = append(rows, lineRow(l, at(newMarks, n))...)
		}
		i = k
	}
	return rows
}

func at(marks [][]runeSpan, i int) []runeSpan {
	if i < len(marks) {
		return marks[i]
	}
	return nil
}

// changedRunes marks what differs between an old and a new line, whole
// words at a time (go-diff alone marks "tes" of test → vet).
func changedRunes(old, new string) (inOld, inNew []runeSpan) {
	o, n := charDiff(old, new)
	return toWords([]rune(old), o), toWords([]rune(new), n)
}

// toWords widens each span to the words it touches and merges overlaps.
func toWords(text []rune, spans []runeSpan) []runeSpan {
	word := func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.'
	}
	var out []runeSpan
	for _, s := range spans {
		for s.from > 0 && word(text[s.from-1]) && (s.from == s.to || word(text[s.from])) {
			s.from--
		}
		for s.to < len(text) && word(text[s.to]) && (s.to == s.from || word(text[s.to-1])) {
			s.to++
		}
		if n := len(out); n > 0 && s.from <= out[n-1].to {
			out[n-1].to = max(out[n-1].to, s.to)
			continue
		}
		out = append(out, s)
	}
	return out
}

// charDiff is go-diff's character diff of two lines as runs of each.
func charDiff(old, new string) (inOld, inNew []runeSpan) {
	dmp := diffmatchpatch.New()
	diffs := dmp.DiffCleanupSemantic(dmp.DiffMain(old, new, false))
	o, n := 0, 0
	for _, df := range diffs {
		size := len([]rune(df.Text))
		switch df.Type {
		case diffmatchpatch.DiffEqual:
			o, n = o+size, n+size
		case diffmatchpatch.DiffDelete:
			inOld = append(inOld, runeSpan{o, o + size})
			o += size
		case diffmatchpatch.DiffInsert:
			inNew = append(inNew, runeSpan{n, n + size})
			n += size
		}
	}
	return inOld, inNew
}

// lineRow is a line's row, and the "no newline" note after it.
func lineRow(l permissions.DiffLine, marks []runeSpan) []diffViewRow {
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
	rows := []diffViewRow{{text: fmt.Sprintf("%5s %5s %s %s", num(l.Old), num(l.New), marker, spelled(l.Text)), kind: l.Kind, marks: marks}}
	if l.NoNewline {
		rows = append(rows, diffViewRow{text: "            \\ " + lang.L("No newline at end of file"), kind: permissions.LineSame})
	}
	return rows
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

// prettyJSON is a file that is one line of JSON laid out a value per line
// (each rule of a list on its own line), so that a change to one rule is
// one changed line; other files are returned as they are.
func prettyJSON(b []byte) ([]byte, bool) {
	trimmed := bytes.TrimRight(b, "\r\n")
	if len(trimmed) == 0 || bytes.ContainsAny(trimmed, "\r\n") || !json.Valid(trimmed) {
		return b, false
	}
	var out bytes.Buffer
	if err := json.Indent(&out, trimmed, "", "  "); err != nil {
		return b, false
	}
	out.WriteByte('\n')
	return out.Bytes(), true
}

func (d *diffView) CreateRenderer() fyne.WidgetRenderer {
	r := &diffRenderer{d: d}
	r.Refresh()
	return r
}

// diffRenderer draws the rows as lines of monospace text, each row cut
// into lines of the width it has (continuations indented under the
// content), with a tint behind each line and a stronger one behind the
// changed words. All tints come before all texts: a row's tint must not
// cover the underscores of the row above.
type diffRenderer struct {
	d       *diffView
	width   float32 // the width the lines were cut for
	lines   []diffLineDraw
	objects []fyne.CanvasObject
}

// diffLineDraw is one drawn line: its tint, its text and its marks.
type diffLineDraw struct {
	bg    *canvas.Rectangle
	text  *canvas.Text
	marks []*canvas.Rectangle
	spans []runeSpan // columns of the marks on this line
}

func (r *diffRenderer) charWidth() float32 {
	return fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true}).Width
}

// rowHeight leaves room below the text for underscores and descenders.
func (r *diffRenderer) rowHeight() float32 {
	// Whole pixels: tints at fractional places leave hairline gaps.
	return float32(math.Ceil(float64(fyne.MeasureText("Mg_", theme.TextSize(), fyne.TextStyle{Monospace: true}).Height))) + 4
}

// columns is how many characters fit a line of width w (at least enough
// for the numbers and a few characters of content).
func (r *diffRenderer) columns(w float32) int {
	return max(diffPrefix+16, int((w-2*theme.Padding())/r.charWidth()))
}

func (r *diffRenderer) Layout(size fyne.Size) {
	if size.Width != r.width {
		r.width = size.Width
		r.build()
	}
	h, cw := r.rowHeight(), r.charWidth()
	for i, l := range r.lines {
		y := float32(i) * h
		l.bg.Move(fyne.NewPos(0, y))
		l.bg.Resize(fyne.NewSize(size.Width, h))
		for k, m := range l.marks {
			sp := l.spans[k]
			m.Move(fyne.NewPos(theme.Padding()+float32(sp.from)*cw, y))
			m.Resize(fyne.NewSize(float32(sp.to-sp.from)*cw, h))
		}
		// The text gets the whole row: its underscores sit below the
		// height MeasureText gives, and a shorter text cut them off.
		l.text.Move(fyne.NewPos(theme.Padding(), y))
		l.text.Resize(fyne.NewSize(size.Width-theme.Padding(), h))
	}
}

func (r *diffRenderer) MinSize() fyne.Size {
	// Narrow: lines wrap to the width there is, so the page never widens.
	return fyne.NewSize(float32(diffPrefix+16)*r.charWidth()+2*theme.Padding(), float32(len(r.lines))*r.rowHeight())
}

// Refresh lays the rows out as lines again, in the current theme's colors.
func (r *diffRenderer) Refresh() {
	r.build()
	r.Layout(r.d.Size())
	canvas.Refresh(r.d)
}

// build cuts the rows into lines of the current width and makes their
// objects.
func (r *diffRenderer) build() {
	cols := r.columns(r.width)
	if r.width == 0 {
		cols = math.MaxInt32 // not laid out yet: a line per row
	}
	fg := theme.Color(theme.ColorNameForeground)
	r.lines = r.lines[:0]
	for _, row := range r.d.rows {
		runes := []rune(row.text)
		content := diffPrefix
		if row.kind == lineHunk || len(runes) < diffPrefix {
			content = 0
		}
		first := true
		for start := 0; first || start < len(runes); first = false {
			end := min(len(runes), start+cols)
			indent := 0
			if !first { // a continuation starts under the content
				indent = content
				end = min(len(runes), start+cols-indent)
			}
			t := canvas.NewText(strings.Repeat(" ", indent)+string(runes[start:end]), fg)
			t.TextStyle, t.TextSize = fyne.TextStyle{Monospace: true}, theme.TextSize()
			if row.kind == lineHunk {
				t.Color = theme.Color(theme.ColorNamePlaceHolder)
			}
			l := diffLineDraw{bg: canvas.NewRectangle(diffStyle{kind: row.kind}.BackgroundColor()), text: t}
			for _, m := range row.marks {
				from, to := max(m.from+content, start), min(m.to+content, end)
				if from < to {
					col := from - start + indent
					l.spans = append(l.spans, runeSpan{col, col + to - from})
					l.marks = append(l.marks, canvas.NewRectangle(diffStyle{kind: row.kind}.MarkColor()))
				}
			}
			r.lines = append(r.lines, l)
			start = end
			if end == len(runes) {
				break
			}
		}
	}
	r.objects = r.objects[:0]
	for _, l := range r.lines {
		r.objects = append(r.objects, l.bg)
	}
	for _, l := range r.lines {
		for _, m := range l.marks {
			r.objects = append(r.objects, m)
		}
	}
	for _, l := range r.lines {
		r.objects = append(r.objects, l.text)
	}
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
		return tint(theme.Color(theme.ColorNameSuccess), 0x48)
	case permissions.LineRemoved:
		return tint(theme.Color(theme.ColorNameError), 0x48)
	case lineHunk:
		return tint(theme.Color(theme.ColorNamePrimary), 0x20)
	}
	return color.Transparent
}

// MarkColor is the stronger tint behind the changed words of a line.
func (s diffStyle) MarkColor() color.Color {
	switch s.kind {
	case permissions.LineAdded:
		return tint(theme.Color(theme.ColorNameSuccess), 0x90)
	case permissions.LineRemoved:
		return tint(theme.Color(theme.ColorNameError), 0x90)
	}
	return color.Transparent
}

// tint is c at strength alpha over whatever is behind it.
func tint(c color.Color, alpha uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: alpha}
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
