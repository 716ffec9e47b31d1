package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

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
