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

// projectActions is what a project's view asks the window to do: the flows
// that open dialogs or change the list.
type projectActions interface {
	startSetup(st project.Status)
	setUp(root string) // Complete setup: no question, the project said yes before
	decline(root string, declined bool)
	forget(rec project.Record)
	openPath(path string)
	copyText(s string)
}

// projectView is the right side for one project: its header and tabs.
type projectView struct {
	rec     project.Record
	root    string
	reader  projectReader
	actions projectActions
	run     runner
	st      project.Status

	name      *widget.Label
	path      *widget.Label
	id        *widget.Label
	copyID    *widget.Button
	state     *stateBadge
	notice    *widget.Label // the guard's reason, a missing folder …
	setUp     *widget.Button
	complete  *widget.Button
	decline   *widget.Button
	openDir   *widget.Button
	forget    *widget.Button
	tabs      *container.AppTabs
	overview  *overviewTab
	skills    *skillsTab
	perms     *permissionsTab
	memoryTab *memoryTab
	body      *fyne.Container

	loaded   bool // st holds the folder's status
	mem      Memories
	memState memory.State
}

func newProjectView(rec project.Record, reader projectReader, actions projectActions, r runner) *projectView {
	v := &projectView{rec: rec, root: rec.Path, reader: reader, actions: actions, run: r}
	v.buildUI()
	return v
}

func (v *projectView) buildUI() {
	v.name = &widget.Label{Text: filepath.Base(v.root), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	v.path = &widget.Label{Text: v.root, Truncation: fyne.TextTruncateEllipsis, Selectable: true}
	v.id = &widget.Label{Text: v.rec.ID, TextStyle: fyne.TextStyle{Monospace: true}, Selectable: true}
	v.copyID = &widget.Button{Icon: theme.ContentCopyIcon(), Importance: widget.LowImportance, OnTapped: v.onCopyID}
	v.state = newStateBadge()
	v.notice = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	v.notice.Hide()
	v.setUp = &widget.Button{Text: lang.L("Set up…"), Icon: theme.ConfirmIcon(), Importance: widget.HighImportance, OnTapped: v.onSetUp}
	v.complete = &widget.Button{Text: lang.L("Complete setup"), Icon: theme.ContentAddIcon(), Importance: widget.HighImportance, OnTapped: func() { v.actions.setUp(v.root) }}
	v.complete.Hide()
	v.decline = &widget.Button{Text: lang.L("Never for this folder"), OnTapped: v.onDecline}
	v.openDir = &widget.Button{Text: lang.L("Show in file manager"), Icon: theme.FolderOpenIcon(), OnTapped: func() { v.actions.openPath(v.root) }}
	v.forget = &widget.Button{Text: lang.L("Forget…"), Icon: theme.DeleteIcon(), Importance: widget.LowImportance, OnTapped: func() { v.actions.forget(v.rec) }}

	v.overview = newOverviewTab()
	v.skills = newSkillsTab(v.root, v.run)
	v.perms = newPermissionsTab(v.root, v.run)
	v.memoryTab = newMemoryTab()
	v.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon(lang.L("Overview"), theme.InfoIcon(), v.overview.content()),
		container.NewTabItemWithIcon(lang.L("Skills"), theme.ListIcon(), v.skills.content()),
		container.NewTabItemWithIcon(lang.L("Permissions"), theme.VisibilityIcon(), v.perms.content()),
		container.NewTabItemWithIcon(lang.L("Memory"), theme.StorageIcon(), v.memoryTab.content()),
	)

	title := container.NewHBox(v.name, container.NewCenter(v.state))
	idRow := container.NewHBox(widget.NewLabel(lang.L("Project ID")), v.id, v.copyID)
	actions := container.NewHBox(v.setUp, v.complete, v.decline, v.openDir, v.forget)
	header := container.NewVBox(title, v.path, idRow, v.notice, actions, widget.NewSeparator())
	v.body = container.NewBorder(container.NewPadded(header), nil, nil, nil, v.tabs)
}

func (v *projectView) content() fyne.CanvasObject { return v.body }

// refresh reads the folder's status and files off the UI goroutine.
func (v *projectView) refresh() {
	type loaded struct {
		st    project.Status
		files []project.FileState
		err   error
	}
	background(v.run, func() loaded {
		st, err := v.reader.Status(v.root)
		if err != nil {
			return loaded{err: err}
		}
		files, err := v.reader.Files(v.root)
		return loaded{st: st, files: files, err: err}
	}, func(l loaded) { v.show(l.st, l.files, l.err) })
}

func (v *projectView) show(st project.Status, files []project.FileState, err error) {
	v.st, v.loaded = st, true
	badge := project.BadgeFor(st, err)
	v.state.set(badge)
	missing := badge == project.BadgeMissing
	switch {
	case missing:
		v.notice.SetText(lang.L("This folder is not there any more: it was moved, renamed or deleted. Open it from its new place, or forget it."))
		v.notice.Show()
	case err != nil:
		v.notice.SetText(err.Error())
		v.notice.Show()
	case !st.Allowed:
		v.notice.SetText(st.Reason)
		v.notice.Show()
	default:
		v.notice.Hide()
	}
	if st.ID != "" {
		v.id.SetText(st.ID)
	}
	v.copyID.Disable()
	if v.id.Text != "" {
		v.copyID.Enable()
	}
	ok := err == nil && st.Allowed
	v.setUp.Hidden = !ok || st.SetUp
	v.decline.Hidden = !ok || st.SetUp
	v.complete.Hidden = !ok || !needsAttention(st, files)
	if st.Declined {
		v.decline.SetText(lang.L("Ask again"))
	} else {
		v.decline.SetText(lang.L("Never for this folder"))
	}
	v.openDir.Hidden = missing
	v.setUp.Refresh()
	v.complete.Refresh()
	v.decline.Refresh()
	v.openDir.Refresh()
	if ok {
		v.tabs.Show()
		v.overview.show(st, files)
		v.skills.refresh()
		v.perms.refresh()
		v.showMemory()
	} else {
		v.tabs.Hide()
	}
}

func (v *projectView) setMemory(mem Memories, state memory.State) {
	v.mem, v.memState = mem, state
	v.showMemory()
}

// showMemory shows this project's pool once both its id and memory.db are known.
func (v *projectView) showMemory() {
	if !v.loaded {
		return
	}
	showProjectPool(v.run, v.overview.memCount, v.mem, v.memState, v.st.ID)
	showProjectPool(v.run, v.memoryTab.count, v.mem, v.memState, v.st.ID)
}

func (v *projectView) onCopyID() { v.actions.copyText(v.id.Text) }

func (v *projectView) onSetUp() { v.actions.startSetup(v.st) }

func (v *projectView) onDecline() { v.actions.decline(v.root, !v.st.Declined) }

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
