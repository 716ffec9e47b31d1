// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestNeedsAttentionBadgeAndCompleteSetupInTheHeader(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "alpha")
	f.svc.Setup(dir)
	os.Remove(filepath.Join(dir, "handoff.md"))
	f.m.list.reload(nil)
	row := newProjectRow()
	f.m.list.update(1, row)
	f.m.list.update(1, row)
	if got := row.badge.text.Text; got != "needs attention" {
		t.Errorf("a set-up project with a missing file has badge %q, want needs attention", got)
	}
	f.m.list.selectPath(dir)
	if f.m.view.state.text.Text != "needs attention" || !f.m.view.complete.Visible() {
		t.Fatal("the header shows no needs attention badge with Complete setup")
	}
	test.Tap(f.m.view.complete)
	if _, err := os.Stat(filepath.Join(dir, "handoff.md")); err != nil || f.m.view.complete.Visible() {
		t.Errorf("Complete setup in the header did not fix the project (%v)", err)
	}
}

func TestRefusedProjectSaysWhatWouldHelpAndHasNoID(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "alpha")
	f.svc.Register(dir)
	os.MkdirAll(filepath.Join(dir, ".memo", "foreign"), 0o755)
	f.m.list.reload(nil)
	f.m.list.selectPath(dir)
	v := f.m.view
	for _, item := range v.moreItems() {
		if strings.Contains(item.Label, "ID") {
			t.Errorf("a refused folder's menu offers %q", item.Label)
		}
	}
	if !v.hint.Visible() || !strings.Contains(v.hint.Text, "rename") {
		t.Errorf("a refused folder does not say what would make it usable: %q", v.hint.Text)
	}
}

// A declined folder says what was chosen and what its two buttons do; a
// folder asked about for the first time has no such sentence.
func TestDeclinedFolderSaysWhy(t *testing.T) {
	f := newFixture(t, memoryOn)
	never, fresh := t.TempDir(), t.TempDir()
	if _, err := f.svc.Decline(never, true); err != nil {
		t.Fatal(err)
	}
	f.svc.Register(fresh)
	f.m.list.reload(nil)
	const why = "You chose not to set up Memo in this folder"
	f.m.list.selectPath(never)
	if f.m.view == nil || !f.says(f.m.win, why) || f.m.view.notice.Importance != widget.MediumImportance {
		t.Error("a declined folder does not say why it asks nothing (or says it as an error)")
	}
	f.m.list.selectPath(fresh)
	if f.m.view == nil || f.says(f.m.win, why) {
		t.Error("a folder never declined says it was declined")
	}
}

// TestCompactHeader: name, state and path share one line; the id is copied
// from the ⋯ menu; at 800×600 the tabs start in the window's upper third.
func TestCompactHeader(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.win.Resize(fyne.NewSize(800, 600))
	dir := mkdir(t, "alpha")
	res, _ := f.svc.Setup(dir)
	f.m.list.reload(nil)
	f.m.list.selectPath(dir)
	v := f.m.view
	d := fyne.CurrentApp().Driver()
	nameY, pathY := d.AbsolutePositionForObject(v.name).Y, d.AbsolutePositionForObject(v.path).Y
	if pathY > nameY+v.name.Size().Height {
		t.Errorf("the path is on a line below the name (y %v, name at %v)", pathY, nameY)
	}
	if !inWindow(f.m.win, v.path) || v.path.Size().Width < 100 {
		t.Errorf("the path gets %v px beside the name", v.path.Size().Width)
	}
	if y := d.AbsolutePositionForObject(v.tabs.buttons[0]).Y; y > 600/3 {
		t.Errorf("the tabs start at y %v of 600", y)
	}
	var copyID *fyne.MenuItem
	for _, item := range v.moreItems() {
		if strings.Contains(item.Label, res.ID) {
			copyID = item
		}
	}
	if copyID == nil {
		t.Fatal("the ⋯ menu does not offer the project id")
	}
	copyID.Action()
	if got := f.m.app.Clipboard().Content(); got != res.ID {
		t.Errorf("copying the id put %q on the clipboard, want %s", got, res.ID)
	}
}
