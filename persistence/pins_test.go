// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/project"
)

func TestPinsRoundTrip(t *testing.T) {
	home := t.TempDir()
	s := openTestStore(t, home, false)
	pins := s.Pins()
	a, b := "p_"+strings.Repeat("a", 32), "p_"+strings.Repeat("b", 32)
	if _, ok, err := pins.Pin(a); ok || err != nil {
		t.Fatalf("Pin of a never trusted project = %v, %v; want none", ok, err)
	}
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	content := []byte("{\"version\": 1}\n")
	for _, tt := range []struct {
		name string
		pin  permissions.Pin
	}{
		{"first trust", permissions.Pin{Hash: permissions.Hash(content), Bytes: content, TrustedAt: at}},
		{"trusted again replaces", permissions.Pin{Hash: permissions.Hash([]byte("x")), Bytes: []byte("x"), TrustedAt: at.Add(time.Hour)}},
		{"an empty file is kept as empty bytes", permissions.Pin{Hash: permissions.Hash(nil), Bytes: nil, TrustedAt: at.Add(2 * time.Hour)}},
	} {
		if err := pins.SetPin(a, tt.pin); err != nil {
			t.Fatalf("%s: SetPin: %v", tt.name, err)
		}
		got, ok, err := pins.Pin(a)
		if err != nil || !ok || got.Hash != tt.pin.Hash || !bytes.Equal(got.Bytes, tt.pin.Bytes) || !got.TrustedAt.Equal(tt.pin.TrustedAt) {
			t.Errorf("%s: Pin = %+v, %v, %v; want %+v", tt.name, got, ok, err, tt.pin)
		}
	}
	// Pins are per project id.
	if _, ok, _ := pins.Pin(b); ok {
		t.Errorf("project b has a pin it was never given")
	}
	// They survive a reopen.
	s.Close()
	s2 := openTestStore(t, home, true)
	if got, ok, err := s2.Pins().Pin(a); !ok || err != nil || got.Hash != permissions.Hash(nil) {
		t.Errorf("after reopening: %+v %v %v", got, ok, err)
	}
	// A read-only store writes nothing.
	if err := s2.Pins().SetPin(b, permissions.Pin{Hash: "h", Bytes: []byte("x"), TrustedAt: at}); domain.KindOf(err) != domain.KindForbidden {
		t.Errorf("SetPin through a read-only store = %v, want forbidden", err)
	}
}

