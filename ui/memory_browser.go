// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

// memoryPool is what a pool's browser uses of the memory service: the pool
// a chat writes, and changes to it. The chat names the pool; the service
// decides from it which pool that is.
type memoryPool interface {
	Pool(c memory.Chat, q memory.Query) (memory.Page, error)
	Add(c memory.Chat, kind, content string) (memory.Memory, error)
	Edit(c memory.Chat, id int64, content string) (memory.Memory, error)
	Remove(c memory.Chat, id int64) error
}

// browserPage is how many memories one "Show more" adds.
const browserPage = 50

// shownChars bounds a memory's text in the list; Edit shows all of it.
const shownChars = 400

// poolBrowser lists one memory pool newest first, with a filter, paging and
// Add / Edit / Delete. Reads and writes run off the UI goroutine.
type poolBrowser struct {
	run runner
	d   *dialogs
	// readers says who reads what is added here, in the Add and Edit dialogs.
	readers string

	mem   memoryPool
	chat  memory.Chat
	ready bool // the pool can be listed (else problem says why)

	filter  *cancelableEntry
	clear   *focusButton // empties the filter: every memory again
	add     *focusButton
	problem *widget.Label
	hint    *widget.Label // what to do about the problem
	summary *widget.Label // "Showing 50 of 120"
	rows    *fyne.Container
	more    *focusButton
	body    fyne.CanvasObject // built once by content

	shown []memory.Memory
	total int64 // memories that match the filter
	// all is the pool's size whatever the filter: "Showing 2 of 4" says
	// how many of the pool's memories contain the text.
	all int64
	gen int // drops answers to an older filter or pool
	// changed, when set, is told after a memory is added, edited or deleted
	// here: the Overview's count follows (on the UI goroutine).
	changed func()
}

func newPoolBrowser(r runner, d *dialogs, readers string) *poolBrowser {
	b := &poolBrowser{run: r, d: d, readers: readers}
	b.filter = newCancelableEntry(false)
	b.filter.SetPlaceHolder(lang.L("Filter memories"))
	b.clear = addClearButton(&b.filter.Entry, func(string) { b.reload() })
	b.add = newButton(lang.L("Add…"), theme.ContentAddIcon(), widget.MediumImportance, b.onAdd)
	b.problem = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
	b.problem.Hide()
	b.hint = &widget.Label{Wrapping: fyne.TextWrapWord}
	b.hint.Hide()
	b.summary = &widget.Label{Text: lang.L("Opening the memory database…"), Wrapping: fyne.TextWrapWord}
	b.rows = container.NewVBox()
	b.more = newButton(lang.L("Show more"), nil, widget.MediumImportance, b.loadMore)
	b.more.Hide()
	b.setEnabled(false)
	return b
}

// content is the browser: its filter and Add stay at the top, the memories
// (then footer, when not nil) scroll below them.
func (b *poolBrowser) content(header, footer fyne.CanvasObject) fyne.CanvasObject {
	if b.body != nil {
		return b.body
	}
	bar := container.NewBorder(nil, nil, nil, b.add, b.filter)
	top := container.NewVBox(header, b.problem, b.hint, bar, b.summary)
	list := container.NewVBox(b.rows, container.NewCenter(b.more))
	if footer != nil {
		list.Add(footer)
	}
	b.body = container.New(&maxWidthLayout{readableWidth}, readingOrder(container.NewPadded(top), nil, newPageScroll(container.NewPadded(list))))
	return b.body
}

func (b *poolBrowser) setEnabled(on bool) {
	if on {
		b.filter.Enable()
		b.add.Enable()
	} else {
		b.filter.Disable()
		b.add.Disable()
	}
}

// show says why the pool cannot be listed (problem, and hint: what to do),
// or — with problem "" — lists the pool chat writes through mem.
func (b *poolBrowser) show(mem memoryPool, chat memory.Chat, problem, hint string) {
	b.mem, b.chat = mem, chat
	b.ready = problem == "" && mem != nil
	b.problem.SetText(problem)
	b.problem.Hidden = problem == ""
	b.problem.Refresh()
	b.hint.SetText(hint)
	b.hint.Hidden = problem == "" || hint == ""
	b.hint.Refresh()
	b.setEnabled(b.ready)
	releaseHiddenFocusOf(b.filter)
	if b.body != nil {
		b.body.Refresh() // the problem and hint above the list, laid out at once
	}
	if !b.ready {
		b.gen++
		b.shown, b.total = nil, 0
		b.rows.Objects = nil
		b.rows.Refresh()
		b.summary.Hide()
		b.more.Hide()
		return
	}
	b.reload()
}

func (b *poolBrowser) tellChanged() {
	if b.changed != nil {
		b.changed()
	}
}

