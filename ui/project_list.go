// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"image/color"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/project"
)

// projectSource is what the list reads from the project service.
type projectSource interface {
	List() ([]project.Record, error)
	BadgeOf(path string) project.Badge
	Files(path string) ([]project.FileState, error)
}

// permissionsReview is what the list asks of the permissions service
// (*permissions.Service): whether a project's permissions file waits for
// review. It runs for each visible row, so it must be cheap.
type permissionsReview interface {
	Pending(path string) (bool, error)
	// Show tells a pending file's state: an invalid one is marked apart.
	Show(path string) (permissions.Status, error)
}

// badgeReview marks a project whose permissions file waits for review
// (changed since trusted, or never trusted): a change by a model or a git
// pull shows without opening each project.
const badgeReview project.Badge = "permissions to review"

// badgeInvalid marks a project whose permissions file is invalid (ignored
// whole until fixed): red, where one waiting for review is orange.
const badgeInvalid project.Badge = "permissions invalid"

// badgeNeedsAttention is the list's word for a set-up project with a missing
// file or outdated rules (Complete setup fixes it).
const badgeNeedsAttention project.Badge = "needs attention"

// badgeOf is a folder's badge, with needs attention for a set-up project
// that lost a file.
func badgeOf(p projectSource, path string) project.Badge {
	b := p.BadgeOf(path)
	if b != project.BadgeSetUp {
		return b
	}
	if files, err := p.Files(path); err == nil && needsAttention(project.Status{SetUp: true}, files) {
		return badgeNeedsAttention
	}
	return b
}

// projectList is the left side: a filter box and the virtualized list of
// registered folders, with a "Global memory" entry on top.
type projectList struct {
	projects projectSource
	// waiting says what the column waits for until the registry is read.
	waiting *widget.Label
	// perms, when set, marks projects whose permissions file waits for review.
	perms    permissionsReview
	run      runner
	onSelect func(project.Record)
	onGlobal func()
	// onMenu shows a folder's context menu at a position on the canvas.
	onMenu func(rec project.Record, at fyne.Position)

	filter *filterEntry
	list   *rowList
	// showGlobal: the Global memory entry is row 0 (the filter matches it).
	showGlobal bool

	all     []project.Record // most recently opened first
	shown   []project.Record // all, filtered
	badges  map[string]project.Badge
	reviews map[string]project.Badge // the permissions file waits for review (or is invalid): its marker
	pending map[string]bool          // badges being computed
	again   map[string]bool          // badges to compute again once computed (recheck)
	gen     int                      // reload count: badges computed before a reload are stale
	// current is the entry the person selected ("" for none, globalEntry
	// for Global memory): a reload or the filter keeps it selected when it
	// is still shown.
	current string
	// restoring: a Select that only shows current again, not a new choice.
	restoring bool
}

// globalEntry stands for the Global memory entry in projectList.current.
const globalEntry = "\x00global"

func newProjectList(p projectSource, r runner, onSelect func(project.Record), onGlobal func()) *projectList {
	l := &projectList{projects: p, run: r, onSelect: onSelect, onGlobal: onGlobal,
		badges: map[string]project.Badge{}, reviews: map[string]project.Badge{}, pending: map[string]bool{}, again: map[string]bool{}}
	l.filter = newFilterEntry(l.applyFilter)
	l.waiting = waiting(lang.L("Loading projects…"))
	l.waiting.Alignment, l.waiting.Wrapping = fyne.TextAlignCenter, fyne.TextWrapOff // centred: a wrapped label has no width
	l.list = newRowList(l.length, func() fyne.CanvasObject { return newProjectRow() }, l.update)
	l.list.OnSelected = l.onSelected
	l.showGlobal = true
	return l
}

// sidebarMinWidth keeps names and badges readable whatever the right side shows.
const sidebarMinWidth = 270

func (l *projectList) content() fyne.CanvasObject {
	min := canvas.NewRectangle(color.Transparent)
	min.SetMinSize(fyne.NewSize(sidebarMinWidth, 0))
	return container.NewStack(min, readingOrder(container.NewPadded(l.filter), nil, container.NewStack(l.list, container.NewCenter(l.waiting))))
}

