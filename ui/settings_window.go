// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

// minimalSwitch is what Settings asks of the project service.
type minimalSwitch interface {
	Minimal() (bool, error)
	SetMinimal(on bool) error
}

// settingsDeps are what Settings shows and changes.
type settingsDeps struct {
	store   minimalSwitch
	dataDir string
	backups func() ([]string, error)
	api     APIServer // nil: the switch is not offered
}

// settingsWindow holds the device settings: Minimal Mode, the data folder, the
// backups made, the state of project memory and the API server switch.
type settingsWindow struct {
	win     fyne.Window
	store   minimalSwitch
	dataDir string
	backups func() ([]string, error)
	d       *dialogs // the main window's: the file manager and the clipboard
	run     runner
	// onMinimal hears every change of Minimal Mode made here.
	onMinimal func(on bool)
	onClose   func()

	minimal    *focusCheck
	dataLabel  *pathLabel
	openData   *focusButton
	backupList *fyne.Container
	noBackups  *widget.Label
	memory     *widget.Label
	api        *focusCheck
	apiServer  APIServer
	apiState   *widget.Label
	apiAddr    *widget.Label
	apiToken   *pathLabel
	apiDetails *fyne.Container
	errorLabel *widget.Label
	height     float32 // the window's height so far (fit)
}

func newSettingsWindow(a fyne.App, deps settingsDeps, d *dialogs, r runner, onMinimal func(bool), onClose func()) *settingsWindow {
	s := &settingsWindow{win: a.NewWindow(lang.L("Settings")), store: deps.store, dataDir: deps.dataDir, backups: deps.backups,
		d: d, run: r, onMinimal: onMinimal, onClose: onClose, apiServer: deps.api}
	s.buildUI()
	return s
}

// settingsWidth is the Settings window's width; its height follows its content.
const settingsWidth = 700

func (s *settingsWindow) buildUI() {
	s.minimal = newCheck(lang.L("Minimal Mode"), s.onMinimalChanged)
	minimalHelp := &widget.Label{Text: lang.L("Memo adds nothing to chats: no setup question, no session-start line, and nothing is read from project folders. Memory has its own switch in the chat app."), Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
	// Paths keep their end (the names that matter), never cut mid-name.
	s.dataLabel = newPathLabel()
	s.dataLabel.setText(s.dataDir)
	s.openData = newButton(lang.L("Open"), theme.FolderOpenIcon(), widget.MediumImportance, func() { s.d.openPath(s.dataDir) })
	s.backupList = container.NewVBox()
	s.noBackups = &widget.Label{Text: lang.L("None yet: Memo makes one before it changes a database's layout, and a daily copy of projects.db once it holds anything."), Wrapping: fyne.TextWrapWord}
	s.memory = &widget.Label{Text: lang.L("Opening the memory database…"), Wrapping: fyne.TextWrapWord}
	s.api = newCheck(lang.L("Local API server (for the chat app and scripts)"), s.onAPIChanged)
	s.apiState = &widget.Label{Wrapping: fyne.TextWrapWord}
	s.apiAddr = &widget.Label{}
	s.apiToken = newPathLabel()
	copyAddr := newButton(lang.L("Copy"), theme.ContentCopyIcon(), widget.MediumImportance, func() { s.d.copyText(s.apiAddr.Text) })
	copyToken := newButton(lang.L("Copy"), theme.ContentCopyIcon(), widget.MediumImportance, func() { s.d.copyText(s.apiToken.full) })
	s.apiDetails = container.NewVBox(
		container.NewBorder(nil, nil, &widget.Label{Text: lang.L("Address")}, copyAddr, centerV(s.apiAddr)),
		container.NewBorder(nil, nil, &widget.Label{Text: lang.L("Token file")}, copyToken, centerV(asLabelText(s.apiToken))),
	)
	s.apiDetails.Hide()
	if s.apiServer == nil {
		s.api.Disable()
		s.apiState.SetText(lang.L("Not available in this build."))
	}
	s.errorLabel = &widget.Label{Importance: widget.DangerImportance, Wrapping: fyne.TextWrapWord}
	s.errorLabel.Hide()

	// Each heading sits beside what it heads (a form's two columns): on
	// lines of their own the headings took five lines, and with the API on
	// Settings did not fit an 800×600 screen (smallScreen).
	s.win.SetContent(container.NewPadded(container.NewVBox(
		container.New(layout.NewFormLayout(),
			heading(lang.L("Chats")), container.NewVBox(s.minimal, minimalHelp),
			heading(lang.L("Data folder")), container.NewBorder(nil, nil, nil, s.openData, centerV(asLabelText(s.dataLabel))),
			heading(lang.L("Backups made")), container.NewVBox(s.noBackups, s.backupList),
			heading(lang.L("Project memory")), s.memory,
			// The address and token rows keep their room while hidden, so the
			// window keeps its size when the server is switched on or off.
			heading(lang.L("API")), container.NewVBox(s.api, container.New(&minHeightLayout{twoLines()}, s.apiState), container.New(&minHeightLayout{}, s.apiDetails)),
		),
		s.errorLabel,
	)))
	s.fit()
	s.win.SetOnClosed(s.onClose)
	// Escape and Ctrl+W close it, as any settings window (a focused
	// switch or button passes Escape on).
	s.win.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape {
			s.win.Close()
		}
	})
	s.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { s.win.Close() })
}

// backupsShown is how many of the newest backups Settings names.
const backupsShown = 2

// twoLines is the height the API's state keeps: its sentences take one
// line or two at settingsWidth, and the window must not grow when it
// changes.
func twoLines() float32 { return widget.NewLabel("M\nM").MinSize().Height }

