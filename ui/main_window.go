package ui

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/project"
)

// Title is the main window's title.
const Title = "Memo Projects"

const (
	prefWidth  = "window.width"
	prefHeight = "window.height"
)

// MainWindow is the "Memo Projects" window: the projects list on the left and
// the selected project (or the global memory) on the right.
type MainWindow struct {
	app  fyne.App
	win  fyne.Window
	deps Deps
	run  runner
	// pickFolder shows the OS folder dialog; errNoNativeDialog falls back to Fyne's.
	pickFolder func(folderRequest) (string, error)
	picking    bool // a folder dialog is open: one at a time (UI goroutine only)

	memories Memories
	memState memory.State

	openButton     *widget.Button
	settingsButton *widget.Button
	list           *projectList
	detail         *fyne.Container
	view           *projectView // nil when nothing or the global memory is shown
	global         *globalView
	settings       *settingsWindow
	statusText     *widget.Label
	statusBusy     *widget.ProgressBarInfinite
	statusBar      *fyne.Container
}

// NewMainWindow builds the main window; Show shows it.
func NewMainWindow(a fyne.App, deps Deps) *MainWindow {
	m := newMainWindow(a, deps, newRunner())
	m.pickFolder = pickFolderNative
	return m
}

func newMainWindow(a fyne.App, deps Deps, r runner) *MainWindow {
	m := &MainWindow{app: a, deps: deps, run: r, win: a.NewWindow(Title)}
	m.pickFolder = func(folderRequest) (string, error) { return "", errNoNativeDialog }
	m.buildUI()
	return m
}

func (m *MainWindow) buildUI() {
	m.openButton = &widget.Button{Text: lang.L("Open Folder…"), Icon: theme.FolderOpenIcon(), Importance: widget.HighImportance, OnTapped: m.onOpenFolder}
	m.settingsButton = &widget.Button{Text: lang.L("Settings"), Icon: theme.SettingsIcon(), OnTapped: m.onSettings}
	m.list = newProjectList(m.deps.Projects, m.run, m.onSelectProject, m.onSelectGlobal)
	m.list.onMenu = m.showProjectMenu
	m.global = newGlobalView(m.run)
	m.detail = container.NewStack()
	m.showEmpty()

	m.statusText = &widget.Label{Wrapping: fyne.TextWrapWord}
	m.statusBusy = widget.NewProgressBarInfinite()
	m.statusBusy.Stop()
	m.statusBar = container.NewBorder(widget.NewSeparator(), nil, nil, nil,
		container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(120, 8), m.statusBusy), m.statusText))
	m.statusBar.Hide()

	toolbar := container.NewHBox(m.openButton, m.settingsButton)
	split := container.NewHSplit(m.list.content(), m.detail)
	split.Offset = 0.32
	m.win.SetContent(container.NewBorder(container.NewPadded(toolbar), m.statusBar, nil, nil, split))

	m.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { m.onOpenFolder() })
	m.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) { m.onDropped(uris) })

	prefs := m.app.Preferences()
	m.win.Resize(fyne.NewSize(
		float32(prefs.FloatWithFallback(prefWidth, 980)),
		float32(prefs.FloatWithFallback(prefHeight, 640))))
	m.win.SetCloseIntercept(func() {
		m.saveSize()
		m.win.Close()
	})
	m.win.SetMaster()
}

// saveSize remembers the window's size for the next start.
func (m *MainWindow) saveSize() {
	size := m.win.Canvas().Size()
	m.app.Preferences().SetFloat(prefWidth, float64(size.Width))
	m.app.Preferences().SetFloat(prefHeight, float64(size.Height))
}

// showEmpty shows what to do when no project is selected.
func (m *MainWindow) showEmpty() {
	m.detail.Objects = []fyne.CanvasObject{m.emptyState()}
	m.detail.Refresh()
}

