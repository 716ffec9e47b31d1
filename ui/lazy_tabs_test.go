package ui

import "testing"

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
