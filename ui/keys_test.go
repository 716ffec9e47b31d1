// SPDX-License-Identifier: Apache-2.0

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

	"memo.dev/projects/domain/permissions"
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

// checkButtons: every button shown in w is the window's button — it shows
// the ring while focused, and Return and Space each press it.
func checkButtons(t *testing.T, w fyne.Window, screen string) {
	t.Helper()
	var objs []fyne.CanvasObject
	if top := w.Canvas().Overlays().Top(); top != nil {
		objs = test.LaidOutObjects(top)
	} else {
		objs = test.LaidOutObjects(w.Content())
	}
	n := 0
	for _, o := range objs {
		var b *focusButton
		switch x := o.(type) {
		case *focusButton:
			b = x
		case *dialogButton:
			b = &x.focusButton
		case *widget.Button:
			if x.Visible() {
				t.Errorf("%s: %q is a plain Fyne button (no ring; Return does nothing)", screen, x.Text)
			}
			continue
		default:
			continue
		}
		if !o.Visible() || b.Disabled() || !pathShown(w, o) {
			continue
		}
		n++
		pressed := 0
		tapped := b.OnTapped
		b.OnTapped = func() { pressed++ }
		w.Canvas().Focus(o.(fyne.Focusable))
		if w.Canvas().Focused() != o.(fyne.Focusable) {
			t.Errorf("%s: %q takes no focus", screen, b.Text)
		}
		ring := cache(o)
		if ring == nil || isTransparent(ring.ring.StrokeColor) {
			t.Errorf("%s: the focused %q shows no ring", screen, b.Text)
		}
		o.(fyne.Focusable).TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		o.(fyne.Focusable).TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
		if pressed != 2 {
			t.Errorf("%s: Return and Space pressed %q %d times, want 2", screen, b.Text, pressed)
		}
		b.OnTapped = tapped
	}
	w.Canvas().Unfocus()
	if n == 0 {
		t.Errorf("%s: no button shown", screen)
	}
}

// cache is o's ring renderer (nil when it draws none).
func cache(o fyne.CanvasObject) *ringRenderer {
	r, _ := test.WidgetRenderer(o.(fyne.Widget)).(*ringRenderer)
	return r
}

// pathShown says whether o and everything it is in are shown.
func pathShown(w fyne.Window, o fyne.CanvasObject) bool {
	root := w.Content()
	if top := w.Canvas().Overlays().Top(); top != nil {
		root = top
	}
	p := pathTo(root, o)
	for _, x := range p {
		if !x.Visible() {
			return false
		}
	}
	return p != nil
}

// TestEveryButtonTakesReturnAndSpaceAndShowsTheRing, on every screen: the
// header, each tab (the Permissions tab with a pending file and with its
// editor open, the Skills tab with a skill, the Memory tab with a memory),
// and their dialogs.
func TestEveryButtonTakesReturnAndSpaceAndShowsTheRing(t *testing.T) {
	t.Run("permissions", func(t *testing.T) {
		f, tab, root := permsProject(t, func(f *fixture, root string) {
			saveTrusted(t, f, root, trustedFile)
			writePerms(t, root, changedFile)
		})
		tab.refresh()
		checkButtons(t, f.m.win, "Permissions tab, changed file")
		tab.onEdit()
		checkButtons(t, f.m.win, "Permissions editor")
		tab.editor.onSwitchMode()
		checkButtons(t, f.m.win, "Permissions editor as JSON")
		tab.editor.close()
		_ = root
		tab.onTrust()
		checkButtons(t, f.m.win, "Trust confirmation")
	})
	t.Run("overview", func(t *testing.T) {
		f, _, _ := permsProject(t, nil)
		f.m.view.tabs.SelectIndex(0)
		checkButtons(t, f.m.win, "Overview")
	})
	t.Run("skills", func(t *testing.T) {
		f := newSkillsFixture(t, pdfListed)
		checkButtons(t, f.w, "Skills tab")
		f.tab.confirmRemove("pdf")
		checkButtons(t, f.w, "Remove confirmation")
	})
	t.Run("memory", func(t *testing.T) {
		f := newMemFixture(t, memoryOn)
		f.seed(f.project, "note", 2)
		f.openTab()
		checkButtons(t, f.m.win, "Memory tab")
	})
}

