package ui

import (
	"errors"
	"path/filepath"

	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// locate asks where a missing folder went and opens it there. A set-up
// project is recognised by the id in its .memo/project.json: registering it
// at the new place moves its entry and it keeps its id and memory (SPEC §3's
// move). A folder never set up has nothing to recognise it by: the new
// place is registered and the old entry forgotten.
func (m *MainWindow) locate(rec project.Record) {
	title := lang.L("Where is {{.Name}} now?", map[string]any{"Name": filepath.Base(rec.Path)})
	m.chooseFolder(title, func(path string) { m.relocate(rec, path) })
}

func (m *MainWindow) relocate(rec project.Record, path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	type moved struct {
		st  project.Status
		err error
	}
	background(m.run, func() moved {
		st, _, err := m.deps.Projects.Register(path)
		if err == nil && st.ID != rec.ID && !st.SetUp {
			err = m.deps.Projects.Forget(rec.Path)
		}
		return moved{st, err}
	}, func(r moved) {
		switch {
		case errors.Is(r.err, domain.ErrRefused):
			m.showRefused(r.st, r.err.Error())
		case r.err != nil:
			m.showError(lang.L("Could not open the folder"), r.err)
		default:
			m.refreshProject(r.st.Root)
		}
	})
}
