// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tabBar is a project's tabs: a row of tab buttons the keyboard reaches
// (Tab stops at the selected one; Left and Right move along the row), each
// showing its Alt+N shortcut, above the selected tab's content. Fyne's
// AppTabs takes no keyboard focus and shows no shortcut.
type tabBar struct {
	buttons  []*tabButton
	contents []fyne.CanvasObject
	stack    *fyne.Container
	body     *fyne.Container
	selected int
	// onSelected hears every change of the selected tab.
	onSelected func(i int)
}

// tabPage is one tab: its title and content.
type tabPage struct {
	title   string
	content fyne.CanvasObject
}

func newTabBar(pages ...tabPage) *tabBar {
	t := &tabBar{stack: container.NewStack()}
	row := container.NewHBox()
	for i, p := range pages {
		b := newTabButton(p.title, fmt.Sprintf("Alt+%d", i+1))
		b.onTapped = func() { t.SelectIndex(i) }
		b.onMove = func(by int) { t.moveFrom(i, by) }
		t.buttons = append(t.buttons, b)
		t.contents = append(t.contents, p.content)
		row.Add(b)
		if i > 0 {
			p.content.Hide()
		}
		t.stack.Add(p.content)
	}
	t.buttons[0].selected = true
	t.body = readingOrder(container.NewVBox(row, widget.NewSeparator()), nil, t.stack)
	return t
}

func (t *tabBar) content() fyne.CanvasObject { return t.body }

// SelectedIndex is the tab shown.
func (t *tabBar) SelectedIndex() int { return t.selected }

// SelectIndex shows tab i (and tells onSelected when that is a change).
func (t *tabBar) SelectIndex(i int) {
	if i < 0 || i >= len(t.buttons) || i == t.selected {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(t.body)
	inPage := c != nil && c.Focused() != nil && pathTo(t.contents[t.selected], c.Focused().(fyne.CanvasObject)) != nil
	t.contents[t.selected].Hide()
	t.buttons[t.selected].setSelected(false)
	t.selected = i
	t.contents[i].Show()
	t.buttons[i].setSelected(true)
	t.stack.Refresh()
	// A widget of the tab left keeps no focus (its keys would go nowhere):
	// the new tab's button takes it.
	if inPage {
		c.Focus(t.buttons[i])
	}
	releaseHiddenFocusOf(t.body)
	if t.onSelected != nil {
		t.onSelected(i)
	}
}

// moveFrom selects the tab by steps from tab i and gives it the focus.
func (t *tabBar) moveFrom(i, by int) {
	j := i + by
	if j < 0 || j >= len(t.buttons) {
		return
	}
	t.SelectIndex(j)
	if c := fyne.CurrentApp().Driver().CanvasForObject(t.body); c != nil {
		c.Focus(t.buttons[j])
	}
}

func (t *tabBar) Visible() bool { return t.body.Visible() }
func (t *tabBar) Show()         { t.body.Show() }
func (t *tabBar) Hide()         { t.body.Hide() }

// tabButton is one tab's button: its title, its shortcut in small text
// beside it, a bar under the selected one and a ring while it has the
// focus. (No icon: with the shortcuts, four tabs with icons are wider than
// the right side of an 800 px window.)
type tabButton struct {
	widget.BaseWidget
	title, shortcut string
	selected        bool
	focused         bool
	onTapped        func()
	onMove          func(by int)
}

var (
	_ fyne.Focusable   = (*tabButton)(nil)
	_ fyne.Tappable    = (*tabButton)(nil)
	_ fyne.Disableable = (*tabButton)(nil)
)

// Disabled implements fyne.Disableable for Fyne's focus chain only: the
// tabs are one stop of Tab, the selected one (Tab then goes into its
// page; Left and Right move between tabs), as on every desktop. A click
// still selects any tab.
func (b *tabButton) Disabled() bool { return !b.selected }

// Enable implements fyne.Disableable (a tab is never disabled).
func (b *tabButton) Enable() {}

// Disable implements fyne.Disableable.
func (b *tabButton) Disable() {}

func newTabButton(title, shortcut string) *tabButton {
	b := &tabButton{title: title, shortcut: shortcut}
	b.ExtendBaseWidget(b)
	return b
}

func (b *tabButton) setSelected(on bool) {
	b.selected = on
	b.Refresh()
}

// Tapped implements fyne.Tappable.
func (b *tabButton) Tapped(*fyne.PointEvent) { b.onTapped() }

// FocusGained implements fyne.Focusable.
func (b *tabButton) FocusGained() { b.focused = true; b.Refresh() }

// FocusLost implements fyne.Focusable.
func (b *tabButton) FocusLost() { b.focused = false; b.Refresh() }

// TypedRune implements fyne.Focusable.
func (b *tabButton) TypedRune(rune) {}

// TypedKey implements fyne.Focusable.
func (b *tabButton) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeySpace, fyne.KeyReturn, fyne.KeyEnter:
		b.onTapped()
	case fyne.KeyLeft:
		b.onMove(-1)
	case fyne.KeyRight:
		b.onMove(1)
	case fyne.KeyEscape:
		passKey(b, ev)
	}
}

