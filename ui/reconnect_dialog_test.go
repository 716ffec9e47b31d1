// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/project"
)

// lostProject sets up a folder named alpha with two memories, then deletes
// it and makes a new, empty folder at its path: the case of the
// question of docs/identity.md §7. It returns the new folder and the lost project's id.
func lostProject(t *testing.T, f *fixture) (string, string) {
	t.Helper()
	dir := mkdir(t, "alpha")
	res, err := f.svc.Setup(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"one", "two"} {
		if _, err := f.m.memories.Add(memory.Chat{Kind: memory.ProjectChat, ProjectID: res.ID}, memory.KindNote, text); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, res.ID
}

// Setting up a folder where a project whose folder cannot be found used to
// be asks whether this is that project, with its name, when it was last
// opened and how many memories it has; Start fresh is the default (Enter),
// Reconnect takes its id, closing sets nothing up.
func TestSetupAsksAboutTheProjectThatWasThere(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer func(f *fixture)
		want   string // "fresh", "reconnect" or "none"
	}{
		{"Start fresh", func(f *fixture) { f.tap(f.m.win, "Start fresh") }, "fresh"},
		{"Enter", func(f *fixture) { f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn}) }, "fresh"},
		{"Reconnect", func(f *fixture) { f.tap(f.m.win, "Reconnect to its memory") }, "reconnect"},
		{"Escape", func(f *fixture) { f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) }, "none"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, memoryOn)
			dir, lost := lostProject(t, f)
			f.m.OpenFolder(dir)
			f.tap(f.m.win, "Set up")
			if !f.says(f.m.win, "A project called alpha used to be in this folder") || !labelled(f, "2") || !labelled(f, "alpha") ||
				f.button(f.m.win, "Reconnect to its memory") == nil || f.button(f.m.win, "Start fresh") == nil {
				t.Fatalf("no question about the lost project after Set up")
			}
			if b := f.button(f.m.win, "Start fresh"); b.Importance != widget.HighImportance {
				t.Errorf("Start fresh is not the default (importance %v)", b.Importance)
			}
			tt.answer(f)
			file, err := readProjectFile(dir)
			switch tt.want {
			case "none":
				if err == nil {
					t.Errorf("closing the question set the folder up (%s)", file.ID)
				}
				return
			case "fresh":
				if err != nil || file.ID == lost {
					t.Errorf("Start fresh: project.json %+v, %v; want a new id", file, err)
				}
			case "reconnect":
				if err != nil || file.ID != lost {
					t.Errorf("Reconnect: project.json %+v, %v; want %s", file, err, lost)
				}
			}
			if dialogOpen(f.m.win) {
				t.Error("a dialog is still open after the answer")
			}
		})
	}
}

// Without a lost project at the path, Set up sets up at once.
func TestSetupAsksNothingMoreForANewFolder(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "beta")
	f.m.OpenFolder(dir)
	f.tap(f.m.win, "Set up")
	if f.button(f.m.win, "Start fresh") != nil {
		t.Fatal("a new folder was asked about a lost project")
	}
	if _, err := readProjectFile(dir); err != nil {
		t.Errorf("Set up did not set the folder up: %v", err)
	}
}

// A folder whose path is not UTF-8, opened (picked, dropped or given), is
// refused in plain words and nothing is registered or written.
func TestOpeningAPathThatIsNotUTF8(t *testing.T) {
	f := newFixture(t, memoryOn)
	bad := filepath.Join(t.TempDir(), "caf\xe9")
	if err := os.Mkdir(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	f.m.OpenFolder(bad)
	if len(f.shown) == 0 || !strings.Contains(f.shown[len(f.shown)-1], "not valid UTF-8") {
		t.Errorf("shown %q; want the folder refused as not UTF-8", f.shown)
	}
	if recs, _ := f.reg.Snapshot(); len(recs) != 0 {
		t.Errorf("registered: %+v", recs)
	}
	if entries, _ := os.ReadDir(bad); len(entries) != 0 {
		t.Errorf("something was written into it")
	}
}

// readProjectFile reads dir's .memo/project.json.
func readProjectFile(dir string) (project.File, error) {
	b, err := os.ReadFile(filepath.Join(dir, ".memo", "project.json"))
	if err != nil {
		return project.File{}, err
	}
	return project.ParseFile(b)
}

// labelled reports whether a visible label in the window's top dialog reads
// exactly text.
func labelled(f *fixture, text string) bool {
	for _, o := range f.objects(f.m.win) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && l.Text == text {
			return true
		}
	}
	return false
}
