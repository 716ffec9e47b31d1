// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// TestStatusLineIsLaidOutUnderTheWindow: the status line shown at start-up
// ("Opening the memory database…", while memory.db opens) and every later
// one (a backup notice, a problem, none) sit at the bottom of the window,
// under the projects and above nothing, never where a hidden line was left
// (at the top, over the toolbar), and the columns make room for it.
func TestStatusLineIsLaidOutUnderTheWindow(t *testing.T) {
	f := newFixture(t, memoryOn)
	q := &queued{}
	m := newMainWindow(f.m.app, f.m.deps, q.runner())
	m.win.Resize(fyne.NewSize(800, 528))
	m.Show()
	t.Cleanup(m.win.Close)
	content := m.win.Content()
	// bottom is where the columns (the split beside the status line) end.
	var split *container.Split
	for _, o := range content.(*fyne.Container).Objects {
		if s, ok := o.(*container.Split); ok {
			split = s
		}
	}
	if split == nil {
		t.Fatal("the window has no columns")
	}
	bottom := func() float32 { return split.Position().Y + split.Size().Height }
	below := func(when, text string) {
		t.Helper()
		if m.statusText.Text != text || !m.statusBar.Visible() {
			t.Fatalf("%s: the status line says %q (shown %v), want %q", when, m.statusText.Text, m.statusBar.Visible(), text)
		}
		top, size := m.statusBar.Position(), m.statusBar.Size()
		if size.Height < m.statusBar.MinSize().Height || size.Width != content.Size().Width || top.Y+size.Height != content.Size().Height {
			t.Errorf("%s: the status line is at %v, %v in a window of %v; want it across the bottom", when, top, size, content.Size())
		}
		if split := bottom(); split > top.Y {
			t.Errorf("%s: the projects reach %v, under the status line at %v", when, split, top.Y)
		}
	}
	below("at start-up", lang.L("Opening the memory database…"))
	m.setStatus("", widget.MediumImportance, false)
	if m.statusBar.Visible() {
		t.Error("an empty status line is shown")
	}
	m.setStatus("memory.db was upgraded", widget.SuccessImportance, false)
	below("a later notice", "memory.db was upgraded")

	// The upgrade notice, with its buttons (Show backup, Dismiss) laid out.
	m.memState = memoryOn
	m.memState.Backup = "/h/.memo/data/backups/memory-1.db"
	m.refreshMemory()
	below("the upgrade notice", upgradeNotice(m.memState))
	if size := m.statusActions.Size(); !m.statusActions.Visible() || size.Width < m.statusActions.MinSize().Width || size.Height <= 0 {
		t.Errorf("the upgrade notice's buttons are laid out at %v (shown %v); want at least %v", size, m.statusActions.Visible(), m.statusActions.MinSize())
	}
	m.setStatus("", widget.MediumImportance, false)
	if m.statusBar.Visible() || m.statusActions.Visible() {
		t.Error("Dismiss leaves the status line or its buttons shown")
	}
	if got, want := bottom(), content.Size().Height; got != want {
		t.Errorf("once the line is gone the projects reach %v, want the bottom (%v)", got, want)
	}
}
