// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// skillPickList is the list of the skills a source holds, to pick the one
// to review: each with its description, its folder, and whether a skill of
// that name is installed (its review is then an update). One row is
// chosen at a time, as in a radio group. With the focus, Up and Down move
// the choice, Enter reviews it, Backspace goes back and Escape closes the
// dialog; a click chooses a row, a double click reviews it.
type skillPickList struct {
	widget.BaseWidget
	rows     []*pickRow
	chosen   int
	focused  bool
	onChoose func(i int)
	onSubmit func(i int)
	onBack   func() // Backspace
	onEscape func()
}

var _ fyne.Focusable = (*skillPickList)(nil)

func newSkillPickList(cands []skills.Candidate) *skillPickList {
	l := &skillPickList{chosen: -1}
	for i, c := range cands {
		l.rows = append(l.rows, newPickRow(l, i, c))
	}
	l.ExtendBaseWidget(l)
	return l
}

func (l *skillPickList) CreateRenderer() fyne.WidgetRenderer {
	box := container.NewVBox()
	for _, r := range l.rows {
		box.Add(r)
	}
	return widget.NewSimpleRenderer(box)
}

// choose makes row i the chosen one.
func (l *skillPickList) choose(i int) {
	if i < 0 || i >= len(l.rows) || i == l.chosen {
		return
	}
	l.chosen = i
	for _, r := range l.rows {
		r.Refresh()
	}
	if l.onChoose != nil {
		l.onChoose(i)
	}
}

func (l *skillPickList) submit() {
	if l.chosen >= 0 && l.onSubmit != nil {
		l.onSubmit(l.chosen)
	}
}

// focus gives the list the keyboard focus (a click on a row does).
func (l *skillPickList) focus() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(l); c != nil {
		c.Focus(l)
	}
}

// FocusGained implements fyne.Focusable: the first row is chosen when
// none is, so that Enter reviews what the ring shows.
func (l *skillPickList) FocusGained() {
	l.focused = true
	if l.chosen < 0 {
		l.choose(0)
	}
	for _, r := range l.rows {
		r.Refresh()
	}
}

// FocusLost implements fyne.Focusable.
func (l *skillPickList) FocusLost() {
	l.focused = false
	for _, r := range l.rows {
		r.Refresh()
	}
}

// TypedRune implements fyne.Focusable.
func (l *skillPickList) TypedRune(rune) {}

// TypedKey implements fyne.Focusable.
func (l *skillPickList) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyUp:
		l.choose(max(l.chosen-1, 0))
	case fyne.KeyDown:
		l.choose(min(l.chosen+1, len(l.rows)-1))
	case fyne.KeyHome:
		l.choose(0)
	case fyne.KeyEnd:
		l.choose(len(l.rows) - 1)
	case fyne.KeyReturn, fyne.KeyEnter:
		l.submit()
	default:
		listExitKey(l, e, l.onBack, l.onEscape)
	}
}

// pickRow is one skill of a skillPickList.
type pickRow struct {
	widget.BaseWidget
	list  *skillPickList
	index int
	c     skills.Candidate
}

var (
	_ fyne.Tappable       = (*pickRow)(nil)
	_ fyne.DoubleTappable = (*pickRow)(nil)
)

func newPickRow(l *skillPickList, i int, c skills.Candidate) *pickRow {
	r := &pickRow{list: l, index: i, c: c}
	r.ExtendBaseWidget(r)
	return r
}

// Tapped implements fyne.Tappable: the row is chosen.
func (r *pickRow) Tapped(*fyne.PointEvent) {
	r.list.choose(r.index)
	r.list.focus()
}

// DoubleTapped implements fyne.DoubleTappable: the row is reviewed.
func (r *pickRow) DoubleTapped(*fyne.PointEvent) {
	r.list.choose(r.index)
	r.list.submit()
}

func (r *pickRow) CreateRenderer() fyne.WidgetRenderer {
	// The radio as Fyne's own radio group draws it: a ring, and in it a
	// dot in the primary colour when chosen (the "checked" icon alone drew
	// a ring almost full, which reads as not chosen on the highlight).
	ring, dot := widget.NewIcon(theme.RadioButtonIcon()), widget.NewIcon(nil)
	radio := container.NewStack(dot, ring)
	// The name (at most 64 characters) in full, then where it is and
	// whether it is installed; the description under them.
	name := &widget.Label{Text: r.c.Name, TextStyle: fyne.TextStyle{Bold: true}}
	where := r.c.Folder
	if where == "" {
		where = lang.L("the repository root")
	}
	marks := container.NewHBox()
	if r.c.Installed {
		marks.Add(&widget.Label{Text: lang.L("installed: its review is an update"), Importance: widget.SuccessImportance, SizeName: theme.SizeNameCaptionText})
	}
	head := container.NewBorder(nil, nil, name, marks, &widget.Label{Text: where, SizeName: theme.SizeNameCaptionText, Truncation: fyne.TextTruncateEllipsis})
	lines := container.NewVBox(head)
	if r.c.Description != "" {
		lines.Add(&widget.Label{Text: r.c.Description, Wrapping: fyne.TextWrapWord})
	}
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
	bg.CornerRadius = theme.InputRadiusSize()
	bg.StrokeColor = theme.Color(theme.ColorNameFocus)
	content := container.NewBorder(nil, nil, container.NewVBox(radio), nil, lines)
	rr := &pickRowRenderer{WidgetRenderer: widget.NewSimpleRenderer(container.NewStack(bg, content)), row: r, bg: bg, ring: ring, dot: dot}
	rr.Refresh()
	return rr
}

// pickRowRenderer draws a row chosen or not, with the focus ring.
type pickRowRenderer struct {
	fyne.WidgetRenderer // the row's objects
	row                 *pickRow
	bg                  *canvas.Rectangle
	ring, dot           *widget.Icon // the radio
}

func (p *pickRowRenderer) Refresh() {
	chosen := p.row.list.chosen == p.row.index
	p.bg.Hidden = !chosen
	p.bg.StrokeWidth = 0
	if chosen && p.row.list.focused {
		p.bg.StrokeWidth = 2
	}
	p.dot.Hidden = !chosen
	if chosen {
		p.dot.SetResource(theme.NewPrimaryThemedResource(theme.RadioButtonFillIcon()))
	}
	p.bg.Refresh()
}