// makeV1Registry turns home's registry into the layout 1 of Memo Projects
// (projects and settings, no pins), with one project.
func makeV1Registry(t *testing.T, home string) string {
	t.Helper()
	s := openTestStore(t, home, false)
	if _, err := s.Registry().Claim(project.Record{ID: "p_" + strings.Repeat("a", 32), Path: "/work/a"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Settings().SetMinimal(true); err != nil {
		t.Fatal(err)
	}
	s.Close()
	path := filepath.Join(home, "data", "projects.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{"DROP TABLE permission_pins", "DROP TABLE skill_switches", "PRAGMA user_version = 1"} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return path
}

func TestRegistryV1MigratesToPins(t *testing.T) {
	home := t.TempDir()
	makeV1Registry(t, home)

	// A read-only command on the old layout reads "nothing trusted" and
	// changes nothing.
	ro := openTestStore(t, home, true)
	if _, ok, err := ro.Pins().Pin("p_" + strings.Repeat("a", 32)); ok || err != nil {
		t.Errorf("Pin on a layout 1 registry opened read-only = %v, %v; want none, no error", ok, err)
	}
	ro.Close()

	wantBackup := filepath.Join(home, "data", "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	for run := 1; run <= 2; run++ {
		s := openUpgraded(t, home, run, wantBackup)
		// The rows of layout 1 are all there, and pins work.
		if rec, ok, err := s.Registry().ByPath("/work/a"); !ok || err != nil || rec.ID != "p_"+strings.Repeat("a", 32) {
			t.Errorf("run %d: the project is %+v %v %v", run, rec, ok, err)
		}
		if on, err := s.Settings().Minimal(); !on || err != nil {
			t.Errorf("run %d: Minimal = %v, %v; want the setting kept", run, on, err)
		}
		id := fmt.Sprintf("p_%032d", run)
		if err := s.Pins().SetPin(id, permissions.Pin{Hash: "h", Bytes: []byte("b"), TrustedAt: testClock()}); err != nil {
			t.Errorf("run %d: SetPin: %v", run, err)
		}
		s.Close()
	}
	// The backup is the layout 1 registry with its row, verified readable.
	checkBackup(t, wantBackup, 1, 1)
}

// On the real registry: a copied project gets a new id when it is opened,
// and so starts untrusted; the original stays trusted.
func TestCopiedProjectStartsUntrustedOnTheRegistry(t *testing.T) {
	home := t.TempDir()
	s := openTestStore(t, home, false)
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	projects := project.NewService(rules, s.Registry(), s.Settings(), testClock)
	perms := permissions.NewService(projects, s.Registry(), s.Pins(), home, testClock)
	t.Cleanup(func() { perms.Close() })

	a := t.TempDir()
	setup, err := projects.Setup(a)
	if err != nil {
		t.Fatal(err)
	}
	content := []byte(`{"version": 1, "allowed_commands": ["go test"]}` + "\n")
	if st, err := perms.Save(a, content); err != nil || !st.Trusted {
		t.Fatalf("save in A: %+v %v", st, err)
	}
	if pin, ok, _ := s.Pins().Pin(setup.ID); !ok || pin.Hash != permissions.Hash(content) {
		t.Fatalf("A's pin: %+v %v", pin, ok)
	}
	b := filepath.Join(t.TempDir(), "b")
	if err := os.CopyFS(b, os.DirFS(a)); err != nil {
		t.Fatal(err)
	}
	st, ev, err := projects.Register(b)
	if err != nil || ev != identity.Copied || st.ID == setup.ID {
		t.Fatalf("register B: %+v %v %v; want a copy with a new id", st, ev, err)
	}
	rep, err := perms.Report(b)
	if err != nil || rep.Status.Trusted || rep.Status.State != permissions.StateNotTrusted || len(rep.Permissions.AllowedCommands) != 0 {
		t.Errorf("B's permissions: %+v %v; want not trusted, nothing granted", rep, err)
	}
	if v, _ := perms.CheckCommand(b, "go test"); v.Approved {
		t.Errorf("B approves go test: %+v", v)
	}
	if _, ok, _ := s.Pins().Pin(st.ID); ok {
		t.Errorf("B has a pin")
	}
	if rep, _ := perms.Report(a); !rep.Status.Trusted {
		t.Errorf("A is no longer trusted: %+v", rep)
	}
}

// A layout 4 registry (pins without their definitions) with a pin: backup
// first, then one column added, never a rebuild; the old pin reads as
// pinned before definitions (nil), a new one keeps them.
func TestRegistryV4MigratesToDefinitions(t *testing.T) {
	home := t.TempDir()
	s := openTestStore(t, home, false)
	id := "p_" + strings.Repeat("c", 32)
	if err := s.Pins().SetPin(id, permissions.Pin{Hash: "h", Bytes: []byte("b"), TrustedAt: testClock()}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	path := filepath.Join(home, "data", "projects.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"ALTER TABLE permission_pins DROP COLUMN definitions", "PRAGMA user_version = 4"} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()

	log := &sqlLog{}
	s, err = Open(home, Options{Now: testClock, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if bad := log.rebuilds(); len(bad) > 0 {
		t.Errorf("the migration rebuilt a table: %q", bad)
	}
	wantBackup := filepath.Join(home, "data", "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	if backups, _ := RegistryBackups(filepath.Join(home, "data")); len(backups) != 1 || backups[0] != wantBackup {
		t.Errorf("backups = %v, want [%s]", backups, wantBackup)
	}
	old, ok, err := s.Pins().Pin(id)
	if !ok || err != nil || old.Hash != "h" || old.Definitions != nil {
		t.Errorf("the layout 4 pin reads as %+v %v %v; want it kept, with no definitions", old, ok, err)
	}
	defs := []permissions.Definition{{Rule: "npm test", File: "package.json", Key: "scripts.test", Hash: "x", Text: "jest"}}
	if err := s.Pins().SetPin(id, permissions.Pin{Hash: "h2", Bytes: []byte("c"), TrustedAt: testClock(), Definitions: defs}); err != nil {
		t.Fatal(err)
	}
	got, _, _ := s.Pins().Pin(id)
	if len(got.Definitions) != 1 || got.Definitions[0] != defs[0] {
		t.Errorf("definitions read back as %+v", got.Definitions)
	}
	if err := s.Pins().SetPin(id, permissions.Pin{Hash: "h3", Bytes: []byte("d"), TrustedAt: testClock(), Definitions: []permissions.Definition{}}); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := s.Pins().Pin(id); got.Definitions == nil {
		t.Errorf("a pin with no definitions reads as one made before definitions")
	}
	// The backup is the layout 4 registry with its pin.
	b, err := sql.Open("sqlite", wantBackup)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var n, version int
	if err := b.QueryRow("SELECT count(*) FROM permission_pins").Scan(&n); err != nil || n != 1 {
		t.Errorf("the backup holds %d pins (%v), want 1", n, err)
	}
	if err := b.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != 4 {
		t.Errorf("the backup has layout %d (%v), want 4", version, err)
	}
}
