// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
	// prefLastProject is the folder selected last: a returning user gets it back.
	prefLastProject = "project.last"
)

// smallScreen is the room an 800×600 screen leaves a window once its
// taskbar or top panel (up to 40 px) and the window's title bar (up to
// 32 px) are drawn: the first window and Settings fit in it, whatever the
// language, so that nothing is cut on a small screen.
var smallScreen = fyne.NewSize(800, 600-40-32)

// detailMinWidth is what the right side asks for, whatever it shows: with the
// list's minimum it fits an 800 px window.
const detailMinWidth = 420

// MainWindow is the "Memo Projects" window: the projects list on the left and
// the selected project (or the global memory) on the right.
type MainWindow struct {
	app  fyne.App
	win  fyne.Window
	deps Deps
	run  runner
	// dialogs is the window as its screens use it; chooser asks for
	// folders; flows open, set up, locate and forget them.
	dialogs *dialogs
	chooser *folderChooser
	flows   *folderFlows
	// viewDeps is what each project's view is built from.
	viewDeps viewDeps

	memories Memories
	memState memory.State

	openButton     *focusButton
	settingsButton *focusButton
	list           *projectList
	sidebar        fyne.CanvasObject // the list with its filter
	detail         *fyne.Container
	view           *projectView // nil when nothing or the global memory is shown
	// global is built, and reads memory.db and the registry, only when
	// Global memory is first selected: hidden behind a reselected project
	// it cost a second registry read and the counts of every pool at
	// start-up. globalShown: it is what the right side shows.
	global        *globalView
	globalShown   bool
	settings      *settingsWindow
	statusText    *widget.Label
	statusBusy    *widget.ProgressBarInfinite
	statusActions *fyne.Container // Show backup, Dismiss: for the upgrade notice
	statusBar     *fyne.Container
	minimalBanner *fyne.Container
	minimal       bool // Minimal Mode is on
}

// NewMainWindow builds the main window; Show shows it.
func NewMainWindow(a fyne.App, deps Deps) *MainWindow {
	m := newMainWindow(a, deps, newRunner())
	m.chooser.pick = pickFolderNative
	return m
}

func newMainWindow(a fyne.App, deps Deps, r runner) *MainWindow {
	a.Settings().SetTheme(newAppTheme()) // readable contrast, visible focus
	m := &MainWindow{app: a, deps: deps, run: r, win: a.NewWindow(Title)}
	m.dialogs = newDialogs(a, m.win, deps, r)
	m.chooser = &folderChooser{d: m.dialogs, run: r, records: deps.Projects,
		pick: func(folderRequest) (string, error) { return "", errNoNativeDialog }}
	m.flows = &folderFlows{projects: deps.Projects, d: m.dialogs, run: r, chooser: m.chooser,
		show: m.refreshProject, forgotten: m.onForgotten, pools: m.pools}
	var skills func() (skillsManager, error)
	if deps.Skills != nil {
		skills = func() (skillsManager, error) { return deps.Skills() }
	}
	var perms permissionsService
	if deps.Permissions != nil {
		perms = deps.Permissions
	}
	m.viewDeps = viewDeps{reader: deps.Projects, permissions: perms, skills: skills,
		permissionsChanged: func(root string) { m.list.recheck(root) }, d: m.dialogs, flows: m.flows, run: r}
	m.buildUI()
	return m
}

