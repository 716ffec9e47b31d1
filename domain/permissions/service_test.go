// SPDX-License-Identifier: Apache-2.0

package permissions_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/permissions/permissionstest"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
)

type fixture struct {
	home     string
	projects *project.Service
	settings *projecttest.Settings
	pins     *permissionstest.Pins
	perms    *permissions.Service
	now      time.Time
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	f := &fixture{home: t.TempDir(), pins: permissionstest.NewPins(), now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
	rules := guard.Rules{OS: guard.HostOS(), Home: f.home, MemoHome: filepath.Join(f.home, ".memo"), TempDir: os.TempDir()}
	reg := projecttest.NewRegistry()
	f.settings = projecttest.NewSettings()
	clock := func() time.Time { return f.now }
	f.projects = project.NewService(rules, reg, f.settings, clock)
	f.perms = permissions.NewService(f.projects, reg, f.pins, f.home, clock)
	t.Cleanup(func() { f.perms.Close() })
	return f
}

// setUp makes a set-up project folder.
func (f *fixture) setUp(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	if _, err := f.projects.Setup(root); err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(root)
	return real
}

func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const good = "{\n  \"version\": 1,\n  \"allowed_commands\": [\"go test\", \"git status\"],\n  \"allowed_tools\": [\"read_file\"]\n}\n"

func TestServiceLifecycle(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	file := permissions.Path(root)

	st, err := f.perms.Show(root)
	if err != nil || st.State != permissions.StateNoFile || st.Exists || st.Root != root || st.ProjectID == "" {
		t.Fatalf("a new project: %+v, %v; want no_file", st, err)
	}
	if _, err := f.perms.Trust(root); domain.KindOf(err) != domain.KindNotFound {
		t.Errorf("trusting no file = %v, want not_found", err)
	}

	// Invalid content: every problem, kind invalid, nothing written or pinned.
	bad := `{"version": 2, "allowed_commands": ["bash", "go test; rm"], "allowed_tools": ["run_command"], "extra": 1}`
	_, err = f.perms.Save(root, []byte(bad))
	var fe *permissions.FileError
	if domain.KindOf(err) != domain.KindInvalid || !errors.As(err, &fe) {
		t.Fatalf("saving an invalid file = %v, want a FileError of kind invalid", err)
	}
	wheres := map[string]bool{}
	for _, p := range fe.Problems {
		wheres[p.Where] = true
	}
	for _, w := range []string{"version", "allowed_commands[0]", "allowed_commands[1]", "allowed_tools[0]", "extra"} {
		if !wheres[w] {
			t.Errorf("the problems %v do not name %s", fe.Problems, w)
		}
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an invalid save wrote the file (%v)", err)
	}
	if len(f.pins.All()) != 0 {
		t.Errorf("an invalid save pinned %v", f.pins.All())
	}

	// Valid content: written as given, trusted, pinned with the clock's time.
	st, err = f.perms.Save(root, []byte(good))
	if err != nil || st.State != permissions.StateTrusted || !st.Trusted {
		t.Fatalf("save: %+v, %v", st, err)
	}
	if got := readFile(t, file); got != good {
		t.Errorf("the file holds %q, want %q", got, good)
	}
	pin := f.pins.All()[st.ProjectID]
	if pin.Hash != permissions.Hash([]byte(good)) || string(pin.Bytes) != good || !pin.TrustedAt.Equal(f.now) {
		t.Errorf("pin %+v", pin)
	}
	rep, err := f.perms.Report(root)
	if err != nil || !rep.Status.Trusted || !rep.Status.Exists || rep.Status.Hash != pin.Hash || len(rep.Permissions.AllowedCommands) != 2 || len(rep.Problems) != 0 {
		t.Errorf("report after save: %+v, %v", rep, err)
	}

	checks := []struct {
		line     string
		approved bool
		rule     string
		reason   string
	}{
		{"go test ./...", true, "go test", ""},
		{"git status", true, "git status", ""},
		{"go test ./... ; rm -rf ~", false, "go test", "runs before another command"},
		{"go test -exec sh", false, "go test", "-exec"},
		{"go build", false, "", "no allowed rule"},
	}
	for _, c := range checks {
		v, err := f.perms.CheckCommand(root, c.line)
		if err != nil || v.Approved != c.approved || v.Rule != c.rule || !strings.Contains(v.Reason.String(), c.reason) {
			t.Errorf("trusted: CheckCommand(%q) = %+v, %v; want approved=%v rule=%q reason with %q", c.line, v, err, c.approved, c.rule, c.reason)
		}
	}
	for tool, want := range map[string]bool{"read_file": true, "write_file": false, "run_command": false} {
		if v, err := f.perms.CheckTool(root, tool); err != nil || v.Approved != want {
			t.Errorf("trusted: CheckTool(%q) = %+v, %v; want approved=%v", tool, v, err, want)
		}
	}

	// The repository's git config makes git lines ask (docs/permissions.md §6).
	writeFile(t, filepath.Join(root, ".git", "config"), "[core]\n\tfsmonitor = ./run-me\n")
	os.MkdirAll(filepath.Join(root, ".git", "objects"), 0o755)
	os.MkdirAll(filepath.Join(root, ".git", "refs"), 0o755)
	writeFile(t, filepath.Join(root, ".git", "HEAD"), "ref: refs/heads/main\n")
	if v, _ := f.perms.CheckCommand(root, "git status"); v.Approved || !strings.Contains(v.Reason.String(), "fsmonitor") {
		t.Errorf("git status with core.fsmonitor set = %+v, want asking because of it", v)
	}
	os.RemoveAll(filepath.Join(root, ".git"))

	// Changed on disk, by anyone: ignored until trusted again; the diff shows it.
	changed := strings.Replace(good, `"git status"`, `"git status", "make test"`, 1)
	writeFile(t, file, changed)
	st, _ = f.perms.Show(root)
	if st.State != permissions.StateChanged || st.Trusted || len(st.Effective.AllowedCommands) != 0 {
		t.Errorf("changed file: %+v", st)
	}
	if v, _ := f.perms.CheckCommand(root, "go test"); v.Approved || !strings.Contains(v.Reason.String(), "changed since you trusted") {
		t.Errorf("changed file: CheckCommand(go test) = %+v, want asking because it changed", v)
	}
	if v, _ := f.perms.CheckTool(root, "read_file"); v.Approved {
		t.Errorf("changed file: read_file approved")
	}
	diff, err := f.perms.Diff(root)
	if err != nil || !strings.Contains(diff, `-  "allowed_commands": ["go test", "git status"],`) || !strings.Contains(diff, `+  "allowed_commands": ["go test", "git status", "make test"],`) {
		t.Errorf("diff = %q, %v", diff, err)
	}
	f.now = f.now.Add(time.Hour)
	st, err = f.perms.Trust(root)
	if err != nil || st.State != permissions.StateTrusted || f.pins.All()[st.ProjectID].Hash != permissions.Hash([]byte(changed)) || !st.TrustedAt.Equal(f.now) {
		t.Errorf("trust after a change: %+v, %v", st, err)
	}

	// An invalid file on disk cannot be trusted, and the pin stays.
	writeFile(t, file, `{"version": 1, "allowed_commands": ["sudo make"]}`)
	_, err = f.perms.Trust(root)
	if !errors.As(err, &fe) || domain.KindOf(err) != domain.KindInvalid || len(fe.Problems) != 1 || fe.Problems[0].Where != "allowed_commands[0]" {
		t.Errorf("trusting an invalid file = %v, want its one problem", err)
	}
	if f.pins.All()[st.ProjectID].Hash != permissions.Hash([]byte(changed)) {
		t.Errorf("a refused trust changed the pin")
	}
	if rep, _ := f.perms.Report(root); rep.Status.State != permissions.StateInvalid || len(rep.Problems) != 1 || rep.Status.Trusted {
		t.Errorf("report of an invalid file: %+v", rep)
	}
}

func TestServiceRefusals(t *testing.T) {
	f := newFixture(t)
	notSetUp := t.TempDir()
	// A cloned repository with a .memo of its own (a permissions file and
	// no project.json): a foreign .memo, which the guard refuses.
	foreign := t.TempDir()
	writeFile(t, permissions.Path(foreign), good)

	// The guard refuses the home folder and a foreign .memo: every call is forbidden.
	calls := map[string]func(path string) error{
		"show":          func(p string) error { _, err := f.perms.Show(p); return err },
		"report":        func(p string) error { _, err := f.perms.Report(p); return err },
		"diff":          func(p string) error { _, err := f.perms.Diff(p); return err },
		"save":          func(p string) error { _, err := f.perms.Save(p, []byte(good)); return err },
		"trust":         func(p string) error { _, err := f.perms.Trust(p); return err },
		"check-command": func(p string) error { _, err := f.perms.CheckCommand(p, "go test"); return err },
		"check-tool":    func(p string) error { _, err := f.perms.CheckTool(p, "read_file"); return err },
	}
	for name, call := range calls {
		for _, dir := range []string{f.home, foreign} {
			if err := call(dir); domain.KindOf(err) != domain.KindForbidden {
				t.Errorf("%s of %s = %v, want forbidden", name, dir, err)
			}
		}
		if err := call("relative/path"); domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("%s of a relative path = %v, want invalid", name, err)
		}
	}
	if _, err := os.Stat(permissions.Path(f.home)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused save wrote into the home folder")
	}

	if got := readFile(t, permissions.Path(foreign)); got != good {
		t.Errorf("a refused save changed the foreign file")
	}

	// A folder that is not set up: shown as having no file, never trusted
	// or saved, nothing approved.
	if st, err := f.perms.Show(notSetUp); err != nil || st.State != permissions.StateNoFile || st.ProjectID != "" {
		t.Errorf("show of a folder not set up = %+v, %v; want no_file", st, err)
	}
	for _, dir := range []string{notSetUp} {
		if _, err := f.perms.Save(dir, []byte(good)); domain.KindOf(err) != domain.KindForbidden || !strings.Contains(err.Error(), "set the project up first") {
			t.Errorf("save in a folder not set up = %v, want forbidden: set up first", err)
		}
		if _, err := f.perms.Trust(dir); domain.KindOf(err) != domain.KindForbidden || !strings.Contains(err.Error(), "set the project up first") {
			t.Errorf("trust in a folder not set up = %v, want forbidden: set up first", err)
		}
		if v, err := f.perms.CheckCommand(dir, "go test"); err != nil || v.Approved || !strings.Contains(v.Reason.String(), "not set up") {
			t.Errorf("check-command in a folder not set up = %+v, %v", v, err)
		}
		if v, err := f.perms.CheckTool(dir, "read_file"); err != nil || v.Approved || !strings.Contains(v.Reason.String(), "not set up") {
			t.Errorf("check-tool in a folder not set up = %+v, %v", v, err)
		}
	}
	if _, err := os.Stat(permissions.Path(notSetUp)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused save wrote the file")
	}
	if len(f.pins.All()) != 0 {
		t.Errorf("refusals pinned %v", f.pins.All())
	}
}

