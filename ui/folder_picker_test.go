package ui

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/project"
)

func TestStartFolder(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 12, 0, 0, 0, time.UTC) }
	// Paths in the host's spelling (C:\home\me\src on Windows).
	root := filepath.VolumeName(os.TempDir()) + string(filepath.Separator)
	p := func(s string) string { return filepath.Join(root, filepath.FromSlash(s)) }
	dirs := map[string]bool{p("home/me/src"): true, p("home/me/work"): true, p("srv"): true, p("home/me/with space"): true}
	exists := func(path string) bool { return dirs[path] }
	tests := []struct {
		name    string
		records []project.Record
		want    string
	}{
		{"none", nil, ""},
		{"one", []project.Record{{Path: p("home/me/src/app"), LastOpened: day(1)}}, p("home/me/src")},
		{"the last opened, wherever it is in the list", []project.Record{
			{Path: p("home/me/src/old"), LastOpened: day(1)},
			{Path: p("home/me/work/new"), LastOpened: day(9)},
			{Path: p("home/me/src/mid"), LastOpened: day(5)},
		}, p("home/me/work")},
		{"a space in the name", []project.Record{{Path: p("home/me/with space/p"), LastOpened: day(1)}}, p("home/me/with space")},
		{"its parent is gone", []project.Record{{Path: p("home/me/moved/p"), LastOpened: day(1)}}, ""},
		{"a folder at the root: no hint", []project.Record{{Path: p("srv"), LastOpened: day(1)}}, ""},
		{"a relative path: no hint", []project.Record{{Path: filepath.FromSlash("src/app"), LastOpened: day(1)}}, ""},
		{"trailing separator", []project.Record{{Path: p("home/me/src/app") + string(filepath.Separator), LastOpened: day(1)}}, p("home/me/src")},
	}
	for _, tt := range tests {
		if got := startFolder(tt.records, exists); got != tt.want {
			t.Errorf("%s: startFolder(%v) = %q, want %q", tt.name, tt.records, got, tt.want)
		}
	}
}

// The request carries the window and the start folder; a second Open Folder
// while a dialog is open (Ctrl+O again) opens nothing more.
func TestOpenFolderRequestAndOnePickerAtATime(t *testing.T) {
	f := newFixture(t, memoryOn)
	parent := t.TempDir()
	old, last := filepath.Join(parent, "old"), filepath.Join(parent, "last")
	for _, dir := range []string{old, last} {
		os.Mkdir(dir, 0o755)
	}
	f.m.OpenFolder(old)
	f.tap(f.m.win, "Not now")
	f.m.OpenFolder(last)
	f.tap(f.m.win, "Not now")

	var asked []folderRequest
	f.m.chooser.pick = func(r folderRequest) (string, error) {
		asked = append(asked, r)
		f.m.onOpenFolder() // Ctrl+O while the native dialog is open
		return "", nil     // then Escape: the portal's code 2 reads as this
	}
	f.m.onOpenFolder()
	if len(asked) != 1 {
		t.Fatalf("Open Folder with a dialog already open asked the picker %d times, want once", len(asked))
	}
	if r := asked[0]; r.title != "Open a project folder" || r.start != parent {
		t.Errorf("picker asked %+v, want title %q and start %q (the last opened folder's parent)", r, "Open a project folder", parent)
	}
	if top := f.m.win.Canvas().Overlays().Top(); top != nil {
		t.Errorf("closing the native dialog without a choice opened %T", top)
	}
	f.m.onOpenFolder() // closed: the next one opens
	if len(asked) != 2 {
		t.Errorf("after the dialog closed, Open Folder asked the picker %d times in all, want 2", len(asked))
	}

	// The fallback counts as a dialog open until it closes.
	f.m.chooser.pick = func(r folderRequest) (string, error) { asked = append(asked, r); return "", errNoNativeDialog }
	f.m.onOpenFolder()
	if f.button(f.m.win, "Open") == nil {
		t.Fatal("without a native dialog, Fyne's folder dialog did not open")
	}
	f.m.onOpenFolder()
	if len(asked) != 3 || len(f.m.win.Canvas().Overlays().List()) != 1 {
		t.Errorf("Open Folder over Fyne's folder dialog: %d picker calls (want 3), %d overlays (want 1)", len(asked), len(f.m.win.Canvas().Overlays().List()))
	}
	f.tap(f.m.win, "Cancel")
	f.m.onOpenFolder()
	if len(asked) != 4 {
		t.Errorf("after Fyne's folder dialog closed, Open Folder asked the picker %d times in all, want 4", len(asked))
	}
}

func TestFallbackFolderDialogIsTitledAndStartsBesideTheLastProject(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "alpha")
	f.svc.Register(dir)
	f.m.list.reload(nil)
	f.m.chooser.pick = func(folderRequest) (string, error) { return "", errNoNativeDialog }
	f.tap(f.m.win, "Open Folder…")
	if !f.says(f.m.win, "Open a project folder") {
		t.Error("Fyne's folder dialog is not titled Open a project folder")
	}
	if !f.says(f.m.win, filepath.Base(dir)) {
		t.Errorf("Fyne's folder dialog does not start beside the last project (%s is not listed)", filepath.Base(dir))
	}
}

// TestFolderDialogKeys: on Fyne's fallback folder dialog Enter opens the
// folder shown and Escape cancels; either way the window's keys come back.
func TestFolderDialogKeys(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEnter, fyne.KeyEscape} {
		f := newFixture(t, memoryOn)
		start := t.TempDir()
		var got []string
		f.m.chooser.showFyne("Open a project folder", start, func(p string) { got = append(got, p) })
		if f.m.win.Canvas().Overlays().Top() == nil {
			t.Fatalf("%s: no dialog shown", key)
		}
		f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: key})
		want := []string{start}
		if key == fyne.KeyEscape {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s on the folder dialog chose %q, want %q", key, got, want)
		}
		if f.m.win.Canvas().Overlays().Top() != nil || f.m.chooser.picking {
			t.Errorf("%s did not close the folder dialog", key)
		}
	}
}

// Escape with the folder dialog's options pop-up open closes the pop-up,
// not the whole dialog; the next Escape closes the dialog.
func TestEscapeClosesTheFolderDialogsPopUpFirst(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.chooser.showFyne("Open a project folder", t.TempDir(), func(string) { t.Error("Escape chose a folder") })
	dlg := f.m.win.Canvas().Overlays().Top()
	var options *widget.Button
	findObject(dlg, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && b.Icon != nil && b.Icon.Name() == theme.SettingsIcon().Name() {
			options = b
			return true
		}
		return false
	})
	if options == nil {
		t.Fatal("the folder dialog has no options button")
	}
	test.Tap(options)
	if f.m.win.Canvas().Overlays().Top() == dlg {
		t.Fatal("the options pop-up did not open")
	}
	f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if top := f.m.win.Canvas().Overlays().Top(); top != dlg || !f.m.chooser.picking {
		t.Errorf("the first Escape closed the folder dialog (top overlay %T), want only the pop-up closed", top)
	}
	f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if f.m.win.Canvas().Overlays().Top() != nil || f.m.chooser.picking {
		t.Error("the second Escape did not close the folder dialog")
	}
}