// offset is the row of the first project: 1 below Global memory, else 0.
func (l *projectList) offset() int {
	if l.showGlobal {
		return 1
	}
	return 0
}

// reload reads the registry off the UI goroutine, then calls then (may be nil).
func (l *projectList) reload(then func()) {
	type loaded struct {
		recs []project.Record
		err  error
	}
	background(l.run, func() loaded {
		recs, err := l.projects.List()
		return loaded{recs, err}
	}, func(v loaded) {
		// The list is known (or why not is said): the column stops waiting.
		l.waiting.Hidden = v.err == nil
		if v.err != nil {
			l.waiting.Importance = widget.DangerImportance
			l.waiting.SetText(lang.L("The projects could not be read:") + " " + say(v.err))
		}
		l.waiting.Refresh()
		if v.err == nil {
			l.all = v.recs
			// States may have changed: rows recompute what they show.
			l.gen++
			clear(l.badges)
			clear(l.reviews)
			clear(l.pending)
			clear(l.again)
			l.applyFilter()
		}
		if then != nil {
			then()
		}
	})
}

func (l *projectList) applyFilter() {
	q := strings.ToLower(strings.TrimSpace(l.filter.Text))
	l.showGlobal = q == "" || strings.Contains(strings.ToLower(lang.L("Global memory")), q)
	l.shown = l.shown[:0]
	for _, r := range l.all {
		if q == "" || strings.Contains(strings.ToLower(r.Path), q) {
			l.shown = append(l.shown, r)
		}
	}
	l.list.UnselectAll()
	l.list.Refresh()
	// A reload (another one may finish after a selection was made) or a
	// filter must not leave the view showing a project the list does not
	// mark as selected.
	if id, ok := l.rowOf(l.current); ok {
		l.restoring = true
		l.list.Select(id)
		l.restoring = false
	}
}

// rowOf is the list row of an entry (a path, or globalEntry), if shown.
func (l *projectList) rowOf(entry string) (widget.ListItemID, bool) {
	if entry == globalEntry {
		return 0, l.showGlobal
	}
	for i, r := range l.shown {
		if entry != "" && r.Path == entry {
			return i + l.offset(), true
		}
	}
	return 0, false
}

// length counts the global entry and the shown projects.
func (l *projectList) length() int { return len(l.shown) + l.offset() }

func (l *projectList) update(id widget.ListItemID, o fyne.CanvasObject) {
	row := o.(*projectRow)
	row.onTapped = func() { l.list.Select(id) }
	if l.showGlobal && id == 0 {
		row.set(lang.L("Global memory"), lang.L("What normal chats remember"), "", theme.AccountIcon())
		row.setReview("")
		row.onSecondary = nil
		return
	}
	if id-l.offset() >= len(l.shown) {
		return
	}
	rec := l.shown[id-l.offset()]
	row.onSecondary = func(at fyne.Position) {
		l.list.Select(id) // the menu is about this row: show it highlighted
		if l.onMenu != nil {
			l.onMenu(rec, at)
		}
	}
	badge, ok := l.badges[rec.Path]
	if !ok {
		l.computeBadge(rec.Path)
		badge = l.badges[rec.Path] // known at once when the work ran inline
	}
	row.set(filepath.Base(rec.Path), rec.Path, badge, theme.FolderIcon())
	row.setReview(l.reviews[rec.Path])
}

