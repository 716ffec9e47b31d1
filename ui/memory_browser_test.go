// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/memory/memorytest"
	"memo.dev/projects/domain/project"
)

// memFixture is the window with a project set up and the memory service over
// an in-memory store the test seeds.
type memFixture struct {
	*fixture
	store   *memorytest.Store
	project string // the project's id
	dir     string
}

var day = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func newMemFixture(t *testing.T, state memory.State) *memFixture {
	t.Helper()
	f := &memFixture{fixture: newFixture(t, state)}
	f.store = memorytest.NewStore(state, func() time.Time { return day })
	f.dir = t.TempDir()
	res, err := f.svc.Setup(f.dir)
	if err != nil {
		t.Fatal(err)
	}
	f.project = res.ID
	return f
}

// seed adds n memories to pool, oldest first, named "<prefix> i".
func (f *memFixture) seed(pool, prefix string, n int) {
	for i := 1; i <= n; i++ {
		f.store.Seed(memory.Memory{Content: fmt.Sprintf("%s %d", prefix, i), Kind: memory.KindNote, ProjectID: pool, CreatedAt: day})
	}
}

// openTab shows the project's Memory tab with the store's memories.
func (f *memFixture) openTab() *poolBrowser {
	f.t.Helper()
	f.m.memories, f.m.memState = memory.NewService(f.store), f.store.State()
	f.m.list.reload(nil)
	f.m.list.selectPath(f.dir)
	if f.m.view == nil {
		f.t.Fatal("the project is not shown")
	}
	f.m.refreshMemory()
	f.m.view.tabs.SelectIndex(3)
	return f.m.view.memoryTab.browser
}

// openGlobal shows the Global memory entry with the store's memories.
func (f *memFixture) openGlobal() *poolBrowser {
	f.m.memories, f.m.memState = memory.NewService(f.store), f.store.State()
	f.m.list.reload(nil)
	f.m.list.list.Select(0)
	return f.m.global.browser
}

func contents(b *poolBrowser) []string {
	var out []string
	for _, m := range b.shown {
		out = append(out, m.Content)
	}
	return out
}

// rowButton is the button text of the row showing memory content.
func rowButton(t *testing.T, b *poolBrowser, content, text string) *widget.Button {
	t.Helper()
	for i, m := range b.shown {
		if m.Content != content {
			continue
		}
		for _, o := range test.LaidOutObjects(b.rows.Objects[i]) {
			if btn, ok := o.(*focusButton); ok && btn.Text == text {
				return &btn.Button
			}
		}
	}
	t.Fatalf("no %q button on the row of %q (rows %v)", text, content, contents(b))
	return nil
}

// dialogEntry is the text box of the dialog on top of the window.
func (f *memFixture) dialogEntry() *cancelableEntry {
	f.t.Helper()
	for _, o := range f.objects(f.m.win) {
		if e, ok := o.(*cancelableEntry); ok && e.MultiLine {
			return e
		}
	}
	f.t.Fatal("no text box in the dialog")
	return nil
}

func TestMemoryTabListsOnlyItsPoolPaged(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed("", "global", 2)
	f.seed("p_other", "other", 2)
	f.seed(f.project, "mine", 120)
	b := f.openTab()
	if !f.says(f.m.win, "Chats in this project use only this project's own pool.") {
		t.Error("the Memory tab does not say that its chats use only this pool")
	}
	got := contents(b)
	if len(got) != browserPage || got[0] != "mine 120" || got[browserPage-1] != fmt.Sprintf("mine %d", 120-browserPage+1) {
		t.Fatalf("first page = %d memories from %q, want the newest %d of this pool", len(got), got[0], browserPage)
	}
	if !f.says(f.m.win, fmt.Sprintf("Showing %d of 120", browserPage)) {
		t.Errorf("summary says %q", b.summary.Text)
	}
	for _, want := range []int{100, 120} {
		f.tap(f.m.win, "Show more")
		if got := contents(b); len(got) != want || got[len(got)-1] != fmt.Sprintf("mine %d", 120-want+1) {
			t.Fatalf("after Show more: %d memories ending %q, want %d", len(got), got[len(got)-1], want)
		}
	}
	if f.button(f.m.win, "Show more") != nil {
		t.Error("Show more still offered with every memory shown")
	}
	for _, c := range contents(b) {
		if !strings.HasPrefix(c, "mine ") {
			t.Errorf("the project's Memory tab lists %q from another pool", c)
		}
	}
}