// TestAltNumberWorksFromEveryTextBox: Alt+1 … Alt+4 switch the tabs while
// a text box has the focus — the command tester's line, a rule's box and
// the JSON text of the permissions editor, the memory filter — and not
// behind a dialog; the box's own shortcuts still work.
func TestAltNumberWorksFromEveryTextBox(t *testing.T) {
	f, tab, _ := permsProject(t, nil)
	boxes := map[string]func() *cancelableEntry{
		"command tester": func() *cancelableEntry { f.m.view.tabs.SelectIndex(tabPermissions); return tab.tester.line },
		"JSON text": func() *cancelableEntry {
			f.m.view.tabs.SelectIndex(tabPermissions)
			tab.onEdit()
			if !tab.editor.jsonMode {
				tab.editor.onSwitchMode()
			}
			return tab.editor.entry
		},
		"memory filter": func() *cancelableEntry {
			f.m.view.tabs.SelectIndex(tabMemory)
			return f.m.view.memoryTab.browser.filter
		},
	}
	for name, open := range boxes {
		box := open()
		f.m.win.Canvas().Focus(box)
		if f.m.win.Canvas().Focused() != box {
			t.Fatalf("%s: the box takes no focus", name)
		}
		shortcut(f.m.win, alt(2))
		if got := f.m.view.tabs.SelectedIndex(); got != tabSkills {
			t.Errorf("Alt+2 in the %s showed tab %d, want Skills", name, got)
		}
		if f.m.win.Canvas().Focused() != f.m.view.tabs.buttons[tabSkills] {
			t.Errorf("Alt+2 in the %s left the focus on %T, want the Skills tab", name, f.m.win.Canvas().Focused())
		}
	}
	// The box keeps its own shortcuts.
	f.m.view.tabs.SelectIndex(tabPermissions)
	box := tab.tester.line
	f.m.win.Canvas().Focus(box)
	box.SetText("git status")
	shortcut(f.m.win, &fyne.ShortcutSelectAll{})
	if box.SelectedText() != "git status" {
		t.Errorf("Ctrl+A in the tester selected %q", box.SelectedText())
	}
	// Behind a dialog Alt+N does nothing.
	f.m.dialogs.confirm("Title", "Text", nil, "OK", func() {})
	shortcut(f.m.win, alt(4))
	if got := f.m.view.tabs.SelectedIndex(); got != tabPermissions {
		t.Errorf("Alt+4 behind a dialog showed tab %d", got)
	}
}

// TestCtrlHomeAndEndInAMultiLineBox: the text's start and end, from
// anywhere in it.
func TestCtrlHomeAndEndInAMultiLineBox(t *testing.T) {
	test.NewTempApp(t)
	box := newCancelableEntry(true)
	w := test.NewTempWindow(t, box)
	box.SetText("first\nsecond\nthird line")
	box.CursorRow, box.CursorColumn = 1, 3
	w.Canvas().Focus(box)
	shortcut(w, &desktop.CustomShortcut{KeyName: fyne.KeyEnd, Modifier: fyne.KeyModifierShortcutDefault})
	if box.CursorRow != 2 || box.CursorColumn != len("third line") {
		t.Errorf("Ctrl+End put the cursor at %d:%d, want the text's end 2:%d", box.CursorRow, box.CursorColumn, len("third line"))
	}
	shortcut(w, &desktop.CustomShortcut{KeyName: fyne.KeyHome, Modifier: fyne.KeyModifierShortcutDefault})
	if box.CursorRow != 0 || box.CursorColumn != 0 {
		t.Errorf("Ctrl+Home put the cursor at %d:%d, want 0:0", box.CursorRow, box.CursorColumn)
	}
}

