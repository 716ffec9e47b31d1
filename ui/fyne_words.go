package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// Fyne's own dialogs look their words up by key ("Open", "Cancel",
// "file.parent"…), but Fyne ships no Turkish: assets/translations supplies
// them (fyneKeys in the translation test lists the ones the app shows). The
// folder dialog's places ("Home", "Computer", …) it shows untranslated;
// wordFavorites words them.

// favoriteName is a place of Fyne's folder dialog in the reader's language.
func favoriteName(name string) string {
	switch name {
	case "Home":
		return lang.L("Home")
	case "Computer":
		return lang.L("Computer")
	case "Desktop":
		return lang.L("Desktop")
	case "Documents":
		return lang.L("Documents")
	case "Downloads":
		return lang.L("Downloads")
	case "Music":
		return lang.L("Music")
	case "Pictures":
		return lang.L("Pictures")
	case "Videos":
		return lang.L("Videos")
	}
	return name
}

// findObject returns the first object under o (through containers, splits
// and pop-ups: the shape of Fyne's dialogs) for which match is true.
func findObject(o fyne.CanvasObject, match func(fyne.CanvasObject) bool) fyne.CanvasObject {
	if o == nil {
		return nil
	}
	if match(o) {
		return o
	}
	var children []fyne.CanvasObject
	switch w := o.(type) {
	case *fyne.Container:
		children = w.Objects
	case *container.Split:
		children = []fyne.CanvasObject{w.Leading, w.Trailing}
	case *widget.PopUp:
		children = []fyne.CanvasObject{w.Content}
	}
	for _, c := range children {
		if found := findObject(c, match); found != nil {
			return found
		}
	}
	return nil
}

// wordFavorites finds the folder dialog's list of places under o (a list
// whose rows are an icon and a label) and words each row as it is drawn.
func wordFavorites(o fyne.CanvasObject) bool {
	found := findObject(o, func(o fyne.CanvasObject) bool {
		l, ok := o.(*widget.List)
		if !ok || l.UpdateItem == nil || l.CreateItem == nil {
			return false
		}
		row, ok := l.CreateItem().(*fyne.Container)
		if !ok || len(row.Objects) != 2 {
			return false
		}
		_, ok = row.Objects[1].(*widget.Label)
		return ok
	})
	if found == nil {
		return false
	}
	w := found.(*widget.List)
	update := w.UpdateItem
	w.UpdateItem = func(id widget.ListItemID, item fyne.CanvasObject) {
		update(id, item)
		if l, ok := item.(*fyne.Container).Objects[1].(*widget.Label); ok {
			if name := favoriteName(l.Text); name != l.Text {
				l.SetText(name)
			}
		}
	}
	w.Refresh()
	return true
}

// dialogButton returns the button under o whose text is text, or nil.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	b, _ := findObject(o, func(o fyne.CanvasObject) bool {
		b, ok := o.(*widget.Button)
		return ok && b.Text == text
	}).(*widget.Button)
	return b
}
