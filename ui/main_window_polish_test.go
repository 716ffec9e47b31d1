// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

func TestLongNamedProjectKeepsTheWindowAndTheList(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 800, Height: 600}, {Width: 980, Height: 640}, {Width: 1920, Height: 1080}} {
		f := newFixture(t, memoryOn)
		f.m.win.Resize(size)
		dir := mkdir(t, strings.Repeat("a-really-long-project-name-", 6))
		f.svc.Setup(dir)
		os.Remove(filepath.Join(dir, ".memo", "notes.md")) // the header gets a note and Complete setup
		f.m.list.reload(nil)
		f.m.list.selectPath(dir)
		if f.m.view == nil {
			t.Fatal("the project was not shown")
		}
		if got := f.m.win.Content().MinSize().Width; got > 800 {
			t.Errorf("%v: with a long name and a note the window needs %v px, want at most 800", size, got)
		}
		if got := f.m.win.Canvas().Size(); got != size {
			t.Errorf("%v: the window changed size to %v", size, got)
		}
		if w := f.m.sidebar.Size().Width; w < sidebarMinWidth {
			t.Errorf("%v: the list is %v px wide, want at least %v", size, w, sidebarMinWidth)
		}
		if !inWindow(f.m.win, f.m.view.complete) {
			t.Errorf("%v: Complete setup is not wholly in the window (below the fold or clipped)", size)
		}
	}
}

// TestNothingWidensTheWindowWhileLoading checks the moments between showing
// a project and knowing its state: work off the UI goroutine is held back.
func TestNothingWidensTheWindowWhileLoading(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.win.Resize(fyne.NewSize(800, 600))
	dir := mkdir(t, strings.Repeat("a-really-long-project-name-", 6))
	f.svc.Setup(dir)
	f.m.list.reload(nil)
	var held []func()
	f.m.run = runner{goroutine: func(fn func()) { held = append(held, fn) }}
	f.m.list.run = f.m.run
	f.m.list.selectPath(dir)
	for step := 0; ; step++ {
		if got := f.m.win.Content().MinSize().Width; got > 800 {
			t.Fatalf("step %d of loading: the window needs %v px, want at most 800", step, got)
		}
		if len(held) == 0 {
			break
		}
		next := held[0]
		held = held[1:]
		next()
	}
	if f.m.view == nil || !f.m.view.loaded {
		t.Error("the project never loaded")
	}
}

func TestCtrlOWorksWhileTheFilterHasFocus(t *testing.T) {
	f := newFixture(t, memoryOn)
	asked := 0
	f.m.chooser.pick = func(folderRequest) (string, error) { asked++; return "", nil }
	f.m.win.Canvas().Focus(f.m.list.filter)
	f.m.list.filter.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault})
	if asked != 1 {
		t.Errorf("Ctrl+O in the filter box asked for a folder %d times, want 1", asked)
	}
	// Other shortcuts still reach the entry.
	test.Type(f.m.list.filter, "abc")
	f.m.list.filter.TypedShortcut(&fyne.ShortcutSelectAll{})
	if got := f.m.list.filter.SelectedText(); got != "abc" {
		t.Errorf("Ctrl+A in the filter box selected %q, want abc", got)
	}
}

func TestAltNumberSwitchesTabs(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "alpha")
	f.svc.Setup(dir)
	f.m.list.reload(func() { f.m.list.selectPath(dir) })
	f.m.win.Canvas().Focus(f.m.list.filter) // also from the filter box
	f.m.list.filter.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.Key4, Modifier: fyne.KeyModifierAlt})
	if got := f.m.view.tabs.SelectedIndex(); got != 3 {
		t.Errorf("Alt+4 selected tab %d, want 3 (Memory)", got)
	}
}

func TestFirstRunThenReturningUser(t *testing.T) {
	f := newFixture(t, memoryOn)
	if !f.says(f.m.win, "permission file and skills for AI coding agents") {
		t.Error("the first run does not say what the app is for")
	}
	dir := mkdir(t, "alpha")
	f.svc.Register(dir)
	f.m.list.reload(func() { f.m.list.selectPath(dir) })
	again := newMainWindow(f.m.app, f.m.deps, inline())
	again.Show()
	defer again.win.Close()
	if again.view == nil || again.view.root != dir {
		t.Error("a returning user does not get the last selected project back")
	}
}

