// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/project"
)

// projectReader is what a project's view reads from the project service.
type projectReader interface {
	Status(path string) (project.Status, error)
	Files(path string) ([]project.FileState, error)
}

// viewDeps is what a project's view is built from: the services its header
// and tabs work on, the window's dialogs, and the window's flows its header
// starts (they ask questions and change the list).
type viewDeps struct {
	reader      projectReader
	permissions permissionsService // nil: the Permissions tab says so
	skills      func() (skillsManager, error)
	// permissionsChanged: the Permissions tab read the file anew (the list
	// checks its marker again).
	permissionsChanged func(root string)
	d                  *dialogs
	flows              *folderFlows
	run                runner
}

// projectView is the right side for one project: its header and tabs.
type projectView struct {
	rec  project.Record
	root string
	deps viewDeps
	run  runner
	st   project.Status
	// stale marks the tabs after the Overview whose content must load
	// again when next shown (by tab index - 1).
	stale [3]bool
	// holders hold those tabs' content once shown; empty is what they show
	// instead in a folder that is not set up (built when first shown).
	holders [3]*fyne.Container
	empty   [3]fyne.CanvasObject

	name      *widget.Label
	path      *pathLabel
	id        string // the project's id ("" for none): the ⋯ menu copies it
	state     *stateBadge
	notice    *widget.Label // the guard's reason, a missing folder …
	hint      *widget.Label // what would make a refused folder usable
	setUp     *focusButton
	complete  *focusButton
	locate    *focusButton
	decline   *focusButton
	openDir   *focusButton
	forget    *focusButton
	more      *focusButton
	tabs      *tabBar
	overview  *overviewTab
	skills    *skillsTab
	perms     *permissionsTab
	memoryTab *memoryTab
	body      *fyne.Container

	loaded   bool // st holds the folder's status
	mem      Memories
	memState memory.State
}

func newProjectView(rec project.Record, deps viewDeps) *projectView {
	v := &projectView{rec: rec, root: rec.Path, deps: deps, run: deps.run, id: rec.ID}
	v.buildUI()
	return v
}

func (v *projectView) buildUI() {
	// Nothing in the header sets a width: names and paths are cut, notes
	// wrap, and few buttons show at once (the rest are in the ⋯ menu), so
	// selecting a project never squeezes the list or grows the window.
	v.name = &widget.Label{Text: filepath.Base(v.root), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Truncation: fyne.TextTruncateEllipsis}
	v.path = newPathLabel()
	v.path.setText(v.root)
	v.state = newStateBadge()
	v.notice = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	v.notice.Hide()
	v.hint = &widget.Label{Wrapping: fyne.TextWrapWord}
	v.hint.Hide()
	v.setUp = newButton(lang.L("Set up…"), theme.ConfirmIcon(), widget.HighImportance, v.onSetUp)
	v.complete = newButton(lang.L("Complete setup"), theme.ContentAddIcon(), widget.HighImportance, func() { v.deps.flows.setUp(v.root) })
	v.complete.Hide()
	v.locate = newButton(lang.L("Locate…"), theme.SearchIcon(), widget.HighImportance, func() { v.deps.flows.locate(v.rec) })
	v.locate.Hide()
	v.decline = newButton(lang.L("Never for this folder"), nil, widget.MediumImportance, v.onDecline)
	v.openDir = newButton(lang.L("Show in file manager"), theme.FolderOpenIcon(), widget.MediumImportance, func() { v.deps.d.openPath(v.root) })
	v.forget = newButton(lang.L("Forget…"), theme.DeleteIcon(), widget.MediumImportance, func() { v.deps.flows.forget(v.rec) })
	v.more = newButton("", theme.MoreHorizontalIcon(), widget.LowImportance, nil)
	v.more.OnTapped = v.showMore
	// Until the folder's state is read, no button shows: together they
	// would be wider than the room there is.
	for _, b := range []*focusButton{v.setUp, v.decline, v.openDir, v.forget, v.more} {
		b.Hide()
	}

	v.overview = newOverviewTab()
	v.skills = newSkillsTab(v.root, v.deps.d, v.deps.skills, v.run)
	v.perms = newPermissionsTab(v.root, v.deps.permissions, v.deps.d, v.deps.permissionsChanged, v.run)
	v.memoryTab = newMemoryTab(v.run, v.deps.d)
	// A memory added or deleted in the Memory tab changes the Overview's count.
	v.memoryTab.browser.changed = v.showMemoryCount
	// The other tabs' widgets join the window when first shown: until then
	// nothing lays them out or measures them, so a project shown at
	// start-up costs only its Overview.
	for i := range v.holders {
		v.holders[i] = container.NewStack()
	}
	v.tabs = newTabBar(
		tabPage{lang.L("Overview"), v.overview.content()},
		tabPage{lang.L("Skills"), v.holders[tabSkills-1]},
		tabPage{lang.L("Permissions"), v.holders[tabPermissions-1]},
		tabPage{lang.L("Memory"), v.holders[tabMemory-1]},
	)
	v.tabs.onSelected = func(int) { v.loadShownTab() }

	// One line for name, state and path (the id is in the ⋯ menu): at
	// 800×600 the tab's content starts in the upper half of the window.
	title := container.New(&headerLineLayout{natural: func() float32 { return labelWidth(v.name) }, pathMin: 120}, v.name, v.state, v.path)
	actions := container.NewHBox(v.setUp, v.complete, v.locate, v.decline, v.openDir, v.forget, v.more)
	header := container.NewVBox(title, v.notice, v.hint, actions)
	// In a wide window the header's lines stay together, as the Overview's do.
	v.body = readingOrder(container.NewVBox(container.NewPadded(container.New(&maxWidthLayout{readableWidth}, header)), widget.NewSeparator()), nil, v.tabs.content())
}

