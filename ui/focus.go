// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"image/color"
	"runtime"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
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
	case *pageScroll:
		return []fyne.CanvasObject{w.Content}
	case *readingStop:
		return []fyne.CanvasObject{w.content}
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

// releaseHiddenFocus moves the focus off a widget that is hidden or
// disabled, to the next widget Tab would reach in the nearest part of the
// window still shown (the one before it, when it was the last there): the
// keys stay in the place the person was in, and a Return meant for the
// widget that went is no press of a button far away. A widget no longer in
// the window (a dialog's step that was replaced, a page built again) just
// loses the focus: keys then reach the window again, not a widget nobody
// sees.
func releaseHiddenFocus(c fyne.Canvas) {
	if c == nil || c.Focused() == nil {
		return
	}
	p := focusPath(c)
	if p == nil {
		c.Unfocus()
		return
	}
	gone := -1 // the outermost hidden object of the path
	for i, o := range p {
		if !o.Visible() {
			gone = i
			break
		}
	}
	if d, ok := c.Focused().(fyne.Disableable); gone < 0 && ok && d.Disabled() {
		gone = len(p) - 1
	}
	if gone < 0 {
		return
	}
	target := p[len(p)-1]
	for i := gone - 1; i >= 0; i-- {
		if next := neighbour(p[i], target); next != nil {
			c.Focus(next)
			return
		}
	}
	c.Unfocus()
}

// keepFocusPlace runs rebuild, which builds the objects under box again
// (a list of skills or memories after a change): when the focus was under
// box, the widget at the same place in Tab's order there afterwards (or
// the last one) takes it, so a Remove… or Delete… that went with its row
// leaves the keys beside where they were, not nowhere.
func keepFocusPlace(box fyne.CanvasObject, rebuild func()) {
	app := fyne.CurrentApp()
	var c fyne.Canvas
	if app != nil {
		c = app.Driver().CanvasForObject(box)
	}
	place := -1
	if c != nil && c.Focused() != nil {
		for i, f := range focusablesUnder(box) {
			if f == c.Focused() {
				place = i
			}
		}
	}
	rebuild()
	if place < 0 {
		return
	}
	if after := focusablesUnder(box); len(after) > 0 {
		c.Focus(after[min(place, len(after)-1)])
		return
	}
	releaseHiddenFocus(c)
}

// focusablesUnder are the shown widgets under o that can take the focus,
// in Tab's order.
func focusablesUnder(o fyne.CanvasObject) []fyne.Focusable {
	var out []fyne.Focusable
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		if f, ok := o.(fyne.Focusable); ok {
			if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
				out = append(out, f)
			}
		}
		for _, ch := range childrenOf(o) {
			walk(ch)
		}
	}
	walk(o)
	return out
}

// focusFirstIn gives the focus to the first widget under o that can take
// it (nothing changes when there is none).
func focusFirstIn(o fyne.CanvasObject) {
	app := fyne.CurrentApp()
	if app == nil {
		return
	}
	c := app.Driver().CanvasForObject(o)
	if c == nil {
		return
	}
	if f := neighbour(o, nil); f != nil {
		c.Focus(f)
	}
}

// neighbour is the first focusable that can take the focus after target
// under root, in Tab's order, or else the last one before it (nil: none);
// with no target, the first under root.
func neighbour(root, target fyne.CanvasObject) fyne.Focusable {
	var before, after fyne.Focusable
	passed := target == nil
	var walk func(o fyne.CanvasObject, shown bool)
	walk = func(o fyne.CanvasObject, shown bool) {
		if after != nil {
			return
		}
		shown = shown && o.Visible()
		if o == target {
			passed = true
			return
		}
		if f, ok := o.(fyne.Focusable); ok && shown {
			if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
				if passed {
					after = f
				} else {
					before = f
				}
			}
		}
		for _, ch := range childrenOf(o) {
			walk(ch, shown)
		}
	}
	walk(root, true)
	if after != nil {
		return after
	}
	return before
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
	scroll := scrollIn(p[:len(p)-1])
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

