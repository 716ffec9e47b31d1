// SPDX-License-Identifier: Apache-2.0

// Command barewindow is the yardstick of bench/window.sh: a bare Fyne window
// built with the same Fyne version as Memo Projects, one label and nothing
// else, so that the difference is what Memo Projects does.
package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.New()
	w := a.NewWindow("Bare Fyne")
	w.SetContent(widget.NewLabel("A bare Fyne window."))
	// The size Memo Projects opens at (ui.MainWindow's default), so that both
	// windows paint as many pixels.
	w.Resize(fyne.NewSize(800, 528))
	w.ShowAndRun()
}
