package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// tabKey is Tab as the desktop driver gives it: to a focused widget that
// takes Tab, else the focus moves on.
func tabKey(w fyne.Window) {
	c := w.Canvas()
	if t, ok := c.Focused().(fyne.Tabbable); ok && t.AcceptsTab() {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
		return
	}
	c.FocusNext()
}

// shortcut types s as the driver does: to a focused widget that takes
// shortcuts, else to the window.
func shortcut(w fyne.Window, s fyne.Shortcut) {
	if f, ok := w.Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	w.Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(s)
}

func alt(n int) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: fyne.KeyName(fmt.Sprint(n)), Modifier: fyne.KeyModifierAlt}
}

// longPending is a permissions file of n rules, none trusted: its review
// (what trusting changes, the diff) is several screens long.
func longPending(n int) string {
	var rules []string
	for i := range n {
		rules = append(rules, fmt.Sprintf("%q", fmt.Sprintf("go test ./pkg%d/...", i)))
	}
	return "{\n  \"version\": 1,\n  \"allowed_commands\": [\n    " + strings.Join(rules, ",\n    ") + "\n  ],\n  \"allowed_tools\": [\"read_file\"]\n}\n"
}

// visibleRange is the part of scroll's content in view (content
// coordinates).
func visibleRange(s *container.Scroll) (top, bottom float32) {
	return s.Offset.Y, s.Offset.Y + s.Size().Height
}

// inView says whether o lies within its scroll's view (or, outside any
// scroll, within the window).
func inView(w fyne.Window, o fyne.CanvasObject) bool {
	d := fyne.CurrentApp().Driver()
	if s := scrollHolding(o); s != nil {
		// All of it; one taller than the view, some of it.
		top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(s).Y
		shown := min(top+o.Size().Height, s.Size().Height) - max(top, 0)
		if o.Size().Height > s.Size().Height {
			return shown > 0
		}
		return shown >= o.Size().Height-0.5
	}
	return inWindow(w, o)
}

// TestTabReadsTheReviewBeforeTrust: at 800×600, Alt+3 then Tab goes
// through the review top down — what trusting changes, the diff a screen at
// a time — and reaches Trust only after every part of the page above it
// was on screen; each stop is in view when it has the focus.
func TestTabReadsTheReviewBeforeTrust(t *testing.T) {
	f, tab, root := permsProject(t, nil)
	writePerms(t, root, longPending(60))
	tab.refresh()
	f.m.win.Resize(fyne.NewSize(800, 600))
	f.m.win.Content().Refresh()
	f.m.view.tabs.SelectIndex(0)
	shortcut(f.m.win, alt(3))
	c := f.m.win.Canvas()
	if c.Focused() != f.m.view.tabs.buttons[tabPermissions] {
		t.Fatalf("Alt+3 focused %T, want the Permissions tab", c.Focused())
	}
	body := &tab.body.Scroll
	trust := tab.viewer.trust
	trustTop := fyne.CurrentApp().Driver().AbsolutePositionForObject(trust).Y - fyne.CurrentApp().Driver().AbsolutePositionForObject(tab.body.Content).Y
	if trustTop < 2*body.Size().Height {
		t.Fatalf("Trust is %v px down a %v px view: the review is not long enough to test", trustTop, body.Size().Height)
	}
	var seen float32 // the page is seen from its top down to here
	_, seen = visibleRange(body)
	steps := 0
	for c.Focused() != trust {
		tabKey(f.m.win)
		steps++
		if steps > 60 {
			t.Fatalf("Tab did not reach Trust in 60 steps (at %T)", c.Focused())
		}
		o := c.Focused().(fyne.CanvasObject)
		if !inView(f.m.win, o) {
			t.Errorf("step %d: the focused %T is not in view (offset %v)", steps, o, body.Offset.Y)
		}
		top, bottom := visibleRange(body)
		if top > seen+0.5 {
			t.Errorf("step %d (%T): the page jumped from %v to %v: what lies between was never on screen", steps, o, seen, top)
		}
		seen = max(seen, bottom)
	}
	if seen < trustTop {
		t.Errorf("Trust took the focus with the page seen down to %v only; it is at %v", seen, trustTop)
	}
	if steps < 3 {
		t.Errorf("Tab reached Trust in %d steps: the review's parts are no stops before it", steps)
	}
	// Shift+Tab goes back at once from a long stop.
	for c.Focused() == trust || c.Focused() == nil {
		c.FocusPrevious()
	}
	if stop, ok := c.Focused().(*readingStop); ok {
		stop.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
		before := c.Focused()
		tabKey(f.m.win)
		if c.Focused() == before && stop.AcceptsTab() {
			t.Error("Shift+Tab on a reading stop did not move back")
		}
	}
}

