// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestTabsOfAFolderNotSetUpSayWhatToDo: in a folder that is not set up, or
// declined, each tab after the Overview says so with the folder's actions
// (Set up…, and Ask again when declined), and offers nothing that cannot
// work (Add…, Edit…) and no error.
func TestTabsOfAFolderNotSetUpSayWhatToDo(t *testing.T) {
	for _, declined := range []bool{false, true} {
		f := newFixture(t, memoryOn)
		dir := mkdir(t, "fresh")
		f.m.OpenFolder(dir)
		f.tap(f.m.win, "Not now")
		if declined {
			f.m.flows.decline(dir, true)
		}
		title := "Memo is not set up in this folder"
		if declined {
			title = "You chose not to set up Memo in this folder"
		}
		for _, tab := range []int{tabSkills, tabPermissions, tabMemory} {
			f.m.view.tabs.SelectIndex(tab)
			if !pageSays(f.m.view.holders[tab-1], title) {
				t.Errorf("declined %v, tab %d: no %q", declined, tab, title)
			}
			page := f.m.view.holders[tab-1]
			buttons := map[string]bool{}
			for _, o := range f.objects(f.m.win) {
				if b, ok := o.(*focusButton); ok && b.Visible() && pathTo(page, b) != nil {
					buttons[b.Text] = true
				}
			}
			if !buttons["Set up…"] || buttons["Ask again"] != declined {
				t.Errorf("declined %v, tab %d: actions %v, want Set up… (and Ask again when declined)", declined, tab, buttons)
			}
			for _, no := range []string{"Add…", "Edit…", "Write a permissions file…"} {
				if f.button(f.m.win, no) != nil {
					t.Errorf("declined %v, tab %d offers %s", declined, tab, no)
				}
			}
		}
		// Set up from a tab: the tab then shows its real page.
		f.m.view.tabs.SelectIndex(tabMemory)
		if !declined {
			continue
		}
		f.m.view.onDecline() // Ask again
		if st, _ := f.svc.Status(dir); st.Declined {
			t.Fatal("Ask again did not take the answer back")
		}
		page := f.m.view.holders[tabMemory-1]
		if pageSays(page, "You chose not to set up Memo in this folder") || !pageSays(page, "Memo is not set up in this folder") {
			t.Error("after Ask again the Memory tab still says the folder was declined")
		}
	}
}

// pageSays reports whether a label under page contains text.
func pageSays(page fyne.CanvasObject, text string) bool {
	for _, o := range test.LaidOutObjects(page) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, text) {
			return true
		}
	}
	return false
}
