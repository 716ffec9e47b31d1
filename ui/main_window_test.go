// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/memory/memorytest"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/permissions/permissionstest"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
)

// fakeMemories is the memory service over an in-memory store in state st,
// holding n[pool] memories in each pool ("" is the global pool).
func fakeMemories(st memory.State, n map[string]int) *memory.Service {
	store := memorytest.NewStore(st, time.Now)
	for pool, count := range n {
		for i := range count {
			store.Seed(memory.Memory{Content: fmt.Sprintf("memory %d of pool %q", i+1, pool), Kind: memory.KindNote, ProjectID: pool, CreatedAt: time.Now()})
		}
	}
	return memory.NewService(store)
}

type fixture struct {
	t      *testing.T
	m      *MainWindow
	svc    *project.Service
	perms  *permissions.Service
	reg    *projecttest.Registry
	opened []string // paths given to OpenPath
	shown  []string // "title: text" of each message dialog shown
	closed bool     // the test closed the window itself
}

func newFixture(t *testing.T, mem memory.State) *fixture {
	t.Helper()
	a := test.NewTempApp(t)
	home := t.TempDir()
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	reg := projecttest.NewRegistry()
	f := &fixture{t: t, reg: reg, svc: project.NewService(rules, reg, projecttest.NewSettings(), time.Now)}
	f.perms = permissions.NewService(f.svc, reg, permissionstest.NewPins(), home, time.Now)
	t.Cleanup(func() { f.perms.Close() })
	deps := Deps{
		Projects:    f.svc,
		Permissions: f.perms,
		OpenMemory:  func() (Memories, memory.State) { return fakeMemories(mem, map[string]int{"": 3}), mem },
		DataDir:     filepath.Join(home, ".memo", "data"),
		Backups: func() ([]string, error) {
			return []string{"/data/backups/memory-pre-project-id-20261130T120000Z.db"}, nil
		},
		OpenPath: func(p string) error { f.opened = append(f.opened, p); return nil },
		Shown:    func(title, text string) { f.shown = append(f.shown, title+": "+text) },
	}
	f.m = newMainWindow(a, deps, inline())
	f.m.win.Resize(fyne.NewSize(1000, 700))
	f.m.Show()
	t.Cleanup(func() {
		if !f.closed { // the test driver panics on a second Close
			f.m.win.Close()
		}
	})
	return f
}

var memoryOn = memory.State{Ready: true, ProjectMemory: true}

// objects lists what a person can reach in the window: the top dialog when one
// is open (it is modal), else the content.
func (f *fixture) objects(w fyne.Window) []fyne.CanvasObject {
	if top := w.Canvas().Overlays().Top(); top != nil && top.Visible() {
		return test.LaidOutObjects(top)
	}
	return test.LaidOutObjects(w.Content())
}

func (f *fixture) button(w fyne.Window, text string) *widget.Button {
	f.t.Helper()
	for _, o := range f.objects(w) {
		b, ok := o.(*widget.Button)
		switch w := o.(type) {
		case *dialogButton:
			b, ok = &w.Button, true
		case *focusButton:
			b, ok = &w.Button, true
		}
		if ok && b.Text == text && b.Visible() {
			return b
		}
	}
	return nil
}

func (f *fixture) tap(w fyne.Window, text string) {
	f.t.Helper()
	b := f.button(w, text)
	if b == nil {
		f.t.Fatalf("no visible button %q in %q", text, w.Title())
	}
	test.Tap(b)
}

