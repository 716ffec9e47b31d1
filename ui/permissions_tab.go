package ui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// permissionsTab says whether the project has a permission file. Reviewing and
// trusting it (the permissions editor) fills this tab.
type permissionsTab struct {
	root  string
	run   runner
	state *widget.Label
	body  fyne.CanvasObject
}

func newPermissionsTab(root string, r runner) *permissionsTab {
	t := &permissionsTab{root: root, run: r}
	t.state = &widget.Label{Wrapping: fyne.TextWrapWord}
	t.body = container.NewVScroll(container.NewVBox(heading(lang.L("Permissions")), t.state))
	return t
}

func (t *permissionsTab) content() fyne.CanvasObject { return t.body }

func (t *permissionsTab) refresh() {
	background(t.run, func() bool {
		_, err := os.Lstat(filepath.Join(t.root, ".memo", "permissions.json"))
		return !errors.Is(err, fs.ErrNotExist)
	}, func(exists bool) {
		if exists {
			t.state.SetText(lang.L(".memo/permissions.json is here. Memo ignores it until you trust it on this device: a file that came with a clone never grants anything by itself."))
		} else {
			t.state.SetText(lang.L("No permission file: Memo asks before every command and file change."))
		}
	})
}