// asLabelText indents a path as a label indents its text, so that it lines
// up with the headings and sentences above and below it.
func asLabelText(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(layout.NewCustomPaddedLayout(0, 0, theme.InnerPadding(), 0), o)
}

// fit sizes the window to its content: nothing scrolls or is clipped. It
// only grows: a window that jumps at every switch is hard to use.
func (s *settingsWindow) fit() {
	c := s.win.Content()
	c.Resize(fyne.NewSize(settingsWidth, c.MinSize().Height)) // wrapped labels measure at this width
	h := max(c.MinSize().Height, s.height)
	s.height = h
	s.win.Resize(fyne.NewSize(settingsWidth, h))
}

// show loads the settings off the UI goroutine and shows the window.
func (s *settingsWindow) show() {
	type loaded struct {
		minimal bool
		backups []string
		api     *APIState
		err     error
	}
	background(s.run, func() loaded {
		var l loaded
		if s.apiServer != nil {
			st := s.apiServer.State()
			l.api = &st
		}
		l.minimal, l.err = s.store.Minimal()
		if s.backups != nil && l.err == nil {
			l.backups, l.err = s.backups()
		}
		return l
	}, func(l loaded) {
		s.showError(l.err)
		s.setMinimalShown(l.minimal)
		if l.api != nil {
			s.showAPI(*l.api)
		}
		s.backupList.Objects = nil
		// The newest few, then how many more: a list of every copy would
		// push the window past a small screen's bottom.
		for i, b := range l.backups {
			path := b
			open := newButton("", theme.FolderOpenIcon(), widget.LowImportance, func() { s.d.openPath(filepath.Dir(path)) })
			if i == backupsShown && len(l.backups) > backupsShown+1 {
				more := &widget.Label{Text: lang.N("And {{.Count}} older copies in the folder.", len(l.backups)-i,
					map[string]any{"Count": len(l.backups) - i}), Wrapping: fyne.TextWrapWord}
				s.backupList.Add(container.NewBorder(nil, nil, nil, open, more))
				break
			}
			name := newPathLabel()
			name.setText(path)
			s.backupList.Add(container.NewBorder(nil, nil, nil, open, centerV(asLabelText(name))))
		}
		s.noBackups.Hidden = len(l.backups) > 0
		s.noBackups.Refresh()
		s.backupList.Refresh()
		s.fit()
	})
	s.win.Show()
	s.win.RequestFocus()
}

// setMinimalShown shows Minimal Mode's stored value (not a change).
func (s *settingsWindow) setMinimalShown(on bool) {
	s.minimal.OnChanged = nil
	s.minimal.SetChecked(on)
	s.minimal.OnChanged = s.onMinimalChanged
}

func (s *settingsWindow) onMinimalChanged(on bool) {
	background(s.run, func() error { return s.store.SetMinimal(on) }, func(err error) {
		s.showError(err)
		if err == nil && s.onMinimal != nil {
			s.onMinimal(on)
		}
	})
}

func (s *settingsWindow) setMemory(st memory.State) {
	text, _, _ := memoryProblem(st, true)
	switch {
	case text == "":
		text = lang.L("On: every project has its own memory pool.")
	case st.Ready: // project memory is off: say what brings it back
		text += "\n" + lang.L("To fix it, free some disk space or make the data folder writable, then start Memo Projects again.")
	}
	if notice := upgradeNotice(st); notice != "" {
		text += "\n" + notice
	}
	s.memory.SetText(text)
	s.fit()
}

func (s *settingsWindow) showError(err error) {
	if err == nil {
		s.errorLabel.Hide()
		return
	}
	s.errorLabel.SetText(say(err))
	s.errorLabel.Show()
	s.fit()
}

// onAPIChanged starts or stops the local API server.
func (s *settingsWindow) onAPIChanged(on bool) {
	s.api.Disable() // one change at a time
	s.apiState.SetText(lang.L("Starting…"))
	if !on {
		s.apiState.SetText(lang.L("Stopping…"))
	}
	background(s.run, func() APIState {
		if on {
			return s.apiServer.Start()
		}
		return s.apiServer.Stop()
	}, func(st APIState) {
		s.api.Enable()
		s.showAPI(st)
	})
}

// showAPI shows the server's state in plain words, with the address and the
// token file the chat app needs while it listens.
func (s *settingsWindow) showAPI(st APIState) {
	s.api.OnChanged = nil
	s.api.SetChecked(st.Listening)
	s.api.OnChanged = s.onAPIChanged
	switch {
	case st.Listening:
		s.apiState.SetText(lang.L("Listening on this computer only. The chat app finds it by itself; scripts send the token from the token file."))
		s.apiAddr.SetText(st.Addr)
		s.apiToken.setText(st.TokenFile)
		s.apiDetails.Show()
	case st.PortInUse:
		s.apiState.SetText(lang.L("Not listening: {{.Addr}} is in use by another program. Turn the switch on again to use a free port.", map[string]any{"Addr": st.Addr}))
		s.apiDetails.Hide()
	case st.Problem != nil:
		s.apiState.SetText(lang.L("Not listening: {{.Problem}}", map[string]any{"Problem": say(st.Problem)}))
		s.apiDetails.Hide()
	default:
		s.apiState.SetText(lang.L("Stopped. Switch it on to let the chat app ask this app about project folders."))
		s.apiDetails.Hide()
	}
	s.fit()
	releaseHiddenFocus(s.win.Canvas()) // a Copy button that went away
}