func TestMinimalModeBannerTurnsOff(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.svc.SetMinimal(true)
	f.m.Show() // reads Minimal Mode again
	if !f.m.minimalBanner.Visible() || !f.says(f.m.win, "Memo adds nothing to chats") {
		t.Fatal("Minimal Mode on shows no banner")
	}
	dir := mkdir(t, "alpha")
	f.svc.Setup(dir)
	f.m.list.reload(func() { f.m.list.selectPath(dir) })
	if !f.m.view.overview.minimal.Visible() {
		t.Error("the Overview does not say what chats receive in Minimal Mode")
	}
	f.tap(f.m.win, "Turn off")
	if on, _ := f.svc.Minimal(); on || f.m.minimalBanner.Visible() || f.m.view.overview.minimal.Visible() {
		t.Errorf("Turn off: stored %v, banner shown %v", on, f.m.minimalBanner.Visible())
	}
}

func TestUpgradeNoticeShowsBackupAndCanBeDismissed(t *testing.T) {
	backups := filepath.Join(t.TempDir(), "data", "backups")
	f := newFixture(t, memory.State{Ready: true, ProjectMemory: true, Backup: filepath.Join(backups, "memory-pre.db")})
	if !f.m.statusBar.Visible() {
		t.Fatal("no upgrade notice")
	}
	f.tap(f.m.win, "Show backup")
	if len(f.opened) != 1 || f.opened[0] != backups {
		t.Errorf("Show backup opened %v", f.opened)
	}
	f.tap(f.m.win, "Dismiss")
	if f.m.statusBar.Visible() {
		t.Error("Dismiss left the notice")
	}
}

// TestNoDimText checks the whole class of secondary text: Fyne draws a
// low-importance label in the disabled color, below WCAG AA's 4.5:1 on the
// dark and light backgrounds. Every screen is walked.
func TestNoDimText(t *testing.T) {
	f := newFixture(t, memory.State{Ready: true, ProjectMemory: true, Backup: "/b/backups/x.db"})
	dir := mkdir(t, "alpha")
	os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("x"), 0o644)
	f.m.OpenFolder(dir) // the setup question, with a file left alone
	screens := map[string][]fyne.CanvasObject{"setup question": f.objects(f.m.win)}
	f.tap(f.m.win, "Set up")
	f.m.onSettings()
	screens["main window"] = f.objects(f.m.win)
	screens["settings"] = f.objects(f.m.settings.win)
	for name, objs := range screens {
		for _, o := range objs {
			if l, ok := o.(*widget.Label); ok && l.Importance == widget.LowImportance {
				t.Errorf("%s: %q is drawn in the dim disabled color", name, l.Text)
			}
		}
	}
}

// In a 1920 px window every page of a project (and Global memory) keeps
// its buttons within readableWidth of its left edge, as the Overview and
// Permissions do: Add… used to sit 1,400 px from the text it belongs to.
func TestWideWindowKeepsEveryPageTogether(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.win.Resize(fyne.NewSize(1920, 1080))
	dir := mkdir(t, "alpha")
	f.svc.Setup(dir)
	f.m.list.reload(nil)
	f.m.list.selectPath(dir)
	if f.m.view == nil {
		t.Fatal("the project was not shown")
	}
	d := fyne.CurrentApp().Driver()
	right := func(o fyne.CanvasObject) float32 {
		return d.AbsolutePositionForObject(o).X + o.Size().Width - d.AbsolutePositionForObject(f.m.detail).X
	}
	limit := float32(readableWidth) + 2*theme.Padding()
	f.m.view.tabs.SelectIndex(1)
	if r := right(f.m.view.skills.add); r > limit {
		t.Errorf("Skills: Add… ends %v px from the page's left edge, want at most %v", r, limit)
	}
	f.m.view.tabs.SelectIndex(3)
	if r := right(f.m.view.memoryTab.browser.add); r > limit {
		t.Errorf("Memory: Add… ends %v px from the page's left edge, want at most %v", r, limit)
	}
	f.m.list.list.Select(0)
	if r := right(f.m.global.browser.add); r > limit {
		t.Errorf("Global memory: Add… ends %v px from the page's left edge, want at most %v", r, limit)
	}
}
