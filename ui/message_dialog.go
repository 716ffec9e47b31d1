package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// choice is one button of a message dialog; do may be nil (the button only
// closes the dialog).
type choice struct {
	text       string
	importance widget.Importance
	do         func()
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
	// cancel closes the dialog as its first button would (Escape).
	cancel func()
	// buttons in the order of the choices; the last is the default.
	buttons []*dialogButton
}

// showMessage shows title and text (plus extra, when not nil) with choices,
// the first being the cancel button and the last the default; shown hears
// what is shown (Deps.Shown; may be nil).
func showMessage(parent fyne.Window, shown func(title, text string), title, text string, extra fyne.CanvasObject, choices ...choice) *messageDialog {
	d := &messageDialog{parent: parent, title: title, text: text}
	msg := &widget.Label{Text: text, Wrapping: fyne.TextWrapWord}
	body := container.NewVBox(msg)
	if extra != nil {
		body.Add(extra)
	}
	cancel := choices[0].do
	escape := func() { d.close(cancel) }
	d.cancel = escape
	buttons := make([]fyne.CanvasObject, len(choices))
	var last func()
	for i, c := range choices {
		do := c.do
		b := newDialogButton(c.text, nil, c.importance, nil, escape)
		// A disabled button (e.g. Save with nothing to save) is not pressed by Enter either.
		press := func() {
			if !b.Disabled() {
				d.close(do)
			}
		}
		b.OnTapped = press
		buttons[i] = b
		d.buttons = append(d.buttons, b)
		last = press
	}
	d.dialog = dialog.NewCustomWithoutButtons(title, body, parent)
	d.dialog.SetButtons(buttons)
	d.dialog.SetOnClosed(func() { d.close(cancel) })
	d.prevKey = parent.Canvas().OnTypedKey()
	parent.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		switch e.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			last()
		case fyne.KeyEscape:
			escape()
		}
	})
	// Wide enough for a sentence per line, never wider than the window.
	width := min(float32(520), parent.Canvas().Size().Width-2*theme.Padding())
	d.dialog.Resize(fyne.NewSize(width, 0)) // the popup keeps its content's height
	d.dialog.Show()
	if shown != nil {
		shown(title, text)
	}
	return d
}

// close answers once: it restores the window's keys, hides the dialog and
// runs do (may be nil).
func (d *messageDialog) close(do func()) {
	if d.done {
		return
	}
	d.done = true
	d.parent.Canvas().SetOnTypedKey(d.prevKey)
	d.dialog.Hide()
	if do != nil {
		do()
	}
}

// cancelableEntry is a text box in a dialog: Escape typed into it closes the
// dialog as its Cancel button would. A focused Fyne entry keeps every key to
// itself, so without this Escape did nothing while the box had the focus.
type cancelableEntry struct {
	widget.Entry
	onEscape func()
	// beforePaste, when set, is given the text about to be pasted before
	// the entry lays it out (the memory editor turns wrapping off first for
	// a long text).
	beforePaste func(text string)
}

var _ fyne.Focusable = (*cancelableEntry)(nil)

func newCancelableEntry(multiLine bool) *cancelableEntry {
	e := &cancelableEntry{}
	e.MultiLine = multiLine
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *cancelableEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(ev)
}

// TypedShortcut implements fyne.Shortcutable.
func (e *cancelableEntry) TypedShortcut(s fyne.Shortcut) {
	if p, ok := s.(*fyne.ShortcutPaste); ok && e.beforePaste != nil && p.Clipboard != nil {
		e.beforePaste(p.Clipboard.Content())
	}
	e.Entry.TypedShortcut(s)
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
