// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"

	"fyne.io/fyne/v2"
	"github.com/sqweek/dialog"
)

// pickFolderNative shows the operating system's folder dialog (NSOpenPanel,
// run on the main thread by sqweek/dialog) and blocks until it closes. It
// returns the chosen folder's absolute path, or "" with a nil error when the
// person cancelled. Call it off the UI goroutine: the main thread must keep
// running its event loop for the panel to show.
func pickFolderNative(req folderRequest) (string, error) {
	path, err := dialog.Directory().Title(req.title).SetStartDir(req.start).Browse()
	if errors.Is(err, dialog.ErrCancelled) {
		return "", nil
	}
	return path, err
}

// windowHandle is "": sqweek/dialog takes no parent window.
func windowHandle(fyne.Window) string { return "" }