func TestMemoryTabRowShowsKindAndDateAsStored(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.store.Seed(memory.Memory{Content: "legacy", Kind: "fact-v0", ProjectID: f.project}) // an older Memo's row: no date
	f.store.Seed(memory.Memory{Content: "turn", Kind: memory.KindCodingTurn, ProjectID: f.project, CreatedAt: day})
	f.openTab()
	for _, want := range []string{"fact-v0 · date unknown", "coding turn · " + day.Local().Format("2006-01-02 15:04")} {
		if !f.says(f.m.win, want) {
			t.Errorf("no row says %q", want)
		}
	}
}

func TestMemoryFilter(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed(f.project, "apple", 3)
	f.seed(f.project, "pear", 2)
	b := f.openTab()
	test.Type(b.filter, "PEAR")
	if got := contents(b); len(got) != 2 || got[0] != "pear 2" || b.total != 2 {
		t.Errorf("filter PEAR lists %v (total %d), want the 2 pears", got, b.total)
	}
	if got := b.summary.Text; got != "Showing 2 of 5" {
		t.Errorf("filter PEAR says %q, want Showing 2 of 5 (2 of the pool's 5 contain it)", got)
	}
	b.filter.SetText("plum")
	if len(b.shown) != 0 || !f.says(f.m.win, "No memory in this pool contains that text.") {
		t.Errorf("filter with no match lists %v, says %q", contents(b), b.summary.Text)
	}
	b.filter.SetText("")
	if len(b.shown) != 5 {
		t.Errorf("clearing the filter lists %d, want 5", len(b.shown))
	}
}

func TestMemoryAddEditDelete(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed("", "global", 1)
	b := f.openTab()
	if !f.says(f.m.win, "This pool is empty.") {
		t.Errorf("empty pool says %q", b.summary.Text)
	}

	// Add: into this project's pool, never the global one.
	f.tap(f.m.win, "Add…")
	f.dialogEntry().SetText("uses go 1.26")
	f.tap(f.m.win, "Add")
	page, _ := memory.NewService(f.store).Pool(memory.Chat{Kind: memory.ProjectChat, ProjectID: f.project}, memory.Query{})
	if len(page.Memories) != 1 || page.Memories[0].Content != "uses go 1.26" || page.Memories[0].Kind != memory.KindNote {
		t.Fatalf("after Add the project's pool holds %+v", page.Memories)
	}
	if got := contents(b); len(got) != 1 || got[0] != "uses go 1.26" {
		t.Errorf("after Add the tab lists %v", got)
	}

	// Edit: the dialog starts with the text; Cancel changes nothing.
	test.Tap(rowButton(t, b, "uses go 1.26", "Edit…"))
	if e := f.dialogEntry(); e.Text != "uses go 1.26" {
		t.Errorf("Edit dialog starts with %q", e.Text)
	}
	f.dialogEntry().SetText("uses go 1.27")
	f.tap(f.m.win, "Cancel")
	f.tap(f.m.win, "Discard") // Cancel with edits asks first
	if got := contents(b); got[0] != "uses go 1.26" {
		t.Errorf("Cancel changed the memory to %q", got[0])
	}
	test.Tap(rowButton(t, b, "uses go 1.26", "Edit…"))
	f.dialogEntry().SetText("uses go 1.27")
	f.tap(f.m.win, "Save")
	if got := contents(b); len(got) != 1 || got[0] != "uses go 1.27" {
		t.Errorf("after Edit the tab lists %v", got)
	}

	// Delete asks first.
	test.Tap(rowButton(t, b, "uses go 1.27", "Delete…"))
	if !f.says(f.m.win, "Delete this memory?") {
		t.Fatal("Delete did not ask")
	}
	f.tap(f.m.win, "Cancel")
	if len(b.shown) != 1 {
		t.Fatal("Cancel deleted the memory")
	}
	test.Tap(rowButton(t, b, "uses go 1.27", "Delete…"))
	f.tap(f.m.win, "Delete")
	if len(b.shown) != 0 || !f.says(f.m.win, "This pool is empty.") {
		t.Errorf("after Delete the tab lists %v", contents(b))
	}
	if g, _ := memory.NewService(f.store).Pool(memory.Chat{Kind: memory.NormalChat}, memory.Query{}); g.Total != 1 {
		t.Errorf("the global pool holds %d memories after the project's add/edit/delete, want its 1", g.Total)
	}
}