// showMore is the ⋯ button's menu: what the header has no room for.
func (v *projectView) showMore() {
	c := fyne.CurrentApp().Driver().CanvasForObject(v.more)
	if c == nil {
		return
	}
	menu := fyne.NewMenu("", v.moreItems()...)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(v.more)
	widget.ShowPopUpMenuAtPosition(menu, c, pos.Add(fyne.NewPos(0, v.more.Size().Height)))
}

// moreItems are the ⋯ menu's entries: the project's id (copied when
// chosen) is there, not in the header.
func (v *projectView) moreItems() []*fyne.MenuItem {
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.L("Show in file manager"), func() { v.deps.d.openPath(v.root) }),
		fyne.NewMenuItem(lang.L("Copy path"), func() { v.deps.d.copyText(v.root) }),
	}
	if v.id != "" {
		items = append(items, fyne.NewMenuItem(lang.L("Copy project ID ({{.ID}})", map[string]any{"ID": v.id}), v.onCopyID))
	}
	return append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem(lang.L("Forget…"), func() { v.deps.flows.forget(v.rec) }))
}

func (v *projectView) content() fyne.CanvasObject { return v.body }

// close stops what watches the project (it is no longer shown).
func (v *projectView) close() { v.perms.close() }

// refresh reads the folder's status and files off the UI goroutine.
func (v *projectView) refresh() {
	type loaded struct {
		st    project.Status
		files []project.FileState
		err   error
	}
	background(v.run, func() loaded {
		st, err := v.deps.reader.Status(v.root)
		if err != nil {
			return loaded{err: err}
		}
		files, err := v.deps.reader.Files(v.root)
		return loaded{st: st, files: files, err: err}
	}, func(l loaded) { v.show(l.st, l.files, l.err) })
}

func (v *projectView) show(st project.Status, files []project.FileState, err error) {
	v.st, v.loaded = st, true
	badge := project.BadgeFor(st, err)
	attention := err == nil && st.Allowed && needsAttention(st, files)
	if attention {
		badge = badgeNeedsAttention
	}
	v.state.set(badge)
	missing := badge == project.BadgeMissing
	refused := err == nil && !st.Allowed
	v.notice.Hidden, v.hint.Hidden = false, true
	v.notice.Importance = widget.DangerImportance
	switch {
	case missing:
		v.notice.SetText(lang.L("This folder is not there any more: it was moved, renamed or deleted. Locate it at its new place (it keeps its memory), or forget it."))
	case err != nil:
		v.notice.SetText(say(err))
	case refused:
		v.notice.SetText(reasonText(st))
		v.hint.SetText(usableHint(st.ReasonCode))
		v.hint.Show()
	case attention:
		v.notice.Importance = widget.WarningImportance
		v.notice.SetText(lang.L("Some of Memo's files are missing or out of date: Complete setup puts them back without touching your edits."))
	case st.Declined && !st.SetUp:
		v.notice.Importance = widget.MediumImportance
		v.notice.SetText(lang.L("You chose not to set up Memo in this folder, so opening it asks nothing. Set up if you change your mind; Ask again brings the question back next time."))
	default:
		v.notice.Hide()
	}
	v.notice.Refresh()
	if st.ID != "" {
		v.id = st.ID
	}
	if refused {
		v.id = "" // a refused folder is no project: it has no id to copy
	}
	ok := err == nil && st.Allowed
	v.setUp.Hidden = !ok || st.SetUp
	v.decline.Hidden = !ok || st.SetUp
	v.complete.Hidden = !attention
	v.locate.Hidden = !missing
	if st.Declined {
		v.decline.SetText(lang.L("Ask again"))
	} else {
		v.decline.SetText(lang.L("Never for this folder"))
	}
	// Few buttons at once; the ⋯ menu holds the rest.
	v.openDir.Hidden = missing || (ok && !st.SetUp)
	v.forget.Hidden = ok
	v.more.Hidden = !ok
	for _, b := range []*focusButton{v.setUp, v.complete, v.locate, v.decline, v.openDir, v.forget, v.more} {
		b.Refresh()
	}
	if ok {
		v.tabs.Show()
		v.overview.show(st, files)
		// The other tabs load when they are first shown: a project
		// reselected at start-up reads only what its Overview shows.
		v.stale = [3]bool{true, true, true}
		v.empty = [3]fyne.CanvasObject{} // declined or not: worded anew
		v.loadShownTab()
		v.showMemory()
	} else {
		v.tabs.Hide()
	}
	releaseHiddenFocusOf(v.body) // a button that went away keeps no focus
	// Lay the header out again at once: Fyne's own pass after a change of
	// size can miss it when the tab below changed in the same frame, and
	// a header that grew then overlapped the tabs.
	v.body.Refresh()
}

