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

// wordFavorites finds the folder dialog's list of places under o (a list
// whose rows are an icon and a label) and words each row as it is drawn.
func wordFavorites(o fyne.CanvasObject) bool {
	switch w := o.(type) {
	case *widget.List:
		update := w.UpdateItem
		if update == nil {
			return false
		}
		probe := w.CreateItem()
		row, ok := probe.(*fyne.Container)
		if !ok || len(row.Objects) != 2 {
			return false
		}
		if _, ok := row.Objects[1].(*widget.Label); !ok {
			return false
		}
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
	case *fyne.Container:
		for _, c := range w.Objects {
			if wordFavorites(c) {
				return true
			}
		}
	case *container.Split:
		return wordFavorites(w.Leading) || wordFavorites(w.Trailing)
	case *widget.PopUp:
		return wordFavorites(w.Content)
	}
	return false
}
