package ui

import (
	"errors"
	"path/filepath"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

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
		// other: the folder chosen is set up as a different project, so
		// it is not where rec went; nothing was registered or forgotten.
		other bool
	}
	background(m.run, func() moved {
		if cur, err := m.deps.Projects.Status(path); err == nil && cur.SetUp && cur.ID != rec.ID {
			return moved{st: cur, other: true}
		}
		st, _, err := m.deps.Projects.Register(path)
		if err == nil && st.ID != rec.ID && !st.SetUp {
			err = m.deps.Projects.Forget(rec.Path)
		}
		return moved{st: st, err: err}
	}, func(r moved) {
		switch {
		case r.other:
			name := filepath.Base(rec.Path)
			showMessage(m.win, m.deps.Shown, lang.L("That folder is another project"),
				lang.L("{{.Folder}} is set up as a different project, so it is not where {{.Name}} went. {{.Name}} stays in the list as missing: locate it again, or forget it.",
					map[string]any{"Folder": r.st.Root, "Name": name}), nil,
				choice{text: lang.L("Close")},
				choice{text: lang.L("Choose another folder…"), importance: widget.HighImportance, do: func() { m.locate(rec) }})
		case folderUnreachable(r.st, r.err):
			m.showFolderError(path, r.err)
		case errors.Is(r.err, domain.ErrRefused):
			m.showRefused(r.st, say(r.err))
		case r.err != nil:
			m.showError(lang.L("Could not open the folder"), r.err)
		default:
			m.refreshProject(r.st.Root)
		}
	})
}