func TestMemorySaveFailureIsShown(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed(f.project, "kept", 1)
	b := f.openTab()
	test.Tap(rowButton(t, b, "kept 1", "Edit…"))
	f.dialogEntry().SetText("changed")
	if err := f.store.Remove(f.project, b.shown[0].ID); err != nil { // gone behind the dialog
		t.Fatal(err)
	}
	f.tap(f.m.win, "Save")
	if len(f.shown) == 0 || !strings.HasPrefix(f.shown[len(f.shown)-1], "Could not save the memory: ") {
		t.Errorf("a failed save showed %q", f.shown)
	}
}

// A blank memory is not offered to be saved: Add/Save wait for some text
// (they used to answer with the store's English error), and Enter with
// nothing focused does not press them either.
func TestMemoryEditorWaitsForText(t *testing.T) {
	// A long text without long lines is unwrapped; a line too long to draw
	// unwrapped (it would show blank) keeps the text wrapped.
	for _, tt := range []struct {
		name string
		text string
		want fyne.TextWrap
	}{
		{"short", "a note", fyne.TextWrapWord},
		{"long, short lines", strings.Repeat("a log line\n", 500), fyne.TextWrapOff},
		{"long, one long line", strings.Repeat("a log line\n", 500) + strings.Repeat("word ", 300), fyne.TextWrapWord},
	} {
		if got := memoryWrap(tt.text); got != tt.want {
			t.Errorf("memoryWrap(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}

	for _, opener := range []string{"Add…", "Edit…"} {
		f := newMemFixture(t, memoryOn)
		f.seed(f.project, "kept", 1)
		b := f.openTab()
		if opener == "Add…" {
			f.tap(f.m.win, "Add…")
		} else {
			test.Tap(rowButton(t, b, "kept 1", "Edit…"))
		}
		save := map[string]string{"Add…": "Add", "Edit…": "Save"}[opener]
		e := f.dialogEntry()
		for _, text := range []string{"", "   ", "\n\t"} {
			e.SetText(text)
			if btn := f.button(f.m.win, save); btn == nil || !btn.Disabled() {
				t.Errorf("%s: %s is offered for the text %q", opener, save, text)
			}
		}
		f.m.win.Canvas().Unfocus()
		press(f.m.win, fyne.KeyReturn)
		if len(f.shown) > 0 && strings.HasPrefix(f.shown[len(f.shown)-1], "Could not") {
			t.Errorf("%s: Enter on blank text showed %q", opener, f.shown[len(f.shown)-1])
		}
		// Pasted, as a person would (a log: lines of 80): the editor stops
		// wrapping before the text is laid out (wrapped, 64 KiB took minutes).
		e.SetText("")
		clip := fyne.CurrentApp().Clipboard()
		clip.SetContent(strings.Repeat(strings.Repeat("x", 79)+"\n", memory.MaxContent/80+1))
		e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
		if e.Wrapping != fyne.TextWrapOff {
			t.Errorf("%s: a pasted 64 KiB text is wrapped (%v)", opener, e.Wrapping)
		}
		if btn := f.button(f.m.win, save); btn == nil || !btn.Disabled() || !f.says(f.m.win, "Too long: a memory holds at most 64 KiB of text.") {
			t.Errorf("%s: too long a text is offered to %s, or the dialog does not say why", opener, save)
		}
		e.SetText("new text")
		if btn := f.button(f.m.win, save); btn == nil || btn.Disabled() || f.says(f.m.win, "Too long") {
			t.Errorf("%s: %s is not offered once there is text (or still says too long)", opener, save)
		}
		if e.Wrapping != fyne.TextWrapWord {
			t.Errorf("%s: a short text is not wrapped again (%v)", opener, e.Wrapping)
		}
	}
}

func TestMemoryTabStates(t *testing.T) {
	tests := []struct {
		name    string
		state   memory.State
		noID    bool
		says    []string
		canList bool
	}{
		{"project memory on", memoryOn, false, []string{"This pool is empty."}, true},
		{"backup failed", memory.State{Ready: true, Reason: "the backup of memory.db could not be written: no space left on device."},
			false, []string{"Project memory is off: the backup of memory.db could not be written", "To fix it, free some disk space"}, false},
		{"memory.db unreadable", memory.State{Reason: "memory.db is not a SQLite database"}, false, []string{"could not be opened"}, false},
		{"no identity", memoryOn, true, []string{"no project id yet, so it has no memory"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newMemFixture(t, tt.state)
			f.seed("", "global", 3)
			if tt.noID {
				// A copy of the project, not opened yet: its id is the original's.
				f.openTab()
				cp := filepath.Join(t.TempDir(), "copy")
				os.MkdirAll(filepath.Join(cp, ".memo"), 0o755)
				b, _ := os.ReadFile(filepath.Join(f.dir, ".memo", "project.json"))
				os.WriteFile(filepath.Join(cp, ".memo", "project.json"), b, 0o644)
				f.m.onSelectProject(project.Record{Path: cp})
				f.m.view.tabs.SelectIndex(3)
			} else {
				f.openTab()
			}
			b := f.m.view.memoryTab.browser
			for _, s := range tt.says {
				if !f.says(f.m.win, s) {
					t.Errorf("the Memory tab does not say %q", s)
				}
			}
			if b.add.Disabled() == tt.canList || b.filter.Disabled() == tt.canList {
				t.Errorf("Add/filter enabled = %v, want %v", !b.add.Disabled(), tt.canList)
			}
			if len(b.shown) != 0 {
				t.Errorf("the tab lists %v, want nothing (never the global pool)", contents(b))
			}
		})
	}
}

func TestGlobalMemoryView(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed("", "global", 3)
	f.seed(f.project, "mine", 5)
	f.seed("p_gone", "gone", 2)
	b := f.openGlobal()
	if got := contents(b); len(got) != 3 || got[0] != "global 3" {
		t.Errorf("Global memory lists %v, want only the global pool's 3", got)
	}
	name := f.m.list.all[0].Path
	lines := map[string]string{}
	for _, row := range f.m.global.pools.Objects {
		var texts []string
		for _, o := range test.LaidOutObjects(row) {
			if l, ok := o.(*widget.Label); ok {
				texts = append(texts, l.Text)
			}
		}
		if len(texts) == 2 {
			lines[texts[0]] = texts[1]
		}
	}
	if lines[filepath.Base(name)] != "5" || lines["p_gone (not in the projects list)"] != "2" || len(lines) != 2 {
		t.Errorf("project pools summary = %v, want %s: 5 and p_gone: 2", lines, filepath.Base(name))
	}
	f.tap(f.m.win, "Add…")
	f.dialogEntry().SetText("I like tea")
	f.tap(f.m.win, "Add")
	if got := contents(b); got[0] != "I like tea" || b.total != 4 {
		t.Errorf("after Add Global memory lists %v", got)
	}
	if p, _ := memory.NewService(f.store).Pool(memory.Chat{Kind: memory.ProjectChat, ProjectID: f.project}, memory.Query{}); p.Total != 5 {
		t.Errorf("adding to Global memory changed the project's pool to %d", p.Total)
	}
}

// TestGlobalMemoryWithProjectMemoryOff: a failed backup leaves normal chats
// (and so Global memory) working.
func TestGlobalMemoryWithProjectMemoryOff(t *testing.T) {
	f := newMemFixture(t, memory.State{Ready: true, Reason: "the backup could not be written."})
	f.seed("", "global", 2)
	b := f.openGlobal()
	if len(b.shown) != 2 || b.add.Disabled() {
		t.Errorf("Global memory with project memory off lists %v, Add disabled %v", contents(b), b.add.Disabled())
	}
	if !f.says(f.m.win, "Project memory is off") {
		t.Error("the project pools summary does not say project memory is off")
	}
}

func TestOverviewPolicyTable(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.openTab()
	f.m.view.tabs.SelectIndex(0)
	rows := policyRows(memory.For(memory.Chat{Kind: memory.ProjectChat, ProjectID: f.project}), memory.For(memory.Chat{Kind: memory.NormalChat}))
	if len(rows) == 0 || !rows[0].project {
		t.Fatalf("the pool row says the project's chats do not use its pool: %+v", rows)
	}
	for _, r := range rows[1:] {
		if r.project {
			t.Errorf("the table says project chats receive %q", r.what)
		}
		if !r.normal {
			t.Errorf("the table says normal chats do not receive %q", r.what)
		}
		if !f.says(f.m.win, r.what) {
			t.Errorf("the Overview does not show the row %q", r.what)
		}
	}
	if !f.says(f.m.win, "Code Mode changes nothing here") {
		t.Error("the Overview's policy note is missing")
	}
	f.m.view.overview.setPolicy("")
	if !f.says(f.m.win, "Memo cannot tell which project this is") {
		t.Error("a project without identity is not told it gets no memory")
	}
}

// Escape closes the memory editor while its text box has the focus (a
// focused Fyne entry used to keep Escape to itself), after asking about the
// text typed, and changes nothing.
func TestEscapeClosesTheMemoryEditor(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed(f.project, "kept", 1)
	b := f.openTab()
	for _, opener := range []string{"Add…", "Edit…"} {
		if opener == "Add…" {
			f.tap(f.m.win, "Add…")
		} else {
			test.Tap(rowButton(t, b, "kept 1", "Edit…"))
		}
		e := f.dialogEntry()
		e.SetText("typed")
		if f.m.win.Canvas().Focused() != e {
			t.Fatalf("%s: the text box does not have the focus", opener)
		}
		press(f.m.win, fyne.KeyEscape)
		// The text typed would be lost: Escape asks first.
		if !f.says(f.m.win, "What you changed in the editor is lost.") {
			t.Fatalf("%s: Escape with typed text did not ask before discarding it", opener)
		}
		f.tap(f.m.win, "Discard")
		if dialogOpen(f.m.win) {
			t.Errorf("%s: Escape in the text box left the editor open", opener)
		}
		if got := contents(b); len(got) != 1 || got[0] != "kept 1" {
			t.Errorf("%s: Escape changed the pool to %v", opener, got)
		}
	}
}

// TestOverviewCountFollowsTheMemoryTab: a memory added, edited or deleted in
// the Memory tab changes the Overview's count at once, with no reselecting.
func TestOverviewCountFollowsTheMemoryTab(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed(f.project, "kept", 2)
	f.seed("", "global", 4)
	b := f.openTab()
	count := func() string { return f.m.view.overview.memCount.Text }
	if got := count(); got != "2 memories, read and added to only by this project's chats." {
		t.Fatalf("the Overview says %q, want 2", got)
	}
	f.tap(f.m.win, "Add…")
	f.dialogEntry().SetText("uses go 1.26")
	f.tap(f.m.win, "Add")
	if got := count(); got != "3 memories, read and added to only by this project's chats." {
		t.Errorf("after Add the Overview says %q, want 3", got)
	}
	test.Tap(rowButton(t, b, "uses go 1.26", "Delete…"))
	f.tap(f.m.win, "Delete")
	test.Tap(rowButton(t, b, "kept 1", "Delete…"))
	f.tap(f.m.win, "Delete")
	// The test app has no plural forms loaded: "1 memories" there.
	if got := count(); !strings.HasPrefix(got, "1 memor") {
		t.Errorf("after two deletes the Overview says %q, want 1", got)
	}
}

// TestMemoryFilterClearButton: the filter has a clear button while it holds
// text (in the project's tab and the global pool's view); it empties the
// filter and lists every memory again.
func TestMemoryFilterClearButton(t *testing.T) {
	f := newMemFixture(t, memoryOn)
	f.seed(f.project, "apple", 3)
	f.seed(f.project, "pear", 2)
	f.seed("", "global", 4)
	for _, tt := range []struct {
		name string
		open func() *poolBrowser
		all  int
	}{{"project", f.openTab, 5}, {"global", f.openGlobal, 4}} {
		b := tt.open()
		if b.clear.Visible() {
			t.Errorf("%s: an empty filter shows a clear button", tt.name)
		}
		test.Type(b.filter, "pear")
		if !b.clear.Visible() || b.filter.ActionItem != b.clear {
			t.Fatalf("%s: the filter has text but no clear button", tt.name)
		}
		test.Tap(b.clear)
		if b.filter.Text != "" || len(b.shown) != tt.all || b.clear.Visible() {
			t.Errorf("%s: clear left %q, %d listed (want all %d), button shown %v", tt.name, b.filter.Text, len(b.shown), tt.all, b.clear.Visible())
		}
	}
}
