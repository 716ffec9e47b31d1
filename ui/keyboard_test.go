// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"memo.dev/projects/domain/skills"
)

// ctrl types Ctrl+key into what has the focus, as the driver does: a
// shortcut goes to a focused widget that takes shortcuts, else the window's.
func ctrl(w fyne.Window, key fyne.KeyName, mod fyne.KeyModifier) {
	sc := &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault | mod}
	if s, ok := w.Canvas().Focused().(fyne.Shortcutable); ok {
		s.TypedShortcut(sc)
		return
	}
	w.Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(sc)
}

// TestFocusRingShowsOnEveryButton: a focused button, the blue primary one
// too, has a ring in the text color; a button without the focus has none.
func TestFocusRingShowsOnEveryButton(t *testing.T) {
	for _, imp := range []widget.Importance{widget.HighImportance, widget.MediumImportance, widget.LowImportance, widget.DangerImportance} {
		test.NewTempApp(t)
		b := newButton("Trust", nil, imp, func() {})
		w := test.NewTempWindow(t, container.NewVBox(b))
		ring := test.WidgetRenderer(b).(*ringRenderer).ring
		if !isTransparent(ring.StrokeColor) {
			t.Errorf("importance %d: a button without the focus has a ring %v", imp, ring.StrokeColor)
		}
		w.Canvas().Focus(b)
		if isTransparent(ring.StrokeColor) || ring.StrokeWidth < 2 {
			t.Errorf("importance %d: the focused button shows no ring (%v, %v px)", imp, ring.StrokeColor, ring.StrokeWidth)
		}
		w.Canvas().Unfocus()
		if !isTransparent(ring.StrokeColor) {
			t.Errorf("importance %d: the ring stays after the focus left", imp)
		}
	}
}

func isTransparent(c color.Color) bool {
	if c == nil {
		return true
	}
	_, _, _, a := c.RGBA()
	return a == 0
}

// TestEscapeFromAFocusedWidgetClosesTheDialog: whatever has the focus in a
// dialog — a button, a check box, a one-line box — Escape closes it as
// Cancel would, and Enter on a button presses that button.
func TestEscapeFromAFocusedWidgetClosesTheDialog(t *testing.T) {
	for _, name := range []string{"button", "check", "entry"} {
		t.Run(name, func(t *testing.T) {
			test.NewTempApp(t)
			w := test.NewTempWindow(t, widget.NewLabel("behind"))
			w.Resize(fyne.NewSize(600, 400))
			var focusable fyne.Focusable
			switch name {
			case "button":
				focusable = newButton("Inside", nil, widget.MediumImportance, func() {})
			case "check":
				focusable = newCheck("Inside", nil)
			case "entry":
				focusable = newCancelableEntry(false)
			}
			var answered []string
			showMessage(w, nil, "Title", "Text", focusable.(fyne.CanvasObject),
				choice{text: "Cancel", do: func() { answered = append(answered, "cancel") }},
				choice{text: "OK", do: func() { answered = append(answered, "ok") }})
			w.Canvas().Focus(focusable)
			press(w, fyne.KeyEscape)
			if len(answered) != 1 || answered[0] != "cancel" || dialogOpen(w) {
				t.Errorf("Escape on a focused %s answered %v (dialog open %v), want cancel", name, answered, dialogOpen(w))
			}
		})
	}
}

// TestCtrlEnterSubmitsTheMemoryEditor: Ctrl+Enter saves from the text box
// (where Enter is a new line) and from a focused button alike; the text is
// trimmed; Tab leaves the box instead of typing a tab.
func TestCtrlEnterSubmitsTheMemoryEditor(t *testing.T) {
	for _, from := range []string{"text box", "Cancel button"} {
		t.Run(from, func(t *testing.T) {
			f := newMemFixture(t, memoryOn)
			b := f.openTab()
			f.tap(f.m.win, "Add…")
			e := f.dialogEntry()
			if e.AcceptsTab() {
				t.Error("the memory box takes Tab: a tab would be saved in the memory")
			}
			e.SetText("  \n uses go 1.26 \n\n")
			if from == "Cancel button" {
				f.m.win.Canvas().Focus(f.focusable(f.m.win, "Cancel"))
			}
			ctrl(f.m.win, fyne.KeyReturn, 0)
			if dialogOpen(f.m.win) {
				t.Fatalf("Ctrl+Enter from the %s left the editor open", from)
			}
			if got := contents(b); len(got) != 1 || got[0] != "uses go 1.26" {
				t.Errorf("Ctrl+Enter from the %s saved %q, want the trimmed text", from, got)
			}
		})
	}
}