// says reports whether a visible label or text in w contains s.
func (f *fixture) says(w fyne.Window, s string) bool {
	for _, o := range f.objects(w) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && strings.Contains(l.Text, s) {
			return true
		}
		if l, ok := o.(*pathLabel); ok && l.Visible() && strings.Contains(l.full, s) {
			return true
		}
	}
	return false
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestSetupDialogAnswers(t *testing.T) {
	tests := []struct {
		button       string
		wantSetUp    bool
		wantDeclined bool
	}{
		{"Set up", true, false},
		{"Not now", false, false},
		{"Never for this folder", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.button, func(t *testing.T) {
			f := newFixture(t, memoryOn)
			dir := t.TempDir()
			f.m.OpenFolder(dir)
			if f.button(f.m.win, "Set up") == nil || !f.says(f.m.win, ".memo/project.json") {
				t.Fatal("opening a fresh folder did not ask the setup question with the files to create")
			}
			f.tap(f.m.win, tt.button)

			rec, ok, _ := f.reg.ByPath(dir)
			if !ok {
				t.Fatalf("%s: the opened folder is not registered", tt.button)
			}
			if rec.Declined != tt.wantDeclined {
				t.Errorf("%s: declined = %v, want %v", tt.button, rec.Declined, tt.wantDeclined)
			}
			st, _ := f.svc.Status(dir)
			if st.SetUp != tt.wantSetUp {
				t.Errorf("%s: set_up = %v, want %v", tt.button, st.SetUp, tt.wantSetUp)
			}
			if tt.wantSetUp {
				for _, item := range project.Items {
					if _, err := os.Stat(filepath.Join(dir, item)); err != nil {
						t.Errorf("%s: %s missing: %v", tt.button, item, err)
					}
				}
				pf, _ := os.ReadFile(filepath.Join(dir, ".memo", "project.json"))
				if !strings.Contains(string(pf), rec.ID) {
					t.Errorf("%s: project.json does not carry the registered id %s", tt.button, rec.ID)
				}
			} else if names := entries(t, dir); len(names) != 0 {
				t.Errorf("%s wrote into the folder: %v", tt.button, names)
			}
			if f.button(f.m.win, "Not now") != nil {
				t.Errorf("%s: the dialog is still open", tt.button)
			}
			// Only "Not now" asks again next time.
			f.m.OpenFolder(dir)
			asked := f.button(f.m.win, "Not now") != nil
			if want := tt.button == "Not now"; asked != want {
				t.Errorf("after %s, opening again asked = %v, want %v", tt.button, asked, want)
			}
		})
	}
}

func TestSetupDialogSaysWhatIsLeftAlone(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(dir, "handoff.md"), []byte("log"), 0o644)
	f.m.OpenFolder(dir)
	if !f.says(f.m.win, "not created, your CLAUDE.md is used") || !f.says(f.m.win, "already there, kept as it is") {
		t.Error("the setup dialog does not say what it leaves alone and why")
	}
	f.tap(f.m.win, "Set up")
	if _, err := os.Stat(filepath.Join(dir, "AGENTS.md")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("AGENTS.md created beside CLAUDE.md")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "handoff.md")); string(b) != "log" {
		t.Errorf("handoff.md overwritten: %q", b)
	}
}

func TestRefusedFolderShowsReasonAndNoSetup(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".memo", "data"), 0o755)
	f.m.OpenFolder(dir)
	if len(f.shown) != 1 || !strings.HasPrefix(f.shown[0], "Memo can't use this folder: ") || !strings.Contains(f.shown[0], dir) {
		t.Fatalf("opening a refused folder showed %q, want one refusal naming the folder", f.shown)
	}
	st, _ := f.svc.Status(dir)
	if !f.says(f.m.win, st.Reason) || !f.says(f.m.win, dir) || !f.says(f.m.win, usableHint(st.ReasonCode)) {
		t.Errorf("the refusal does not show the guard's reason %q, what would make the folder usable and the folder", st.Reason)
	}
	if f.button(f.m.win, "Set up") != nil || f.button(f.m.win, "Set up…") != nil {
		t.Error("a refused folder offers Set up")
	}
	if _, ok, _ := f.reg.ByPath(dir); ok {
		t.Error("a refused folder was registered")
	}
	if names := entries(t, filepath.Join(dir, ".memo")); len(names) != 1 {
		t.Errorf("the refused .memo changed: %v", names)
	}
}

