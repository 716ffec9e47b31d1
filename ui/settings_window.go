package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// settingsWindow holds the device settings: Minimal Mode, the data folder, the
// backups made, the state of project memory and the API server switch.
type settingsWindow struct {
	win     fyne.Window
	deps    Deps
	run     runner
	onClose func()

	minimal    *widget.Check
	dataDir    *widget.Label
	openData   *widget.Button
	backups    *fyne.Container
	noBackups  *widget.Label
	memory     *widget.Label
	api        *widget.Check
	errorLabel *widget.Label
}

func newSettingsWindow(a fyne.App, deps Deps, r runner, onClose func()) *settingsWindow {
	s := &settingsWindow{win: a.NewWindow(lang.L("Settings")), deps: deps, run: r, onClose: onClose}
	s.buildUI()
	return s
}

func (s *settingsWindow) buildUI() {
	s.minimal = &widget.Check{Text: lang.L("Minimal Mode"), OnChanged: s.onMinimalChanged}
	minimalHelp := &widget.Label{Text: lang.L("Memo adds nothing to chats: no setup question, no session-start line, and nothing is read from project folders. Memory has its own switch in the chat app."), Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}
	s.dataDir = &widget.Label{Text: s.deps.DataDir, TextStyle: fyne.TextStyle{Monospace: true}, Truncation: fyne.TextTruncateEllipsis}
	s.openData = &widget.Button{Text: lang.L("Open"), Icon: theme.FolderOpenIcon(), OnTapped: func() { s.open(s.deps.DataDir) }}
	s.backups = container.NewVBox()
	s.noBackups = widget.NewLabel(lang.L("None yet: Memo makes one before it changes a database's layout."))
	s.memory = &widget.Label{Text: lang.L("Opening the memory database…"), Wrapping: fyne.TextWrapWord}
	s.api = &widget.Check{Text: lang.L("Local API server (for the chat app and scripts)")}
	s.api.Disable()
	apiHelp := &widget.Label{Text: lang.L("Not available in this version yet."), Importance: widget.LowImportance}
	s.errorLabel = &widget.Label{Importance: widget.DangerImportance, Wrapping: fyne.TextWrapWord}
	s.errorLabel.Hide()

	s.win.SetContent(container.NewPadded(container.NewVScroll(container.NewVBox(
		heading(lang.L("Chats")), s.minimal, minimalHelp,
		widget.NewSeparator(),
		heading(lang.L("Data folder")), container.NewBorder(nil, nil, nil, s.openData, s.dataDir),
		heading(lang.L("Backups made")), s.noBackups, s.backups,
		widget.NewSeparator(),
		heading(lang.L("Project memory")), s.memory,
		widget.NewSeparator(),
		heading(lang.L("API")), s.api, apiHelp,
		s.errorLabel,
	))))
	s.win.Resize(fyne.NewSize(560, 560))
	s.win.SetOnClosed(s.onClose)
}

// show loads the settings off the UI goroutine and shows the window.
func (s *settingsWindow) show() {
	type loaded struct {
		minimal bool
		backups []string
		err     error
	}
	background(s.run, func() loaded {
		var l loaded
		l.minimal, l.err = s.deps.Projects.Minimal()
		if s.deps.Backups != nil && l.err == nil {
			l.backups, l.err = s.deps.Backups()
		}
		return l
	}, func(l loaded) {
		s.showError(l.err)
		s.minimal.OnChanged = nil // showing the stored value is not a change
		s.minimal.SetChecked(l.minimal)
		s.minimal.OnChanged = s.onMinimalChanged
		s.backups.Objects = nil
		for _, b := range l.backups {
			path := b
			open := &widget.Button{Icon: theme.FolderOpenIcon(), Importance: widget.LowImportance, OnTapped: func() { s.open(filepath.Dir(path)) }}
			s.backups.Add(container.NewBorder(nil, nil, nil, open, &widget.Label{Text: filepath.Base(path), Truncation: fyne.TextTruncateEllipsis}))
		}
		s.noBackups.Hidden = len(l.backups) > 0
		s.noBackups.Refresh()
		s.backups.Refresh()
	})
	s.win.Show()
	s.win.RequestFocus()
}

func (s *settingsWindow) onMinimalChanged(on bool) {
	background(s.run, func() error { return s.deps.Projects.SetMinimal(on) }, s.showError)
}

func (s *settingsWindow) setMemory(state MemoryState) {
	switch {
	case !state.Ready && state.Reason == "":
		s.memory.SetText(lang.L("Opening the memory database…"))
	case !state.Ready:
		s.memory.SetText(lang.L("The memory database could not be opened: {{.Reason}}", map[string]any{"Reason": state.Reason}))
	case !state.ProjectMemory:
		s.memory.SetText(lang.L("Off: {{.Reason}}", map[string]any{"Reason": state.Reason}) + "\n" +
			lang.L("To fix it, free some disk space or make the data folder writable, then start Memo Projects again."))
	case state.Backup != "":
		s.memory.SetText(lang.L("On: every project has its own memory pool.") + "\n" +
			lang.L("The memory database was upgraded for project memory; a verified copy of the old one is in {{.Backup}}.", map[string]any{"Backup": state.Backup}))
	default:
		s.memory.SetText(lang.L("On: every project has its own memory pool."))
	}
}

func (s *settingsWindow) open(path string) {
	if s.deps.OpenPath == nil {
		return
	}
	background(s.run, func() error { return s.deps.OpenPath(path) }, s.showError)
}

func (s *settingsWindow) showError(err error) {
	if err == nil {
		s.errorLabel.Hide()
		return
	}
	s.errorLabel.SetText(err.Error())
	s.errorLabel.Show()
}