func (m *MainWindow) emptyState() fyne.CanvasObject {
	title := widget.NewLabelWithStyle(lang.L("Open a project folder to get started"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	hint := widget.NewLabelWithStyle(lang.L("Pick a repository, or drop a folder on this window."), fyne.TextAlignCenter, fyne.TextStyle{})
	button := &widget.Button{Text: lang.L("Open Folder…"), Icon: theme.FolderOpenIcon(), OnTapped: m.onOpenFolder}
	return container.NewCenter(container.NewVBox(title, hint, container.NewCenter(button)))
}

// Show shows the window, then loads what is slow (the list, memory.db) off the
// UI goroutine so the first frame is not held up.
func (m *MainWindow) Show() {
	m.win.Show()
	pending := 1
	if m.deps.OpenMemory != nil {
		pending++
	}
	loaded := func() { // on the UI goroutine
		if pending--; pending == 0 && m.deps.Loaded != nil {
			m.run.goroutine(m.deps.Loaded)
		}
	}
	m.list.reload(loaded)
	if m.deps.OpenMemory != nil {
		m.setStatus(lang.L("Opening the memory database…"), widget.MediumImportance, true)
		type opened struct {
			mem   Memories
			state memory.State
		}
		background(m.run, func() opened {
			mem, st := m.deps.OpenMemory()
			return opened{mem, st}
		}, func(o opened) {
			m.memories, m.memState = o.mem, o.state
			m.refreshMemory()
			loaded()
		})
	}
}

// ShowAndRun shows the window and runs the app until it closes.
func (m *MainWindow) ShowAndRun() {
	m.Show()
	m.app.Run()
}

// setStatus shows a line at the bottom of the window ("" hides it).
func (m *MainWindow) setStatus(text string, importance widget.Importance, busy bool) {
	m.statusText.Importance = importance
	m.statusText.SetText(text)
	if busy {
		m.statusBusy.Show()
		m.statusBusy.Start()
	} else {
		m.statusBusy.Stop()
		m.statusBusy.Hide()
	}
	m.statusBar.Hidden = text == ""
	m.statusBar.Refresh()
}

func (m *MainWindow) refreshMemory() {
	text, importance, _ := memoryProblem(m.memState, true)
	if text == "" {
		text, importance = upgradeNotice(m.memState), widget.SuccessImportance
	}
	m.setStatus(text, importance, false)
	if m.view != nil {
		m.view.setMemory(m.memories, m.memState)
	}
	m.global.setMemory(m.memories, m.memState)
	if m.settings != nil {
		m.settings.setMemory(m.memState)
	}
}

func (m *MainWindow) onOpenFolder() {
	if m.picking { // the native dialog is a window of its own: Ctrl+O could open a second
		return
	}
	m.picking = true
	req := folderRequest{title: lang.L("Open a project folder"), parent: windowHandle(m.win)}
	m.run.goroutine(func() {
		records, _ := m.deps.Projects.List()
		req.start = startFolder(records, isDir)
		path, err := m.pickFolder(req)
		onUI(func() {
			m.picking = false
			switch {
			case errors.Is(err, errNoNativeDialog):
				m.showFyneFolderDialog(req.start)
			case err != nil:
				m.showError(lang.L("Could not show the folder dialog"), err)
			case path != "":
				m.OpenFolder(path)
			}
		})
	})
}

// showFyneFolderDialog is the fallback when the OS dialog is not available;
// it opens in start when that is set.
func (m *MainWindow) showFyneFolderDialog(start string) {
	m.picking = true
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			m.showError(lang.L("Could not show the folder dialog"), err)
			return
		}
		if u != nil {
			m.OpenFolder(u.Path())
		}
	}, m.win)
	if start != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(start)); err == nil {
			d.SetLocation(l)
		}
	}
	d.SetOnClosed(func() { m.picking = false })
	d.Resize(fyne.NewSize(760, 520))
	d.Show()
}

func (m *MainWindow) onDropped(uris []fyne.URI) {
	for _, u := range uris {
		if u.Scheme() != "file" {
			continue
		}
		if ok, _ := storage.CanList(u); ok {
			m.OpenFolder(u.Path())
			return
		}
	}
	m.showError(lang.L("Could not open what was dropped"), domain.Invalid("%s", lang.L("Drop a folder to open it as a project.")))
}

// refreshProject reloads the list and shows root again (selecting it
// refreshes its view).
func (m *MainWindow) refreshProject(root string) {
	m.list.reload(func() { m.list.selectPath(root) })
}

func (m *MainWindow) onSelectProject(rec project.Record) {
	if m.view != nil && m.view.root == rec.Path {
		m.view.refresh() // the same project again: keep its tab and state
		return
	}
	m.view = newProjectView(rec, m.deps.Projects, m, m.run)
	m.view.setMemory(m.memories, m.memState)
	m.detail.Objects = []fyne.CanvasObject{m.view.content()}
	m.detail.Refresh()
	m.view.refresh()
}

func (m *MainWindow) onSelectGlobal() {
	m.view = nil
	m.global.setMemory(m.memories, m.memState)
	m.detail.Objects = []fyne.CanvasObject{m.global.content()}
	m.detail.Refresh()
}

func (m *MainWindow) onSettings() {
	if m.settings == nil {
		m.settings = newSettingsWindow(m.app, m.deps.Projects, m.deps, m.run, m.openPath, nil, func() { m.settings = nil })
		m.settings.setMemory(m.memState)
	}
	m.settings.show()
}

// showProjectMenu is a list entry's context menu.
func (m *MainWindow) showProjectMenu(rec project.Record, at fyne.Position) {
	menu := fyne.NewMenu("",
		fyne.NewMenuItem(lang.L("Open"), func() { m.list.selectPath(rec.Path) }),
		fyne.NewMenuItem(lang.L("Show in file manager"), func() { m.openPath(rec.Path) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.L("Forget…"), func() { m.forget(rec) }),
	)
	widget.ShowPopUpMenuAtPosition(menu, m.win.Canvas(), at)
}

// copyText puts s on the clipboard.
func (m *MainWindow) copyText(s string) { m.app.Clipboard().SetContent(s) }
