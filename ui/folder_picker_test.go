// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

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

// folderDialogOf is the fallback folder dialog shown by showFyne in f's
// window, opening in start; chosen collects what it gives on.
func folderDialogOf(f *fixture, start string, chosen *[]string) *folderDialog {
	f.t.Helper()
	var d *folderDialog
	f.m.chooser.showFyne("Open a project folder", start, func(p string) { *chosen = append(*chosen, p) })
	top := f.m.win.Canvas().Overlays().Top()
	if top == nil {
		f.t.Fatal("no folder dialog shown")
	}
	d = f.m.chooser.dialog
	if d == nil {
		f.t.Fatal("the chooser does not hold its dialog")
	}
	return d
}

// TestFolderDialogKeys drives the fallback folder dialog from the keyboard
// alone: the path box has the focus; Enter there opens the folder shown or
// a path typed; on the list Enter opens the highlighted folder, Space goes
// into it, Backspace goes up; Escape cancels from anywhere; the window's
// keys come back however it closes.
func TestFolderDialogKeys(t *testing.T) {
	start := t.TempDir()
	for _, name := range []string{"beta", "Alpha", ".hidden"} {
		if err := os.Mkdir(filepath.Join(start, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(start, "file.txt"), []byte("x"), 0o644)
	typed := t.TempDir()
	key := func(d *folderDialog, name fyne.KeyName) {
		if o := d.win.Canvas().Focused(); o != nil {
			o.TypedKey(&fyne.KeyEvent{Name: name})
			return
		}
		d.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name})
	}
	tests := []struct {
		name string
		keys func(f *fixture, d *folderDialog)
		want []string
	}{
		{"Enter in the box opens the folder shown", func(f *fixture, d *folderDialog) { key(d, fyne.KeyReturn) }, []string{start}},
		{"keypad Enter too", func(f *fixture, d *folderDialog) { key(d, fyne.KeyEnter) }, []string{start}},
		{"a typed path", func(f *fixture, d *folderDialog) {
			test.Type(d.path, typed) // the path shown is selected: typing replaces it
			key(d, fyne.KeyReturn)
		}, []string{typed}},
		{"a typed relative path", func(f *fixture, d *folderDialog) {
			test.Type(d.path, "beta")
			key(d, fyne.KeyReturn)
		}, []string{filepath.Join(start, "beta")}},
		{"Enter on the list opens the highlighted folder", func(f *fixture, d *folderDialog) {
			key(d, fyne.KeyDown) // from the box down to the list
			if d.win.Canvas().Focused() != d.list {
				t.Fatalf("Down in the path box gave the focus to %T, want the list", d.win.Canvas().Focused())
			}
			key(d, fyne.KeyDown) // Alpha, then beta (sorted without case; .hidden left out)
			key(d, fyne.KeyReturn)
		}, []string{filepath.Join(start, "beta")}},
		{"Space goes into a folder, Enter opens it from the box", func(f *fixture, d *folderDialog) {
			d.win.Canvas().Focus(d.list)
			key(d, fyne.KeySpace)
			if d.dir != filepath.Join(start, "Alpha") || d.path.Text != d.dir {
				t.Errorf("Space on Alpha shows %s (box %q), want %s", d.dir, d.path.Text, filepath.Join(start, "Alpha"))
			}
			d.win.Canvas().Focus(d.path)
			key(d, fyne.KeyReturn)
		}, []string{filepath.Join(start, "Alpha")}},
		{"Backspace on the list goes up", func(f *fixture, d *folderDialog) {
			d.win.Canvas().Focus(d.list)
			key(d, fyne.KeyBackspace)
			d.win.Canvas().Unfocus()
			key(d, fyne.KeyReturn)
		}, []string{filepath.Dir(start)}},
		{"Escape in the box", func(f *fixture, d *folderDialog) { key(d, fyne.KeyEscape) }, nil},
		{"Escape on the list", func(f *fixture, d *folderDialog) {
			d.win.Canvas().Focus(d.list)
			key(d, fyne.KeyEscape)
		}, nil},
		{"Escape on a button", func(f *fixture, d *folderDialog) {
			d.win.Canvas().Focus(d.up)
			key(d, fyne.KeyEscape)
		}, nil},
		{"Escape with nothing focused", func(f *fixture, d *folderDialog) {
			d.win.Canvas().Unfocus()
			key(d, fyne.KeyEscape)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, memoryOn)
			prev := f.m.win.Canvas().OnTypedKey()
			var got []string
			d := folderDialogOf(f, start, &got)
			if f.m.win.Canvas().Focused() != d.path {
				t.Fatalf("the path box does not have the focus (%T does)", f.m.win.Canvas().Focused())
			}
			tt.keys(f, d)
			if !slices.Equal(got, tt.want) {
				t.Errorf("chose %q, want %q", got, tt.want)
			}
			if f.m.win.Canvas().Overlays().Top() != nil || f.m.chooser.picking {
				t.Error("the folder dialog is still open")
			}
			if fmt.Sprintf("%p", f.m.win.Canvas().OnTypedKey()) != fmt.Sprintf("%p", prev) {
				t.Error("the window's key handler did not come back")
			}
		})
	}
}

// A typed path that is no folder is said in the dialog, which stays open.
func TestFolderDialogSaysATypedPathIsNoFolder(t *testing.T) {
	f := newFixture(t, memoryOn)
	var got []string
	d := folderDialogOf(f, t.TempDir(), &got)
	missing := filepath.Join(t.TempDir(), "gone")
	test.Type(d.path, missing)
	d.path.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(got) != 0 || f.m.win.Canvas().Overlays().Top() == nil {
		t.Fatalf("a missing folder was chosen (%q) or the dialog closed", got)
	}
	if !f.says(f.m.win, "There is no folder at "+missing) {
		t.Error("the dialog does not say that the typed path is no folder")
	}
}
