// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"memo.dev/projects/domain/permissions"
)

func TestEscapeAndEnterCloseEveryDialog(t *testing.T) {
	dialogs := map[string]func(f *fixture, dir string){
		"error": func(f *fixture, _ string) { f.m.dialogs.showError("Could not open the folder", os.ErrPermission) },
		"refusal": func(f *fixture, dir string) {
			os.MkdirAll(filepath.Join(dir, ".memo", "data"), 0o755)
			f.m.OpenFolder(dir)
		},
		"forget": func(f *fixture, dir string) {
			f.svc.Register(dir)
			f.m.list.reload(nil)
			f.m.flows.forget(f.m.list.all[0])
		},
	}
	for name, show := range dialogs {
		for _, key := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
			f := newFixture(t, memoryOn)
			dir := t.TempDir()
			show(f, dir)
			if !dialogOpen(f.m.win) {
				t.Fatalf("%s: no dialog shown", name)
			}
			press(f.m.win, key)
			if dialogOpen(f.m.win) {
				t.Errorf("%s: %s left the dialog open", name, key)
			}
			if name == "forget" {
				_, kept, _ := f.reg.ByPath(dir)
				if kept != (key == fyne.KeyEscape) {
					t.Errorf("forget: %s kept the project = %v, want Escape to keep it and Enter to forget it", key, kept)
				}
			}
		}
	}
}

func TestErrorDialogsSayWhatFailed(t *testing.T) {
	f := newFixture(t, memoryOn)
	file := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	f.m.onDropped([]fyne.URI{storage.NewFileURI(file)})
	if len(f.shown) != 1 || !strings.HasPrefix(f.shown[0], "Could not open what was dropped: ") {
		t.Errorf("dropping a file showed %q, want a title saying what failed", f.shown)
	}
}

func TestNoFileManagerOffersToCopyThePath(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.dialogs.openPathWith = func(string) error {
		return &exec.Error{Name: "xdg-open,x-www-browser,www-browser", Err: exec.ErrNotFound}
	}
	f.m.dialogs.openPath("/home/u/code/app")
	if len(f.shown) != 1 || !strings.HasPrefix(f.shown[0], "Could not show the folder: No file manager was found") || strings.Contains(f.shown[0], "xdg-open") {
		t.Fatalf("showed %q, want a plain sentence without the library's error", f.shown)
	}
	f.tap(f.m.win, "Copy path")
	if got := f.m.app.Clipboard().Content(); got != "/home/u/code/app" {
		t.Errorf("Copy path put %q on the clipboard", got)
	}
}

// TestOpenFileErrorIsAboutAFile: when the permissions tab's Open file
// cannot start a program, the message is titled and worded for a file
// (not "Could not show the folder"), names the file and offers its path.
func TestOpenFileErrorIsAboutAFile(t *testing.T) {
	f, tab, root := permsProject(t, nil)
	f.m.dialogs.openPathWith = func(string) error {
		return &exec.Error{Name: "xdg-open", Err: exec.ErrNotFound}
	}
	f.shown = nil
	test.Tap(tab.viewer.openFile)
	want := permissions.Path(root)
	if len(f.shown) != 1 || !strings.HasPrefix(f.shown[0], "Could not open the file: ") || strings.Contains(f.shown[0], "folder") ||
		!strings.Contains(f.shown[0], want) || strings.Contains(f.shown[0], "xdg-open") {
		t.Fatalf("Open file that fails showed %q, want a message about the file %s", f.shown, want)
	}
	f.tap(f.m.win, "Copy path")
	if got := f.m.app.Clipboard().Content(); got != want {
		t.Errorf("Copy path put %q on the clipboard, want %q", got, want)
	}
}
