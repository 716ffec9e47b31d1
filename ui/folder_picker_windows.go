// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"runtime"
	"syscall"

	"fyne.io/fyne/v2"
	"github.com/sqweek/dialog"
	"golang.org/x/sys/windows"
)

// pickFolderNative shows the operating system's folder dialog
// (SHBrowseForFolder, through sqweek/dialog) and blocks until it closes. It
// returns the chosen folder's absolute path, or "" with a nil error when the
// person cancelled. Call it off the UI goroutine.
func pickFolderNative(req folderRequest) (string, error) {
	// The new-style dialog needs COM in a single-threaded apartment on the
	// calling thread, which sqweek/dialog does not set up.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	switch err := windows.CoInitializeEx(0, windows.COINIT_APARTMENTTHREADED); err {
	case nil, syscall.Errno(windows.S_FALSE): // S_FALSE: this thread had it already
		defer windows.CoUninitialize()
	default: // RPC_E_CHANGED_MODE: a multithreaded apartment; try anyway
	}

	path, err := dialog.Directory().Title(req.title).SetStartDir(req.start).Browse()
	if errors.Is(err, dialog.ErrCancelled) {
		return "", nil
	}
	return path, err
}

// windowHandle is "": sqweek/dialog takes no parent window.
func windowHandle(fyne.Window) string { return "" }
