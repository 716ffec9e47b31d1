// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"testing"

	"memo.dev/projects/domain/memory"
)

// Showing a project reads only what its Overview shows; the other tabs load
// when first shown, and again after the project is shown anew.
func TestTabsLoadWhenFirstShown(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "proj")
	res, err := f.svc.Setup(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.m.OpenFolder(res.Root)
	v := f.m.view
	if v == nil || !v.loaded {
		t.Fatal("the project is not shown")
	}
	t.Cleanup(v.perms.close)
	if v.perms.loaded {
		t.Error("the Permissions tab loaded while the Overview is shown")
	}
	if v.memoryTab.browser != nil && len(v.memoryTab.browser.shown) != 0 {
		t.Error("the Memory tab listed memories while the Overview is shown")
	}
	for i, h := range v.holders {
		if len(h.Objects) != 0 {
			t.Errorf("tab %d joined the window before it was shown", i+1)
		}
	}
	v.tabs.SelectIndex(tabPermissions)
	if h := v.holders[tabPermissions-1]; len(h.Objects) != 1 || h.Objects[0] != v.perms.content() {
		t.Error("the Permissions tab's content is not in the window once shown")
	}
	if !v.perms.loaded {
		t.Fatal("the Permissions tab did not load when shown")
	}
	if !v.stale[tabSkills-1] || !v.stale[tabMemory-1] {
		t.Error("showing one tab loaded the others")
	}
}

// Global memory reads memory.db and the registry only when it is selected:
// behind a reselected project it read every pool's count and the whole
// registry a second time at start-up.
func TestGlobalMemoryLoadsWhenSelected(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed("", "global", 3)
	f.m.memories, f.m.memState = memory.NewService(f.store), f.store.State()
	f.m.OpenFolder(f.dir)
	if f.m.view == nil {
		t.Fatal("the project is not shown")
	}
	t.Cleanup(f.m.closeView)
	f.m.refreshMemory() // memory.db opened while the project is shown
	if f.m.global != nil {
		t.Fatal("Global memory was built while a project is shown")
	}

	f.m.list.list.Select(0)
	if f.m.global == nil || f.m.view != nil {
		t.Fatal("selecting Global memory did not show it")
	}
	if got := contents(f.m.global.browser); len(got) != 3 {
		t.Errorf("Global memory lists %v, want the global pool's 3", got)
	}

	// Hidden again, it is not read; shown again, it is read afresh.
	f.m.list.selectPath(f.dir)
	f.seed("", "later", 1)
	f.m.refreshMemory()
	if got := contents(f.m.global.browser); len(got) != 3 {
		t.Errorf("hidden Global memory was read again: %v", got)
	}
	f.m.list.list.Select(0)
	if got := contents(f.m.global.browser); len(got) != 4 {
		t.Errorf("Global memory shown again lists %v, want 4", got)
	}
}
