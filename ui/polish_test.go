package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/project"
)

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

func TestCtrlOWorksWhileTheFilterHasFocus(t *testing.T) {
	f := newFixture(t, memoryOn)
	asked := 0
	f.m.pickFolder = func(folderRequest) (string, error) { asked++; return "", nil }
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

func TestEscapeAndEnterCloseEveryDialog(t *testing.T) {
	dialogs := map[string]func(f *fixture, dir string){
		"error": func(f *fixture, _ string) { f.m.showError("Could not open the folder", os.ErrPermission) },
		"refusal": func(f *fixture, dir string) {
			os.MkdirAll(filepath.Join(dir, ".memo", "data"), 0o755)
			f.m.OpenFolder(dir)
		},
		"forget": func(f *fixture, dir string) {
			f.svc.Register(dir)
			f.m.list.reload(nil)
			f.m.forget(f.m.list.all[0])
		},
	}
	for name, show := range dialogs {
		for _, key := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
			f := newFixture(t, memoryOn)
			dir := t.TempDir()
			show(f, dir)
			if !dialogOpen(f.m.win) {
				t.Fatalf("%s: no dialog shown", name)
			}
			press(f.m.win, key)
			if dialogOpen(f.m.win) {
				t.Errorf("%s: %s left the dialog open", name, key)
			}
			if name == "forget" {
				_, kept, _ := f.reg.ByPath(dir)
				if kept != (key == fyne.KeyEscape) {
					t.Errorf("forget: %s kept the project = %v, want Escape to keep it and Enter to forget it", key, kept)
				}
			}
		}
	}
}

func TestErrorDialogsSayWhatFailed(t *testing.T) {
	f := newFixture(t, memoryOn)
	file := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	f.m.onDropped([]fyne.URI{storage.NewFileURI(file)})
	if len(f.shown) != 1 || !strings.HasPrefix(f.shown[0], "Could not open what was dropped: ") {
		t.Errorf("dropping a file showed %q, want a title saying what failed", f.shown)
	}
}

func TestNoFileManagerOffersToCopyThePath(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.deps.OpenPath = func(string) error {
		return &exec.Error{Name: "xdg-open,x-www-browser,www-browser", Err: exec.ErrNotFound}
	}
	f.m.openPath("/home/u/code/app")
	if len(f.shown) != 1 || !strings.HasPrefix(f.shown[0], "Could not show the folder: No file manager was found") || strings.Contains(f.shown[0], "xdg-open") {
		t.Fatalf("showed %q, want a plain sentence without the library's error", f.shown)
	}
	f.tap(f.m.win, "Copy path")
	if got := f.m.app.Clipboard().Content(); got != "/home/u/code/app" {
		t.Errorf("Copy path put %q on the clipboard", got)
	}
}

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