func (m *MainWindow) buildUI() {
	m.openButton = newButton(lang.L("Open Folder…"), theme.FolderOpenIcon(), widget.HighImportance, m.onOpenFolder)
	m.settingsButton = newButton(lang.L("Settings"), theme.SettingsIcon(), widget.MediumImportance, m.onSettings)
	m.list = newProjectList(m.deps.Projects, m.run, m.onSelectProject, m.onSelectGlobal)
	m.list.onMenu = m.showProjectMenu
	if m.deps.Permissions != nil {
		m.list.perms = m.deps.Permissions
	}
	// Filled once the list is known (reselect); until then it says what it
	// waits for.
	m.detail = container.NewStack(container.NewCenter(m.detailWaiting()))

	m.statusText = &widget.Label{Wrapping: fyne.TextWrapWord}
	m.statusBusy = widget.NewProgressBarInfinite()
	m.statusBusy.Stop()
	m.statusActions = container.NewHBox(
		newButton(lang.L("Show backup"), theme.FolderOpenIcon(), widget.MediumImportance, func() { m.dialogs.openPath(filepath.Dir(m.memState.Backup)) }),
		newButton(lang.L("Dismiss"), nil, widget.LowImportance, func() { m.setStatus("", widget.MediumImportance, false) }))
	m.statusActions.Hide()
	m.statusBar = container.NewBorder(widget.NewSeparator(), nil, nil, nil,
		container.NewBorder(nil, nil, nil, container.NewHBox(container.NewGridWrap(fyne.NewSize(120, 8), m.statusBusy), m.statusActions), m.statusText))
	m.statusBar.Hide()

	turnOff := newButton(lang.L("Turn off"), nil, widget.MediumImportance, func() { m.setMinimal(false) })
	m.minimalBanner = container.NewBorder(nil, widget.NewSeparator(), nil, container.NewCenter(turnOff),
		&widget.Label{Text: lang.L("Minimal Mode is on: Memo adds nothing to chats."), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	m.minimalBanner.Hide()

	toolbar := container.NewHBox(m.openButton, m.settingsButton)
	m.sidebar = m.list.content()
	split := container.NewHSplit(m.sidebar, container.New(&minWidthLayout{detailMinWidth}, m.detail))
	split.Offset = 0.3
	m.win.SetContent(readingOrder(container.NewVBox(container.NewPadded(toolbar), m.minimalBanner), m.statusBar, split))

	// The window's shortcuts; the filter box passes them on too (a focused
	// Fyne entry would swallow them).
	shortcuts := map[string]func(){}
	add := func(key fyne.KeyName, mod fyne.KeyModifier, do func()) {
		sc := &desktop.CustomShortcut{KeyName: key, Modifier: mod}
		shortcuts[sc.ShortcutName()] = do
		m.win.Canvas().AddShortcut(sc, func(fyne.Shortcut) { do() })
	}
	add(fyne.KeyO, fyne.KeyModifierShortcutDefault, m.onOpenFolder)
	add(fyne.KeyComma, fyne.KeyModifierShortcutDefault, m.onSettings) // GNOME's and macOS's key for preferences
	// Alt+1 … Alt+4 switch a project's tabs from the keyboard, and give
	// the tab the focus: Tab then goes into its page.
	for i, key := range []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4} {
		add(key, fyne.KeyModifierAlt, func() {
			// Not behind a dialog: its keys are its own.
			if m.view != nil && m.view.tabs.Visible() && m.win.Canvas().Overlays().Top() == nil {
				m.view.tabs.SelectIndex(i)
				m.win.Canvas().Focus(m.view.tabs.buttons[i])
			}
		})
	}
	m.list.filter.onShortcut = func(s fyne.Shortcut) bool {
		do, ok := shortcuts[s.ShortcutName()]
		if ok {
			do()
		}
		return ok
	}
	m.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) { m.onDropped(uris) })

	m.win.Resize(m.defaultSize())
	m.win.SetCloseIntercept(func() {
		m.saveSize()
		m.win.Close()
	})
	// However the window goes, the shown project's file watch goes with it:
	// each holds one of the system's few inotify instances.
	m.win.SetOnClosed(m.closeView)
	m.win.SetMaster()
}

// defaultSize is the size the window opens at: the one it had when it was
// last closed, else one that fits a small screen (a new user's screen may
// be one).
func (m *MainWindow) defaultSize() fyne.Size {
	prefs := m.app.Preferences()
	return fyne.NewSize(
		float32(prefs.FloatWithFallback(prefWidth, float64(smallScreen.Width))),
		float32(prefs.FloatWithFallback(prefHeight, float64(smallScreen.Height))))
}

// saveSize remembers the window's size for the next start.
func (m *MainWindow) saveSize() {
	size := m.win.Canvas().Size()
	m.app.Preferences().SetFloat(prefWidth, float64(size.Width))
	m.app.Preferences().SetFloat(prefHeight, float64(size.Height))
}

// showEmpty shows what to do when no project is selected.
func (m *MainWindow) showEmpty() {
	m.globalShown = false
	m.detail.Objects = []fyne.CanvasObject{m.emptyState()}
	m.detail.Refresh()
	releaseHiddenFocus(m.win.Canvas())
}