// TestCtrlTabLeavesAMultiLineBox: a box that takes Tab (the permissions
// file's text) is left with Ctrl+Tab and Ctrl+Shift+Tab.
func TestCtrlTabLeavesAMultiLineBox(t *testing.T) {
	test.NewTempApp(t)
	before := newButton("before", nil, widget.MediumImportance, func() {})
	box := newCancelableEntry(true)
	after := newButton("after", nil, widget.MediumImportance, func() {})
	w := test.NewTempWindow(t, container.NewVBox(before, box, after))
	if !box.AcceptsTab() {
		t.Fatal("a multi-line box for a file does not take Tab")
	}
	w.Canvas().Focus(box)
	ctrl(w, fyne.KeyTab, 0)
	if w.Canvas().Focused() != after {
		t.Errorf("Ctrl+Tab moved the focus to %T, want the next button", w.Canvas().Focused())
	}
	w.Canvas().Focus(box)
	ctrl(w, fyne.KeyTab, fyne.KeyModifierShift)
	if w.Canvas().Focused() != before {
		t.Errorf("Ctrl+Shift+Tab moved the focus to %T, want the button before", w.Canvas().Focused())
	}
}

// TestHiddenWidgetsLoseTheFocus: a widget that is hidden, disabled or taken
// out of the window holds no focus; one that is shown keeps it.
func TestHiddenWidgetsLoseTheFocus(t *testing.T) {
	tests := []struct {
		name  string
		hide  func(box *fyne.Container, e *cancelableEntry)
		loses bool
	}{
		{"shown", func(*fyne.Container, *cancelableEntry) {}, false},
		{"itself hidden", func(_ *fyne.Container, e *cancelableEntry) { e.Hide() }, true},
		{"its container hidden", func(b *fyne.Container, _ *cancelableEntry) { b.Hide() }, true},
		{"disabled", func(_ *fyne.Container, e *cancelableEntry) { e.Disable() }, true},
		{"removed", func(b *fyne.Container, _ *cancelableEntry) { b.Objects = nil }, true},
	}
	for _, tt := range tests {
		test.NewTempApp(t)
		e := newCancelableEntry(false)
		box := container.NewVBox(e)
		w := test.NewTempWindow(t, container.NewVBox(widget.NewLabel("x"), container.NewVScroll(box)))
		w.Canvas().Focus(e)
		tt.hide(box, e)
		releaseHiddenFocus(w.Canvas())
		if lost := w.Canvas().Focused() == nil; lost != tt.loses {
			t.Errorf("%s: focus lost = %v, want %v", tt.name, lost, tt.loses)
		}
	}
}

// TestLeavingATabReleasesItsFocus: the command tester's box keeps no focus
// once another tab is shown: the tab shown has it (keys stay in the tabs).
func TestLeavingATabReleasesItsFocus(t *testing.T) {
	f, tab, _ := permsProject(t, nil)
	f.m.win.Canvas().Focus(tab.tester.line)
	if f.m.win.Canvas().Focused() != tab.tester.line {
		t.Fatal("the tester's box took no focus")
	}
	f.m.view.tabs.SelectIndex(tabMemory)
	if got := f.m.win.Canvas().Focused(); got != f.m.view.tabs.buttons[tabMemory] {
		t.Errorf("after leaving the Permissions tab %T has the focus, want the Memory tab", got)
	}
}

// TestFocusBelowTheFoldScrollsIntoView: Tab reaching a widget below the
// visible part of a page scrolls the page so that it shows.
func TestFocusBelowTheFoldScrollsIntoView(t *testing.T) {
	test.NewTempApp(t)
	var rows []fyne.CanvasObject
	for range 40 {
		rows = append(rows, widget.NewLabel("line"))
	}
	last := newButton("last", nil, widget.MediumImportance, func() {})
	entry := newCancelableEntry(false)
	check := newCheck("check", nil)
	rows = append(rows, last, entry, check)
	scroll := container.NewVScroll(container.NewVBox(rows...))
	w := test.NewTempWindow(t, scroll)
	w.Resize(fyne.NewSize(300, 300))
	d := fyne.CurrentApp().Driver()
	for _, o := range []fyne.Focusable{last, entry, check} {
		scroll.ScrollToTop()
		w.Canvas().Focus(o)
		obj := o.(fyne.CanvasObject)
		top := d.AbsolutePositionForObject(obj).Y - d.AbsolutePositionForObject(scroll).Y
		if top < 0 || top+obj.Size().Height > scroll.Size().Height {
			t.Errorf("%T focused at y %v of a %v-high view (offset %v): not scrolled into view", o, top, scroll.Size().Height, scroll.Offset.Y)
		}
	}
}