// TestCancelWithUnsavedEditsAsks: Cancel (and Escape in the memory editor)
// with edits asks first; Enter and Escape there keep editing; Discard
// closes; with nothing changed Cancel closes at once.
func TestCancelWithUnsavedEditsAsks(t *testing.T) {
	t.Run("permissions editor", func(t *testing.T) {
		f, tab, _ := permsProject(t, func(f *fixture, root string) { saveTrusted(t, f, root, trustedFile) })
		tab.onEdit()
		f.tap(f.m.win, "Cancel")
		if tab.editor.editing() || dialogOpen(f.m.win) {
			t.Fatalf("Cancel without edits: editing %v, dialog %v; want closed at once", tab.editor.editing(), dialogOpen(f.m.win))
		}
		tab.onEdit()
		tab.editor.onSwitchMode()
		tab.editor.entry.SetText(changedFile)
		f.tap(f.m.win, "Cancel")
		if !dialogOpen(f.m.win) || !tab.editor.editing() {
			t.Fatal("Cancel with edits closed the editor without asking")
		}
		press(f.m.win, fyne.KeyReturn)
		if dialogOpen(f.m.win) || !tab.editor.editing() || tab.editor.entry.Text != changedFile {
			t.Fatalf("Enter on the question did not keep editing (dialog %v, editing %v)", dialogOpen(f.m.win), tab.editor.editing())
		}
		f.tap(f.m.win, "Cancel")
		f.tap(f.m.win, "Discard")
		if tab.editor.editing() {
			t.Error("Discard left the editor open")
		}
		if got := f.m.win.Canvas().Focused(); got != tab.viewer.edit {
			t.Errorf("after the editor closed %T has the focus, want Edit…", got)
		}
	})
	t.Run("memory editor", func(t *testing.T) {
		f := newMemFixture(t, memoryOn)
		f.openTab()
		f.tap(f.m.win, "Add…")
		f.dialogEntry().SetText("half a thought")
		press(f.m.win, fyne.KeyEscape) // nothing focused: the dialog's Escape
		if !f.says(f.m.win, "What you changed in the editor is lost.") {
			t.Fatal("Escape with typed text closed the memory editor without asking")
		}
		press(f.m.win, fyne.KeyEscape)
		if f.dialogEntry().Text != "half a thought" {
			t.Fatal("Escape on the question lost the text")
		}
		f.tap(f.m.win, "Cancel")
		f.tap(f.m.win, "Discard")
		if dialogOpen(f.m.win) {
			t.Error("Discard left the memory editor open")
		}
	})
}

// TestDestructiveButtonsAreNeverTheDefault: Enter in the confirmations of
// Remove skill, Delete memory and Revert answers Cancel.
func TestDestructiveButtonsAreNeverTheDefault(t *testing.T) {
	t.Run("Remove skill", func(t *testing.T) {
		f := newSkillsFixture(t, pdfListed)
		f.tab.confirmRemove("pdf")
		press(f.w, fyne.KeyReturn)
		if f.dialogOpen() || len(f.m.removed) != 0 {
			t.Errorf("Enter on Remove the skill: dialog open %v, removed %v; want Cancel", f.dialogOpen(), f.m.removed)
		}
	})
	t.Run("Delete memory", func(t *testing.T) {
		f := newMemFixture(t, memoryOn)
		f.seed(f.project, "note", 1)
		b := f.openTab()
		test.Tap(rowButton(t, b, contents(b)[0], "Delete…"))
		press(f.m.win, fyne.KeyReturn)
		if dialogOpen(f.m.win) || len(contents(b)) != 1 {
			t.Errorf("Enter on Delete memory: dialog open %v, memories %v; want Cancel", dialogOpen(f.m.win), contents(b))
		}
	})
	t.Run("Revert", func(t *testing.T) {
		f, tab, root := permsProject(t, func(f *fixture, root string) {
			saveTrusted(t, f, root, trustedFile)
			writePerms(t, root, changedFile)
		})
		tab.refresh()
		tab.onRevert()
		press(f.m.win, fyne.KeyReturn)
		if dialogOpen(f.m.win) || readPerms(t, root) != changedFile {
			t.Errorf("Enter on Revert: dialog open %v, file reverted %v; want Cancel", dialogOpen(f.m.win), readPerms(t, root) != changedFile)
		}
	})
}

