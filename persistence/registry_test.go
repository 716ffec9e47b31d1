// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

var testClock = func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }

func openTestStore(t *testing.T, home string, readOnly bool) *Store {
	t.Helper()
	s, err := Open(home, Options{ReadOnly: readOnly, Now: testClock})
	if err != nil {
		t.Fatalf("Open(%s, readOnly=%v): %v", home, readOnly, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestRegistryRecords(t *testing.T) {
	reg := openTestStore(t, t.TempDir(), false).Registry()
	a := project.Record{ID: "p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Path: "/work/a", LastOpened: testClock()}
	got, err := reg.Claim(a)
	if err != nil || got.ID != a.ID {
		t.Fatalf("Claim(%+v) = %+v, %v", a, got, err)
	}
	other := project.Record{ID: "p_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", Path: "/work/a"}
	if got, _ := reg.Claim(other); got.ID != a.ID {
		t.Errorf("Claim of a claimed path returned %s, want the first id %s", got.ID, a.ID)
	}
	// Put moves the id: no record stays at the old path.
	if err := reg.Put(project.Record{ID: a.ID, Path: "/work/moved"}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := reg.ByPath("/work/a"); ok {
		t.Error("after Put to a new path the old path still has a record")
	}
	if rec, ok, _ := reg.ByID(a.ID); !ok || rec.Path != "/work/moved" {
		t.Errorf("ByID(%s) = %+v %v, want /work/moved", a.ID, rec, ok)
	}
	// Put of another id at the same path keeps the old one as gone.
	if err := reg.Put(project.Record{ID: other.ID, Path: "/work/moved"}); err != nil {
		t.Fatal(err)
	}
	if rec, ok, _ := reg.ByID(a.ID); !ok || !rec.Gone || rec.Path != "/work/moved" {
		t.Errorf("after Put of another id at its path, ByID(%s) = %+v %v; want it gone, last seen there", a.ID, rec, ok)
	}
	if err := reg.SetDeclined("/work/moved", true); err != nil {
		t.Fatal(err)
	}
	if rec, _, _ := reg.ByPath("/work/moved"); !rec.Declined {
		t.Error("SetDeclined(true) not recorded")
	}
	list, _ := reg.List()
	if len(list) != 1 {
		t.Errorf("List() = %+v, want one record", list)
	}
	if err := reg.Forget("/work/moved"); err != nil {
		t.Fatal(err)
	}
	if list, _ := reg.List(); len(list) != 0 {
		t.Errorf("after Forget, List() = %+v", list)
	}
}

func TestClaimAcrossStoresHasOneWinner(t *testing.T) {
	home := t.TempDir()
	openTestStore(t, home, false) // create the schema once
	var wg sync.WaitGroup
	ids := make([]string, 8)
	for i := range ids {
		// A store each, as separate processes would have.
		reg := openTestStore(t, home, false).Registry()
		wg.Go(func() {
			id := "p_" + strings.Repeat(string(rune('a'+i)), 32)
			rec, err := reg.Claim(project.Record{ID: id, Path: "/work/same"})
			if err != nil {
				t.Errorf("Claim #%d: %v", i, err)
			}
			ids[i] = rec.ID
		})
	}
	wg.Wait()
	for i, id := range ids {
		if id != ids[0] {
			t.Errorf("Claim #%d got %s, #0 got %s", i, id, ids[0])
		}
	}
}

func TestReadOnlyStoreCreatesNothing(t *testing.T) {
	home := t.TempDir()
	s := openTestStore(t, home, true)
	if _, ok, err := s.Registry().ByPath("/x"); ok || err != nil {
		t.Errorf("empty read-only registry ByPath = %v, %v", ok, err)
	}
	if _, err := os.Stat(filepath.Join(home, "data")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("read-only Open created the data folder (%v)", err)
	}
	// An existing registry opened read-only refuses writes.
	openTestStore(t, home, false)
	ro := openTestStore(t, home, true)
	if err := ro.Settings().SetMinimal(true); domain.KindOf(err) != domain.KindForbidden {
		t.Errorf("a write through a read-only open = %v, want a forbidden error", err)
	}
}

func TestOpenBadRegistry(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, data string)
		want    string
	}{
		{"not SQLite", func(t *testing.T, data string) {
			if err := os.WriteFile(filepath.Join(data, "projects.db"), []byte(strings.Repeat("not a database\n", 200)), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "is not a SQLite database"},
		{"data is a file", func(t *testing.T, data string) {
			if err := os.RemoveAll(data); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(data, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "is a file, not a folder: move it aside"},
		{"registry is a folder", func(t *testing.T, data string) {
			if err := os.Mkdir(filepath.Join(data, "projects.db"), 0o700); err != nil {
				t.Fatal(err)
			}
		}, "projects.db is a folder, not a SQLite database: move it aside"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			data := filepath.Join(home, "data")
			if err := os.MkdirAll(data, 0o755); err != nil {
				t.Fatal(err)
			}
			tt.prepare(t, data)
			_, err := Open(home, Options{Now: testClock})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Open(%s) err = %v, want it to say %q", tt.name, err, tt.want)
			}
		})
	}
}

func TestLockedRegistrySaysSo(t *testing.T) {
	home := t.TempDir()
	openTestStore(t, home, false)
	other, err := sql.Open("sqlite", filepath.Join(home, "data", "projects.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	other.SetMaxOpenConns(1)
	if _, err := other.Exec("BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	defer other.Exec("ROLLBACK")
	// The lock stops the open (the registry is read at once) or the write.
	s, err := Open(home, Options{Now: testClock})
	if err == nil {
		defer s.Close()
		err = s.Settings().SetMinimal(true)
	}
	if err == nil || !strings.Contains(err.Error(), "locked by another program") || domain.KindOf(err) != domain.KindConflict {
		t.Errorf("a locked registry: %v (kind %q), want 'locked by another program', conflict", err, domain.KindOf(err))
	}
}

func TestRegistryMigrationNeverRebuildsAndBacksUpFirst(t *testing.T) {
	home := t.TempDir()
	s := openTestStore(t, home, false)
	if _, err := s.Registry().Claim(project.Record{ID: "p_" + strings.Repeat("a", 32), Path: "/work/a"}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	// Reopening a current registry runs no migration at all.
	log := &sqlLog{}
	s2, err := Open(home, Options{Now: testClock, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
	for _, stmt := range log.stmts {
		if u := strings.ToUpper(stmt); strings.Contains(u, "CREATE") || strings.Contains(u, "ALTER") || strings.Contains(u, "DROP") {
			t.Errorf("reopening a current registry ran %q", stmt)
		}
	}

	// An older layout (user_version 0) with rows: backup first, then AutoMigrate, which never rebuilds.
	raw, err := sql.Open("sqlite", filepath.Join(home, "data", "projects.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec("PRAGMA user_version = 0"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	log = &sqlLog{}
	s3, err := Open(home, Options{Now: testClock, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	defer s3.Close()
	if bad := log.rebuilds(); len(bad) > 0 {
		t.Errorf("AutoMigrate rebuilt a table: %q", bad)
	}
	// The second open, the first of the day with rows, made the day's copy.
	backups, _ := RegistryBackups(filepath.Join(home, "data"))
	want := filepath.Join(home, "data", "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	daily := filepath.Join(home, "data", "backups", "projects-daily-20261130T120000Z.db")
	if len(backups) != 2 || backups[0] != want || backups[1] != daily {
		t.Fatalf("backups = %v, want [%s %s]", backups, want, daily)
	}
	b, err := sql.Open("sqlite", backups[0])
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var n int
	if err := b.QueryRow("SELECT count(*) FROM projects").Scan(&n); err != nil || n != 1 {
		t.Errorf("the registry backup holds %d projects (%v), want 1", n, err)
	}
	if rec, ok, _ := s3.Registry().ByPath("/work/a"); !ok || rec.ID != "p_"+strings.Repeat("a", 32) {
		t.Errorf("after the migration the record is %+v %v", rec, ok)
	}
}

func TestRegistryFromANewerVersionIsRefused(t *testing.T) {
	home := t.TempDir()
	openTestStore(t, home, false).Close()
	raw, _ := sql.Open("sqlite", filepath.Join(home, "data", "projects.db"))
	if _, err := raw.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	if _, err := Open(home, Options{Now: testClock}); err == nil || !strings.Contains(err.Error(), "newer Memo Projects") {
		t.Errorf("Open(registry of layout 99) err = %v, want a request to update", err)
	}
}

func TestRegistryListOrderAndFields(t *testing.T) {
	reg := openTestStore(t, t.TempDir(), false).Registry()
	base := testClock()
	for i, name := range []string{"old", "newest", "middle"} {
		opened := map[string]time.Duration{"old": 0, "newest": 2 * time.Hour, "middle": time.Hour}[name]
		rec := project.Record{ID: fmt.Sprintf("p_%032x", i), Path: "/work/" + name, Declined: name == "middle", LastOpened: base.Add(opened)}
		if _, err := reg.Claim(rec); err != nil {
			t.Fatal(err)
		}
	}
	list, err := reg.List()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range list {
		got = append(got, r.Path)
	}
	if strings.Join(got, " ") != "/work/newest /work/middle /work/old" {
		t.Fatalf("List() order %v, want most recently opened first", got)
	}
	if !list[0].LastOpened.Equal(base.Add(2*time.Hour)) || !list[1].Declined || list[0].Declined || list[2].ID != fmt.Sprintf("p_%032x", 0) {
		t.Errorf("List() = %+v: fields not read back", list)
	}
}