func TestProjectListStatesAndFilter(t *testing.T) {
	f := newFixture(t, memoryOn)
	base := t.TempDir()
	mk := func(name string) string {
		p := filepath.Join(base, name)
		os.MkdirAll(p, 0o755)
		return p
	}
	setUp, fresh, never, refused, gone := mk("alpha"), mk("beta"), mk("gamma"), mk("delta"), mk("epsilon")
	f.svc.Setup(setUp)
	f.svc.Register(fresh)
	f.svc.Decline(never, true)
	f.svc.Register(refused)
	f.svc.Register(gone)
	os.MkdirAll(filepath.Join(refused, ".memo", "foreign"), 0o755)
	os.Remove(gone)

	f.m.list.reload(nil)
	if n := f.m.list.length(); n != 6 {
		t.Fatalf("list length %d, want 5 projects + Global memory", n)
	}
	want := map[string]project.Badge{setUp: project.BadgeSetUp, fresh: project.BadgeNotSetUp, never: project.BadgeNever, refused: project.BadgeNotAllowed, gone: project.BadgeMissing}
	for i := 1; i < f.m.list.length(); i++ {
		row := newProjectRow()
		f.m.list.update(i, row) // computes the badge (inline in tests)
		f.m.list.update(i, row)
		path := f.m.list.shown[i-1].Path
		if got := row.badge.text.Text; got != badgeText(want[path]) {
			t.Errorf("row for %s shows badge %q, want %q", filepath.Base(path), got, badgeText(want[path]))
		}
		if row.name.Text != filepath.Base(path) {
			t.Errorf("row %d name %q, want %q", i, row.name.Text, filepath.Base(path))
		}
	}
	// Most recently opened first: epsilon was opened last.
	if first := f.m.list.shown[0].Path; first != gone {
		t.Errorf("first entry %s, want the last opened %s", first, gone)
	}
	test.Type(f.m.list.filter, "gam")
	if len(f.m.list.shown) != 1 || f.m.list.shown[0].Path != never {
		t.Errorf("filter 'gam' shows %v", f.m.list.shown)
	}
}

