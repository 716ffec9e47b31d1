// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"os/exec"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// dialogs is the window as its screens use it: where their dialogs show, and
// the desktop's file manager, browser and clipboard. Each screen takes it
// beside the service it works on (rymdport's tabs take their window so).
type dialogs struct {
	win fyne.Window
	// shown hears the title and text of every message dialog (Deps.Shown;
	// may be nil).
	shown func(title, text string)
	run   runner
	// openPathWith and openURLWith are Deps.OpenPath and Deps.OpenURL (nil:
	// nothing opens).
	openPathWith func(path string) error
	openURLWith  func(url string) error
	clipboard    fyne.Clipboard
}

func newDialogs(a fyne.App, win fyne.Window, deps Deps, r runner) *dialogs {
	return &dialogs{win: win, shown: deps.Shown, run: r, openPathWith: deps.OpenPath, openURLWith: deps.OpenURL, clipboard: a.Clipboard()}
}

// message shows a message dialog over the window (showMessage).
func (d *dialogs) message(title, text string, extra fyne.CanvasObject, choices ...choice) *messageDialog {
	return showMessage(d.win, d.shown, title, text, extra, choices...)
}

// copyText puts s on the clipboard.
func (d *dialogs) copyText(s string) { d.clipboard.SetContent(s) }

// openPath shows a folder in the file manager, off the UI goroutine. Where
// none can be started it says so and offers to copy the path instead.
func (d *dialogs) openPath(path string) { d.open(path, false) }

// openFile opens a file in the program the desktop opens it with (the
// same opener as openPath); where that fails, the message is about a file.
func (d *dialogs) openFile(path string) { d.open(path, true) }

func (d *dialogs) open(path string, file bool) {
	if d.openPathWith == nil {
		return
	}
	background(d.run, func() error { return d.openPathWith(path) }, func(err error) {
		if err == nil {
			return
		}
		title := lang.L("Could not show the folder")
		text := lang.L("The file manager could not be started.")
		if errors.Is(err, exec.ErrNotFound) {
			text = lang.L("No file manager was found on this computer.")
		}
		text += " " + lang.L("You can copy the folder's path and open it yourself:") + "\n" + path
		if file {
			title = lang.L("Could not open the file")
			text = lang.L("No program could be started to open it.") + " " + lang.L("You can copy the file's path and open it yourself:") + "\n" + path
		}
		d.message(title, text, nil,
			choice{text: lang.L("Close")},
			choice{text: lang.L("Copy path"), importance: widget.HighImportance, do: func() { d.copyText(path) }})
	})
}

// openURL opens a web page in the browser, off the UI goroutine; where none
// starts it offers to copy the address.
func (d *dialogs) openURL(url string) {
	if d.openURLWith == nil {
		return
	}
	background(d.run, func() error { return d.openURLWith(url) }, func(err error) {
		if err == nil {
			return
		}
		d.message(lang.L("Could not open the browser"), lang.L("You can copy the address and open it yourself:")+"\n"+url, nil,
			choice{text: lang.L("Close")},
			choice{text: lang.L("Copy address"), importance: widget.HighImportance, do: func() { d.copyText(url) }})
	})
}