func TestMissingFolderCanBeLocated(t *testing.T) {
	for _, setUp := range []bool{true, false} {
		f := newFixture(t, memoryOn)
		dir := mkdir(t, "alpha")
		if setUp {
			f.svc.Setup(dir)
		} else {
			f.svc.Register(dir)
		}
		rec, _, _ := f.reg.ByPath(dir)
		moved := filepath.Join(t.TempDir(), "alpha-moved")
		if err := os.Rename(dir, moved); err != nil {
			t.Fatal(err)
		}
		f.m.list.reload(nil)
		f.m.list.selectPath(dir)
		if f.button(f.m.win, "Locate…") == nil || f.button(f.m.win, "Forget…") == nil {
			t.Fatalf("set up %v: a missing folder does not offer Locate… beside Forget…", setUp)
		}
		f.m.pickFolder = func(folderRequest) (string, error) { return moved, nil }
		f.tap(f.m.win, "Locate…")
		if _, ok, _ := f.reg.ByPath(dir); ok {
			t.Errorf("set up %v: the old place is still listed after Locate…", setUp)
		}
		now, ok, _ := f.reg.ByPath(moved)
		if !ok {
			t.Fatalf("set up %v: the new place is not listed", setUp)
		}
		if setUp && now.ID != rec.ID {
			t.Errorf("the located project's id changed from %s to %s", rec.ID, now.ID)
		}
		if f.m.view == nil || f.m.view.root != moved {
			t.Errorf("set up %v: the new place is not shown", setUp)
		}
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
	if v.idRow.Visible() || v.copyID.Visible() && inWindow(f.m.win, v.copyID) {
		t.Error("a refused folder shows a project id or a copy button")
	}
	if !v.hint.Visible() || !strings.Contains(v.hint.Text, "rename") {
		t.Errorf("a refused folder does not say what would make it usable: %q", v.hint.Text)
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

// The setup question says the new root files will show up in git status
// where there is a git repository (.git above or here), and only there.
func TestSetupQuestionMentionsGitStatus(t *testing.T) {
	for _, git := range []bool{true, false} {
		f := newFixture(t, memoryOn)
		repo := t.TempDir()
		dir := filepath.Join(repo, "sub")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if git {
			if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		f.m.OpenFolder(dir)
		if got := f.says(f.m.win, "will show up in git status"); got != git {
			t.Errorf("in a git repository %v: the setup question mentions git status: %v", git, got)
		}
	}
}

func TestFallbackFolderDialogIsTitledAndStartsBesideTheLastProject(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "alpha")
	f.svc.Register(dir)
	f.m.list.reload(nil)
	f.m.pickFolder = func(folderRequest) (string, error) { return "", errNoNativeDialog }
	f.tap(f.m.win, "Open Folder…")
	if !f.says(f.m.win, "Open a project folder") {
		t.Error("Fyne's folder dialog is not titled Open a project folder")
	}
	if !f.says(f.m.win, filepath.Base(dir)) {
		t.Errorf("Fyne's folder dialog does not start beside the last project (%s is not listed)", filepath.Base(dir))
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

// TestFolderDialogKeys: on Fyne's fallback folder dialog Enter opens the
// folder shown and Escape cancels; either way the window's keys come back.
func TestFolderDialogKeys(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEnter, fyne.KeyEscape} {
		f := newFixture(t, memoryOn)
		start := t.TempDir()
		var got []string
		f.m.showFyneFolderDialog("Open a project folder", start, func(p string) { got = append(got, p) })
		if f.m.win.Canvas().Overlays().Top() == nil {
			t.Fatalf("%s: no dialog shown", key)
		}
		f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: key})
		want := []string{start}
		if key == fyne.KeyEscape {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s on the folder dialog chose %q, want %q", key, got, want)
		}
		if f.m.win.Canvas().Overlays().Top() != nil || f.m.picking {
			t.Errorf("%s did not close the folder dialog", key)
		}
	}
}

// Settings' paths (data folder, backups) start where the text of the labels
// around them starts: a path label draws no inset of its own.
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
		if l, ok := o.(*widget.Label); ok && l.Text == "Data folder" {
			textX = d.AbsolutePositionForObject(l).X + theme.InnerPadding()
		}
	}
	if textX < 0 {
		t.Fatal("Settings has no Data folder heading")
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

// Locating a missing project at a folder set up as another project says so
// and changes nothing: it used to open the other project silently, leaving
// the missing one missing without a word.
func TestLocatingAnotherProjectSaysSo(t *testing.T) {
	f := newFixture(t, memoryOn)
	dir, other := mkdir(t, "alpha"), mkdir(t, "beta")
	f.svc.Setup(dir)
	f.svc.Setup(other)
	f.reg.Forget(other) // set up, but not in the list: Locate… must not add it
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	f.m.list.reload(nil)
	f.m.list.selectPath(dir)
	picked := 0
	f.m.pickFolder = func(folderRequest) (string, error) { picked++; return filepath.Join(other, "sub"), nil }
	os.MkdirAll(filepath.Join(other, "sub"), 0o755)
	f.tap(f.m.win, "Locate…")
	if !dialogOpen(f.m.win) || !f.says(f.m.win, "is set up as a different project") {
		t.Fatalf("locating alpha at another project said nothing (shown %q)", f.shown)
	}
	if _, ok, _ := f.reg.ByPath(dir); !ok {
		t.Error("the missing project was forgotten")
	}
	if _, ok, _ := f.reg.ByPath(other); ok {
		t.Error("the other project was added to the list")
	}
	if f.m.view == nil || f.m.view.root != dir {
		t.Error("the missing project is no longer the one shown")
	}
	f.tap(f.m.win, "Choose another folder…")
	if picked != 2 {
		t.Errorf("Choose another folder… asked %d times in all, want 2", picked)
	}
}

// A folder that is not there, or a file given for a folder, is said in the
// window's words (translated), not with the store's English "… does not
// exist" / "… is a file, not a folder" — opened or located.
func TestVanishedFolderIsWordedByTheWindow(t *testing.T) {
	for _, how := range []string{"open", "locate", "open a file", "locate a file"} {
		f := newFixture(t, memoryOn)
		gone := filepath.Join(t.TempDir(), "gone")
		want := "Could not open the folder: " + gone + " is not there: it was moved, renamed or deleted."
		if strings.HasSuffix(how, "a file") {
			if err := os.WriteFile(gone, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			want = "Could not open the folder: " + gone + " is a file; open the folder that holds the project."
			how = strings.TrimSuffix(how, " a file")
		}
		switch how {
		case "open":
			f.m.OpenFolder(gone)
		case "locate":
			dir := mkdir(t, "alpha")
			f.svc.Setup(dir)
			os.RemoveAll(dir)
			f.m.list.reload(nil)
			f.m.list.selectPath(dir)
			f.m.pickFolder = func(folderRequest) (string, error) { return gone, nil }
			f.tap(f.m.win, "Locate…")
		}
		if len(f.shown) == 0 || f.shown[len(f.shown)-1] != want {
			t.Errorf("%s: shown %q, want %q", how, f.shown, want)
		}
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

// Escape with the folder dialog's options pop-up open closes the pop-up,
// not the whole dialog; the next Escape closes the dialog.
func TestEscapeClosesTheFolderDialogsPopUpFirst(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.showFyneFolderDialog("Open a project folder", t.TempDir(), func(string) { t.Error("Escape chose a folder") })
	dlg := f.m.win.Canvas().Overlays().Top()
	var options *widget.Button
	findObject(dlg, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && b.Icon != nil && b.Icon.Name() == theme.SettingsIcon().Name() {
			options = b
			return true
		}
		return false
	})
	if options == nil {
		t.Fatal("the folder dialog has no options button")
	}
	test.Tap(options)
	if f.m.win.Canvas().Overlays().Top() == dlg {
		t.Fatal("the options pop-up did not open")
	}
	f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if top := f.m.win.Canvas().Overlays().Top(); top != dlg || !f.m.picking {
		t.Errorf("the first Escape closed the folder dialog (top overlay %T), want only the pop-up closed", top)
	}
	f.m.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if f.m.win.Canvas().Overlays().Top() != nil || f.m.picking {
		t.Error("the second Escape did not close the folder dialog")
	}
}

// A row with a state and the review marker keeps both pills at the right
// edge, in the column every other row's state sits in (the state used to
// float centred above the wider marker).
func TestRowBadgesKeepToTheRightEdge(t *testing.T) {
	test.NewTempApp(t)
	row := newProjectRow()
	row.set("webshop", "/home/ann/webshop", project.BadgeSetUp, theme.FolderIcon())
	row.setReview(true)
	w := test.NewTempWindow(t, row)
	w.Resize(fyne.NewSize(320, 80))
	d := fyne.CurrentApp().Driver()
	right := func(o fyne.CanvasObject) float32 { return d.AbsolutePositionForObject(o).X + o.Size().Width }
	if b, r := right(row.badge), right(row.review); b != r {
		t.Errorf("the state ends at x=%v, the review marker at x=%v: want one right edge", b, r)
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