// TestTabsFromTheKeyboard: the project's tabs take the focus, show their
// Alt+N shortcut, select with Space and Enter and move with the arrows.
func TestTabsFromTheKeyboard(t *testing.T) {
	f, _, _ := permsProject(t, nil)
	tabs := f.m.view.tabs
	for i, b := range tabs.buttons {
		if want := "Alt+" + string(rune('1'+i)); b.shortcut != want {
			t.Errorf("tab %d shows %q, want %q", i, b.shortcut, want)
		}
	}
	c := f.m.win.Canvas()
	reached := false
	c.Unfocus()
	for range 40 {
		c.FocusNext()
		if _, isTab := c.Focused().(*tabButton); isTab {
			reached = c.Focused() == tabs.buttons[tabPermissions]
			break
		}
	}
	if !reached {
		t.Fatalf("Tab does not reach the selected tab (Permissions), got %T", c.Focused())
	}
	press(f.m.win, fyne.KeyLeft)
	press(f.m.win, fyne.KeyLeft)
	if tabs.SelectedIndex() != 0 || c.Focused() != tabs.buttons[0] {
		t.Errorf("Left twice shows tab %d, focus on %T; want Overview, focused", tabs.SelectedIndex(), c.Focused())
	}
	press(f.m.win, fyne.KeyRight)
	press(f.m.win, fyne.KeySpace)
	if tabs.SelectedIndex() != tabSkills {
		t.Errorf("Right and Space show tab %d, want Skills", tabs.SelectedIndex())
	}
	// Tab stops once in the row, at the selected tab: the next Tab goes
	// into its page.
	c.FocusNext()
	if _, isTab := c.Focused().(*tabButton); isTab {
		t.Error("Tab from the selected tab went to another tab, not into the page")
	}
	test.Tap(tabs.buttons[tabMemory])
	if tabs.SelectedIndex() != tabMemory {
		t.Errorf("a click on Memory shows tab %d", tabs.SelectedIndex())
	}
}

// TestSettingsClosesWithEscapeAndCtrlW, with nothing or a switch focused.
func TestSettingsClosesWithEscapeAndCtrlW(t *testing.T) {
	for _, how := range []string{"Escape", "Escape on a switch", "Ctrl+W"} {
		f := newFixture(t, memoryOn)
		f.m.onSettings()
		sw := f.m.settings
		switch how {
		case "Escape":
			press(sw.win, fyne.KeyEscape)
		case "Escape on a switch":
			sw.win.Canvas().Focus(sw.minimal)
			press(sw.win, fyne.KeyEscape)
		case "Ctrl+W":
			sw.win.Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierShortcutDefault})
		}
		if f.m.settings != nil {
			t.Errorf("%s did not close Settings", how)
		}
	}
}

// TestSkillPickListFromTheKeyboard: the list of a source's skills has the
// focus; Enter reviews the highlighted skill; Escape on it closes the
// dialog; in the review, Escape on the focused Install closes it too.
func TestSkillPickListFromTheKeyboard(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(_ context.Context, source string, _ skills.StageOptions) (skills.Staged, error) {
		if source == "o/repo" {
			return skills.Staged{}, &skills.ChoiceError{Source: skills.Source{Owner: "o", Repo: "repo"}, Candidates: []skills.Candidate{
				{Name: "pdf", Folder: "skills/pdf"}, {Name: "docx", Folder: "skills/docx"}}}
		}
		st := pdfStaged()
		st.Review.Name = strings.TrimPrefix(source, "o/repo/skills/")
		return st, nil
	}
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
	pick := find[*skillPickList](f)
	if f.w.Canvas().Focused() != pick {
		t.Fatalf("the pick list does not have the focus (%T has)", f.w.Canvas().Focused())
	}
	press(f.w, fyne.KeyDown)
	press(f.w, fyne.KeyReturn)
	if want := "o/repo/skills/docx"; f.m.sources[len(f.m.sources)-1] != want {
		t.Fatalf("Enter on docx asked %v, want a review of %s", f.m.sources, want)
	}
	f.w.Canvas().Focus(f.focusable(f.w, "Install"))
	press(f.w, fyne.KeyEscape)
	if f.dialogOpen() {
		t.Error("Escape on the focused Install left the review open")
	}
}

// focusable is the visible button titled text in w, as the focus knows it.
func (f *fixture) focusable(w fyne.Window, text string) fyne.Focusable {
	f.t.Helper()
	for _, o := range f.objects(w) {
		switch b := o.(type) {
		case *focusButton:
			if b.Text == text && b.Visible() {
				return b
			}
		case *dialogButton:
			if b.Text == text && b.Visible() {
				return b
			}
		}
	}
	f.t.Fatalf("no visible button %q", text)
	return nil
}