func TestOverviewStatesAndCompleteSetup(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	f.svc.Setup(dir)
	os.WriteFile(filepath.Join(dir, ".memo", "AGENTS.md"), []byte("my rules\n"), 0o644)
	os.Remove(filepath.Join(dir, ".memo", "notes.md"))
	f.m.list.reload(nil)
	f.m.list.list.Select(1)
	if f.m.view == nil || f.m.view.root != dir {
		t.Fatal("selecting the project did not show it")
	}
	if !f.says(f.m.win, "rules file edited by you") || !f.says(f.m.win, "missing") {
		t.Error("the Overview does not show the edited rules and the missing notes")
	}
	if !f.says(f.m.win, "0 memories, read and added to only by this project's chats.") {
		t.Error("the Overview does not show the project's memory count")
	}
	if !f.says(f.m.win, "This project's memory pool") {
		t.Error("the Overview does not show the context policy")
	}
	f.tap(f.m.win, "Complete setup")
	if _, err := os.Stat(filepath.Join(dir, ".memo", "notes.md")); err != nil {
		t.Errorf("Complete setup did not restore notes.md: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".memo", "AGENTS.md")); string(b) != "my rules\n" {
		t.Error("Complete setup overwrote the edited rules")
	}
	if f.button(f.m.win, "Complete setup") != nil {
		t.Error("Complete setup still offered with nothing missing")
	}
	f.tap(f.m.win, "Show in file manager")
	if len(f.opened) != 1 || f.opened[0] != dir {
		t.Errorf("Open folder opened %v, want %s", f.opened, dir)
	}
}

func TestHeaderNeverAndAskAgain(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	f.svc.Register(dir)
	f.m.list.reload(nil)
	f.m.list.list.Select(1)
	f.tap(f.m.win, "Never for this folder")
	if rec, _, _ := f.reg.ByPath(dir); !rec.Declined {
		t.Fatal("Never did not record the answer")
	}
	f.tap(f.m.win, "Ask again")
	if rec, _, _ := f.reg.ByPath(dir); rec.Declined {
		t.Fatal("Ask again did not undo Never")
	}
	f.tap(f.m.win, "Set up…")
	f.tap(f.m.win, "Set up")
	if st, _ := f.svc.Status(dir); !st.SetUp {
		t.Error("Set up… then Set up did not set the folder up")
	}
}

func TestForgetConfirmsAndKeepsTheFolder(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	f.svc.Setup(dir)
	f.m.list.reload(nil)
	f.m.list.list.Select(1)
	f.moreMenu(4) // Show in file manager, Copy path, Copy project ID, (separator), Forget…
	f.tap(f.m.win, "Cancel")
	if _, ok, _ := f.reg.ByPath(dir); !ok {
		t.Fatal("answering No forgot the project")
	}
	f.moreMenu(4)
	f.tap(f.m.win, "Forget")
	if _, ok, _ := f.reg.ByPath(dir); ok {
		t.Error("Forget left the record")
	}
	if _, err := os.Stat(filepath.Join(dir, ".memo", "project.json")); err != nil {
		t.Errorf("Forget touched the folder: %v", err)
	}
	if f.m.list.length() != 1 {
		t.Errorf("list length %d after Forget, want only Global memory", f.m.list.length())
	}
}

// moreMenu opens the header's ⋯ menu and chooses its nth item (separators
// are skipped).
func (f *fixture) moreMenu(n int) {
	f.t.Helper()
	if f.m.view == nil || !f.m.view.more.Visible() {
		f.t.Fatal("no ⋯ menu in the header")
	}
	test.Tap(f.m.view.more)
	menu := popUpMenu(f.m.win)
	if menu == nil {
		f.t.Fatal("the ⋯ button shows no menu")
	}
	for range n {
		menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	}
	menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

func TestDroppedFolderOpens(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	f.m.onDropped([]fyne.URI{storage.NewFileURI(file)})
	if f.button(f.m.win, "Set up") != nil || !f.says(f.m.win, "Drop a folder") {
		t.Error("dropping a file did not explain that a folder is needed")
	}
	f.m.win.Canvas().Overlays().Top().Hide()
	f.m.onDropped([]fyne.URI{storage.NewFileURI(dir)})
	if f.button(f.m.win, "Set up") == nil {
		t.Error("dropping a folder did not ask the setup question")
	}
	if _, ok, _ := f.reg.ByPath(dir); !ok {
		t.Error("dropping a folder did not register it")
	}
}

func TestMinimalModeDoesNotAsk(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.onSettings()
	sw := f.m.settings
	if sw.minimal.Checked {
		t.Fatal("Minimal Mode shown on in a fresh registry")
	}
	test.Tap(sw.minimal)
	if on, _ := f.svc.Minimal(); !on {
		t.Fatal("checking Minimal Mode did not store it")
	}
	dir := t.TempDir()
	f.m.OpenFolder(dir)
	if f.button(f.m.win, "Set up") != nil {
		t.Error("Minimal Mode still asks the setup question")
	}
	test.Tap(sw.minimal)
	if on, _ := f.svc.Minimal(); on {
		t.Error("unchecking Minimal Mode did not store it")
	}
	if !f.says(sw.win, "memory-pre-project-id-20261130T120000Z.db") {
		t.Error("Settings does not list the backups")
	}
	f.tap(sw.win, "Open")
	if len(f.opened) != 1 || !strings.HasSuffix(f.opened[0], filepath.Join(".memo", "data")) {
		t.Errorf("Open data folder opened %v", f.opened)
	}
}

func TestMemoryStateIsShownPlainly(t *testing.T) {
	tests := []struct {
		state memory.State
		says  string
	}{
		{memoryOn, "On: every project has its own memory pool."},
		{memory.State{Ready: true, Reason: "the backup could not be written: disk full."}, "Project memory is off: the backup could not be written: disk full.\nTo fix it"},
		{memory.State{Reason: "memory.db is not a SQLite database"}, "could not be opened"},
	}
	for _, tt := range tests {
		f := newFixture(t, tt.state)
		f.m.onSettings()
		if !f.says(f.m.settings.win, tt.says) {
			t.Errorf("memory state %+v: Settings does not say %q", tt.state, tt.says)
		}
	}
}

func TestLoadedRunsOnceAfterListAndMemory(t *testing.T) {
	a := test.NewTempApp(t)
	home := t.TempDir()
	svc := project.NewService(guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}, projecttest.NewRegistry(), projecttest.NewSettings(), time.Now)
	calls := 0
	m := newMainWindow(a, Deps{
		Projects:   svc,
		OpenMemory: func() (Memories, memory.State) { return fakeMemories(memoryOn, nil), memoryOn },
		Loaded:     func() { calls++ },
	}, inline())
	m.Show()
	if calls != 1 {
		t.Errorf("Loaded ran %d times after the first load, want 1", calls)
	}
	m.list.reload(nil)
	if calls != 1 {
		t.Errorf("Loaded ran again on a later reload (%d calls)", calls)
	}
}

// TestLoadedWaitsForTheReselectedProject: a returning user's start-up is over
// only when the last project's view has loaded too (its files, skills,
// permissions and memory count), so the garbage of all of it is returned.
func TestLoadedWaitsForTheReselectedProject(t *testing.T) {
	a := test.NewTempApp(t)
	home := t.TempDir()
	svc := project.NewService(guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}, projecttest.NewRegistry(), projecttest.NewSettings(), time.Now)
	dir := filepath.Join(home, "code", "app")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Setup(dir); err != nil {
		t.Fatal(err)
	}
	a.Preferences().SetString(prefLastProject, dir)
	// Jobs are held and run one at a time, as goroutines would finish.
	var held []func()
	r := runner{goroutine: func(f func()) { held = append(held, f) }, settle: &settle{}}
	var m *MainWindow
	calls, viewLoaded := 0, false
	m = newMainWindow(a, Deps{
		Projects:   svc,
		OpenMemory: func() (Memories, memory.State) { return fakeMemories(memoryOn, nil), memoryOn },
		Loaded: func() {
			calls++
			viewLoaded = m.view != nil && m.view.loaded
		},
	}, r)
	m.Show()
	for i := 0; len(held) > 0 && i < 1000; i++ {
		f := held[0]
		held = held[1:]
		f()
	}
	if calls != 1 || !viewLoaded {
		t.Errorf("Loaded ran %d times, with the reselected project loaded: %v; want once, after it loaded", calls, viewLoaded)
	}
}

