package ui

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// The window is the Skills tab's host (skillsHost).

func (m *MainWindow) skillsService() (skillsManager, error) {
	if m.deps.Skills == nil {
		return nil, errors.New(lang.L("skills are not available in this window"))
	}
	return m.deps.Skills()
}

func (m *MainWindow) hostWindow() fyne.Window { return m.win }

func (m *MainWindow) dialogShown() func(title, text string) { return m.deps.Shown }

// openURL opens a web page in the browser, off the UI goroutine; where none
// starts it offers to copy the address.
func (m *MainWindow) openURL(url string) {
	if m.deps.OpenURL == nil {
		return
	}
	background(m.run, func() error { return m.deps.OpenURL(url) }, func(err error) {
		if err == nil {
			return
		}
		showMessage(m.win, m.deps.Shown, lang.L("Could not open the browser"), lang.L("You can copy the address and open it yourself:")+"\n"+url, nil,
			choice{text: lang.L("Close")},
			choice{text: lang.L("Copy address"), importance: widget.HighImportance, do: func() { m.app.Clipboard().SetContent(url) }})
	})
}