// A copied project gets a new id, so it starts untrusted; until it is
// opened, the id it carries is not its own and pins nothing.
func TestCopiedProjectStartsUntrusted(t *testing.T) {
	f := newFixture(t)
	a := f.setUp(t)
	if _, err := f.perms.Save(a, []byte(good)); err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(t.TempDir(), "copy")
	if err := os.CopyFS(b, os.DirFS(a)); err != nil {
		t.Fatal(err)
	}

	// Before B is opened it carries A's id, which the registry holds at A.
	st, err := f.perms.Show(b)
	if err != nil || st.State != permissions.StateNotTrusted || st.Trusted || st.Why.IsZero() {
		t.Errorf("the copy before it is opened: %+v, %v; want not trusted", st, err)
	}
	if v, _ := f.perms.CheckCommand(b, "go test"); v.Approved || !strings.Contains(v.Reason.String(), "another path") {
		t.Errorf("the copy before it is opened approves: %+v", v)
	}

	reg, ev, err := f.projects.Register(b)
	if err != nil || ev != identity.Copied {
		t.Fatalf("register the copy: %v %v", ev, err)
	}
	st, err = f.perms.Show(b)
	if err != nil || st.State != permissions.StateNotTrusted || st.Trusted || st.ProjectID != reg.ID || len(st.Effective.AllowedCommands) != 0 {
		t.Errorf("the copy after it is opened: %+v, %v; want not trusted under its new id", st, err)
	}
	if v, _ := f.perms.CheckCommand(b, "go test"); v.Approved {
		t.Errorf("the copy approves go test: %+v", v)
	}
	// The original stays trusted.
	if st, _ := f.perms.Show(a); st.State != permissions.StateTrusted {
		t.Errorf("the original after the copy: %s", st.State)
	}
	// Trusting the copy pins under its own id.
	if st, err := f.perms.Trust(b); err != nil || st.ProjectID != reg.ID || f.pins.All()[reg.ID].Hash == "" {
		t.Errorf("trusting the copy: %+v %v", st, err)
	}
}

