// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"memo.dev/projects/domain/project"
)

func TestEnterOnAListRowOpensIt(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "alpha")
	f.svc.Register(dir)
	f.m.list.reload(nil)
	f.m.win.Canvas().Focus(f.m.list.list)
	press(f.m.win, fyne.KeyDown) // from Global memory to alpha
	press(f.m.win, fyne.KeyReturn)
	if f.m.view == nil || f.m.view.root != dir {
		t.Error("Enter on the focused row did not open it")
	}
}

func TestFilterClearButtonAndGlobalMemory(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.svc.Register(mkdir(t, "alpha"))
	f.svc.Register(mkdir(t, "gamma"))
	f.m.list.reload(nil)
	test.Type(f.m.list.filter, "gam")
	if f.m.list.length() != 1 || f.m.list.showGlobal {
		t.Errorf("filter gam: %d rows (global shown %v), want gamma only", f.m.list.length(), f.m.list.showGlobal)
	}
	if !f.m.list.filter.clear.Visible() {
		t.Fatal("the filter has text but no clear button")
	}
	test.Tap(f.m.list.filter.clear)
	if f.m.list.filter.Text != "" || f.m.list.length() != 3 {
		t.Errorf("clear: text %q, %d rows, want all 3", f.m.list.filter.Text, f.m.list.length())
	}
	test.Type(f.m.list.filter, "global memory") // the paths hold "GlobalMemory"
	if f.m.list.length() != 1 || !f.m.list.showGlobal {
		t.Errorf("filter global memory: %d rows, want Global memory only", f.m.list.length())
	}
	f.m.list.list.Select(0)
	if f.m.view != nil || !f.says(f.m.win, "Showing 3 of 3") {
		t.Error("selecting the filtered Global memory row does not show it")
	}
}

func TestRowMenuOpenOpensTheProject(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "alpha")
	f.svc.Register(dir)
	f.m.list.reload(nil)
	f.m.list.list.Select(0) // Global memory shown
	row := newProjectRow()
	f.m.list.update(1, row)
	test.TapSecondary(row)
	if menu := popUpMenu(f.m.win); menu == nil {
		t.Fatal("no row menu")
	} else {
		menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
		menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	if f.m.view == nil || f.m.view.root != dir {
		t.Error("Open from the row menu did not open the project")
	}
}

// menuTexts are the words of the pop-up menu on top of w.
func menuTexts(w fyne.Window) []string {
	var out []string
	if menu := popUpMenu(w); menu != nil {
		for _, o := range test.LaidOutObjects(menu) {
			if t, ok := o.(*canvas.Text); ok && t.Visible() && t.Text != "" {
				out = append(out, t.Text)
			}
		}
	}
	return out
}

// A missing folder's row menu offers Locate… where the others offer Show in
// file manager (which can only fail for a folder that is gone).
func TestMissingRowMenuOffersLocate(t *testing.T) {
	for _, missing := range []bool{false, true} {
		f := newFixture(t, memoryOn)
		dir := mkdir(t, "alpha")
		f.svc.Setup(dir)
		if missing {
			os.RemoveAll(dir)
		}
		f.m.list.reload(nil)
		row := newProjectRow()
		f.m.list.update(1, row)
		test.TapSecondary(row)
		got := menuTexts(f.m.win)
		want, not := "Show in file manager", "Locate…"
		if missing {
			want, not = not, want
		}
		if !slices.Contains(got, want) || slices.Contains(got, not) {
			t.Errorf("missing %v: the row menu is %q, want %q and not %q", missing, got, want, not)
		}
	}
}

// A row with a state and the review marker keeps both pills at the right
// edge, in the column every other row's state sits in (the state used to
// float centred above the wider marker).
func TestRowBadgesKeepToTheRightEdge(t *testing.T) {
	test.NewTempApp(t)
	row := newProjectRow()
	row.set("webshop", "/home/ann/webshop", project.BadgeSetUp, theme.FolderIcon())
	row.setReview(badgeReview)
	w := test.NewTempWindow(t, row)
	w.Resize(fyne.NewSize(320, 80))
	d := fyne.CurrentApp().Driver()
	right := func(o fyne.CanvasObject) float32 { return d.AbsolutePositionForObject(o).X + o.Size().Width }
	if b, r := right(row.badge), right(row.review); b != r {
		t.Errorf("the state ends at x=%v, the review marker at x=%v: want one right edge", b, r)
	}
}