// computeBadge finds a folder's state off the UI goroutine: a row asks only
// when it is shown, so 10,000 entries cost nothing until scrolled to.
func (l *projectList) computeBadge(path string) {
	if l.pending[path] {
		return
	}
	l.pending[path] = true
	gen := l.gen
	type state struct {
		badge  project.Badge
		review project.Badge // badgeReview, badgeInvalid or ""
	}
	background(l.run, func() state {
		st := state{badge: badgeOf(l.projects, path)}
		if l.perms != nil && st.badge != project.BadgeMissing && st.badge != project.BadgeNotAllowed {
			// An error (the folder went away meanwhile) shows no marker.
			if pending, _ := l.perms.Pending(path); pending {
				st.review = badgeReview
				if s, err := l.perms.Show(path); err == nil && s.State == permissions.StateInvalid {
					st.review = badgeInvalid
				}
			}
		}
		return st
	}, func(st state) {
		if gen != l.gen {
			return // computed before a reload: a newer one is coming
		}
		delete(l.pending, path)
		l.badges[path] = st.badge
		l.reviews[path] = st.review
		if l.again[path] {
			delete(l.again, path)
			l.computeBadge(path)
		}
		// Only the row that shows this folder changes: refreshing the whole
		// list for each badge re-measures every visible row again.
		for i, r := range l.shown {
			if r.Path == path {
				l.list.RefreshItem(i + l.offset())
				break
			}
		}
	})
}

// recheck computes a folder's badge and marker again (its permissions file
// was trusted, saved or changed on disk while shown).
func (l *projectList) recheck(path string) {
	if l.pending[path] {
		// Being computed, perhaps from before this change: ask again after.
		l.again[path] = true
		return
	}
	// The old badge stays shown until the new one is known (no flicker).
	for _, r := range l.shown {
		if r.Path == path {
			l.computeBadge(path)
			return
		}
	}
}

func (l *projectList) onSelected(id widget.ListItemID) {
	if l.showGlobal && id == 0 {
		l.current = globalEntry
		if !l.restoring {
			l.onGlobal()
		}
		return
	}
	if i := id - l.offset(); i >= 0 && i < len(l.shown) {
		l.current = l.shown[i].Path
		if !l.restoring {
			l.onSelect(l.shown[i])
		}
	}
}

// selectPath selects a folder's entry (clearing the filter if it hides it).
func (l *projectList) selectPath(path string) {
	for i, r := range l.shown {
		if r.Path == path {
			l.list.ScrollTo(i + l.offset())
			if l.current == path {
				// Already selected (a reload keeps the selection): the
				// list would not tell again, and callers select to show
				// the project anew.
				l.onSelect(r)
				return
			}
			l.list.Select(i + l.offset())
			return
		}
	}
	if l.filter.Text != "" {
		l.filter.SetText("")
		l.selectPath(path)
	}
}

// rowList is the list with Enter (and keypad Enter) opening the focused row,
// as Space does.
type rowList struct {
	widget.List
}

func newRowList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *rowList {
	l := &rowList{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey implements fyne.Focusable.
func (l *rowList) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter {
		ev = &fyne.KeyEvent{Name: fyne.KeySpace}
	}
	l.List.TypedKey(ev)
}

// filterEntry is the filter box: it passes the window's shortcuts (Ctrl+O)
// on instead of swallowing them, as a focused Fyne entry does, and has a
// clear button while it holds text.
type filterEntry struct {
	widget.Entry
	// onShortcut, when set, is offered every shortcut first; true means
	// it was handled.
	onShortcut func(fyne.Shortcut) bool
	clear      *focusButton
}

func newFilterEntry(onChanged func()) *filterEntry {
	e := &filterEntry{}
	e.PlaceHolder = lang.L("Filter projects")
	e.clear = addClearButton(&e.Entry, func(string) { onChanged() })
	e.ExtendBaseWidget(e)
	return e
}

// addClearButton gives a filter box e a clear button, shown while it holds
// text, that empties it (and so shows everything again); e's OnChanged
// becomes onChanged, which then runs as well.
func addClearButton(e *widget.Entry, onChanged func(string)) *focusButton {
	clear := newButton("", theme.ContentClearIcon(), widget.LowImportance, func() { e.SetText("") })
	clear.Hidden = e.Text == ""
	e.ActionItem = clear
	e.OnChanged = func(text string) {
		if hide := text == ""; hide != clear.Hidden {
			clear.Hidden = hide
			clear.Refresh()
		}
		onChanged(text)
	}
	return clear
}

// TypedShortcut implements fyne.Shortcutable.
func (e *filterEntry) TypedShortcut(s fyne.Shortcut) {
	if e.onShortcut != nil && e.onShortcut(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}
