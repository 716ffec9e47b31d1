package ui

import (
	"image/color"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

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
}

// badgeReview marks a project whose permissions file waits for review
// (changed since trusted, or never trusted): a change by a model or a git
// pull shows without opening each project.
const badgeReview project.Badge = "permissions to review"

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
	reviews map[string]bool // the permissions file waits for review
	pending map[string]bool // badges being computed
	again   map[string]bool // badges to compute again once computed (recheck)
	gen     int             // reload count: badges computed before a reload are stale
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
		badges: map[string]project.Badge{}, reviews: map[string]bool{}, pending: map[string]bool{}, again: map[string]bool{}}
	l.filter = newFilterEntry(l.applyFilter)
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
	return container.NewStack(min, container.NewBorder(container.NewPadded(l.filter), nil, nil, nil, l.list))
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
		row.set(lang.L("Global memory"), lang.L("Normal chats: every pool"), "", theme.AccountIcon())
		row.setReview(false)
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
		review bool
	}
	background(l.run, func() state {
		st := state{badge: badgeOf(l.projects, path)}
		if l.perms != nil && st.badge != project.BadgeMissing && st.badge != project.BadgeNotAllowed {
			// An error (the folder went away meanwhile) shows no marker.
			st.review, _ = l.perms.Pending(path)
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
	clear      *widget.Button
}

func newFilterEntry(onChanged func()) *filterEntry {
	e := &filterEntry{}
	e.PlaceHolder = lang.L("Filter projects")
	e.clear = &widget.Button{Icon: theme.ContentClearIcon(), Importance: widget.LowImportance, OnTapped: func() { e.SetText("") }}
	e.clear.Hide()
	e.ActionItem = e.clear
	e.OnChanged = func(text string) {
		e.clear.Hidden = text == ""
		e.clear.Refresh()
		onChanged()
	}
	e.ExtendBaseWidget(e)
	return e
}

// TypedShortcut implements fyne.Shortcutable.
func (e *filterEntry) TypedShortcut(s fyne.Shortcut) {
	if e.onShortcut != nil && e.onShortcut(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

// projectRow is one entry of the list: icon, name, path and a state badge.
type projectRow struct {
	widget.BaseWidget
	icon  *widget.Icon
	name  *widget.Label
	path  *pathLabel
	badge *stateBadge
	// review marks a permissions file that waits for review.
	review *stateBadge
	// onSecondary opens the row's context menu (right click).
	onSecondary func(at fyne.Position)
	// onTapped selects the row. Being SecondaryTappable, the row receives
	// the primary clicks too (Fyne's driver picks the deepest object that
	// handles any tap), so it passes them on to the list.
	onTapped func()
}

var (
	_ fyne.Widget            = (*projectRow)(nil)
	_ fyne.Tappable          = (*projectRow)(nil)
	_ fyne.SecondaryTappable = (*projectRow)(nil)
)

// Tapped implements fyne.Tappable.
func (r *projectRow) Tapped(*fyne.PointEvent) {
	if r.onTapped != nil {
		r.onTapped()
	}
}

// TappedSecondary implements fyne.SecondaryTappable.
func (r *projectRow) TappedSecondary(ev *fyne.PointEvent) {
	if r.onSecondary != nil {
		r.onSecondary(ev.AbsolutePosition)
	}
}

func newProjectRow() *projectRow {
	r := &projectRow{
		icon:   widget.NewIcon(theme.FolderIcon()),
		name:   &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
		path:   newPathLabel(),
		badge:  newStateBadge(),
		review: newStateBadge(),
	}
	r.review.set(badgeReview)
	r.review.Hide()
	r.ExtendBaseWidget(r)
	return r
}

// setReview shows or hides the marker of a permissions file to review.
func (r *projectRow) setReview(on bool) {
	if r.review.Visible() != on {
		r.review.Hidden = !on
		r.Refresh()
	}
}

// set shows an entry; unchanged parts are not refreshed (rows are rebound often).
func (r *projectRow) set(name, path string, badge project.Badge, icon fyne.Resource) {
	if r.icon.Resource != icon {
		r.icon.SetResource(icon)
	}
	if r.name.Text != name {
		r.name.SetText(name)
	}
	r.path.setText(path)
	r.badge.set(badge)
}

func (r *projectRow) CreateRenderer() fyne.WidgetRenderer {
	// The label brings its own inner padding; the path sits right under its text.
	path := container.New(&padLayout{theme.InnerPadding(), 0}, r.path)
	texts := container.New(layout.NewCustomPaddedVBoxLayout(-theme.InnerPadding()), r.name, path)
	// The marker sits under the state, so a narrow list keeps the name readable.
	// Both pills keep to the right edge, where every other row's state is.
	badges := container.New(layout.NewCustomPaddedVBoxLayout(2), container.NewHBox(layout.NewSpacer(), r.badge), r.review)
	badge := container.New(&padLayout{theme.Padding(), 0}, container.NewCenter(badges))
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, r.icon, badge, texts))
}

// stateBadge shows a project state as a small colored pill.
type stateBadge struct {
	widget.BaseWidget
	text *canvas.Text
	bg   *canvas.Rectangle
}

func newStateBadge() *stateBadge {
	b := &stateBadge{text: canvas.NewText("", color.White), bg: canvas.NewRectangle(color.Transparent)}
	b.text.TextSize = theme.CaptionTextSize()
	b.text.TextStyle = fyne.TextStyle{Bold: true}
	b.bg.CornerRadius = 6
	b.ExtendBaseWidget(b)
	return b
}

func (b *stateBadge) set(badge project.Badge) {
	if b.text.Text == badgeText(badge) {
		return
	}
	b.text.Text = badgeText(badge)
	b.bg.FillColor = badgeColor(badge)
	b.Refresh()
}

func (b *stateBadge) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(b.bg, container.New(&padLayout{6, 2}, b.text)))
}

