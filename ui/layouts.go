// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// centerV centers o vertically and gives it the whole width (a path beside
// a button).
func centerV(o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewVBox(layout.NewSpacer(), o, layout.NewSpacer())
}

// readableWidth is how wide a project's pages grow: header, Overview,
// Permissions, Skills and Memory alike, so that at 1920 px a row's buttons
// stay near its text.
const readableWidth = 1100

// maxWidthLayout gives its objects the space up to a width and leaves the
// rest empty on the right: text in a very wide window stays readable.
type maxWidthLayout struct{ max float32 }

func (l *maxWidthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

func (l *maxWidthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := min(size.Width, max(l.max, l.MinSize(objs).Width))
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(fyne.NewSize(w, size.Height))
	}
}

// columnsLayout shows its objects side by side in equal columns when each
// gets at least minColumn, else one under the other. The height it asks for
// follows how it was last laid out (it sits in a scroll, which lays it out
// at the width it has).
type columnsLayout struct {
	minColumn float32
	side      bool // laid out side by side last time
}

func (l *columnsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, sum, tallest float32
	for _, o := range objs {
		m := o.MinSize()
		w, tallest, sum = max(w, m.Width), max(tallest, m.Height), sum+m.Height
	}
	if l.side {
		return fyne.NewSize(w, tallest)
	}
	return fyne.NewSize(w, sum+float32(len(objs)-1)*theme.Padding())
}

func (l *columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	n := float32(len(objs))
	l.side = n > 0 && size.Width >= n*l.minColumn
	if l.side {
		colW := (size.Width - (n-1)*theme.Padding()) / n
		for i, o := range objs {
			o.Move(fyne.NewPos(float32(i)*(colW+theme.Padding()), 0))
			o.Resize(fyne.NewSize(colW, size.Height))
		}
		return
	}
	y := float32(0)
	for _, o := range objs {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + theme.Padding()
	}
}

// minWidthLayout asks for exactly minWidth whatever its objects ask for (they
// get the width there is). The right side sits in one: no name, path or
// note it shows — even a wrapped label measured before its first layout —
// can widen the window or squeeze the list.
type minWidthLayout struct{ minWidth float32 }

func (l *minWidthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var h float32
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(l.minWidth, h)
}

func (l *minWidthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// labelWidth is the width l needs to show its text uncut.
func labelWidth(l *widget.Label) float32 {
	size := theme.Size(l.SizeName)
	if l.SizeName == "" {
		size = theme.TextSize()
	}
	// The label pads its text inside; a little more keeps rounding from
	// cutting the last letter.
	return fyne.MeasureText(l.Text, size, l.TextStyle).Width + 2*theme.InnerPadding() + theme.Padding()
}

// wrapLayout lines its visible objects up left to right at their own size
// and starts a new row when the next would not fit. It asks only for the
// widest object's width, so a row of buttons never widens the page (it
// sits in a vertical scroll, which cuts what is wider); its height follows
// the rows of its last layout, as a wrapped label's does.
type wrapLayout struct{ width float32 }

func (l *wrapLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	width := l.width
	if width == 0 { // not laid out yet: one row, until the width is known
		width = float32(math.MaxFloat32)
	}
	_, h := l.place(objs, max(width, w), false)
	return fyne.NewSize(w, h)
}

func (l *wrapLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.place(objs, size.Width, true)
}

// place puts the objects in rows within width (moving them when move is
// set) and returns the rows' count and height.
func (l *wrapLayout) place(objs []fyne.CanvasObject, width float32, move bool) (rows int, height float32) {
	var x, y, rowH float32
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if rows == 0 {
			rows = 1
		} else if x+m.Width > width {
			y += rowH + theme.Padding()
			x, rowH = 0, 0
			rows++
		}
		if move {
			o.Move(fyne.NewPos(x, y))
			o.Resize(m)
		}
		x += m.Width + theme.Padding()
		rowH = max(rowH, m.Height)
	}
	return rows, y + rowH
}

