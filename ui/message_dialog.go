// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// choice is one button of a message dialog; do may be nil (the button only
// closes the dialog).
type choice struct {
	text       string
	importance widget.Importance
	do         func()
	// isDefault makes this the button Enter presses (else the last one):
	// a destructive action is never the default.
	isDefault bool
}

// messageDialog is a modal message whose keys work as on every desktop:
// Enter presses the default (last) button, Escape closes it as its first
// button would — also while a button has the focus after Tab.
type messageDialog struct {
	dialog  *dialog.CustomDialog
	parent  fyne.Window
	title   string
	text    string
	prevKey func(*fyne.KeyEvent)
	done    bool
	// submitKeys: the dialog holds the window's Ctrl+Enter.
	submitKeys bool
	// cancel closes the dialog as its first button would (Escape);
	// submit presses the default button (Enter, Ctrl+Enter).
	cancel, submit func()
	// buttons in the order of the choices; the last is the default.
	buttons []*dialogButton
	// unsaved, when set, says the dialog holds edits: Escape and the
	// first button then ask (askDiscard) before closing.
	unsaved    func() bool
	askDiscard func(discard func())
}

// showMessage shows title and text (plus extra, when not nil) with choices,
// the first being the cancel button and the last the default; shown hears
// what is shown (Deps.Shown; may be nil).
func showMessage(parent fyne.Window, shown func(title, text string), title, text string, extra fyne.CanvasObject, choices ...choice) *messageDialog {
	return newMessage(parent, shown, true, title, text, extra, choices...)
}

// newMessage is showMessage; submitKeys: Ctrl+Enter presses the default
// button (a question asked over another dialog leaves that one its keys).
func newMessage(parent fyne.Window, shown func(title, text string), submitKeys bool, title, text string, extra fyne.CanvasObject, choices ...choice) *messageDialog {
	d := &messageDialog{parent: parent, title: title, text: text, submitKeys: submitKeys}
	msg := &widget.Label{Text: text, Wrapping: fyne.TextWrapWord}
	body := container.NewVBox(msg)
	if extra != nil {
		body.Add(extra)
	}
	cancel := choices[0].do
	escape := func() {
		if d.unsaved != nil && d.askDiscard != nil && d.unsaved() {
			d.askDiscard(func() { d.close(cancel) })
			return
		}
		d.close(cancel)
	}
	d.cancel = escape
	buttons := make([]fyne.CanvasObject, len(choices))
	var last func()
	picked := false // a choice is marked isDefault: last stays on it
	for i, c := range choices {
		do := c.do
		b := newDialogButton(c.text, nil, c.importance, nil, escape)
		// A disabled button (e.g. Save with nothing to save) is not pressed by Enter either.
		press := func() {
			if !b.Disabled() {
				d.close(do)
			}
		}
		if i == 0 {
			press = escape // the cancel button: asks first when edits would be lost
		}
		b.OnTapped = press
		buttons[i] = b
		d.buttons = append(d.buttons, b)
		// A destructive choice (red) is never what Enter presses unasked.
		if !picked && (c.importance != widget.DangerImportance || last == nil) {
			last = press
		}
		if c.isDefault {
			last, picked = press, true
		}
	}
	d.submit = last
	d.dialog = dialog.NewCustomWithoutButtons(title, body, parent)
	d.dialog.SetButtons(buttons)
	d.dialog.SetOnClosed(func() { d.close(cancel) })
	// Ctrl+Enter submits whatever has the focus (a text box takes Enter
	// for a new line; it passes Ctrl+Enter on as onSubmit).
	if submitKeys {
		for _, sc := range submitShortcuts() {
			parent.Canvas().AddShortcut(sc, func(fyne.Shortcut) { last() })
		}
	}
	d.prevKey = parent.Canvas().OnTypedKey()
	parent.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		switch e.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			last()
		case fyne.KeyEscape:
			escape()
		}
	})
	d.dialog.Show()
	d.fit()
	if shown != nil {
		shown(title, text)
	}
	return d
}

// fit sizes the dialog to its content: wide enough for a sentence per line,
// never wider than the window; as tall as its content (after Details).
func (d *messageDialog) fit() {
	width := min(float32(520), d.parent.Canvas().Size().Width-2*theme.Padding())
	d.dialog.Resize(fyne.NewSize(width, 0)) // the popup keeps its content's height
}

// close answers once: it restores the window's keys, hides the dialog and
// runs do (may be nil).
func (d *messageDialog) close(do func()) {
	if d.done {
		return
	}
	d.done = true
	d.parent.Canvas().SetOnTypedKey(d.prevKey)
	if d.submitKeys {
		for _, sc := range submitShortcuts() {
			d.parent.Canvas().RemoveShortcut(sc)
		}
	}
	d.dialog.Hide()
	if do != nil {
		do()
	}
}

// cancelableEntry is a text box in a dialog or a page. Fyne gives a
// focused entry every key, so it passes on what it does not use: Escape
// closes the dialog as its Cancel button would (onEscape, else the
// window's handler), Ctrl+Enter submits it (onSubmit), the window's
// shortcuts (Alt+1 … Alt+4) reach the window; Ctrl+Home and Ctrl+End go
// to the text's start and end. A multi-line box
// is left with Ctrl+Tab and Ctrl+Shift+Tab, as GNOME's text views are; one
// whose text has no use for tabs (a memory) is left with Tab itself.
type cancelableEntry struct {
	widget.Entry
	onEscape func()
	// onSubmit, when set, is Ctrl+Enter: the dialog's default button.
	onSubmit func()
	// tabLeaves: Tab moves the focus on instead of typing a tab.
	tabLeaves bool
	// onDown, when set, is Down in a one-line box (the folder dialog's
	// path box goes down to its list).
	onDown func()
	// beforePaste, when set, is given the text about to be pasted before
	// the entry lays it out (the memory editor turns wrapping off first for
	// a long text).
	beforePaste func(text string)
}

