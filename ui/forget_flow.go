package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/project"
)

// forgetter is what forgetting a project asks of the project service.
type forgetter interface {
	Forget(path string) error
}

// forget removes a project from the list after asking; the folder stays as it is.
func (m *MainWindow) forget(rec project.Record) {
	msg := lang.L("Remove {{.Name}} from the list? The folder and its files stay as they are.", map[string]any{"Name": filepath.Base(rec.Path)})
	showMessage(m.win, m.deps.Shown, lang.L("Forget project"), msg, nil,
		choice{text: lang.L("Cancel")},
		choice{text: lang.L("Forget"), importance: widget.HighImportance, do: func() { m.doForget(rec) }})
}

func (m *MainWindow) doForget(rec project.Record) {
	background(m.run, func() error { return m.deps.Projects.Forget(rec.Path) }, func(err error) {
		if err != nil {
			m.showError(lang.L("Could not forget the project"), err)
			return
		}
		if m.view != nil && m.view.root == rec.Path {
			m.closeView()
			m.showEmpty()
		}
		m.list.reload(nil)
	})
}
