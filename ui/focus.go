package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Fyne gives keys to the focused widget only, keeps the focus on a widget
// that was hidden or taken out of the window, and never scrolls to the
// widget Tab reaches. The helpers here fill those gaps: a focused widget
// that does not use Escape (or Ctrl+Enter) passes it on to the window, so
// a dialog closes whatever has the focus; a hidden widget loses the focus;
// a widget Tab reaches below the fold is scrolled into view.

// childrenOf are the objects directly inside o, as far as the window's
// screens nest them: containers, scrolls, splits and pop-ups (dialogs).
func childrenOf(o fyne.CanvasObject) []fyne.CanvasObject {
	switch w := o.(type) {
	case *fyne.Container:
		return w.Objects
	case *container.Scroll:
		return []fyne.CanvasObject{w.Content}
	case *container.Split:
		return []fyne.CanvasObject{w.Leading, w.Trailing}
	case *widget.PopUp:
		return []fyne.CanvasObject{w.Content}
	}
	return nil
}

// pathTo is the chain of objects from root down to target (both included),
// or nil when target is not under root.
func pathTo(root, target fyne.CanvasObject) []fyne.CanvasObject {
	if root == nil {
		return nil
	}
	if root == target {
		return []fyne.CanvasObject{root}
	}
	for _, c := range childrenOf(root) {
		if p := pathTo(c, target); p != nil {
			return append([]fyne.CanvasObject{root}, p...)
		}
	}
	return nil
}

// focusPath is the chain from the canvas's top layer (the top overlay, a
// dialog, when one is up; else the content) to its focused object.
func focusPath(c fyne.Canvas) []fyne.CanvasObject {
	f := c.Focused()
	if f == nil {
		return nil
	}
	root := c.Content()
	if top := c.Overlays().Top(); top != nil {
		root = top
	}
	return pathTo(root, f.(fyne.CanvasObject))
}

// releaseHiddenFocus takes the focus from a widget that is hidden, disabled,
// or no longer in the window (a dialog's step that was replaced, a tab that
// was left): keys then reach the window again, not a widget nobody sees.
func releaseHiddenFocus(c fyne.Canvas) {
	if c == nil || c.Focused() == nil {
		return
	}
	if d, ok := c.Focused().(fyne.Disableable); ok && d.Disabled() {
		c.Unfocus()
		return
	}
	p := focusPath(c)
	for _, o := range p {
		if !o.Visible() {
			c.Unfocus()
			return
		}
	}
	if p == nil {
		c.Unfocus()
	}
}

// releaseHiddenFocusOf is releaseHiddenFocus for the window o is shown in.
func releaseHiddenFocusOf(o fyne.CanvasObject) {
	if app := fyne.CurrentApp(); app != nil {
		releaseHiddenFocus(app.Driver().CanvasForObject(o))
	}
}

// revealFocused scrolls the innermost scroll that holds the focused object
// so that all of it shows (its top, when it is taller than the view).
func revealFocused(c fyne.Canvas) {
	if c == nil {
		return
	}
	p := focusPath(c)
	if len(p) == 0 {
		return
	}
	target := p[len(p)-1]
	var scroll *container.Scroll
	for _, o := range p[:len(p)-1] {
		if s, ok := o.(*container.Scroll); ok && s.Direction != container.ScrollNone {
			scroll = s
		}
	}
	if scroll == nil {
		return
	}
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(target).Y - d.AbsolutePositionForObject(scroll).Y
	bottom := top + target.Size().Height
	view := scroll.Size().Height
	offset := scroll.Offset
	switch {
	case top < 0:
		offset.Y += top
	case bottom > view:
		offset.Y += min(bottom-view, top)
	default:
		return
	}
	scroll.ScrollToOffset(offset)
}

