// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

func TestSettingsFitsItsContent(t *testing.T) {
	f := newFixture(t, memory.State{Ready: true, ProjectMemory: true, Backup: "/data/backups/memory-pre-project-id-20261130T120000Z.db"})
	f.m.onSettings()
	sw := f.m.settings
	if c, min := sw.win.Canvas().Size(), sw.win.Content().MinSize(); c.Height < min.Height || c.Width < min.Width {
		t.Errorf("Settings is %v for content of %v: it would scroll or clip", c, min)
	}
	if !inWindow(sw.win, sw.openData) {
		t.Error("Settings' Open button is clipped")
	}
}

// Settings' paths (data folder, backups) start where the text of the labels
// in their column starts (the state of project memory below them): a path
// label draws no inset of its own.
func TestSettingsPathsLineUpWithTheirText(t *testing.T) {
	f := newFixture(t, memory.State{Ready: true, ProjectMemory: true, Backup: "/data/backups/memory-pre-project-id-20261130T120000Z.db"})
	f.m.onSettings()
	sw := f.m.settings
	d := fyne.CurrentApp().Driver()
	var textX float32 = -1
	paths := map[string]fyne.CanvasObject{"data folder": sw.dataLabel}
	for _, o := range f.objects(sw.win) {
		if p, ok := o.(*pathLabel); ok && p != sw.dataLabel && p != sw.apiToken {
			paths["backup "+p.full] = p
		}
		if l, ok := o.(*widget.Label); ok && l == sw.memory {
			textX = d.AbsolutePositionForObject(l).X + theme.InnerPadding()
		}
	}
	if textX < 0 {
		t.Fatal("Settings shows no state of project memory")
	}
	if len(paths) < 2 {
		t.Fatalf("Settings shows no backup path (%d paths)", len(paths))
	}
	for name, p := range paths {
		if x := d.AbsolutePositionForObject(p).X; x != textX {
			t.Errorf("the %s path starts at x=%v, the text around it at x=%v", name, x, textX)
		}
	}
}

// TestSettingsNamesTheNewestBackups: many backups do not push Settings
// past a small screen: the newest two are named, then how many more; one
// more than two is named rather than counted.
func TestSettingsNamesTheNewestBackups(t *testing.T) {
	for _, tc := range []struct {
		backups int
		paths   []string
		more    string
	}{
		{1, []string{"/b/0.db"}, ""},
		{3, []string{"/b/0.db", "/b/1.db", "/b/2.db"}, ""},
		{9, []string{"/b/0.db", "/b/1.db"}, "And 7 older copies in the folder."},
	} {
		f := newFixture(t, memoryOn)
		f.m.onSettings()
		sw := f.m.settings
		sw.backups = func() ([]string, error) {
			var out []string
			for i := range tc.backups {
				out = append(out, fmt.Sprintf("/b/%d.db", i))
			}
			return out, nil
		}
		sw.show()
		var paths []string
		more := ""
		for _, o := range f.objects(sw.win) {
			if p, ok := o.(*pathLabel); ok && strings.HasPrefix(p.full, "/b/") {
				paths = append(paths, p.full)
			}
			if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "And ") {
				more = l.Text
			}
		}
		if !slices.Equal(paths, tc.paths) || more != tc.more {
			t.Errorf("%d backups: Settings names %q and says %q, want %q and %q", tc.backups, paths, more, tc.paths, tc.more)
		}
		if c, min := sw.win.Canvas().Size(), sw.win.Content().MinSize(); c.Height < min.Height {
			t.Errorf("%d backups: Settings is %v for content of %v", tc.backups, c, min)
		}
	}
}
