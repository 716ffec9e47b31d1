// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/project"
)

const (
	trustedFile = "{\n  \"version\": 1,\n  \"allowed_commands\": [\"go test\", \"git status\"],\n  \"allowed_tools\": [\"read_file\"]\n}\n"
	changedFile = "{\n  \"version\": 1,\n  \"allowed_commands\": [\"go test\", \"git log\"],\n  \"allowed_tools\": [\"read_file\"]\n}\n"
	invalidFile = "{\n  \"version\": 1,\n  \"allowed_commands\": [\"bash\", \"go test\"],\n  \"allowed_tools\": [\"run_command\"]\n}\n"
)

// permsProject sets up a project, lets prepare put its permissions file in
// place, and opens it in the window: the tab shows what prepare left.
func permsProject(t *testing.T, prepare func(f *fixture, root string)) (*fixture, *permissionsTab, string) {
	t.Helper()
	f := newFixture(t, memoryOn)
	dir := mkdir(t, "proj")
	res, err := f.svc.Setup(dir)
	if err != nil {
		t.Fatal(err)
	}
	root := res.Root
	if prepare != nil {
		prepare(f, root)
	}
	f.m.OpenFolder(root)
	if f.m.view == nil || f.m.view.root != root {
		t.Fatalf("the project %s is not shown", root)
	}
	f.m.view.tabs.SelectIndex(tabPermissions) // tabs load when first shown
	tab := f.m.view.perms
	t.Cleanup(tab.close)
	if !tab.loaded {
		t.Fatal("the Permissions tab did not load")
	}
	return f, tab, root
}