// A moved project keeps its id: once opened at its new path, its pin applies.
func TestMovedProjectKeepsItsTrustOnceOpened(t *testing.T) {
	f := newFixture(t)
	a := f.setUp(t)
	if _, err := f.perms.Save(a, []byte(good)); err != nil {
		t.Fatal(err)
	}
	c := filepath.Join(t.TempDir(), "moved")
	if err := os.Rename(a, c); err != nil {
		t.Fatal(err)
	}
	if st, _ := f.perms.Show(c); st.Trusted {
		t.Errorf("the moved folder is trusted before it is opened there")
	}
	if _, ev, err := f.projects.Register(c); err != nil || ev != identity.Moved {
		t.Fatalf("register the moved folder: %v %v", ev, err)
	}
	if st, _ := f.perms.Show(c); st.State != permissions.StateTrusted {
		t.Errorf("the moved folder once opened: %s, want trusted", st.State)
	}
}

func TestMinimalModeGrantsNothing(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	if _, err := f.perms.Save(root, []byte(good)); err != nil {
		t.Fatal(err)
	}
	if err := f.projects.SetMinimal(true); err != nil {
		t.Fatal(err)
	}
	if v, err := f.perms.CheckCommand(root, "go test"); err != nil || v.Approved || !strings.Contains(v.Reason.String(), "Minimal Mode") {
		t.Errorf("Minimal Mode: CheckCommand = %+v, %v", v, err)
	}
	if v, err := f.perms.CheckTool(root, "read_file"); err != nil || v.Approved || !strings.Contains(v.Reason.String(), "Minimal Mode") {
		t.Errorf("Minimal Mode: CheckTool = %+v, %v", v, err)
	}
	// The editor still shows the file as it is.
	if st, _ := f.perms.Show(root); st.State != permissions.StateTrusted {
		t.Errorf("Minimal Mode: Show = %s, want trusted", st.State)
	}
}