// TestFocusIsNeverLost: after Edit… the editor has the focus; after a
// confirmation closes the button that opened it has it; when that button
// goes away with the answer (Trust), the next one takes it; a widget that
// hides hands the focus on to its neighbour.
func TestFocusIsNeverLost(t *testing.T) {
	f, tab, root := permsProject(t, func(f *fixture, root string) {
		saveTrusted(t, f, root, trustedFile)
		writePerms(t, root, changedFile)
	})
	tab.refresh()
	c := f.m.win.Canvas()
	c.Focus(tab.viewer.edit)
	press(f.m.win, fyne.KeyReturn)
	if got := c.Focused(); got == nil || pathTo(tab.editor.box, got.(fyne.CanvasObject)) == nil {
		t.Errorf("after Edit… %T has the focus, want a widget of the editor", got)
	}
	tab.editor.close()
	c.Focus(tab.viewer.revert)
	press(f.m.win, fyne.KeyReturn) // the confirmation
	press(f.m.win, fyne.KeyEscape) // Cancel
	if got := c.Focused(); got != tab.viewer.revert {
		t.Errorf("after the Revert confirmation closed %T has the focus, want Revert", got)
	}
	c.Focus(tab.viewer.trust)
	press(f.m.win, fyne.KeyReturn)
	press(f.m.win, fyne.KeyReturn) // Trust
	if st := stateOf(t, f, root); st.State != permissions.StateTrusted {
		t.Fatalf("Enter twice on Trust left the file %v", st.State)
	}
	got := c.Focused()
	if got == nil || !got.(fyne.CanvasObject).Visible() || !pathShown(f.m.win, got.(fyne.CanvasObject)) {
		t.Errorf("after Trust the focus is on %T (shown %v), want a button still shown", got, got != nil && pathShown(f.m.win, got.(fyne.CanvasObject)))
	}
	if got != tab.viewer.edit {
		t.Errorf("after Trust hid itself %T has the focus, want Edit… beside it", got)
	}
}

// TestAHiddenWidgetHandsTheFocusOn: the next widget in Tab's order takes
// the focus of one that hides or is disabled, the one before it when it
// was the last; one taken out of the window leaves nothing focused.
func TestAHiddenWidgetHandsTheFocusOn(t *testing.T) {
	test.NewTempApp(t)
	a := newButton("a", nil, widget.MediumImportance, func() {})
	b := newButton("b", nil, widget.MediumImportance, func() {})
	c := newButton("c", nil, widget.MediumImportance, func() {})
	row := container.NewHBox(b, c)
	w := test.NewTempWindow(t, container.NewVBox(a, row))
	canvas := w.Canvas()
	canvas.Focus(b)
	b.Hide()
	releaseHiddenFocus(canvas)
	if canvas.Focused() != c {
		t.Errorf("b hid: the focus is on %v, want c after it", canvas.Focused())
	}
	c.Disable()
	releaseHiddenFocus(canvas)
	if canvas.Focused() != a {
		t.Errorf("c, the last, was disabled: the focus is on %v, want a before it", canvas.Focused())
	}
	row.Objects = nil
	canvas.Focus(a)
	w.SetContent(widget.NewLabel("gone"))
	releaseHiddenFocus(canvas)
	if canvas.Focused() != nil {
		t.Errorf("a left the window but keeps the focus")
	}
}

// TestFocusStaysWhereARowWent: after Delete memory and Remove skill (from
// the keyboard, the row's button focused), the focus is on a button of the
// list that was built again, not nowhere.
func TestFocusStaysWhereARowWent(t *testing.T) {
	t.Run("Delete memory", func(t *testing.T) {
		f := newMemFixture(t, memoryOn)
		f.seed(f.project, "note", 3)
		b := f.openTab()
		del := rowButton(t, b, contents(b)[1], "Delete…")
		var focusable fyne.Focusable
		for _, o := range test.LaidOutObjects(b.rows) {
			if fb, ok := o.(*focusButton); ok && &fb.Button == del {
				focusable = fb
			}
		}
		f.m.win.Canvas().Focus(focusable)
		press(f.m.win, fyne.KeyReturn) // the confirmation
		f.tap(f.m.win, "Delete")
		if len(contents(b)) != 2 {
			t.Fatalf("Delete left %v", contents(b))
		}
		got := f.m.win.Canvas().Focused()
		if got == nil || pathTo(b.rows, got.(fyne.CanvasObject)) == nil {
			t.Errorf("after Delete the focus is on %T, want a button of the list", got)
		}
	})
	t.Run("Remove skill", func(t *testing.T) {
		other := pdfListed
		other.Name = "docx"
		f := newSkillsFixture(t, pdfListed, other)
		remove := f.focusable(f.w, "Remove…")
		f.w.Canvas().Focus(remove)
		press(f.w, fyne.KeyReturn)
		f.m.listed = f.m.listed[1:]
		f.tap(f.w, "Remove")
		got := f.w.Canvas().Focused()
		if got == nil || pathTo(f.tab.list, got.(fyne.CanvasObject)) == nil {
			t.Errorf("after Remove the focus is on %T, want a widget of the list", got)
		}
	})
}