// padLayout pads its objects by a fixed amount horizontally and vertically.
type padLayout struct{ x, y float32 }

func (p *padLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	if s.IsZero() {
		return s
	}
	return s.Add(fyne.NewSize(2*p.x, 2*p.y))
}

func (p *padLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(p.x, p.y))
		o.Resize(size.Subtract(fyne.NewSize(2*p.x, 2*p.y)))
	}
}

// readingOrder is container.NewBorder(top, bottom, nil, nil, center) with
// its objects in reading order — top, center, bottom — which is the order
// Tab walks (NewBorder puts the center first, so Tab went to a page's
// content before its header). Its layout also measures top and bottom at
// the width they get before placing the center: a wrapped label's height
// depends on its width, and measured before its first layout at that
// width it overlapped what lies under it.
func readingOrder(top, bottom, center fyne.CanvasObject) *fyne.Container {
	var objs []fyne.CanvasObject
	for _, o := range []fyne.CanvasObject{top, center, bottom} {
		if o != nil {
			objs = append(objs, o)
		}
	}
	return container.New(&topDownLayout{top: top, bottom: bottom}, objs...)
}

// topDownLayout is readingOrder's layout.
type topDownLayout struct{ top, bottom fyne.CanvasObject }

func (l *topDownLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	n := 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		w, h = max(w, m.Width), h+m.Height
		n++
	}
	return fyne.NewSize(w, h+float32(max(n-1, 0))*theme.Padding())
}

func (l *topDownLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	// fitted lays o out at the full width, then again at the height it
	// asks for at that width.
	fitted := func(o fyne.CanvasObject) float32 {
		if o == nil || !o.Visible() {
			return 0
		}
		o.Resize(fyne.NewSize(size.Width, o.MinSize().Height))
		h := o.MinSize().Height
		o.Resize(fyne.NewSize(size.Width, h))
		return h
	}
	topH, bottomH := fitted(l.top), fitted(l.bottom)
	y := float32(0)
	if topH > 0 {
		l.top.Move(fyne.NewPos(0, 0))
		y = topH + theme.Padding()
	}
	end := size.Height
	if bottomH > 0 {
		l.bottom.Move(fyne.NewPos(0, size.Height-bottomH))
		end -= bottomH + theme.Padding()
	}
	for _, o := range objs {
		if o == l.top || o == l.bottom || !o.Visible() {
			continue
		}
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, max(end-y, 0)))
	}
}

// headerLineLayout puts a project's name, its badges and its path on one
// line: the name gets the width its text needs (but leaves the path at
// least pathMin), the badges theirs, the path the rest (a pathLabel cuts
// its start). Each is centred on the line.
type headerLineLayout struct {
	natural func() float32 // the name's uncut width
	pathMin float32
}

func (l *headerLineLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if i > 0 {
			s.Width += theme.Padding()
		}
		s.Width += m.Width
		s.Height = max(s.Height, m.Height)
	}
	return s
}

func (l *headerLineLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	name, badges, path := objs[0], objs[1:len(objs)-1], objs[len(objs)-1]
	var badgesW float32
	for _, b := range badges {
		if b.Visible() {
			badgesW += b.MinSize().Width + theme.Padding()
		}
	}
	nameW := max(name.MinSize().Width, min(l.natural(), size.Width-badgesW-theme.Padding()-l.pathMin))
	place := func(o fyne.CanvasObject, x, w float32) {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(x, (size.Height-h)/2))
		o.Resize(fyne.NewSize(w, h))
	}
	place(name, 0, nameW)
	x := nameW + theme.Padding()
	for _, b := range badges {
		if b.Visible() {
			place(b, x, b.MinSize().Width)
			x += b.MinSize().Width + theme.Padding()
		}
	}
	place(path, x, max(size.Width-x, 0))
}