func (v *projectView) setMinimal(on bool) { v.overview.setMinimal(on) }

func (v *projectView) setMemory(mem Memories, state memory.State) {
	v.mem, v.memState = mem, state
	v.showMemory()
}

// showMemory shows this project's pool once both its id and memory.db are known.
func (v *projectView) showMemory() {
	if !v.loaded {
		return
	}
	v.showMemoryCount()
	v.stale[tabMemory-1] = true
	v.loadShownTab()
}

// showMemoryCount writes the pool's size into the Overview.
func (v *projectView) showMemoryCount() {
	if !v.loaded {
		return
	}
	showPoolSize(v.run, v.overview.memCount, v.mem, v.memState, memory.Chat{Kind: memory.ProjectChat, ProjectID: v.st.ID})
}

// The tabs after the Overview, by index in v.tabs.
const (
	tabSkills = 1 + iota
	tabPermissions
	tabMemory
)

// loadShownTab loads the selected tab if what it shows is stale.
func (v *projectView) loadShownTab() {
	i := v.tabs.SelectedIndex()
	if i < tabSkills || i > tabMemory {
		return
	}
	h := v.holders[i-1]
	if v.loaded && !v.st.SetUp {
		// Nothing to list before setup: say so, with the folder's actions,
		// instead of an error beside an Add… that cannot work.
		if v.empty[i-1] == nil {
			v.empty[i-1] = v.notSetUpState(i)
		}
		if len(h.Objects) == 0 || h.Objects[0] != v.empty[i-1] {
			h.Objects = []fyne.CanvasObject{v.empty[i-1]}
			h.Refresh()
		}
		return
	}
	if page := []fyne.CanvasObject{v.skills.content(), v.perms.content(), v.memoryTab.content()}[i-1]; len(h.Objects) == 0 || h.Objects[0] != page {
		h.Objects = []fyne.CanvasObject{page}
		h.Refresh()
	}
	if !v.stale[i-1] || !v.loaded {
		return
	}
	v.stale[i-1] = false
	switch i {
	case tabSkills:
		v.skills.refresh()
	case tabPermissions:
		v.perms.refresh()
	case tabMemory:
		v.memoryTab.show(v.mem, v.memState, v.st.ID)
	}
}

// notSetUpState is what tab i shows in a folder that is not set up: what it
// would hold, and the actions the header offers (Set up…; Ask again when
// the folder was declined).
func (v *projectView) notSetUpState(i int) fyne.CanvasObject {
	title := lang.L("Memo is not set up in this folder")
	if v.st.Declined {
		title = lang.L("You chose not to set up Memo in this folder")
	}
	what := map[int]string{
		tabSkills:      lang.L("Project skills are kept in the project's .memo folder: there are none before Memo is set up here."),
		tabPermissions: lang.L("The permissions file is kept in the project's .memo folder: before Memo is set up here, every command and file change asks."),
		tabMemory:      lang.L("The project's own memory starts once Memo is set up here; until then its chats are normal chats."),
	}[i]
	setUp := newButton(lang.L("Set up…"), theme.ConfirmIcon(), widget.HighImportance, v.onSetUp)
	actions := container.NewHBox(setUp)
	if v.st.Declined {
		actions.Add(newButton(lang.L("Ask again"), nil, widget.MediumImportance, v.onDecline))
	}
	box := container.NewVBox(
		widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		&widget.Label{Text: what, Wrapping: fyne.TextWrapWord},
		actions)
	return newPageScroll(container.New(&maxWidthLayout{readableWidth}, box))
}

func (v *projectView) onCopyID() { v.deps.d.copyText(v.id) }

func (v *projectView) onSetUp() { v.deps.flows.startSetup(v.st) }

func (v *projectView) onDecline() { v.deps.flows.decline(v.root, !v.st.Declined) }

// needsAttention says that a set-up project lost a file or has outdated
// rules: Complete setup fixes it.
func needsAttention(st project.Status, files []project.FileState) bool {
	if !st.SetUp {
		return false
	}
	for _, f := range files {
		if f.State == project.StateMissing || f.State == project.StateOutdated {
			return true
		}
	}
	return false
}