func TestGlobalMemoryEntry(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.list.list.Select(0)
	if !f.says(f.m.win, "Showing 3 of 3") {
		t.Error("the Global memory entry does not list the global pool")
	}
}

func TestOpenFolderUsesThePickerThenFallsBack(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	var titles []string
	f.m.chooser.pick = func(r folderRequest) (string, error) { titles = append(titles, r.title); return dir, nil }
	f.tap(f.m.win, "Open Folder…")
	if len(titles) != 1 || f.button(f.m.win, "Set up") == nil {
		t.Fatalf("Open Folder… with a native dialog: asked %v, setup question shown = %v", titles, f.button(f.m.win, "Set up") != nil)
	}
	f.tap(f.m.win, "Not now")

	f.m.chooser.pick = func(folderRequest) (string, error) { return "", nil } // cancelled
	f.tap(f.m.win, "Open Folder…")
	if top := f.m.win.Canvas().Overlays().Top(); top != nil {
		t.Errorf("cancelling the native dialog left an overlay open: %T", top)
	}

	f.m.chooser.pick = func(folderRequest) (string, error) { return "", errNoNativeDialog }
	f.tap(f.m.win, "Open Folder…")
	if f.m.win.Canvas().Overlays().Top() == nil || f.button(f.m.win, "Open") == nil {
		t.Error("without a native dialog, Fyne's folder dialog did not open")
	}
}

func TestWindowSizeIsRemembered(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.win.Resize(fyne.NewSize(1111, 777))
	f.m.saveSize() // what the close intercept does before closing
	prefs := f.m.app.Preferences()
	if w, h := prefs.Float(prefWidth), prefs.Float(prefHeight); w != 1111 || h != 777 {
		t.Errorf("stored size %vx%v, want 1111x777", w, h)
	}
	again := newMainWindow(f.m.app, f.m.deps, inline())
	if size := again.win.Canvas().Size(); size.Width != 1111 || size.Height != 777 {
		t.Errorf("a new window opens at %v, want the remembered 1111x777", size)
	}
}

func TestMemoryStatusBar(t *testing.T) {
	tests := []struct {
		state memory.State
		says  string
	}{
		{memoryOn, ""},
		{memory.State{Ready: true, ProjectMemory: true, Backup: "/h/data/backups/memory-pre-project-id-20261130T120000Z.db"}, "The memory database was upgraded for project memory; a verified copy of the old one is in /h/data/backups/memory-pre-project-id-20261130T120000Z.db."},
		{memory.State{Ready: true, Reason: "the backup could not be written."}, "Project memory is off: the backup could not be written."},
	}
	for _, tt := range tests {
		f := newFixture(t, tt.state)
		if got := f.m.statusText.Text; got != tt.says || f.m.statusBar.Visible() != (tt.says != "") {
			t.Errorf("memory state %+v: status bar %q (visible %v), want %q", tt.state, got, f.m.statusBar.Visible(), tt.says)
		}
	}
}