// scrollIn is the innermost vertical scroll on the path p (nil when none).
func scrollIn(p []fyne.CanvasObject) *container.Scroll {
	var scroll *container.Scroll
	for _, o := range p {
		switch s := o.(type) {
		case *container.Scroll:
			if s.Direction != container.ScrollNone && s.Direction != container.ScrollHorizontalOnly {
				scroll = s
			}
		case *pageScroll:
			scroll = &s.Scroll
		}
	}
	return scroll
}

// scrollHolding is the innermost vertical scroll that holds o in the
// window it is shown in (nil when none).
func scrollHolding(o fyne.CanvasObject) *container.Scroll {
	app := fyne.CurrentApp()
	if app == nil {
		return nil
	}
	c := app.Driver().CanvasForObject(o)
	if c == nil {
		return nil
	}
	root := c.Content()
	if top := c.Overlays().Top(); top != nil {
		root = top
	}
	p := pathTo(root, o)
	if len(p) == 0 {
		return nil
	}
	return scrollIn(p[:len(p)-1])
}

// lineStep is the height of a line of text: the arrows scroll two, a wheel
// notch three (Fyne's notch is 25 px, about one line: a page of a review
// took dozens of notches).
func lineStep() float32 {
	return fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height + theme.LineSpacing()
}

// scrollKey scrolls the scroll that holds o, the focused widget, for the
// keys that move a page: PageUp and PageDown a view less two lines (what
// was at the bottom stays in sight), Home and End to either end, Up and
// Down two lines. It says whether the key was one of them (and o is in a
// scroll): a widget that has no use for them hands them here, so a page
// scrolls from whatever in it has the focus.
func scrollKey(o fyne.CanvasObject, ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeyHome, fyne.KeyEnd, fyne.KeyUp, fyne.KeyDown:
	default:
		return false
	}
	s := scrollHolding(o)
	if s == nil {
		return false
	}
	line := lineStep()
	page := max(s.Size().Height-2*line, line)
	offset := s.Offset
	switch ev.Name {
	case fyne.KeyPageUp:
		offset.Y -= page
	case fyne.KeyPageDown:
		offset.Y += page
	case fyne.KeyHome:
		offset.Y = 0
	case fyne.KeyEnd:
		offset.Y = s.Content.MinSize().Height
	case fyne.KeyUp:
		offset.Y -= 2 * line
	case fyne.KeyDown:
		offset.Y += 2 * line
	}
	offset.Y = max(0, min(offset.Y, s.Content.MinSize().Height-s.Size().Height))
	s.ScrollToOffset(offset)
	return true
}

// pageScroll is the window's vertical scroll: a wheel notch moves three
// lines, a readable step (Fyne's moves 25 px, under one line). macOS
// applies its own acceleration to the wheel and the trackpad: there it is
// Fyne's own step.
type pageScroll struct {
	container.Scroll
}

func newPageScroll(content fyne.CanvasObject) *pageScroll {
	s := &pageScroll{}
	s.Content = content
	s.Direction = container.ScrollVerticalOnly
	s.ExtendBaseWidget(s)
	return s
}

// wheelNotch is the distance Fyne's desktop driver gives one notch of the
// wheel (its scrollSpeed), on the systems where wheelStep scales it.
const wheelNotch = 25

// Scrolled implements fyne.Scrollable.
func (s *pageScroll) Scrolled(ev *fyne.ScrollEvent) {
	if runtime.GOOS != "darwin" {
		scaled := *ev
		scaled.Scrolled.DY *= 3 * lineStep() / wheelNotch
		ev = &scaled
	}
	s.Scroll.Scrolled(ev)
}

// readingStop is a part of a page that Tab stops at on its way to the
// buttons below it: the evidence a decision rests on (what trusting
// changes, the diff, what the rules run, the warnings together), so it
// comes on screen, in reading order, before the button that acts on it.
// One taller than the view takes Tab a screen at a time until its end
// shows, then lets Tab move on (Shift+Tab goes back at once). It shows the
// ring while it has the focus; PageUp, PageDown, Home, End and the arrows
// scroll its page, Space goes a page down, Enter and Escape go to the
// window (a dialog's keys). It is hidden while its content is.
type readingStop struct {
	widget.BaseWidget
	content fyne.CanvasObject
	focused bool
	shift   bool // a Shift key is held (Shift+Tab goes back)
}