// TestPageKeysScrollThePageOfTheFocus: PageDown, PageUp, End, Home and the
// arrows scroll the page that holds the focused button, check box or
// reading stop, each by its step.
func TestPageKeysScrollThePageOfTheFocus(t *testing.T) {
	for _, kind := range []string{"button", "check", "reading stop"} {
		t.Run(kind, func(t *testing.T) {
			test.NewTempApp(t)
			var rows []fyne.CanvasObject
			var focusable fyne.Focusable
			switch kind {
			case "button":
				focusable = newButton("first", nil, widget.MediumImportance, func() {})
			case "check":
				focusable = newCheck("first", nil)
			case "reading stop":
				focusable = newReadingStop(widget.NewLabel("evidence"))
			}
			rows = append(rows, focusable.(fyne.CanvasObject))
			for range 100 {
				rows = append(rows, widget.NewLabel("line"))
			}
			scroll := newPageScroll(container.NewVBox(rows...))
			w := test.NewTempWindow(t, scroll)
			w.Resize(fyne.NewSize(300, 300))
			w.Canvas().Focus(focusable)
			view := scroll.Size().Height
			end := scroll.Content.MinSize().Height - view
			for _, step := range []struct {
				key  fyne.KeyName
				want func(before float32) float32
			}{
				{fyne.KeyPageDown, func(b float32) float32 { return b + view - 2*lineStep() }},
				{fyne.KeyDown, func(b float32) float32 { return b + 2*lineStep() }},
				{fyne.KeyUp, func(b float32) float32 { return b - 2*lineStep() }},
				{fyne.KeyPageUp, func(b float32) float32 { return max(0, b-(view-2*lineStep())) }},
				{fyne.KeyEnd, func(float32) float32 { return end }},
				{fyne.KeyHome, func(float32) float32 { return 0 }},
			} {
				before := scroll.Offset.Y
				press(w, step.key)
				if want := step.want(before); scroll.Offset.Y < want-0.5 || scroll.Offset.Y > want+0.5 {
					t.Errorf("%s on a focused %s: offset %v → %v, want %v", step.key, kind, before, scroll.Offset.Y, want)
				}
			}
			if w.Canvas().Focused() != focusable {
				t.Errorf("the page keys moved the focus to %T", w.Canvas().Focused())
			}
		})
	}
}

// TestWheelNotchScrollsAReadableStep: one notch (Fyne's 25 px) moves a page
// three lines.
func TestWheelNotchScrollsAReadableStep(t *testing.T) {
	test.NewTempApp(t)
	var rows []fyne.CanvasObject
	for range 100 {
		rows = append(rows, widget.NewLabel("line"))
	}
	scroll := newPageScroll(container.NewVBox(rows...))
	w := test.NewTempWindow(t, scroll)
	w.Resize(fyne.NewSize(300, 300))
	scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, -wheelNotch)})
	if got, want := scroll.Offset.Y, 3*lineStep(); got < want-0.5 || got > want+0.5 {
		t.Errorf("a wheel notch scrolled %v px, want three lines (%v px)", got, want)
	}
}