func TestSetupDialogKeysWorkAfterTab(t *testing.T) {
	tests := []struct {
		tabs      int
		key       fyne.KeyName
		setUp     bool
		declined  bool
		stillOpen bool
	}{
		{0, fyne.KeyReturn, true, false, false},  // no focus: Return is Set up
		{0, fyne.KeyEscape, false, false, false}, // no focus: Escape is Not now
		{1, fyne.KeyReturn, false, true, false},  // Tab focuses Never; Return presses it
		{1, fyne.KeyEscape, false, false, false}, // Escape still cancels
		{3, fyne.KeyReturn, true, false, false},  // the third button is Set up
		{2, fyne.KeyA, false, false, true},       // other keys do nothing
	}
	for _, tt := range tests {
		f := newFixture(t, memoryOn)
		dir := t.TempDir()
		f.m.OpenFolder(dir)
		c := f.m.win.Canvas()
		for range tt.tabs {
			test.FocusNext(c)
		}
		ev := &fyne.KeyEvent{Name: tt.key}
		if focused := c.Focused(); focused != nil {
			focused.TypedKey(ev)
		} else {
			c.OnTypedKey()(ev)
		}
		st, _ := f.svc.Status(dir)
		open := f.button(f.m.win, "Not now") != nil
		if st.SetUp != tt.setUp || st.Declined != tt.declined || open != tt.stillOpen {
			t.Errorf("%d Tab(s) then %s: set_up %v declined %v dialog open %v, want %v %v %v",
				tt.tabs, tt.key, st.SetUp, st.Declined, open, tt.setUp, tt.declined, tt.stillOpen)
		}
	}
}

func TestFitEnd(t *testing.T) {
	measure := func(s string) float32 { return float32(len([]rune(s))) } // one unit a rune
	tests := []struct {
		s     string
		width float32
		want  string
	}{
		{"/home/ann/code/repo", 40, "/home/ann/code/repo"},
		{"/home/ann/code/repo", 19, "/home/ann/code/repo"},
		{"/home/ann/code/repo", 10, "…code/repo"},
		{"/home/ann/code/repo", 2, "…o"},
		{"/home/ann/code/repo", 0, "/home/ann/code/repo"}, // not laid out yet
		{"/tmp/çalışma/proje", 8, "…a/proje"},
		{"/tmp/çalışma/proje", 12, "…lışma/proje"},
	}
	for _, tt := range tests {
		if got := fitEnd(tt.s, tt.width, measure); got != tt.want {
			t.Errorf("fitEnd(%q, %v) = %q, want %q", tt.s, tt.width, got, tt.want)
		}
	}
}

func TestRowContextMenuForgets(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	f.svc.Setup(dir)
	f.m.list.reload(nil)
	row := newProjectRow()
	f.m.list.update(1, row)
	test.TapSecondary(row)
	menu := popUpMenu(f.m.win)
	if menu == nil {
		t.Fatal("right click on a row shows no menu")
	}
	// Open, Show in file manager, (separator), Forget…: three Downs reach Forget….
	for range 3 {
		menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	}
	menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if f.button(f.m.win, "Forget") == nil {
		t.Fatal("Forget… from the row menu did not ask for confirmation")
	}
	f.tap(f.m.win, "Forget")
	if _, ok, _ := f.reg.ByPath(dir); ok {
		t.Error("Forget… from the row menu left the record")
	}
	if _, err := os.Stat(filepath.Join(dir, ".memo")); err != nil {
		t.Errorf("Forget touched the folder: %v", err)
	}
	global := newProjectRow()
	f.m.list.update(0, global)
	test.TapSecondary(global)
	if popUpMenu(f.m.win) != nil {
		t.Error("the Global memory entry has a project menu")
	}
}

// popUpMenu returns the pop-up menu shown on top of w, if any.
func popUpMenu(w fyne.Window) *widget.PopUpMenu {
	top := w.Canvas().Overlays().Top()
	if top == nil || !top.Visible() {
		return nil
	}
	for _, o := range append([]fyne.CanvasObject{top}, test.LaidOutObjects(top)...) {
		if m, ok := o.(*widget.PopUpMenu); ok {
			return m
		}
	}
	return nil
}

