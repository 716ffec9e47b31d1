// SPDX-License-Identifier: Apache-2.0

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
func (fl *folderFlows) forget(rec project.Record) {
	name := map[string]any{"Name": filepath.Base(rec.Path)}
	msg := lang.L("Remove “{{.Name}}” from the list? The folder and its files stay as they are.", name)
	fl.d.message(lang.L("Forget “{{.Name}}”?", name), msg, nil,
		choice{text: lang.L("Cancel")},
		choice{text: lang.L("Forget"), importance: widget.HighImportance, do: func() { fl.doForget(rec) }})
}

func (fl *folderFlows) doForget(rec project.Record) {
	background(fl.run, func() error { return fl.projects.Forget(rec.Path) }, func(err error) {
		if err != nil {
			fl.d.showError(lang.L("Could not forget the project"), err)
			return
		}
		fl.forgotten(rec)
	})
}