func (m *MainWindow) emptyState() fyne.CanvasObject {
	button := newButton(lang.L("Open Folder…"), theme.FolderOpenIcon(), widget.MediumImportance, m.onOpenFolder)
	if len(m.list.all) > 0 {
		hint := widget.NewLabelWithStyle(lang.L("Select a project on the left, or open another folder."), fyne.TextAlignCenter, fyne.TextStyle{})
		return container.NewCenter(container.NewVBox(hint, container.NewCenter(button)))
	}
	// First run: say what the app is for before asking for anything.
	title := widget.NewLabelWithStyle(lang.L("Open a project folder to get started"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	about := &widget.Label{Text: lang.L("Memo Projects gives each of your projects its own memory, permission file and skills for AI coding agents, kept in a small .memo folder beside your code."), Wrapping: fyne.TextWrapWord, Alignment: fyne.TextAlignCenter}
	hint := widget.NewLabelWithStyle(lang.L("Pick a repository, or drop a folder on this window."), fyne.TextAlignCenter, fyne.TextStyle{})
	return container.NewCenter(container.New(&maxWidthLayout{460}, container.NewVBox(title, about, hint, container.NewCenter(button))))
}

// detailWaiting is what the right side says before the list is known: the
// project it will show again, else that the projects are being read.
func (m *MainWindow) detailWaiting() *widget.Label {
	text := lang.L("Loading projects…")
	if last := m.app.Preferences().String(prefLastProject); last != "" {
		text = lang.L("Opening {{.Name}}…", map[string]any{"Name": filepath.Base(last)})
	}
	w := waiting(text)
	w.Alignment, w.Wrapping = fyne.TextAlignCenter, fyne.TextWrapOff // centred: a wrapped label has no width
	return w
}

// Show shows the window, then loads what is slow (the list, memory.db) off the
// UI goroutine so the first frame is not held up.
func (m *MainWindow) Show() {
	m.win.Show()
	if m.deps.Loaded != nil {
		// Armed before the first job starts: fires when the list, memory.db
		// and the reselected project (jobs started by jobs) have all loaded.
		m.run.settle.whenSettled(func() { m.run.goroutine(m.deps.Loaded) })
	}
	m.run.settle.add(1) // Show itself, so no job settles it before the last starts
	defer m.run.settle.add(-1)
	m.list.reload(m.reselect)
	background(m.run, func() bool {
		on, err := m.deps.Projects.Minimal()
		return err == nil && on
	}, m.showMinimal)
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
		})
	}
}

// reselect shows the project selected last time, unless something was
// selected meanwhile (a folder given on the command line).
func (m *MainWindow) reselect() {
	if m.view != nil {
		return
	}
	if last := m.app.Preferences().String(prefLastProject); last != "" {
		m.list.selectPath(last)
	}
	if m.view == nil {
		m.showEmpty() // the list is known now: first run or returning user
	}
}

// showMinimal shows or hides the Minimal Mode banner.
func (m *MainWindow) showMinimal(on bool) {
	m.minimal = on
	m.minimalBanner.Hidden = !on
	m.win.Content().Refresh() // the banner's height is laid out at once
	if m.view != nil {
		m.view.setMinimal(on)
	}
}

// setMinimal switches Minimal Mode from the banner.
func (m *MainWindow) setMinimal(on bool) {
	background(m.run, func() error { return m.deps.Projects.SetMinimal(on) }, func(err error) {
		if err != nil {
			m.dialogs.showError(lang.L("Could not change Minimal Mode"), err)
			return
		}
		m.showMinimal(on)
		if m.settings != nil {
			m.settings.setMinimalShown(on)
		}
	})
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
	shown := text != ""
	m.statusBar.Hidden = !shown
	if !shown {
		m.statusActions.Hide()
	}
	// The window's layout gives the line its place: a line hidden when the
	// window was laid out has none (it was drawn over the toolbar at
	// start-up, at 0,0), and the columns must make room for it or take
	// back its room.
	m.win.Content().Refresh()
}

func (m *MainWindow) refreshMemory() {
	text, importance, _ := memoryProblem(m.memState, true)
	notice := text == "" && m.memState.Backup != ""
	if notice {
		text, importance = upgradeNotice(m.memState), widget.SuccessImportance
	}
	m.statusActions.Hidden = !notice // it can be dismissed; it is made once
	m.setStatus(text, importance, false)
	if m.view != nil {
		m.view.setMemory(m.memories, m.memState)
	}
	if m.globalShown {
		m.global.setMemory(m.memories, m.memState)
	}
	if m.settings != nil {
		m.settings.setMemory(m.memState)
	}
}

