// SPDX-License-Identifier: Apache-2.0

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
// at the new place moves its entry and it keeps its id and memory (docs/identity.md
// §4, move). A folder never set up has nothing to recognise it by: the new
// place is registered and the old entry forgotten.
func (fl *folderFlows) locate(rec project.Record) {
	title := lang.L("Where is {{.Name}} now?", map[string]any{"Name": filepath.Base(rec.Path)})
	fl.chooser.choose(title, func(path string) { fl.relocate(rec, path) })
}

func (fl *folderFlows) relocate(rec project.Record, path string) {
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
	background(fl.run, func() moved {
		if cur, err := fl.projects.Status(path); err == nil && cur.SetUp && cur.ID != rec.ID {
			return moved{st: cur, other: true}
		}
		st, _, err := fl.projects.Register(path)
		if err == nil && st.ID != rec.ID && !st.SetUp {
			err = fl.projects.Forget(rec.Path)
		}
		return moved{st: st, err: err}
	}, func(r moved) {
		switch {
		case r.other:
			name := filepath.Base(rec.Path)
			fl.d.message(lang.L("That folder is another project"),
				lang.L("{{.Folder}} is set up as a different project, so it is not where {{.Name}} went. {{.Name}} stays in the list as missing: locate it again, or forget it.",
					map[string]any{"Folder": r.st.Root, "Name": name}), nil,
				choice{text: lang.L("Close")},
				choice{text: lang.L("Choose another folder…"), importance: widget.HighImportance, do: func() { fl.locate(rec) }})
		case folderUnreachable(r.st, r.err):
			fl.d.showFolderError(path, r.err)
		case errors.Is(r.err, domain.ErrRefused):
			fl.d.showRefused(r.st, say(r.err))
		case r.err != nil:
			fl.d.showError(lang.L("Could not open the folder"), r.err)
		default:
			fl.show(r.st.Root)
		}
	})
}