func TestProjectMemoryTabShowsItsOwnPool(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	res, _ := f.svc.Setup(dir)
	f.m.memories = fakeMemories(memoryOn, map[string]int{"": 3, res.ID: 5})
	f.m.list.reload(nil)
	f.m.list.list.Select(1)
	f.m.view.tabs.SelectIndex(tabMemory) // tabs load when first shown
	if got := f.m.view.memoryTab.browser.summary.Text; got != "Showing 5 of 5" || len(f.m.view.memoryTab.browser.shown) != 5 {
		t.Errorf("the project's Memory tab says %q, want its own pool's 5 (the global pool has 3)", got)
	}
	if got := f.m.view.overview.memCount.Text; got != "5 memories, read and added to only by this project's chats." {
		t.Errorf("the Overview says %q, want 5", got)
	}
	fresh := t.TempDir()
	f.svc.Register(fresh)
	os.Remove(filepath.Join(dir, ".memo", "project.json")) // now foreign: no id from the file
	f.m.list.reload(nil)
	for i, r := range f.m.list.shown {
		if r.Path == fresh {
			f.m.list.list.Select(i + 1)
		}
	}
	if got := f.m.view.overview.memCount.Text; got != "0 memories, read and added to only by this project's chats." {
		t.Errorf("another project's view says %q, want its own empty pool", got)
	}
	if got := f.m.view.memoryTab.browser.shown; len(got) != 0 {
		t.Errorf("another project's Memory tab lists %v, want nothing", got)
	}
}

func TestOutdatedRulesOfferCompleteSetup(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	f.svc.Setup(dir)
	// An earlier Memo's rules, unedited: rules_hash matches them.
	old := []byte("rules of an older Memo\n")
	os.WriteFile(filepath.Join(dir, ".memo", "AGENTS.md"), old, 0o644)
	pj := filepath.Join(dir, ".memo", "project.json")
	b, _ := os.ReadFile(pj)
	file, _ := project.ParseFile(b)
	sum := sha256.Sum256(old)
	os.WriteFile(pj, []byte(strings.Replace(string(b), file.RulesHash, hex.EncodeToString(sum[:]), 1)), 0o644)

	f.m.list.reload(nil)
	f.m.list.list.Select(1)
	if !f.says(f.m.win, "rules outdated") {
		t.Fatal("the Overview does not say the rules are outdated")
	}
	f.tap(f.m.win, "Complete setup")
	if got, _ := os.ReadFile(filepath.Join(dir, ".memo", "AGENTS.md")); string(got) == string(old) {
		t.Error("Complete setup did not refresh the outdated rules")
	}
	if f.says(f.m.win, "rules outdated") {
		t.Error("the Overview still says outdated after Complete setup")
	}
}

func TestRefreshKeepsTheViewAndTab(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	f.svc.Register(dir)
	other := t.TempDir()
	f.svc.Register(other)
	f.m.list.reload(nil)
	f.m.list.selectPath(dir)
	view := f.m.view
	view.tabs.SelectIndex(3)
	f.tap(f.m.win, "Never for this folder")
	if f.m.view != view || view.tabs.SelectedIndex() != 3 {
		t.Errorf("after Never the view was rebuilt (same %v) or the tab changed (%d)", f.m.view == view, view.tabs.SelectedIndex())
	}
	// Forgetting another folder from its menu keeps this one shown.
	for _, r := range f.m.list.all {
		if r.Path == other {
			f.m.flows.forget(r)
		}
	}
	f.tap(f.m.win, "Forget")
	if f.m.view != view {
		t.Error("forgetting another folder cleared the shown project")
	}
}

// A click on a row selects it: the row handles right clicks, so Fyne's
// driver gives it the left clicks as well.
func TestClickingARowSelectsIt(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	f.svc.Register(dir)
	f.m.list.reload(nil)
	row := newProjectRow()
	f.m.list.update(1, row)
	test.Tap(row)
	if f.m.view == nil || f.m.view.root != dir {
		t.Error("tapping a project row did not show the project")
	}
	global := newProjectRow()
	f.m.list.update(0, global)
	test.Tap(global)
	if f.m.view != nil {
		t.Error("tapping Global memory did not switch to the global pool")
	}
}

// mkdir makes a folder named name in a fresh temporary folder.
func mkdir(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// press types a key into the focused widget, else the window.
func press(w fyne.Window, key fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: key}
	if focused := w.Canvas().Focused(); focused != nil {
		focused.TypedKey(ev)
	} else if on := w.Canvas().OnTypedKey(); on != nil {
		on(ev)
	}
}

func dialogOpen(w fyne.Window) bool {
	top := w.Canvas().Overlays().Top()
	return top != nil && top.Visible()
}

// inWindow says whether o is drawn wholly inside w's canvas.
func inWindow(w fyne.Window, o fyne.CanvasObject) bool {
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	size, win := o.Size(), w.Canvas().Size()
	return o.Visible() && pos.X >= 0 && pos.Y >= 0 && pos.X+size.Width <= win.Width+0.5 && pos.Y+size.Height <= win.Height+0.5
}