// passKey gives a key the focused widget does not use to the window's own
// key handler (a dialog's Escape and Enter).
// listExitKey gives a list's Backspace to onBack and its Escape to onEscape
// (or, without one, to the window); other keys do nothing.
func listExitKey(o fyne.CanvasObject, ev *fyne.KeyEvent, onBack, onEscape func()) {
	switch ev.Name {
	case fyne.KeyBackspace:
		if onBack != nil {
			onBack()
		}
	case fyne.KeyEscape:
		if onEscape != nil {
			onEscape()
		} else {
			passKey(o, ev)
		}
	}
}

func passKey(o fyne.CanvasObject, ev *fyne.KeyEvent) {
	if app := fyne.CurrentApp(); app != nil {
		if c := app.Driver().CanvasForObject(o); c != nil && c.OnTypedKey() != nil {
			c.OnTypedKey()(ev)
		}
	}
}

// focusButton is the window's button: it shows a ring while it has the
// keyboard focus (the theme's blend alone hardly shows on a blue button),
// scrolls into view when Tab reaches it, and passes Escape on to the window.
type focusButton struct {
	widget.Button
	focused bool
}

var _ fyne.Focusable = (*focusButton)(nil)

func newButton(text string, icon fyne.Resource, importance widget.Importance, tapped func()) *focusButton {
	b := &focusButton{}
	b.Text, b.Icon, b.Importance, b.OnTapped = text, icon, importance, tapped
	b.ExtendBaseWidget(b)
	return b
}

// FocusGained implements fyne.Focusable.
func (b *focusButton) FocusGained() {
	b.focused = true
	b.Button.FocusGained()
	if app := fyne.CurrentApp(); app != nil {
		revealFocused(app.Driver().CanvasForObject(b))
	}
}

// FocusLost implements fyne.Focusable.
func (b *focusButton) FocusLost() {
	b.focused = false
	b.Button.FocusLost()
}

// TypedKey implements fyne.Focusable: Return presses the button, as Space
// does (every desktop toolkit does so); Escape goes to the window.
func (b *focusButton) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if !b.Disabled() && b.OnTapped != nil {
			b.OnTapped()
		}
	case fyne.KeyEscape:
		passKey(b, ev)
	default:
		b.Button.TypedKey(ev)
	}
}

func (b *focusButton) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	return &ringRenderer{WidgetRenderer: b.Button.CreateRenderer(), ring: ring, focused: func() bool { return b.focused && !b.Disabled() }}
}

// ringRenderer draws a widget's renderer with a ring around it while the
// widget has the focus.
type ringRenderer struct {
	fyne.WidgetRenderer
	ring    *canvas.Rectangle
	focused func() bool
}

func (r *ringRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.ring.Resize(size)
	r.ring.Move(fyne.NewPos(0, 0))
}

func (r *ringRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.ring.StrokeColor = color.Transparent
	if r.focused() {
		r.ring.StrokeColor = theme.Color(theme.ColorNameForeground)
	}
	r.ring.CornerRadius = theme.InputRadiusSize()
	r.ring.Refresh()
}

func (r *ringRenderer) Objects() []fyne.CanvasObject {
	return append(r.WidgetRenderer.Objects()[:len(r.WidgetRenderer.Objects()):len(r.WidgetRenderer.Objects())], r.ring)
}

// focusCheck is a check box that scrolls into view when Tab reaches it and
// passes Escape and Return on to the window (a dialog's keys).
type focusCheck struct {
	widget.Check
}

var _ fyne.Focusable = (*focusCheck)(nil)

func newCheck(text string, changed func(bool)) *focusCheck {
	c := &focusCheck{}
	c.Text, c.OnChanged = text, changed
	c.ExtendBaseWidget(c)
	return c
}

// FocusGained implements fyne.Focusable.
func (c *focusCheck) FocusGained() {
	c.Check.FocusGained()
	if app := fyne.CurrentApp(); app != nil {
		revealFocused(app.Driver().CanvasForObject(c))
	}
}

// TypedKey implements fyne.Focusable.
func (c *focusCheck) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape, fyne.KeyReturn, fyne.KeyEnter:
		passKey(c, ev)
	default:
		c.Check.TypedKey(ev)
	}
}