// reload lists the pool again from its newest memory.
func (b *poolBrowser) reload() {
	if !b.ready {
		return
	}
	b.shown = nil
	b.load(0)
}

func (b *poolBrowser) loadMore() {
	if n := len(b.shown); n > 0 {
		b.load(b.shown[n-1].ID)
	}
}

// load reads the page before id (0: the first page) and adds it to the list.
func (b *poolBrowser) load(before int64) {
	b.gen++
	gen, mem, chat := b.gen, b.mem, b.chat
	q := memory.Query{Limit: browserPage, Before: before, Text: strings.TrimSpace(b.filter.Text)}
	type loaded struct {
		page memory.Page
		all  int64
		err  error
	}
	background(b.run, func() loaded {
		p, err := mem.Pool(chat, q)
		all := p.Total
		if err == nil && q.Text != "" && before == 0 {
			var whole memory.Page
			if whole, err = mem.Pool(chat, memory.Query{Limit: 1}); err == nil {
				all = whole.Total
			}
		}
		return loaded{p, all, err}
	}, func(l loaded) {
		if gen != b.gen {
			return // a newer filter or pool asked meanwhile
		}
		if l.err != nil {
			b.summary.SetText(say(l.err))
			b.summary.Show()
			b.more.Hide()
			return
		}
		if before == 0 {
			b.shown = nil
		}
		b.shown = append(b.shown, l.page.Memories...)
		b.total = l.page.Total
		if before == 0 {
			b.all = l.all
		}
		b.render()
	})
}

func (b *poolBrowser) render() {
	keepFocusPlace(b.rows, func() {
		b.rows.Objects = nil
		for _, m := range b.shown {
			b.rows.Add(b.row(m))
		}
	})
	b.rows.Refresh()
	switch {
	case b.total == 0 && b.filter.Text != "":
		b.summary.SetText(lang.L("No memory in this pool contains that text."))
	case b.total == 0:
		b.summary.SetText(lang.L("This pool is empty."))
	case strings.TrimSpace(b.filter.Text) != "":
		// Of the pool's memories, how many contain the text (and how many
		// of those are listed so far).
		text := lang.L("Showing {{.Shown}} of {{.Total}}", map[string]any{"Shown": b.total, "Total": b.all})
		if int64(len(b.shown)) < b.total {
			text += " " + lang.L("({{.Listed}} listed so far)", map[string]any{"Listed": len(b.shown)})
		}
		b.summary.SetText(text)
	default:
		b.summary.SetText(lang.L("Showing {{.Shown}} of {{.Total}}", map[string]any{"Shown": len(b.shown), "Total": b.total}))
	}
	b.summary.Show()
	b.more.Hidden = int64(len(b.shown)) >= b.total
	b.more.Refresh()
}

// row shows one memory: its text (cut when long), kind and date, and its
// Edit and Delete buttons.
func (b *poolBrowser) row(m memory.Memory) fyne.CanvasObject {
	shown := m.Content
	if utf8.RuneCountInString(shown) > shownChars {
		shown = string([]rune(shown)[:shownChars]) + "…"
	}
	content := &widget.Label{Text: shown, Wrapping: fyne.TextWrapWord}
	meta := &widget.Label{Text: kindText(m.Kind) + " · " + dateText(m), SizeName: theme.SizeNameCaptionText}
	edit := newButton(lang.L("Edit…"), theme.DocumentCreateIcon(), widget.LowImportance, func() { b.onEdit(m) })
	del := newButton(lang.L("Delete…"), theme.DeleteIcon(), widget.LowImportance, func() { b.onDelete(m) })
	text := container.New(layout.NewCustomPaddedVBoxLayout(-2*theme.InnerPadding()), content, meta)
	return container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewCenter(container.NewHBox(edit, del)), text),
		widget.NewSeparator())
}

// kindText names a memory's kind; a kind an older Memo wrote is shown as it is.
func kindText(kind string) string {
	switch kind {
	case memory.KindNote:
		return lang.L("note")
	case memory.KindCodingTurn:
		return lang.L("coding turn")
	case "":
		return lang.L("no kind")
	}
	return kind
}

func dateText(m memory.Memory) string {
	if m.CreatedAt.IsZero() {
		return lang.L("date unknown")
	}
	return m.CreatedAt.Local().Format("2006-01-02 15:04")
}

func (b *poolBrowser) onAdd() {
	b.editDialog(lang.L("Add a memory"), lang.L("Add"), "", func(text string) (memory.Memory, error) {
		return b.mem.Add(b.chat, memory.KindNote, text)
	}, lang.L("Could not add the memory"))
}