// padLayout pads its objects by a fixed amount horizontally and vertically.
type padLayout struct{ x, y float32 }

func (p *padLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	if s.IsZero() {
		return s
	}
	return s.Add(fyne.NewSize(2*p.x, 2*p.y))
}

func (p *padLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(p.x, p.y))
		o.Resize(size.Subtract(fyne.NewSize(2*p.x, 2*p.y)))
	}
}

func badgeText(b project.Badge) string {
	switch b {
	case project.BadgeSetUp:
		return lang.L("set up")
	case project.BadgeNotSetUp:
		return lang.L("not set up")
	case project.BadgeNever:
		return lang.L("declined")
	case project.BadgeNotAllowed:
		return lang.L("not allowed")
	case project.BadgeMissing:
		return lang.L("folder missing")
	case badgeNeedsAttention:
		return lang.L("needs attention")
	case badgeReview:
		return lang.L("permissions to review")
	}
	return ""
}

func badgeColor(b project.Badge) color.Color {
	switch b {
	case project.BadgeSetUp:
		return color.NRGBA{0x2e, 0x7d, 0x32, 0xff} // green
	case project.BadgeNotSetUp:
		return color.NRGBA{0x1f, 0x5f, 0xd9, 0xff} // blue
	case project.BadgeNever:
		return color.NRGBA{0x75, 0x75, 0x75, 0xff} // grey
	case project.BadgeNotAllowed:
		return color.NRGBA{0xc6, 0x28, 0x28, 0xff} // red
	case project.BadgeMissing, badgeNeedsAttention, badgeReview:
		return color.NRGBA{0x9a, 0x5b, 0x00, 0xff} // amber, dark enough for white text
	}
	return color.Transparent
}

// permissionsChanged implements permissionsHost: the list's marker follows
// what the Permissions tab read.
func (m *MainWindow) permissionsChanged(root string) { m.list.recheck(root) }
