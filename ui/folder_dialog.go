// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// folderDialog is the folder dialog where the desktop has none (no portal):
// a box that takes a typed path, the shown folder's subfolders, Parent and
// Home. It works from the keyboard as from the mouse: Enter in the box
// opens the folder typed, Down goes to the list; there Enter opens the
// folder highlighted, Space or a click goes into a folder, Backspace goes
// up; Escape cancels. (Fyne's own folder dialog takes no typed path, and once its
// list has the focus Enter and Escape do nothing.)
type folderDialog struct {
	win  fyne.Window
	then func(path string) // the folder chosen
	done func()            // the dialog closed, either way

	dir     string   // the folder shown
	subs    []string // its subfolders' names, sorted
	path    *cancelableEntry
	list    *keyList
	problem *widget.Label
	up      *focusButton
	home    *focusButton
	cancel  *dialogButton
	open    *dialogButton
	d       *dialog.CustomDialog
	prevKey func(*fyne.KeyEvent)
	closed  bool
}

func newFolderDialog(win fyne.Window, title, start string, then func(string), done func()) *folderDialog {
	f := &folderDialog{win: win, then: then, done: done}
	f.path = newCancelableEntry(false)
	f.path.onEscape = f.close
	f.path.OnSubmitted = func(string) { f.onOpen() }
	f.path.OnChanged = func(string) { f.problem.Hide() }
	f.path.onDown = func() { f.win.Canvas().Focus(f.list) }
	f.list = newKeyList(func() int { return len(f.subs) }, func() fyne.CanvasObject {
		return container.NewHBox(widget.NewIcon(theme.FolderIcon()), widget.NewLabel(""))
	}, func(id widget.ListItemID, o fyne.CanvasObject) {
		if id < len(f.subs) {
			o.(*fyne.Container).Objects[1].(*widget.Label).SetText(f.subs[id])
		}
	})
	f.list.onEnter = func(id int) {
		if id < len(f.subs) {
			f.choose(filepath.Join(f.dir, f.subs[id]))
		}
	}
	f.list.onSelect = func(id int) {
		if id < len(f.subs) {
			f.show(filepath.Join(f.dir, f.subs[id]))
		}
	}
	f.list.onBack = f.onUp
	f.list.onEscape = f.close
	f.problem = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	f.problem.Hide()
	f.up = newButton(lang.L("Parent folder"), theme.MoveUpIcon(), widget.MediumImportance, f.onUp)
	f.home = newButton(lang.L("Home"), theme.HomeIcon(), widget.MediumImportance, func() {
		if h, err := os.UserHomeDir(); err == nil {
			f.show(h)
		}
	})
	f.cancel = newDialogButton(lang.L("Cancel"), nil, widget.MediumImportance, f.close, f.close)
	f.open = newDialogButton(lang.L("Open"), theme.FolderOpenIcon(), widget.HighImportance, f.onOpen, f.close)
	hint := &widget.Label{Text: lang.L("Type a folder's path, or pick one below: Space goes into the highlighted folder, Enter opens it."), Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
	top := container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(f.up, f.home), f.path), hint, f.problem)
	f.d = dialog.NewCustomWithoutButtons(title, readingOrder(top, nil, f.list), win)
	f.d.SetButtons([]fyne.CanvasObject{f.cancel, f.open})
	f.d.SetOnClosed(f.onClosed)
	if start == "" || !isDir(start) {
		start, _ = os.UserHomeDir()
	}
	f.show(start)
	return f
}

// showDialog shows the dialog with the path box focused: typing replaces
// the path shown.
func (f *folderDialog) showDialog() {
	f.prevKey = f.win.Canvas().OnTypedKey()
	f.win.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		switch e.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			f.onOpen()
		case fyne.KeyEscape:
			f.close()
		}
	})
	size := f.win.Canvas().Size()
	f.d.Resize(fyne.NewSize(min(760, size.Width-2*theme.Padding()), min(520, size.Height-2*theme.Padding())))
	f.d.Show()
	f.win.Canvas().Focus(f.path)
	f.path.TypedShortcut(&fyne.ShortcutSelectAll{})
}

