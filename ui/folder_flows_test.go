// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMissingFolderCanBeLocated(t *testing.T) {
	for _, setUp := range []bool{true, false} {
		f := newFixture(t, memoryOn)
		dir := mkdir(t, "alpha")
		if setUp {
			f.svc.Setup(dir)
		} else {
			f.svc.Register(dir)
		}
		rec, _, _ := f.reg.ByPath(dir)
		moved := filepath.Join(t.TempDir(), "alpha-moved")
		if err := os.Rename(dir, moved); err != nil {
			t.Fatal(err)
		}
		f.m.list.reload(nil)
		f.m.list.selectPath(dir)
		if f.button(f.m.win, "Locate…") == nil || f.button(f.m.win, "Forget…") == nil {
			t.Fatalf("set up %v: a missing folder does not offer Locate… beside Forget…", setUp)
		}
		f.m.chooser.pick = func(folderRequest) (string, error) { return moved, nil }
		f.tap(f.m.win, "Locate…")
		if _, ok, _ := f.reg.ByPath(dir); ok {
			t.Errorf("set up %v: the old place is still listed after Locate…", setUp)
		}
		now, ok, _ := f.reg.ByPath(moved)
		if !ok {
			t.Fatalf("set up %v: the new place is not listed", setUp)
		}
		if setUp && now.ID != rec.ID {
			t.Errorf("the located project's id changed from %s to %s", rec.ID, now.ID)
		}
		if f.m.view == nil || f.m.view.root != moved {
			t.Errorf("set up %v: the new place is not shown", setUp)
		}
	}
}

// Locating a missing project at a folder set up as another project says so
// and changes nothing: it used to open the other project silently, leaving
// the missing one missing without a word.
func TestLocatingAnotherProjectSaysSo(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir, other := mkdir(t, "alpha"), mkdir(t, "beta")
	f.svc.Setup(dir)
	f.svc.Setup(other)
	f.reg.Forget(other) // set up, but not in the list: Locate… must not add it
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	f.m.list.reload(nil)
	f.m.list.selectPath(dir)
	picked := 0
	f.m.chooser.pick = func(folderRequest) (string, error) { picked++; return filepath.Join(other, "sub"), nil }
	os.MkdirAll(filepath.Join(other, "sub"), 0o755)
	f.tap(f.m.win, "Locate…")
	if !dialogOpen(f.m.win) || !f.says(f.m.win, "is set up as a different project") {
		t.Fatalf("locating alpha at another project said nothing (shown %q)", f.shown)
	}
	if _, ok, _ := f.reg.ByPath(dir); !ok {
		t.Error("the missing project was forgotten")
	}
	if _, ok, _ := f.reg.ByPath(other); ok {
		t.Error("the other project was added to the list")
	}
	if f.m.view == nil || f.m.view.root != dir {
		t.Error("the missing project is no longer the one shown")
	}
	f.tap(f.m.win, "Choose another folder…")
	if picked != 2 {
		t.Errorf("Choose another folder… asked %d times in all, want 2", picked)
	}
}

// A folder that is not there, or a file given for a folder, is said in the
// window's words (translated), not with the store's English "… does not
// exist" / "… is a file, not a folder" — opened or located.
func TestVanishedFolderIsWordedByTheWindow(t *testing.T) {
	for _, how := range []string{"open", "locate", "open a file", "locate a file"} {
		f := newFixture(t, memoryOn)
		gone := filepath.Join(t.TempDir(), "gone")
		want := "Could not open the folder: " + gone + " is not there: it was moved, renamed or deleted."
		if strings.HasSuffix(how, "a file") {
			if err := os.WriteFile(gone, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			want = "Could not open the folder: " + gone + " is a file; open the folder that holds the project."
			how = strings.TrimSuffix(how, " a file")
		}
		switch how {
		case "open":
			f.m.OpenFolder(gone)
		case "locate":
			dir := mkdir(t, "alpha")
			f.svc.Setup(dir)
			os.RemoveAll(dir)
			f.m.list.reload(nil)
			f.m.list.selectPath(dir)
			f.m.chooser.pick = func(folderRequest) (string, error) { return gone, nil }
			f.tap(f.m.win, "Locate…")
		}
		if len(f.shown) == 0 || f.shown[len(f.shown)-1] != want {
			t.Errorf("%s: shown %q, want %q", how, f.shown, want)
		}
	}
}
