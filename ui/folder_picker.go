// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/domain/project"
)

// errNoNativeDialog: the OS dialog is not available here (no portal
// running, …): use the window's own (folder_dialog.go).
// pickFolderNative (folder_picker_linux.go, _darwin.go, _windows.go) may wrap
// it with the reason: check it with errors.Is.
var errNoNativeDialog = errors.New("no native folder dialog")

// folderRequest is what the folder dialog is asked for.
type folderRequest struct {
	title string
	// parent is the window the dialog belongs to, as the XDG portal names it
	// ("x11:1c00007"); "" when unknown (Wayland, the test driver), and unused
	// by the macOS and Windows dialogs.
	parent string
	// start is the folder the dialog opens in; "" leaves it to the dialog.
	start string
}

// startFolder is where a folder dialog should open: the parent of the
// project opened last, where its siblings are likely to be. "" when there is
// none, or that folder is gone.
func startFolder(records []project.Record, isDir func(path string) bool) string {
	var last *project.Record
	for i := range records {
		if last == nil || records[i].LastOpened.After(last.LastOpened) {
			last = &records[i]
		}
	}
	if last == nil || !filepath.IsAbs(last.Path) {
		return ""
	}
	parent := filepath.Dir(filepath.Clean(last.Path))
	if parent == filepath.Dir(parent) || !isDir(parent) { // a root tells nothing
		return ""
	}
	return parent
}

// isDir reports whether path is a folder now (following symlinks).
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// folderChooser asks for a folder: the OS dialog, else the window's own, one at a time.
type folderChooser struct {
	d   *dialogs
	run runner
	// records is where the projects are: the dialog opens beside the last.
	records recordLister
	// pick shows the OS folder dialog; errNoNativeDialog falls back to the window's own.
	pick    func(folderRequest) (string, error)
	picking bool // a folder dialog is open (UI goroutine only)
	// dialog is the fallback dialog shown last (tests drive it).
	dialog *folderDialog
}

// choose asks for a folder with the OS dialog (the window's own when there is none)
// and gives the chosen one to then.
func (c *folderChooser) choose(title string, then func(path string)) {
	if c.picking { // the native dialog is a window of its own: Ctrl+O could open a second
		return
	}
	c.picking = true
	req := folderRequest{title: title, parent: windowHandle(c.d.win)}
	c.run.goroutine(func() {
		records, _ := c.records.List()
		req.start = startFolder(records, isDir)
		path, err := c.pick(req)
		onUI(func() {
			c.picking = false
			switch {
			case errors.Is(err, errNoNativeDialog):
				c.showFyne(req.title, req.start, then)
			case err != nil:
				c.d.showError(lang.L("Could not show the folder dialog"), err)
			case path != "":
				then(path)
			}
		})
	})
}

// showFyne is the fallback when the OS dialog is not available: the
// window's own folder dialog (folder_dialog.go), titled title, opening in
// start when that is set.
func (c *folderChooser) showFyne(title, start string, then func(path string)) {
	c.picking = true
	c.dialog = newFolderDialog(c.d.win, title, start, then, func() { c.picking = false })
	c.dialog.showDialog()
}