// TestTrustReviewedPinsOnlyWhatWasSeen: a file that changed between the
// review and the Trust is refused, and nothing is pinned.
func TestTrustReviewedPinsOnlyWhatWasSeen(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	file := permissions.Path(root)
	writeFile(t, file, good)
	seen, err := f.perms.Show(root)
	if err != nil || seen.State != permissions.StateNotTrusted {
		t.Fatalf("Show = %+v, %v; want not_trusted", seen, err)
	}
	writeFile(t, file, strings.Replace(good, "git status", "git log", 1))
	if _, err := f.perms.TrustReviewed(root, seen.Hash); domain.KindOf(err) != domain.KindConflict {
		t.Fatalf("trusting a file changed since the review = %v, want conflict", err)
	}
	if len(f.pins.All()) != 0 {
		t.Fatalf("a refused trust pinned %v", f.pins.All())
	}
	now, _ := f.perms.Show(root)
	st, err := f.perms.TrustReviewed(root, now.Hash)
	if err != nil || st.State != permissions.StateTrusted || st.TrustedHash != now.Hash {
		t.Fatalf("trusting the version reviewed = %+v, %v; want trusted with its hash", st, err)
	}
	writeFile(t, file, `{"version": 1, "allowed_commands": ["bash"]}`)
	bad, _ := f.perms.Show(root)
	if _, err := f.perms.TrustReviewed(root, bad.Hash); domain.KindOf(err) != domain.KindInvalid {
		t.Errorf("trusting an invalid file as reviewed = %v, want invalid", err)
	}
	os.Remove(file)
	if _, err := f.perms.TrustReviewed(root, bad.Hash); domain.KindOf(err) != domain.KindNotFound {
		t.Errorf("trusting a deleted file = %v, want not_found", err)
	}
}