func writePerms(t *testing.T, root, content string) {
	t.Helper()
	if err := os.WriteFile(permissions.Path(root), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readPerms(t *testing.T, root string) string {
	t.Helper()
	b, err := os.ReadFile(permissions.Path(root))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func saveTrusted(t *testing.T, f *fixture, root, content string) {
	t.Helper()
	if _, err := f.perms.Save(root, []byte(content)); err != nil {
		t.Fatal(err)
	}
}

func stateOf(t *testing.T, f *fixture, root string) permissions.Status {
	t.Helper()
	st, err := f.perms.Show(root)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func rowTexts(tab *permissionsTab) string {
	var lines []string
	for _, o := range test.LaidOutObjects(tab.viewer.rules) {
		if l, ok := o.(*widget.Label); ok && l.Visible() {
			lines = append(lines, l.Text)
		}
	}
	return strings.Join(lines, "\n")
}

func TestPermissionsTabStates(t *testing.T) {
	cases := []struct {
		name              string
		prepare           func(t *testing.T, f *fixture, root string)
		state             string
		trust, revert     bool
		open              bool     // Open file: only for a plain file that was read
		rules             []string // in the rule rows
		problems          []string // in the problem list (hidden when nil)
		changes, diffRows []string // what trusting changes; rows of the diff (hidden when nil)
	}{
		{
			name:    "no file",
			prepare: func(*testing.T, *fixture, string) {},
			state:   "No permissions file",
			rules:   []string{"There is no file"},
		},
		{
			name:     "not trusted",
			open:     true,
			prepare:  func(t *testing.T, _ *fixture, root string) { writePerms(t, root, trustedFile) },
			state:    "Not trusted yet",
			trust:    true,
			rules:    []string{"Command “go test”: valid rule", "File tool “read_file”: valid rule"},
			changes:  []string{"+ command “go test” would be approved", "+ tool “read_file” would be approved"},
			diffRows: []string{"    1 + {", "    3 +   \"allowed_commands\": [\"go test\", \"git status\"],"},
		},
		{
			name:    "trusted",
			open:    true,
			prepare: func(t *testing.T, f *fixture, root string) { saveTrusted(t, f, root, trustedFile) },
			state:   "Trusted",
			rules:   []string{"Command “git status”: valid rule"},
		},
		{
			name: "changed since trusted",
			open: true,
			prepare: func(t *testing.T, f *fixture, root string) {
				saveTrusted(t, f, root, trustedFile)
				writePerms(t, root, changedFile)
			},
			state:    "Changed since you trusted it",
			trust:    true,
			revert:   true,
			rules:    []string{"Command “git log”: valid rule"},
			changes:  []string{"+ command “git log” would be approved", "− command “git status” would ask again"},
			diffRows: []string{"    3       -   \"allowed_commands\": [\"go test\", \"git status\"],", "          3 +   \"allowed_commands\": [\"go test\", \"git log\"],", "    2     2     \"version\": 1,"},
		},
		{
			name: "reformatted: same rules",
			open: true,
			prepare: func(t *testing.T, f *fixture, root string) {
				saveTrusted(t, f, root, trustedFile)
				writePerms(t, root, `{"version":1,"allowed_commands":["go test","git status"],"allowed_tools":["read_file"]}`)
			},
			state:   "Changed since you trusted it",
			trust:   true,
			revert:  true,
			changes: []string{"No change in what is allowed"},
		},
		{
			name:     "invalid",
			open:     true,
			prepare:  func(t *testing.T, _ *fixture, root string) { writePerms(t, root, invalidFile) },
			state:    "Invalid, so ignored",
			rules:    []string{"Command “bash”: refused, “bash” is a shell", "Command “go test”: valid rule", "File tool “run_command”: refused, run_command always asks"},
			problems: []string{"• “bash”: “bash” is a shell", "• “run_command”: run_command always asks"},
			changes:  []string{"Nothing: a file with problems is ignored whole."},
		},
		{
			name: "a symlink",
			prepare: func(t *testing.T, _ *fixture, root string) {
				target := filepath.Join(t.TempDir(), "elsewhere.json")
				os.WriteFile(target, []byte(trustedFile), 0o644)
				if err := os.Symlink(target, permissions.Path(root)); err != nil {
					t.Fatal(err)
				}
			},
			state:    "Invalid, so ignored",
			problems: []string{"file: "},
		},
		{
			name: "a FIFO",
			prepare: func(t *testing.T, _ *fixture, root string) {
				if err := makeNonPlain(permissions.Path(root)); err != nil {
					t.Fatal(err)
				}
			},
			state:    "Invalid, so ignored",
			problems: []string{"file: "},
		},
		{
			name: "10 MB",
			prepare: func(t *testing.T, _ *fixture, root string) {
				writePerms(t, root, `{"version":1,"allowed_commands":["`+strings.Repeat("a", 10<<20)+`"]}`)
			},
			state:    "Invalid, so ignored",
			problems: []string{"file: "},
		},
		{
			name: "trusted file deleted",
			prepare: func(t *testing.T, f *fixture, root string) {
				saveTrusted(t, f, root, trustedFile)
				os.Remove(permissions.Path(root))
			},
			state:  "No permissions file",
			revert: true,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, tab, _ := permsProject(t, func(f *fixture, root string) { c.prepare(t, f, root) })
			if tab.viewer.stateName.Text != c.state {
				t.Errorf("state = %q (%s), want %q", tab.viewer.stateName.Text, tab.viewer.meaning.Text, c.state)
			}
			if tab.viewer.meaning.Text == "" {
				t.Error("the state has no sentence saying what it means")
			}
			if tab.viewer.trust.Visible() != c.trust || tab.viewer.revert.Visible() != c.revert {
				t.Errorf("Trust shown %v, Revert shown %v; want %v, %v", tab.viewer.trust.Visible(), tab.viewer.revert.Visible(), c.trust, c.revert)
			}
			if tab.viewer.openFile.Visible() != c.open {
				t.Errorf("Open file shown %v", tab.viewer.openFile.Visible())
			}
			if tab.viewer.trust.Visible() && !strings.Contains(tab.viewer.trustHint.Text, shortHash(tab.st.Hash)) {
				t.Errorf("the Trust hint %q does not show the hash it pins", tab.viewer.trustHint.Text)
			}
			rows := rowTexts(tab)
			for _, want := range c.rules {
				if !strings.Contains(rows, want) {
					t.Errorf("rules:\n%s\nwant %q", rows, want)
				}
			}
			if tab.viewer.problems.Visible() != (c.problems != nil) {
				t.Errorf("problems shown = %v (%q)", tab.viewer.problems.Visible(), tab.viewer.problems.Text)
			}
			for _, want := range c.problems {
				if !strings.Contains(tab.viewer.problems.Text, want) {
					t.Errorf("problems %q do not name %q", tab.viewer.problems.Text, want)
				}
			}
			if tab.viewer.changesBox.Visible() != (c.changes != nil) {
				t.Errorf("changes shown = %v (%q)", tab.viewer.changesBox.Visible(), tab.viewer.changes.Text)
			}
			for _, want := range c.changes {
				if !strings.Contains(tab.viewer.changes.Text, want) {
					t.Errorf("changes %q do not say %q", tab.viewer.changes.Text, want)
				}
			}
			diff := tab.viewer.diff.text()
			for _, want := range c.diffRows {
				if !strings.Contains(diff, want+"\n") && !strings.HasSuffix(diff, want) {
					t.Errorf("diff:\n%s\nwant the row %q", diff, want)
				}
			}
		})
	}
}

func TestPermissionsTabTrustPinsWhatIsShown(t *testing.T) {
	f, tab, root := permsProject(t, func(f *fixture, root string) { writePerms(t, root, trustedFile) })
	trustConfirmed(f, tab)
	if st := stateOf(t, f, root); st.State != permissions.StateTrusted || st.TrustedHash != permissions.Hash([]byte(trustedFile)) {
		t.Fatalf("after Trust: %s, pin %s", st.State, st.TrustedHash)
	}
	if tab.viewer.stateName.Text != "Trusted" || tab.viewer.trust.Visible() {
		t.Errorf("after Trust the tab says %q, Trust shown %v", tab.viewer.stateName.Text, tab.viewer.trust.Visible())
	}

	// A change the tab has not shown yet is not trusted by the button.
	writePerms(t, root, changedFile)
	tab.refresh()
	writePerms(t, root, strings.Replace(changedFile, "git log", "git diff", 1))
	trustConfirmed(f, tab)
	if st := stateOf(t, f, root); st.State != permissions.StateChanged || st.TrustedHash != permissions.Hash([]byte(trustedFile)) {
		t.Errorf("Trust pinned a version that was never shown: %s, pin %s", st.State, st.TrustedHash)
	}
	if len(f.shown) == 0 || !strings.Contains(f.shown[len(f.shown)-1], "changed since you reviewed it") {
		t.Errorf("the refusal was not shown: %q", f.shown)
	}
	if !strings.Contains(tab.viewer.diff.text(), "git diff") {
		t.Errorf("after the refusal the tab does not show the new version:\n%s", tab.viewer.diff.text())
	}
}

func TestPermissionsTabOpenFile(t *testing.T) {
	f, tab, root := permsProject(t, func(f *fixture, root string) { writePerms(t, root, trustedFile) })
	test.Tap(tab.viewer.openFile)
	if len(f.opened) != 1 || f.opened[0] != permissions.Path(root) {
		t.Errorf("Open file opened %q, want %s", f.opened, permissions.Path(root))
	}
}

func TestPermissionsTabRevertConfirmsAndWritesTheTrustedBytes(t *testing.T) {
	f, tab, root := permsProject(t, func(f *fixture, root string) {
		saveTrusted(t, f, root, trustedFile)
		writePerms(t, root, changedFile)
	})
	test.Tap(tab.viewer.revert)
	if !dialogOpen(f.m.win) {
		t.Fatal("Revert did not ask first")
	}
	f.tap(f.m.win, "Cancel")
	if got := readPerms(t, root); got != changedFile {
		t.Fatalf("Cancel changed the file to %q", got)
	}
	test.Tap(tab.viewer.revert)
	f.tap(f.m.win, "Revert")
	if got := readPerms(t, root); got != trustedFile {
		t.Fatalf("after Revert the file is %q, want the trusted bytes", got)
	}
	if st := stateOf(t, f, root); st.State != permissions.StateTrusted {
		t.Errorf("after Revert the file is %s, want trusted", st.State)
	}
	if tab.viewer.stateName.Text != "Trusted" || tab.viewer.revert.Visible() {
		t.Errorf("after Revert the tab says %q, Revert shown %v", tab.viewer.stateName.Text, tab.viewer.revert.Visible())
	}
}

func TestPermissionsTabEditorValidatesLiveThenSavesAndTrusts(t *testing.T) {
	f, tab, root := permsProject(t, nil)
	if tab.viewer.edit.Text != "Write a permissions file…" {
		t.Errorf("with no file the edit button says %q", tab.viewer.edit.Text)
	}
	test.Tap(tab.viewer.edit)
	if tab.editor.jsonMode || !tab.editor.lists.body.Visible() || len(tab.editor.lists.rows) != 0 {
		t.Fatalf("with no file the editor opens as JSON %v, with %d rows", tab.editor.jsonMode, len(tab.editor.lists.rows))
	}
	test.Tap(tab.editor.asJSON) // the fallback: the file's text
	if !tab.editor.box.Visible() || tab.editor.entry.Text != emptyFile {
		t.Fatalf("the editor is not open with an empty file: %q", tab.editor.entry.Text)
	}
	tab.refresh() // a refresh while editing keeps the editor and its text
	if !tab.editor.box.Visible() || tab.viewer.edit.Visible() || tab.editor.entry.Text != emptyFile {
		t.Errorf("after a refresh: editor shown %v, Edit shown %v, text %q", tab.editor.box.Visible(), tab.viewer.edit.Visible(), tab.editor.entry.Text)
	}
	tab.editor.entry.SetText(invalidFile)
	for _, want := range []string{"• “bash”: “bash” is a shell", "• “run_command”: run_command always asks"} {
		if !strings.Contains(tab.editor.verdict.Text, want) {
			t.Errorf("live check %q does not name %q", tab.editor.verdict.Text, want)
		}
	}
	if !tab.editor.save.Disabled() {
		t.Error("Save & Trust is enabled for an invalid file")
	}
	tab.editor.entry.SetText(`{"version": 1, "allowed_commands": ["go vet"]`)
	if !strings.Contains(tab.editor.verdict.Text, "not valid JSON") || !tab.editor.save.Disabled() {
		t.Errorf("unfinished JSON: %q, save disabled %v", tab.editor.verdict.Text, tab.editor.save.Disabled())
	}
	text := `{"version": 1, "allowed_commands": ["go vet"]}`
	tab.editor.entry.SetText(text)
	if tab.editor.save.Disabled() || !strings.Contains(tab.editor.verdict.Text, "Valid. Command rules: 1; file tools: 0.") {
		t.Fatalf("a valid file: %q, save disabled %v", tab.editor.verdict.Text, tab.editor.save.Disabled())
	}
	test.Tap(tab.editor.save)
	f.tap(f.m.win, "Cancel")
	if _, err := os.Stat(permissions.Path(root)); err == nil {
		t.Fatal("Cancel wrote the file")
	}
	test.Tap(tab.editor.save)
	f.tap(f.m.win, "Save & Trust")
	if got := readPerms(t, root); got != text {
		t.Fatalf("saved %q, want %q", got, text)
	}
	if st := stateOf(t, f, root); st.State != permissions.StateTrusted {
		t.Errorf("after Save & Trust the file is %s", st.State)
	}
	if tab.editor.box.Visible() || tab.viewer.stateName.Text != "Trusted" {
		t.Errorf("after saving: editor open %v, state %q", tab.editor.box.Visible(), tab.viewer.stateName.Text)
	}
}

func TestPermissionsTabCommandTester(t *testing.T) {
	_, tab, root := permsProject(t, func(f *fixture, root string) { saveTrusted(t, f, root, trustedFile) })
	cases := []struct{ line, want string }{
		{"go test ./...", "Approved by “go test”"},
		{"go test ./... ; rm -rf ~", "Would ask: "},
		{"go test -exec=sh ./...", "-exec"},
		{"go testing", "Would ask: "},
		{"git status", "Approved by “git status”"},
		// a compound line names every rule that approves it (§3)
		{"git status && go test ./... 2>&1 | tail -5", "Approved by “git status”, “go test”"},
		{"go test ./... | sh", "Would ask: "},
		{"", ""},
	}
	for _, c := range cases {
		tab.tester.line.SetText(c.line)
		if c.want == "" && tab.tester.result.Text != "" || !strings.Contains(tab.tester.result.Text, c.want) {
			t.Errorf("tester(%q) = %q, want %q", c.line, tab.tester.result.Text, c.want)
		}
	}
	// The repository's git config turns git lines into questions.
	os.MkdirAll(filepath.Join(root, ".git"), 0o755)
	os.WriteFile(filepath.Join(root, ".git", "config"), []byte("[core]\n\tfsmonitor = ./evil\n"), 0o644)
	tab.tester.line.SetText("git status")
	if !strings.Contains(tab.tester.result.Text, "fsmonitor") {
		t.Errorf("tester(git status) with core.fsmonitor = %q", tab.tester.result.Text)
	}
	// A change on disk: nothing is approved until trusted again.
	writePerms(t, root, changedFile)
	tab.refresh()
	tab.tester.line.SetText("go test ./...")
	if !strings.HasPrefix(tab.tester.result.Text, "Would ask: ") {
		t.Errorf("after a change the tester says %q", tab.tester.result.Text)
	}
}

// TestPermissionsTabFollowsTheFileOnDisk: a write by someone else (a model,
// git pull) flips the tab to "changed" without a restart; the watch stops
// when the project is no longer shown.
func TestPermissionsTabFollowsTheFileOnDisk(t *testing.T) {
	notices := make(chan func(), 16)
	f, tab, root := permsProject(t, func(f *fixture, root string) { saveTrusted(t, f, root, trustedFile) })
	tab.notify = func(fn func()) { notices <- fn }
	tab.refresh() // starts the watch
	if tab.watcher == nil {
		t.Fatal("the tab does not watch the file")
	}
	wait := func(what string) {
		t.Helper()
		select {
		case fn := <-notices:
			fn()
		case <-time.After(10 * time.Second):
			t.Fatalf("no notice after %s", what)
		}
	}
	writePerms(t, root, changedFile)
	wait("a write")
	if tab.viewer.stateName.Text != "Changed since you trusted it" {
		t.Fatalf("after a write on disk the tab says %q", tab.viewer.stateName.Text)
	}
	// An atomic replace (temp file, rename) is seen too.
	tmp := filepath.Join(filepath.Dir(permissions.Path(root)), ".tmp-perms")
	os.WriteFile(tmp, []byte(trustedFile), 0o644)
	os.Rename(tmp, permissions.Path(root))
	wait("a rename")
	for len(notices) > 0 {
		(<-notices)()
	}
	if tab.viewer.stateName.Text != "Trusted" {
		t.Fatalf("after the trusted bytes came back the tab says %q", tab.viewer.stateName.Text)
	}
	f.m.onSelectGlobal()
	if !tab.watcher.stopped.Load() {
		t.Error("the watch goes on after the project is no longer shown")
	}
}

func TestVisibleSpellsOutHiddenCharacters(t *testing.T) {
	cases := []struct{ in, want string }{
		{"go test", "“go test”"},
		{"go test \u202e", `"go test \u202e"`},
		{"a\tb", `"a\tb"`},
		{"git\u200bstatus", `"git\u200bstatus"`},
	}
	for _, c := range cases {
		if got := visible(c.in); got != c.want {
			t.Errorf("visible(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	if got := spelled("\t\"x\u202e\""); got != `    "x\u{202E}"` {
		t.Errorf("spelled = %q", got)
	}
}

// TestPermissionsTabHasNoDimText: the tab's labels keep the foreground
// color in every state (see TestNoDimText).
func TestPermissionsTabHasNoDimText(t *testing.T) {
	f, tab, _ := permsProject(t, func(f *fixture, root string) { writePerms(t, root, invalidFile) })
	f.m.view.tabs.SelectIndex(2)
	test.Tap(tab.viewer.edit)
	for _, o := range test.LaidOutObjects(tab.content()) {
		if l, ok := o.(*widget.Label); ok && l.Importance == widget.LowImportance {
			t.Errorf("%q is drawn in the dim disabled color", l.Text)
		}
	}
}

func TestDiffViewRows(t *testing.T) {
	test.NewTempApp(t)
	lines, err := permissions.DiffAll([]byte("a\ngo_test\n"), []byte("a\ngo test"))
	if err != nil {
		t.Fatal(err)
	}
	d := newDiffView()
	d.setLines(lines)
	want := "    1     1   a\n    2       - go_test\n          2 + go test\n            \\ No newline at end of file"
	if got := d.text(); got != want {
		t.Errorf("diff rows:\n%s\nwant:\n%s", got, want)
	}
	w := test.NewTempWindow(t, d)
	w.Resize(d.MinSize().Add(fyne.NewSize(20, 20)))
	if d.MinSize().Height < 4*fyne.MeasureText("M", 14, fyne.TextStyle{Monospace: true}).Height {
		t.Errorf("four rows fit in %v", d.MinSize())
	}
	many := make([]permissions.DiffLine, maxDiffRows+10)
	for i := range many {
		many[i] = permissions.DiffLine{Kind: permissions.LineAdded, New: i + 1, Text: "x"}
	}
	d.setLines(many)
	if n := strings.Count(d.text(), "\n") + 1; n != maxDiffRows+1 || !strings.HasSuffix(d.text(), "not shown here") {
		t.Errorf("a long diff shows %d rows, ending %q", n, d.text()[len(d.text())-30:])
	}
}

func TestPermissionsTabEditorSaysWhenTheFileChangesUnderIt(t *testing.T) {
	_, tab, root := permsProject(t, func(f *fixture, root string) { writePerms(t, root, trustedFile) })
	test.Tap(tab.viewer.edit)
	test.Tap(tab.editor.asJSON)
	if tab.editor.entry.Text != trustedFile || tab.editor.stale.Visible() {
		t.Fatalf("the editor starts with %q, stale warning %v", tab.editor.entry.Text, tab.editor.stale.Visible())
	}
	tab.editor.entry.SetText(changedFile)
	writePerms(t, root, invalidFile)
	tab.refresh()
	if !tab.editor.stale.Visible() || tab.editor.entry.Text != changedFile {
		t.Errorf("after a change on disk: warning %v, editor text %q", tab.editor.stale.Visible(), tab.editor.entry.Text)
	}
}

// TestProjectListMarksPermissionsToReview: a project's row carries the
// marker exactly while its permissions file waits for review, and it follows
// a Trust in the tab and a change on disk.
func TestProjectListMarksPermissionsToReview(t *testing.T) {
	f := newFixture(t, memoryOn)
	base := t.TempDir()
	mk := func(name string) string {
		p := filepath.Join(base, name)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Setup(p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	none, fresh, trusted, changed := mk("none"), mk("fresh"), mk("trusted"), mk("changed")
	writePerms(t, fresh, trustedFile)
	saveTrusted(t, f, trusted, trustedFile)
	saveTrusted(t, f, changed, trustedFile)
	writePerms(t, changed, changedFile)
	marked := func() map[string]bool {
		got := map[string]bool{}
		for i := 1; i < f.m.list.length(); i++ {
			row := newProjectRow()
			f.m.list.update(i, row) // computes the badge (inline in tests)
			f.m.list.update(i, row)
			got[f.m.list.shown[i-1].Path] = row.review.Visible() && row.review.text.Text == "permissions to review"
		}
		return got
	}
	f.m.list.reload(nil)
	want := map[string]bool{none: false, fresh: true, trusted: false, changed: true}
	got := marked()
	for path, w := range want {
		if got[path] != w {
			t.Errorf("%s: marked %v, want %v", filepath.Base(path), got[path], w)
		}
	}
	// Trusting in the tab clears the marker without a reload.
	f.m.OpenFolder(changed)
	f.m.view.tabs.SelectIndex(tabPermissions)
	tab := f.m.view.perms
	t.Cleanup(tab.close)
	trustConfirmed(f, tab)
	if st := stateOf(t, f, changed); st.State != permissions.StateTrusted {
		t.Fatalf("Trust left the file %s", st.State)
	}
	if got := marked(); got[changed] {
		t.Error("the marker stays after Trust")
	}
	// A change on disk the tab notices sets it again (an invalid file is
	// marked apart: TestProjectListMarksAnInvalidFileApart).
	writePerms(t, changed, strings.Replace(changedFile, "git log", "git diff", 1))
	tab.refresh()
	if got := marked(); !got[changed] {
		t.Error("no marker after the file changed on disk")
	}
}

// listRow is the lists. row i.
func listRow(tab *permissionsTab, i int) *ruleRow { return tab.editor.lists.rows[i] }

func checkTool(t *testing.T, tab *permissionsTab, name string) {
	t.Helper()
	for _, c := range tab.editor.lists.tools {
		if c.Text == name {
			test.Tap(c)
			return
		}
	}
	t.Fatalf("no check for %s", name)
}

// TestPermissionsTabListsEditor: the rules as rows with a live verdict
// each, the tools as a checklist of the twelve names; Save & Trust writes
// the file the lists make and pins it, and writes nothing while invalid.
func TestPermissionsTabListsEditor(t *testing.T) {
	f, tab, root := permsProject(t, nil)
	test.Tap(tab.viewer.edit)
	if n := len(tab.editor.lists.tools); n != len(permissions.FileTools) || n != 12 {
		t.Fatalf("the checklist has %d tools, want the 12 file tools", n)
	}
	for i, c := range tab.editor.lists.tools {
		if c.Text != permissions.FileTools[i] || c.Checked {
			t.Errorf("check %d is %q (checked %v), want %q unchecked", i, c.Text, c.Checked, permissions.FileTools[i])
		}
	}
	test.Tap(tab.editor.lists.add)
	test.Tap(tab.editor.lists.add)
	if len(tab.editor.lists.rows) != 2 || !strings.Contains(listRow(tab, 0).verdict.Text, "blank") {
		t.Fatalf("after two adds: %d rows, first verdict %q", len(tab.editor.lists.rows), listRow(tab, 0).verdict.Text)
	}
	// The verdict follows each keystroke.
	verdicts := []struct{ typed, want string }{
		{"b", "valid rule"}, // a program named b is a plain command
		{"bash", "refused: “bash” is a shell or an interpreter"},
		{"git", "refused: a bare “git” approves nearly anything"},
		{"go test; rm -rf /", "refused: the rule is not one plain command"},
		{"go vet", "valid rule"},
	}
	for _, v := range verdicts {
		listRow(tab, 0).entry.SetText("")
		test.Type(listRow(tab, 0).entry, v.typed)
		if got := listRow(tab, 0).verdict.Text; !strings.HasPrefix(got, v.want) {
			t.Errorf("typed %q: verdict %q, want it to start %q", v.typed, got, v.want)
		}
		if refused := strings.HasPrefix(v.want, "refused"); tab.editor.save.Disabled() != refused {
			t.Errorf("typed %q: Save & Trust disabled %v", v.typed, tab.editor.save.Disabled())
		}
	}
	test.Type(listRow(tab, 1).entry, "bash")
	if !tab.editor.save.Disabled() {
		t.Fatal("Save & Trust is enabled with a refused rule")
	}
	// A tap that raced the edit writes nothing.
	tab.editor.onSave()
	if _, err := os.Stat(permissions.Path(root)); err == nil {
		t.Fatal("an invalid list was written")
	}
	test.Tap(listRow(tab, 1).remove)
	if len(tab.editor.lists.rows) != 1 || tab.editor.save.Disabled() {
		t.Fatalf("after removing the refused row: %d rows, save disabled %v", len(tab.editor.lists.rows), tab.editor.save.Disabled())
	}
	test.Tap(tab.editor.lists.add)
	test.Type(listRow(tab, 1).entry, "git status")
	test.Tap(tab.editor.lists.add) // a blank row is left out
	checkTool(t, tab, "write_file")
	checkTool(t, tab, "read_file")
	if !strings.Contains(tab.editor.verdict.Text, "Valid. Command rules: 2; file tools: 2.") {
		t.Errorf("live check says %q", tab.editor.verdict.Text)
	}
	test.Tap(tab.editor.save)
	f.tap(f.m.win, "Cancel")
	if _, err := os.Stat(permissions.Path(root)); err == nil {
		t.Fatal("Cancel wrote the file")
	}
	test.Tap(tab.editor.save)
	f.tap(f.m.win, "Save & Trust")
	want := "{\n  \"version\": 1,\n  \"allowed_commands\": [\n    \"go vet\",\n    \"git status\"\n  ],\n  \"allowed_tools\": [\n    \"read_file\",\n    \"write_file\"\n  ]\n}\n"
	got := readPerms(t, root)
	if got != want {
		t.Fatalf("saved %q, want %q", got, want)
	}
	st := stateOf(t, f, root)
	if st.State != permissions.StateTrusted || st.TrustedHash != permissions.Hash([]byte(got)) {
		t.Errorf("after Save & Trust: %s, pin %s, file hash %s", st.State, st.TrustedHash, permissions.Hash([]byte(got)))
	}
	if tab.editor.box.Visible() {
		t.Error("the editor stays open after saving")
	}
	// Editing again shows the saved rules in the lists.
	test.Tap(tab.viewer.edit)
	var rows []string
	for _, r := range tab.editor.lists.rows {
		rows = append(rows, r.entry.Text)
	}
	var checked []string
	for _, c := range tab.editor.lists.tools {
		if c.Checked {
			checked = append(checked, c.Text)
		}
	}
	if strings.Join(rows, "|") != "go vet|git status" || strings.Join(checked, "|") != "read_file|write_file" {
		t.Errorf("reopened lists: rows %q, tools %q", rows, checked)
	}
}

// TestPermissionsTabInvalidFileOpensAsJSON: a file the lists cannot hold
// opens as its text, and the lists come back once it is valid.
func TestPermissionsTabInvalidFileOpensAsJSON(t *testing.T) {
	_, tab, root := permsProject(t, func(f *fixture, root string) { writePerms(t, root, invalidFile) })
	test.Tap(tab.viewer.edit)
	if !tab.editor.jsonMode || tab.editor.entry.Text != invalidFile || !tab.editor.asJSON.Disabled() {
		t.Fatalf("an invalid file: JSON mode %v, text %q, Edit as lists disabled %v", tab.editor.jsonMode, tab.editor.entry.Text, tab.editor.asJSON.Disabled())
	}
	tab.editor.entry.SetText(changedFile)
	test.Tap(tab.editor.asJSON)
	if tab.editor.jsonMode || len(tab.editor.lists.rows) != 2 || listRow(tab, 1).entry.Text != "git log" {
		t.Fatalf("back to lists: JSON mode %v, %d rows", tab.editor.jsonMode, len(tab.editor.lists.rows))
	}
	if got := readPerms(t, root); got != invalidFile {
		t.Errorf("switching modes wrote the file: %q", got)
	}
}

type oneProject struct{ path string }

func (o oneProject) List() ([]project.Record, error)           { return []project.Record{{Path: o.path}}, nil }
func (o oneProject) BadgeOf(string) project.Badge              { return project.BadgeNotSetUp }
func (o oneProject) Files(string) ([]project.FileState, error) { return nil, nil }

// pendingSeq answers Pending from a sequence: the n-th call gets answers[n].
type pendingSeq struct {
	answers []bool
	calls   int
}

func (p *pendingSeq) Pending(string) (bool, error) {
	a := p.answers[min(p.calls, len(p.answers)-1)]
	p.calls++
	return a, nil
}

func (p *pendingSeq) Show(string) (permissions.Status, error) {
	return permissions.Status{State: permissions.StateChanged}, nil
}

// TestProjectListRecheckWhileComputing: a recheck that arrives while the
// row's state is being computed (from before the change) asks again, so the
// marker ends with the newer answer.
func TestProjectListRecheckWhileComputing(t *testing.T) {
	test.NewTempApp(t)
	var queue []func()
	r := runner{goroutine: func(f func()) { queue = append(queue, f) }, settle: &settle{}}
	drain := func() {
		for len(queue) > 0 {
			f := queue[0]
			queue = queue[1:]
			f()
		}
	}
	perms := &pendingSeq{answers: []bool{false, true}}
	l := newProjectList(oneProject{"/p/alpha"}, r, func(project.Record) {}, func() {})
	l.perms = perms
	l.reload(nil)
	drain()
	row := newProjectRow()
	l.update(1, row) // starts computing: the first answer is the stale one
	l.recheck("/p/alpha")
	drain()
	l.update(1, row)
	if perms.calls != 2 || !row.review.Visible() {
		t.Errorf("after a recheck during the computation: %d Pending calls, marker shown %v; want 2 and shown", perms.calls, row.review.Visible())
	}
}

// At 800×600 the four buttons under a changed file (Trust, Edit, Revert,
// Open file) wrap instead of widening the page, which the scroll then cut
// on the right (Open file, and the end of every sentence) — in Turkish and
// English alike.
func TestPermissionsButtonsWrapInANarrowWindow(t *testing.T) {
	f, tab, _ := permsProject(t, func(f *fixture, root string) {
		saveTrusted(t, f, root, trustedFile)
		writePerms(t, root, changedFile)
	})
	f.m.win.Resize(fyne.NewSize(800, 600))
	f.m.win.Content().Refresh() // let wrapped rows settle, as the window's next frame does
	// Long Turkish-sized words on the buttons.
	tab.viewer.revert.SetText("Güvenilen sürüme dön…")
	tab.viewer.trust.SetText("Bu sürüme güven")
	f.m.win.Content().Refresh()
	for name, b := range map[string]*focusButton{"Trust": tab.viewer.trust, "Edit": tab.viewer.edit, "Revert": tab.viewer.revert, "Open file": tab.viewer.openFile} {
		if !b.Visible() {
			t.Fatalf("%s is not shown for a changed file", name)
		}
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		if right := pos.X + b.Size().Width; right > 800 {
			t.Errorf("%s ends at x=%v, past the window's 800", name, right)
		}
	}
	if page, pane := tab.body.Content.MinSize().Width, tab.body.Size().Width; page > pane {
		t.Errorf("the page asks for %v px in a pane of %v: its right side is cut", page, pane)
	}
	// The rule list under the buttons starts below them, not over them.
	a, r := fyne.CurrentApp().Driver().AbsolutePositionForObject(tab.viewer.openFile), fyne.CurrentApp().Driver().AbsolutePositionForObject(tab.viewer.trustHint)
	if r.Y < a.Y+tab.viewer.openFile.Size().Height {
		t.Errorf("the text under the buttons (y=%v) overlaps them (bottom y=%v)", r.Y, a.Y+tab.viewer.openFile.Size().Height)
	}
}

// showCounter is the permissions service, counting the reads of the file.
type showCounter struct {
	permissionsService
	shows int
}

func (c *showCounter) Show(path string) (permissions.Status, error) {
	c.shows++
	return c.permissionsService.Show(path)
}

// TestPermissionsTabShowsWhatTrustAnswered: after Trust and after Save &
// Trust the tab shows the status the service answered with; it does not
// read the file again.
func TestPermissionsTabShowsWhatTrustAnswered(t *testing.T) {
	f := newFixture(t, memoryOn)
	res, err := f.svc.Setup(mkdir(t, "proj"))
	if err != nil {
		t.Fatal(err)
	}
	root := res.Root
	writePerms(t, root, trustedFile)
	svc := &showCounter{permissionsService: f.perms}
	var changed []string
	tab := newPermissionsTab(root, svc, f.m.dialogs, func(r string) { changed = append(changed, r) }, inline())
	tab.notify = nil // no watch: a read could only come from the tab itself
	f.m.win.SetContent(tab.content())
	tab.refresh()
	if svc.shows != 1 || tab.viewer.stateName.Text != "Not trusted yet" {
		t.Fatalf("first read: %d reads, state %q", svc.shows, tab.viewer.stateName.Text)
	}

	trustConfirmed(f, tab)
	if svc.shows != 1 || tab.viewer.stateName.Text != "Trusted" || tab.viewer.trust.Visible() {
		t.Errorf("after Trust: %d reads, state %q, Trust shown %v; want 1 read and Trusted", svc.shows, tab.viewer.stateName.Text, tab.viewer.trust.Visible())
	}
	if st := stateOf(t, f, root); st.State != permissions.StateTrusted || tab.st.Hash != st.Hash {
		t.Errorf("after Trust the service says %s %s, the tab shows %s", st.State, st.Hash, tab.st.Hash)
	}

	test.Tap(tab.viewer.edit)
	tab.editor.setMode(true)
	tab.editor.entry.SetText(changedFile)
	test.Tap(tab.editor.save)
	f.tap(f.m.win, "Save & Trust")
	if svc.shows != 1 || tab.viewer.stateName.Text != "Trusted" || tab.editor.editing() {
		t.Errorf("after Save & Trust: %d reads, state %q, editing %v; want 1 read, Trusted, the editor closed", svc.shows, tab.viewer.stateName.Text, tab.editor.editing())
	}
	if !strings.Contains(rowTexts(tab), "git log") {
		t.Errorf("after Save & Trust the rules are %q, want the saved ones", rowTexts(tab))
	}
	if len(changed) != 3 {
		t.Errorf("the list heard %d changes, want 3 (read, trusted, saved)", len(changed))
	}

	// A failed trust (the file changed since it was shown) reads it again.
	writePerms(t, root, trustedFile)
	trustConfirmed(f, tab) // the button of the version shown, tapped late
	if svc.shows != 2 {
		t.Errorf("after a refused trust: %d reads, want the file read again", svc.shows)
	}
}

// trustConfirmed presses Trust and answers its question: it names the
// project and says in one line what the version will allow.
func trustConfirmed(f *fixture, tab *permissionsTab) {
	f.t.Helper()
	test.Tap(tab.viewer.trust)
	if len(f.shown) == 0 {
		f.t.Fatal("Trust asked nothing")
	}
	q := f.shown[len(f.shown)-1]
	name := filepath.Base(tab.root)
	if !strings.Contains(q, "“"+name+"”") || strings.Count(q, "\n") > 0 {
		f.t.Errorf("Trust asks %q: want the project's name quoted and one line of what it allows", q)
	}
	f.tap(f.m.win, lang.L("Trust"))
}

// TestRevertIsDestructive: Revert's question has a red Revert that Enter
// does not press (Enter and Escape cancel); the view returns to the top
// after Revert, Trust and Save & Trust.
func TestRevertIsDestructive(t *testing.T) {
	f, tab, root := permsProject(t, func(f *fixture, root string) { saveTrusted(t, f, root, trustedFile) })
	writePerms(t, root, changedFile)
	tab.refresh()
	tab.body.ScrollToBottom()
	test.Tap(tab.viewer.revert)
	revert := f.focusable(f.m.win, "Revert").(*dialogButton)
	if revert.Importance != widget.DangerImportance {
		t.Errorf("Revert's button has importance %v, want the danger one", revert.Importance)
	}
	press(f.m.win, fyne.KeyReturn)
	if dialogOpen(f.m.win) || readPerms(t, root) != changedFile {
		t.Fatalf("Enter on the Revert question reverted the file (or left the question open)")
	}
	test.Tap(tab.viewer.revert)
	f.tap(f.m.win, "Revert")
	if readPerms(t, root) != trustedFile {
		t.Fatal("Revert did not put the trusted version back")
	}
	if tab.body.Offset.Y != 0 {
		t.Errorf("after Revert the view is scrolled to %v, want the top", tab.body.Offset.Y)
	}
}

// TestProjectListMarksAnInvalidFileApart: an invalid permissions file is
// marked "permissions invalid" in red; one waiting for review "permissions
// to review" in orange.
func TestProjectListMarksAnInvalidFileApart(t *testing.T) {
	for _, tt := range []struct {
		file, want string
		red        bool
	}{{invalidFile, "permissions invalid", true}, {trustedFile, "permissions to review", false}} {
		f, _, root := permsProject(t, func(f *fixture, root string) { writePerms(t, root, tt.file) })
		f.m.list.reload(nil)
		row := newProjectRow()
		for i, r := range f.m.list.shown {
			if r.Path == root {
				f.m.list.update(i+1, row)
				f.m.list.update(i+1, row)
			}
		}
		if !row.review.Visible() || row.review.text.Text != tt.want {
			t.Errorf("%s: the marker says %q (shown %v), want %q", tt.want, row.review.text.Text, row.review.Visible(), tt.want)
		}
		if red := row.review.bg.FillColor == badgeColor(project.BadgeNotAllowed); red != tt.red {
			t.Errorf("%s: red %v, want %v", tt.want, red, tt.red)
		}
	}
}

// TestClosingTheWindowStopsTheFileWatch: the watch of the shown project's
// permission file ends with the window, not with the process (a watch
// holds one of the system's 128 or so inotify instances).
func TestClosingTheWindowStopsTheFileWatch(t *testing.T) {
	f, tab, _ := permsProject(t, nil)
	tab.notify = func(fn func()) {}
	tab.refresh()
	if tab.watcher == nil {
		t.Fatal("the tab does not watch the file")
	}
	f.m.win.Close()
	f.closed = true
	if !tab.watcher.stopped.Load() {
		t.Error("the watch goes on after the window closed")
	}
	if tab.follower == nil || !tab.follower.closed.Load() {
		t.Error("the tab goes on asking about the pinned files after the window closed")
	}
}
