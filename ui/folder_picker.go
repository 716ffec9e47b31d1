package ui

import (
	"errors"
	"os"
	"path/filepath"

	"memo.dev/projects/domain/project"
)

// errNoNativeDialog: the OS dialog is not available here (no portal running, …): use Fyne's.
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