var (
	_ fyne.Focusable = (*cancelableEntry)(nil)
	_ fyne.Tabbable  = (*cancelableEntry)(nil)
)

func newCancelableEntry(multiLine bool) *cancelableEntry {
	e := &cancelableEntry{}
	e.MultiLine = multiLine
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *cancelableEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		if e.onEscape != nil {
			e.onEscape()
		} else {
			passKey(e, ev)
		}
		return
	}
	if ev.Name == fyne.KeyDown && !e.MultiLine && e.onDown != nil {
		e.onDown()
		return
	}
	e.Entry.TypedKey(ev)
}

// AcceptsTab implements fyne.Tabbable.
func (e *cancelableEntry) AcceptsTab() bool { return e.MultiLine && !e.tabLeaves }

// FocusGained implements fyne.Focusable: Tab reaching the box scrolls it
// into view.
func (e *cancelableEntry) FocusGained() {
	e.Entry.FocusGained()
	if app := fyne.CurrentApp(); app != nil {
		revealFocused(app.Driver().CanvasForObject(e))
	}
}

// TypedShortcut implements fyne.Shortcutable.
func (e *cancelableEntry) TypedShortcut(s fyne.Shortcut) {
	if p, ok := s.(*fyne.ShortcutPaste); ok && e.beforePaste != nil && p.Clipboard != nil {
		e.beforePaste(p.Clipboard.Content())
	}
	if c, ok := s.(*desktop.CustomShortcut); ok {
		switch {
		case c.KeyName == fyne.KeyTab && c.Modifier == fyne.KeyModifierControl:
			e.moveFocus(true)
			return
		case c.KeyName == fyne.KeyTab && c.Modifier == fyne.KeyModifierControl|fyne.KeyModifierShift:
			e.moveFocus(false)
			return
		case isSubmit(c) && e.onSubmit != nil:
			e.onSubmit()
			return
		case c.Modifier == fyne.KeyModifierShortcutDefault && (c.KeyName == fyne.KeyHome || c.KeyName == fyne.KeyEnd):
			// Ctrl+Home and Ctrl+End: the text's start and end (Fyne's
			// PageUp and PageDown go there in a box of many lines).
			key := fyne.KeyPageUp
			if c.KeyName == fyne.KeyEnd {
				key = fyne.KeyPageDown
			}
			e.Entry.TypedKey(&fyne.KeyEvent{Name: key})
			return
		case !entryUses(c):
			passShortcut(e, s)
			return
		}
	}
	e.Entry.TypedShortcut(s)
}

// entryUses says whether Fyne's entry does something with the key
// combination c (moving or deleting by words); the others are the
// window's (Alt+1 … Alt+4, Ctrl+O, Ctrl+,), which a focused entry would
// swallow.
func entryUses(c *desktop.CustomShortcut) bool {
	switch c.KeyName {
	case fyne.KeyLeft, fyne.KeyRight, fyne.KeyBackspace, fyne.KeyDelete, fyne.KeyUp, fyne.KeyDown:
		return true
	}
	return false
}

// passShortcut gives s to the window's shortcuts.
func passShortcut(o fyne.CanvasObject, s fyne.Shortcut) {
	if app := fyne.CurrentApp(); app != nil {
		if c, ok := app.Driver().CanvasForObject(o).(interface{ TypedShortcut(fyne.Shortcut) }); ok {
			c.TypedShortcut(s)
		}
	}
}

// moveFocus gives the focus to the next (or previous) widget.
func (e *cancelableEntry) moveFocus(next bool) {
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	if c == nil {
		return
	}
	if next {
		c.FocusNext()
	} else {
		c.FocusPrevious()
	}
}

// submitShortcuts are Ctrl+Enter with either Enter key.
func submitShortcuts() []*desktop.CustomShortcut {
	return []*desktop.CustomShortcut{
		{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierShortcutDefault},
		{KeyName: fyne.KeyEnter, Modifier: fyne.KeyModifierShortcutDefault},
	}
}

// isSubmit says whether s is Ctrl+Enter (either Enter key).
func isSubmit(s *desktop.CustomShortcut) bool {
	return (s.KeyName == fyne.KeyReturn || s.KeyName == fyne.KeyEnter) && s.Modifier == fyne.KeyModifierShortcutDefault
}

// keysWhileShown gives a dialog the Escape (and Enter, when enter is not
// nil) typed while nothing in the window has the focus; the window's own
// handler comes back when the dialog closes, however it closes.
func keysWhileShown(win fyne.Window, d interface{ SetOnClosed(func()) }, escape, enter func()) {
	prev := win.Canvas().OnTypedKey()
	win.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		switch e.Name {
		case fyne.KeyEscape:
			escape()
		case fyne.KeyReturn, fyne.KeyEnter:
			if enter != nil {
				enter()
			}
		}
	})
	d.SetOnClosed(func() { win.Canvas().SetOnTypedKey(prev) })
}