// show lists dir's subfolders (hidden ones left out) and puts its path in
// the box.
func (f *folderDialog) show(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		f.say(lang.L("Memo may not read {{.Folder}}.", map[string]any{"Folder": dir}))
		return
	}
	var subs []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.IsDir() || (e.Type()&os.ModeSymlink != 0 && isDir(filepath.Join(dir, e.Name()))) {
			subs = append(subs, e.Name())
		}
	}
	slices.SortFunc(subs, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	f.list.toTop(len(f.subs))
	f.dir, f.subs = dir, subs
	f.path.SetText(dir)
	f.path.CursorColumn = len([]rune(dir))
	f.problem.Hide()
	f.list.UnselectAll()
	f.list.Refresh()
	f.up.Disable()
	if parent := filepath.Dir(dir); parent != dir {
		f.up.Enable()
	}
}

func (f *folderDialog) onUp() {
	if parent := filepath.Dir(f.dir); parent != f.dir {
		f.show(parent)
	}
}

// onOpen opens the folder in the box: the one shown, or a path typed there
// (relative to the one shown; ~ is home).
func (f *folderDialog) onOpen() {
	typed := strings.TrimSpace(f.path.Text)
	if typed == "~" || strings.HasPrefix(typed, "~"+string(filepath.Separator)) {
		if h, err := os.UserHomeDir(); err == nil {
			typed = filepath.Join(h, typed[1:])
		}
	}
	if typed != "" && !filepath.IsAbs(typed) {
		typed = filepath.Join(f.dir, typed)
	}
	switch {
	case typed == "":
		f.choose(f.dir)
	case isDir(typed):
		f.choose(filepath.Clean(typed))
	default:
		f.say(lang.L("There is no folder at {{.Path}}.", map[string]any{"Path": typed}))
	}
}

func (f *folderDialog) say(text string) {
	f.problem.SetText(text)
	f.problem.Show()
}

// choose closes the dialog and gives the folder on.
func (f *folderDialog) choose(path string) {
	if f.closed {
		return
	}
	f.d.Hide()
	f.then(path)
}

func (f *folderDialog) close() { f.d.Hide() }

// onClosed runs once however the dialog closes: the window's keys come back.
func (f *folderDialog) onClosed() {
	if f.closed {
		return
	}
	f.closed = true
	f.win.Canvas().SetOnTypedKey(f.prevKey)
	f.done()
}

// keyList is a list for the keyboard as for the mouse: Enter on a row
// (onEnter) does more than Space or a click (onSelect) — opens the
// highlighted folder where Space goes into it, reviews the highlighted
// skill where Space picks it; Backspace is onBack, Escape onEscape (both
// may be nil).
type keyList struct {
	widget.List
	onEnter, onSelect func(id int)
	onBack, onEscape  func()
	enter             bool // the selection being made is Enter's
}

func newKeyList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *keyList {
	l := &keyList{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.OnSelected = func(id widget.ListItemID) {
		enter := l.enter
		l.enter = false
		if enter {
			l.onEnter(id)
		} else {
			l.onSelect(id)
		}
	}
	l.ExtendBaseWidget(l)
	return l
}

// toTop highlights the first row again (new rows are shown; there were n
// before): the list keeps its highlighted row to itself, so it is stepped
// up.
func (l *keyList) toTop(n int) {
	for range n {
		l.List.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	}
	l.ScrollToTop()
}

// TypedKey implements fyne.Focusable.
func (l *keyList) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if l.Length() == 0 {
			passKey(l, ev) // nothing highlighted: the window's Enter
			return
		}
		// The list tells which row is highlighted only by selecting it.
		l.enter = true
		l.UnselectAll()
		l.List.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
		l.enter = false
	case fyne.KeySpace:
		l.UnselectAll()
		l.List.TypedKey(ev)
	case fyne.KeyBackspace, fyne.KeyEscape:
		listExitKey(l, ev, l.onBack, l.onEscape)
	default:
		l.List.TypedKey(ev)
	}
}