func (b *poolBrowser) onEdit(m memory.Memory) {
	b.editDialog(lang.L("Edit memory"), lang.L("Save"), m.Content, func(text string) (memory.Memory, error) {
		return b.mem.Edit(b.chat, m.ID, text)
	}, lang.L("Could not save the memory"))
}

// editDialog asks for a memory's text; save runs off the UI goroutine, then
// the list is read again (or the error shown).
func (b *poolBrowser) editDialog(title, button, text string, save func(string) (memory.Memory, error), failed string) {
	entry := newCancelableEntry(true)
	entry.Wrapping = memoryWrap(text)
	entry.SetText(text)
	entry.SetMinRowsVisible(6)
	tooLong := &widget.Label{Text: lang.L("Too long: a memory holds at most {{.KiB}} KiB of text.", map[string]any{"KiB": memory.MaxContent >> 10}),
		Importance: widget.DangerImportance, Wrapping: fyne.TextWrapWord}
	tooLong.Hide()
	d := b.d.message(title, b.readers, container.NewVBox(entry, tooLong),
		choice{text: lang.L("Cancel")},
		choice{text: button, importance: widget.HighImportance, do: func() {
			// Blank lines and spaces at either end are no part of what is remembered.
			content := strings.TrimSpace(entry.Text)
			background(b.run, func() error { _, err := save(content); return err }, func(err error) {
				if err != nil {
					b.d.message(failed, say(err), nil, choice{text: lang.L("Close"), importance: widget.HighImportance})
					return
				}
				b.reload()
				b.tellChanged()
			})
		}})
	entry.onEscape, entry.onSubmit = d.cancel, d.submit
	// Cancel and Escape ask before the text typed is lost.
	d.unsaved = func() bool { return entry.Text != text }
	d.askDiscard = b.d.confirmDiscard
	// A memory has no use for tabs: Tab moves on to the buttons.
	entry.tabLeaves = true
	// A memory needs some text, and not too much: Add/Save waits for that
	// (saying why when it is too long) rather than answering with the
	// store's English error.
	ok := d.buttons[len(d.buttons)-1]
	entry.beforePaste = func(pasted string) { rewrap(entry, entry.Text+pasted) }
	entry.OnChanged = func(s string) {
		rewrap(entry, s)
		long := len(s) > memory.MaxContent
		if long != tooLong.Visible() {
			tooLong.Hidden = !long
			tooLong.Refresh()
		}
		if strings.TrimSpace(s) == "" || long {
			ok.Disable()
		} else {
			ok.Enable()
		}
	}
	entry.OnChanged(entry.Text)
	b.d.win.Canvas().Focus(entry) // Enter then writes a new line; Save is a button
}

// wrapLimit is the longest text the memory editor always wraps at word
// ends. Fyne's word wrap costs grow with the square of the text: 2 KiB lays
// out in 0.3 s, 10 KiB in 3 s, a pasted 64 KiB log in minutes of a frozen
// window. A longer text is shown unwrapped (each line scrolls), which is
// instant — unless one of its lines is too long to draw unwrapped: a line is
// one texture, and past the graphics driver's texture size (8–16 k pixels,
// ~1,000 characters with room for a HiDPI scale) it shows blank, as if the
// text were gone. Such a text keeps word wrap and its cost.
const (
	wrapLimit        = 4 << 10
	maxUnwrappedLine = 1000
)

func memoryWrap(text string) fyne.TextWrap {
	if len(text) <= wrapLimit {
		return fyne.TextWrapWord
	}
	for line := range strings.Lines(text) {
		if len(line) > maxUnwrappedLine {
			return fyne.TextWrapWord
		}
	}
	return fyne.TextWrapOff
}

// rewrap sets e's wrapping for text, laying it out again only when that
// changes.
func rewrap(e *cancelableEntry, text string) {
	if w := memoryWrap(text); e.Wrapping != w {
		e.Wrapping = w
		e.Refresh()
	}
}

func (b *poolBrowser) onDelete(m memory.Memory) {
	text := m.Content
	if utf8.RuneCountInString(text) > 120 {
		text = string([]rune(text)[:120]) + "…"
	}
	b.d.message(lang.L("Delete memory"),
		lang.L("Delete this memory? Chats will not remember it any more.\n\n{{.Text}}", map[string]any{"Text": text}), nil,
		choice{text: lang.L("Cancel")},
		choice{text: lang.L("Delete"), importance: widget.DangerImportance, do: func() {
			background(b.run, func() error { return b.mem.Remove(b.chat, m.ID) }, func(err error) {
				if err != nil {
					b.d.message(lang.L("Could not delete the memory"), say(err), nil, choice{text: lang.L("Close"), importance: widget.HighImportance})
					return
				}
				b.reload()
				b.tellChanged()
			})
		}})
}