func (m *MainWindow) onOpenFolder() {
	m.chooser.choose(lang.L("Open a project folder"), m.OpenFolder)
}

// OpenFolder opens a folder as docs/identity.md §3 says (folderFlows.open).
func (m *MainWindow) OpenFolder(path string) { m.flows.open(path) }

func (m *MainWindow) onDropped(uris []fyne.URI) {
	for _, u := range uris {
		if u.Scheme() != "file" {
			continue
		}
		if ok, _ := storage.CanList(u); ok {
			m.OpenFolder(filepath.FromSlash(u.Path()))
			return
		}
	}
	m.dialogs.showError(lang.L("Could not open what was dropped"), domain.Invalid("%s", lang.L("Drop a folder to open it as a project.")))
}

// closeView lets the shown project go (its file watch stops).
func (m *MainWindow) closeView() {
	if m.view != nil {
		m.view.close()
		m.view = nil
	}
}

// refreshProject reloads the list and shows root again (selecting it
// refreshes its view).
func (m *MainWindow) refreshProject(root string) {
	m.list.reload(func() { m.list.selectPath(root) })
}

// onForgotten: rec left the list; its view, if shown, goes with it.
func (m *MainWindow) onForgotten(rec project.Record) {
	if m.view != nil && m.view.root == rec.Path {
		m.closeView()
		m.showEmpty()
	}
	m.list.reload(nil)
}

func (m *MainWindow) onSelectProject(rec project.Record) {
	if m.view != nil && m.view.root == rec.Path {
		m.view.refresh() // the same project again: keep its tab and state
		return
	}
	m.app.Preferences().SetString(prefLastProject, rec.Path)
	m.closeView()
	m.view = newProjectView(rec, m.viewDeps)
	m.view.setMinimal(m.minimal)
	m.view.setMemory(m.memories, m.memState)
	m.globalShown = false
	m.detail.Objects = []fyne.CanvasObject{m.view.content()}
	m.detail.Refresh()
	releaseHiddenFocus(m.win.Canvas()) // the last project's widgets are gone
	m.view.refresh()
}

func (m *MainWindow) onSelectGlobal() {
	m.closeView()
	if m.global == nil {
		m.global = newGlobalView(m.run, m.dialogs, m.deps.Projects)
	}
	m.globalShown = true
	m.global.setMemory(m.memories, m.memState)
	m.detail.Objects = []fyne.CanvasObject{m.global.content()}
	m.detail.Refresh()
	releaseHiddenFocus(m.win.Canvas())
}

func (m *MainWindow) onSettings() {
	if m.settings == nil {
		deps := settingsDeps{store: m.deps.Projects, dataDir: m.deps.DataDir, backups: m.deps.Backups, api: m.deps.API}
		m.settings = newSettingsWindow(m.app, deps, m.dialogs, m.run, m.showMinimal, func() { m.settings = nil })
		m.settings.setMemory(m.memState)
	}
	m.settings.show()
}

// showProjectMenu is a list entry's context menu. A folder that is gone
// cannot be shown in the file manager: its menu offers Locate… instead.
func (m *MainWindow) showProjectMenu(rec project.Record, at fyne.Position) {
	place := fyne.NewMenuItem(lang.L("Show in file manager"), func() { m.dialogs.openPath(rec.Path) })
	if m.list.badges[rec.Path] == project.BadgeMissing {
		place = fyne.NewMenuItem(lang.L("Locate…"), func() { m.flows.locate(rec) })
	}
	menu := fyne.NewMenu("",
		fyne.NewMenuItem(lang.L("Open"), func() {
			m.list.selectPath(rec.Path)
			m.onSelectProject(rec) // opens it even when it was selected already
		}),
		place,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.L("Forget…"), func() { m.flows.forget(rec) }),
	)
	widget.ShowPopUpMenuAtPosition(menu, m.win.Canvas(), at)
}

// pools is the memory database once it is open, else nil.
func (m *MainWindow) pools() poolCounter {
	if m.memories == nil {
		return nil
	}
	return m.memories
}
