// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// pathLabel shows a path in small text and, when it is too long, keeps its end
// ("…/code/project"), where the names that tell folders apart are; Fyne's
// own truncation would keep the start, the same for every folder.
type pathLabel struct {
	widget.BaseWidget
	full string
}

var _ fyne.Widget = (*pathLabel)(nil)

func newPathLabel() *pathLabel {
	l := &pathLabel{}
	l.ExtendBaseWidget(l)
	return l
}

func (l *pathLabel) setText(s string) {
	if l.full == s {
		return
	}
	l.full = s
	l.Refresh()
}

func (l *pathLabel) CreateRenderer() fyne.WidgetRenderer {
	text := canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder))
	text.TextSize = theme.CaptionTextSize()
	return &pathLabelRenderer{label: l, text: text}
}

type pathLabelRenderer struct {
	label *pathLabel
	text  *canvas.Text
	// what the text was fitted for, so a rebind at the same width costs nothing
	fitted      string
	fittedWidth float32
}

func (r *pathLabelRenderer) Layout(size fyne.Size) {
	r.text.Resize(size)
	r.fit(size.Width)
}

func (r *pathLabelRenderer) MinSize() fyne.Size {
	return fyne.NewSize(0, fyne.MeasureText("…", r.text.TextSize, r.text.TextStyle).Height)
}

func (r *pathLabelRenderer) Refresh() {
	r.text.Color = theme.Color(theme.ColorNamePlaceHolder)
	r.fit(r.label.Size().Width)
	r.text.Refresh()
}

func (r *pathLabelRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.text} }
func (r *pathLabelRenderer) Destroy()                     {}

// fit shows the longest end of the path that fits width, found by bisection.
func (r *pathLabelRenderer) fit(width float32) {
	full := r.label.full
	if full == r.fitted && width == r.fittedWidth {
		return
	}
	r.fitted, r.fittedWidth = full, width
	r.text.Text = fitEnd(full, width, func(s string) float32 {
		return fyne.MeasureText(s, r.text.TextSize, r.text.TextStyle).Width
	})
}

// fitEnd returns s, or "…" and the longest end of s that fits width.
func fitEnd(s string, width float32, measure func(string) float32) string {
	if width <= 0 || measure(s) <= width {
		return s
	}
	runes := []rune(s)
	lo, hi := 1, len(runes) // the answer drops runes[:i] for the smallest fitting i
	for lo < hi {
		mid := (lo + hi) / 2
		if measure("…"+string(runes[mid:])) <= width {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return "…" + string(runes[lo:])
}