func (b *tabButton) CreateRenderer() fyne.WidgetRenderer {
	r := &tabButtonRenderer{b: b,
		title:    canvas.NewText(b.title, color.Black),
		shortcut: canvas.NewText(b.shortcut, color.Black),
		bar:      canvas.NewRectangle(color.Transparent),
		ring:     canvas.NewRectangle(color.Transparent),
	}
	r.ring.StrokeWidth = 2
	r.Refresh()
	return r
}

type tabButtonRenderer struct {
	b               *tabButton
	title, shortcut *canvas.Text
	bar, ring       *canvas.Rectangle
}

// titleRoom is the room the title takes, bold or not: as wide as its bold
// form, so that selecting a tab (bold) does not move the tabs beside it,
// nor its own shortcut.
func (r *tabButtonRenderer) titleRoom() fyne.Size {
	return fyne.MeasureText(r.b.title, theme.TextSize(), fyne.TextStyle{Bold: true})
}

func (r *tabButtonRenderer) Layout(size fyne.Size) {
	p := theme.InnerPadding()
	room, t := r.titleRoom(), r.title.MinSize()
	// The regular title is centred in the bold one's room.
	r.title.Move(fyne.NewPos(p+(room.Width-t.Width)/2, (size.Height-t.Height)/2))
	r.title.Resize(t)
	s := r.shortcut.MinSize()
	r.shortcut.Move(fyne.NewPos(p+room.Width+theme.Padding(), (size.Height-t.Height)/2+t.Height-s.Height-1))
	r.shortcut.Resize(s)
	r.bar.Move(fyne.NewPos(0, size.Height-3))
	r.bar.Resize(fyne.NewSize(size.Width, 3))
	r.ring.Move(fyne.NewPos(1, 1))
	r.ring.Resize(size.SubtractWidthHeight(2, 2))
}

func (r *tabButtonRenderer) MinSize() fyne.Size {
	p := theme.InnerPadding()
	t, s := r.titleRoom(), r.shortcut.MinSize()
	return fyne.NewSize(p+t.Width+theme.Padding()+s.Width+p, r.title.MinSize().Height+2*p)
}

func (r *tabButtonRenderer) Refresh() {
	fg := theme.Color(theme.ColorNameForeground)
	r.title.Color, r.title.TextSize = fg, theme.TextSize()
	r.title.TextStyle = fyne.TextStyle{Bold: r.b.selected}
	r.shortcut.Color, r.shortcut.TextSize = theme.Color(theme.ColorNamePlaceHolder), theme.CaptionTextSize()
	r.bar.FillColor = color.Transparent
	if r.b.selected {
		r.bar.FillColor = theme.Color(theme.ColorNamePrimary)
		r.title.Color = theme.Color(theme.ColorNamePrimary)
	}
	r.ring.StrokeColor = color.Transparent
	if r.b.focused {
		r.ring.StrokeColor = fg
	}
	r.ring.CornerRadius = theme.InputRadiusSize()
	for _, o := range []fyne.CanvasObject{r.title, r.shortcut, r.bar, r.ring} {
		o.Refresh()
	}
	r.Layout(r.b.Size())
}

func (r *tabButtonRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bar, r.title, r.shortcut, r.ring}
}

func (r *tabButtonRenderer) Destroy() {}