// TestPendingFollowsTheFileAgainstThePin: the list's marker is on exactly
// when the file exists and is not the trusted version.
func TestPendingFollowsTheFileAgainstThePin(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	path := permissions.Path(root)
	steps := []struct {
		name    string
		prepare func()
		want    bool
	}{
		{"no file", func() {}, false},
		{"never trusted", func() { writeFile(t, path, good) }, true},
		{"trusted", func() {
			if _, err := f.perms.Trust(root); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"changed since trusted", func() { writeFile(t, path, strings.Replace(good, "go test", "go vet", 1)) }, true},
		{"invalid", func() { writeFile(t, path, `{"version": 1, "allowed_commands": ["bash"]}`) }, true},
		{"a link instead of a file", func() {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			target := filepath.Join(t.TempDir(), "p.json")
			writeFile(t, target, good)
			if err := os.Symlink(target, path); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"deleted", func() {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"trusted again", func() {
			if _, err := f.perms.Save(root, []byte(good)); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, s := range steps {
		s.prepare()
		if got, err := f.perms.Pending(root); err != nil || got != s.want {
			t.Errorf("%s: Pending = %v, %v; want %v", s.name, got, err, s.want)
		}
	}
	// Minimal Mode reads no project file: nothing waits.
	writeFile(t, path, "{}")
	if err := f.projects.SetMinimal(true); err != nil {
		t.Fatal(err)
	}
	if got, err := f.perms.Pending(root); err != nil || got {
		t.Errorf("Minimal Mode: Pending = %v, %v; want false", got, err)
	}
	// A folder that is not set up has no permissions to review (one with a
	// .memo folder Memo did not make is refused outright).
	if err := f.projects.SetMinimal(false); err != nil {
		t.Fatal(err)
	}
	plain := t.TempDir()
	writeFile(t, permissions.Path(plain), good)
	if got, err := f.perms.Pending(plain); got {
		t.Errorf("not set up: Pending = %v, %v; want false", got, err)
	}
}

// BenchmarkPending is the cost of the project list's marker for one row
// (a trusted file, so the read, the hash and the pin are all compared).
func BenchmarkPending(b *testing.B) {
	f := &fixture{home: b.TempDir(), pins: permissionstest.NewPins(), now: time.Now()}
	rules := guard.Rules{OS: guard.HostOS(), Home: f.home, MemoHome: filepath.Join(f.home, ".memo"), TempDir: os.TempDir()}
	reg := projecttest.NewRegistry()
	f.projects = project.NewService(rules, reg, projecttest.NewSettings(), time.Now)
	f.perms = permissions.NewService(f.projects, reg, f.pins, f.home, time.Now)
	b.Cleanup(func() { f.perms.Close() })
	root := b.TempDir()
	if _, err := f.projects.Setup(root); err != nil {
		b.Fatal(err)
	}
	if _, err := f.perms.Save(root, []byte(good)); err != nil {
		b.Fatal(err)
	}
	b.Run("Pending", func(b *testing.B) {
		for b.Loop() {
			if pending, err := f.perms.Pending(root); err != nil || pending {
				b.Fatalf("Pending = %v, %v", pending, err)
			}
		}
	})
	// Show, which the tab uses, for comparison: it parses the file too.
	b.Run("Show", func(b *testing.B) {
		for b.Loop() {
			if st, err := f.perms.Show(root); err != nil || st.State != permissions.StateTrusted {
				b.Fatalf("Show = %s, %v", st.State, err)
			}
		}
	})
}