var (
	_ fyne.Focusable  = (*readingStop)(nil)
	_ fyne.Tabbable   = (*readingStop)(nil)
	_ desktop.Keyable = (*readingStop)(nil)
)

func newReadingStop(content fyne.CanvasObject) *readingStop {
	s := &readingStop{content: content}
	s.ExtendBaseWidget(s)
	return s
}

// Visible is the content's: a stop whose part of the page is hidden is no
// stop of Tab, nor room in the page.
func (s *readingStop) Visible() bool {
	if !s.BaseWidget.Visible() || !s.content.Visible() {
		return false
	}
	if c, ok := s.content.(*fyne.Container); ok {
		return slices.ContainsFunc(c.Objects, fyne.CanvasObject.Visible) // an empty box is nothing to read
	}
	return true
}

// FocusGained implements fyne.Focusable.
func (s *readingStop) FocusGained() {
	s.focused = true
	s.Refresh()
	if app := fyne.CurrentApp(); app != nil {
		revealFocused(app.Driver().CanvasForObject(s))
	}
}

// FocusLost implements fyne.Focusable.
func (s *readingStop) FocusLost() {
	s.focused, s.shift = false, false
	s.Refresh()
}

// TypedRune implements fyne.Focusable.
func (s *readingStop) TypedRune(rune) {}

// KeyDown implements desktop.Keyable: Tab comes without its modifiers.
func (s *readingStop) KeyDown(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		s.shift = true
	}
}

// KeyUp implements desktop.Keyable.
func (s *readingStop) KeyUp(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		s.shift = false
	}
}

// AcceptsTab implements fyne.Tabbable: Tab stays while the stop's end is
// below the view.
func (s *readingStop) AcceptsTab() bool { return s.unread() > 0 }

// unread is how far the stop's end lies below the view of its scroll.
func (s *readingStop) unread() float32 {
	scroll := scrollHolding(s)
	if scroll == nil {
		return 0
	}
	d := fyne.CurrentApp().Driver()
	bottom := d.AbsolutePositionForObject(s).Y - d.AbsolutePositionForObject(scroll).Y + s.Size().Height
	return bottom - scroll.Size().Height
}

// TypedKey implements fyne.Focusable.
func (s *readingStop) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyTab:
		if c := fyne.CurrentApp().Driver().CanvasForObject(s); c != nil && s.shift {
			c.FocusPrevious()
			return
		}
		scrollKey(s, &fyne.KeyEvent{Name: fyne.KeyPageDown})
	case fyne.KeySpace:
		scrollKey(s, &fyne.KeyEvent{Name: fyne.KeyPageDown})
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeyEscape:
		passKey(s, ev)
	default:
		scrollKey(s, ev)
	}
}

func (s *readingStop) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	return &ringRenderer{WidgetRenderer: &contentRenderer{content: s.content}, ring: ring, focused: func() bool { return s.focused }}
}

// contentRenderer draws one object at the widget's size.
type contentRenderer struct{ content fyne.CanvasObject }

func (r *contentRenderer) Layout(size fyne.Size) {
	r.content.Resize(size)
	r.content.Move(fyne.NewPos(0, 0))
}
func (r *contentRenderer) MinSize() fyne.Size           { return r.content.MinSize() }
func (r *contentRenderer) Refresh()                     { r.content.Refresh() }
func (r *contentRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.content} }
func (r *contentRenderer) Destroy()                     {}

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
// does (every desktop toolkit does so); Escape goes to the window; the keys
// that move a page scroll the one it is in.
func (b *focusButton) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if !b.Disabled() && b.OnTapped != nil {
			b.OnTapped()
		}
	case fyne.KeyEscape:
		passKey(b, ev)
	default:
		if !scrollKey(b, ev) {
			b.Button.TypedKey(ev)
		}
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
		if !scrollKey(c, ev) {
			c.Check.TypedKey(ev)
		}
	}
}
