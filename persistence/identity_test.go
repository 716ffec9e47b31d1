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

	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/skills"
)

// layout2 is projects.db as Memo Projects of layout 2 created it (the SQL
// GORM wrote then, copied from sqlite_master), with its rows.
var layout2 = []string{
	"CREATE TABLE `projects` (`id` text,`path` text NOT NULL,`declined` numeric NOT NULL DEFAULT false,`last_opened` datetime,`created_at` datetime,PRIMARY KEY (`id`))",
	"CREATE INDEX `idx_projects_last_opened` ON `projects`(`last_opened`)",
	"CREATE UNIQUE INDEX `idx_projects_path` ON `projects`(`path`)",
	"CREATE TABLE `settings` (`key` text,`value` text NOT NULL,PRIMARY KEY (`key`))",
	"CREATE TABLE `permission_pins` (`project_id` text,`hash` text NOT NULL,`bytes` blob NOT NULL,`trusted_at` datetime NOT NULL,PRIMARY KEY (`project_id`))",
	"CREATE TABLE `skill_switches` (`project_id` text,`name` text,`enabled` numeric NOT NULL DEFAULT false,`source` text NOT NULL DEFAULT \"\",PRIMARY KEY (`project_id`,`name`))",
	"PRAGMA user_version = 2",
}

// makeLayout2 writes a layout 2 registry into home with one project per
// path (ids p_000…1, p_000…2, … in order) and a pin and a skill switch for
// the first, and returns the registry's path.
func makeLayout2(t *testing.T, home string, paths ...string) string {
	t.Helper()
	path := filepath.Join(home, "data", registryFileName)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open(sqliteDriverName, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	stmts := append([]string(nil), layout2...)
	for i, p := range paths {
		stmts = append(stmts, fmt.Sprintf("INSERT INTO projects (id, path, declined, last_opened, created_at) VALUES ('%s', '%s', false, '2026-11-29 10:00:00', '2026-11-01 10:00:00')", layoutID(i+1), p))
	}
	stmts = append(stmts,
		"INSERT INTO permission_pins VALUES ('"+layoutID(1)+"', 'h', x'00', '2026-11-29 10:00:00')",
		"INSERT INTO skill_switches VALUES ('"+layoutID(1)+"', 'demo', true, 'owner/repo')")
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return path
}

func layoutID(n int) string { return fmt.Sprintf("p_%032d", n) }

// openUpgraded opens a registry of an older layout for the run-th time
// (1, 2) and checks the upgrade of docs/database.md §7: no table rebuilt, nothing
// changed again on the second run, the layout current, and one backup,
// wantBackup. The caller closes the store.
func openUpgraded(t *testing.T, home string, run int, wantBackup string) *Store {
	t.Helper()
	log := &sqlLog{}
	s, err := Open(home, Options{Now: testClock, Logger: log})
	if err != nil {
		t.Fatalf("run %d: %v", run, err)
	}
	if bad := log.rebuilds(); len(bad) > 0 {
		t.Errorf("run %d: the upgrade rebuilt a table: %q", run, bad)
	}
	if changes := log.changes(); run == 2 && len(changes) > 0 {
		t.Errorf("run 2 changed the registry again: %q", changes)
	}
	var version int
	if err := s.db.Raw("PRAGMA user_version").Scan(&version).Error; err != nil || version != registrySchema {
		t.Errorf("run %d: user_version %d (%v), want %d", run, version, err, registrySchema)
	}
	if backups, _ := RegistryBackups(filepath.Join(home, "data")); len(backups) != 1 || backups[0] != wantBackup {
		t.Errorf("run %d: backups = %v, want [%s]", run, backups, wantBackup)
	}
	return s
}

// A registry of layout 2 becomes the current layout after a verified backup, by
// additions only (no table is rebuilt, twice over), keeping every row, pin
// and switch; each id is marked written unless its folder is there without
// a .memo; and gone records can then share a path with the folder's own.
func TestRegistryLayout2Upgrade(t *testing.T) {
	home := t.TempDir()
	setUp, opened, missing := t.TempDir(), t.TempDir(), filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(filepath.Join(setUp, ".memo"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := makeLayout2(t, home, setUp, opened, missing)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	// A read-only command reads the upgraded layout from a copy and leaves
	// the file as it is.
	ro := openTestStore(t, home, true)
	if rec, ok, err := ro.Registry().ByPath(opened); err != nil || !ok || rec.ID != layoutID(2) || rec.Written {
		t.Errorf("read-only ByPath(opened folder) = %+v %v %v; want %s, not written", rec, ok, err, layoutID(2))
	}
	ro.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("a read-only open changed a layout 2 registry")
	}

	wantBackup := filepath.Join(home, "data", "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	for run := 1; run <= 2; run++ {
		s := openUpgraded(t, home, run, wantBackup)
		reg := s.Registry()
		for i, want := range []struct {
			path    string
			written bool
		}{{setUp, true}, {opened, false}, {missing, true}} {
			rec, ok, err := reg.ByPath(want.path)
			if err != nil || !ok || rec.ID != layoutID(i+1) || rec.Written != want.written || rec.Gone ||
				!rec.LastOpened.Equal(time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)) {
				t.Errorf("run %d: ByPath(%s) = %+v %v %v; want %s, written %v", run, want.path, rec, ok, err, layoutID(i+1), want.written)
			}
		}
		if pin, ok, err := s.Pins().Pin(layoutID(1)); err != nil || !ok || pin.Hash != "h" {
			t.Errorf("run %d: the pin is %+v %v %v", run, pin, ok, err)
		}
		if sw, ok, err := s.SkillSwitches().Switch(layoutID(1), "demo"); err != nil || !ok || !sw.Enabled || sw.Source != "owner/repo" {
			t.Errorf("run %d: the switch is %+v %v %v", run, sw, ok, err)
		}
		s.Close()
	}

	// The backup is the layout 2 file, rows and all.
	checkBackup(t, wantBackup, 3, 2)

	// Layout 3 at work: a new project takes the set-up project's path, and
	// the old record stays, gone, beside it.
	s := openTestStore(t, home, false)
	reg := s.Registry()
	next := project.Record{ID: layoutID(9), Path: setUp, LastOpened: testClock()}
	if err := reg.Put(next); err != nil {
		t.Fatalf("Put of a new project at a registered path: %v", err)
	}
	if former, err := reg.Former(setUp); err != nil || len(former) != 1 || former[0].ID != layoutID(1) {
		t.Errorf("Former(%s) = %+v %v; want the layout 2 project", setUp, former, err)
	}
}

// checkBackup checks that the registry backup at path opens and holds
// projects rows in layout version layout.
func checkBackup(t *testing.T, path string, projects, layout int) {
	t.Helper()
	b, err := sql.Open(sqliteDriverName, path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var n, version int
	if err := b.QueryRow("SELECT count(*) FROM projects").Scan(&n); err != nil || n != projects {
		t.Errorf("the backup holds %d projects (%v), want %d", n, err, projects)
	}
	if err := b.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != layout {
		t.Errorf("the backup has layout %d (%v), want %d", version, err, layout)
	}
}

// The registry finds a folder's record through the partial index, as it
// found it through the unique one before layout 3.
func TestByPathUsesTheIndex(t *testing.T) {
	s := openTestStore(t, t.TempDir(), false)
	var plan []struct {
		ID, Parent, Notused int
		Detail              string
	}
	if err := s.db.Raw("EXPLAIN QUERY PLAN SELECT * FROM projects WHERE path = ? AND "+live, "/work/a").Scan(&plan).Error; err != nil {
		t.Fatal(err)
	}
	var details []string
	for _, p := range plan {
		details = append(details, p.Detail)
	}
	if !strings.Contains(strings.Join(details, "; "), "idx_projects_live_path") {
		t.Errorf("ByPath's query plan is %q; want it to use idx_projects_live_path", details)
	}
}

// Two projects that swap folders are updated in place: their rows keep their
// rowids and creation times, and what is kept under their ids (trust pins,
// skill switches, the "never" answer, when each was last opened) stays with
// each id.
func TestSwapUpdatesRowsInPlace(t *testing.T) {
	s := openTestStore(t, t.TempDir(), false)
	reg := s.Registry()
	a := project.Record{ID: layoutID(1), Path: "/work/a", Written: true, LastOpened: testClock()}
	b := project.Record{ID: layoutID(2), Path: "/work/b", Written: true, Declined: true, LastOpened: testClock().Add(time.Hour)}
	for _, rec := range []project.Record{a, b} {
		if _, err := reg.Claim(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Pins().SetPin(a.ID, permissions.Pin{Hash: "ha", Bytes: []byte("a"), TrustedAt: testClock()}); err != nil {
		t.Fatal(err)
	}
	if err := s.SkillSwitches().SetSwitch(b.ID, "demo", skills.Switch{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	type row struct {
		RowID     int64
		ID        string
		CreatedAt time.Time
	}
	rows := func() map[string]row {
		var out []row
		if err := s.db.Raw("SELECT rowid AS row_id, id, created_at FROM projects").Scan(&out).Error; err != nil {
			t.Fatal(err)
		}
		m := map[string]row{}
		for _, r := range out {
			m[r.ID] = r
		}
		return m
	}
	before := rows()
	a.Path, b.Path = b.Path, a.Path
	if err := reg.Put(a, b); err != nil {
		t.Fatal(err)
	}
	after := rows()
	for id, r := range before {
		if got := after[id]; got.RowID != r.RowID || !got.CreatedAt.Equal(r.CreatedAt) {
			t.Errorf("row of %s was %+v, is %+v after the swap; want it updated in place", id, r, got)
		}
	}
	for _, want := range []project.Record{a, b} {
		got, ok, err := reg.ByPath(want.Path)
		if err != nil || !ok || got.ID != want.ID || got.Declined != want.Declined || !got.LastOpened.Equal(want.LastOpened) || got.Gone {
			t.Errorf("ByPath(%s) = %+v %v %v; want %+v", want.Path, got, ok, err, want)
		}
	}
	if pin, ok, _ := s.Pins().Pin(a.ID); !ok || pin.Hash != "ha" {
		t.Errorf("a's pin after the swap: %+v %v", pin, ok)
	}
	if sw, ok, _ := s.SkillSwitches().Switch(b.ID, "demo"); !ok || !sw.Enabled {
		t.Errorf("b's switch after the swap: %+v %v", sw, ok)
	}
}

// A registry of layout 5 gains projects.folder (docs/identity.md §8) after a
// verified backup, by an added column only, twice over: every record kept,
// with no folder key until its folder is opened again; a key then round
// trips. A read-only open answers from an upgraded copy.
func TestRegistryLayout5GainsFolder(t *testing.T) {
	home := t.TempDir()
	a := project.Record{ID: "p_" + strings.Repeat("a", 32), Path: "/work/a", Written: true, Declined: true, LastOpened: testClock()}
	s := openTestStore(t, home, false)
	if err := s.Registry().Put(a); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"ALTER TABLE projects DROP COLUMN folder", "PRAGMA user_version = 5"} {
		if err := s.db.Exec(q).Error; err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	os.RemoveAll(filepath.Join(home, "data", backupsDirName)) // the daily copy of layout 6

	ro := openTestStore(t, home, true)
	if got, ok, err := ro.Registry().ByPath(a.Path); !ok || err != nil || got.ID != a.ID || got.Folder != "" || !got.Declined {
		t.Errorf("ByPath on a read-only layout 5 registry = %+v, %v, %v; want %+v", got, ok, err, a)
	}
	ro.Close()

	wantBackup := filepath.Join(home, "data", "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	for run := 1; run <= 2; run++ {
		s := openUpgraded(t, home, run, wantBackup)
		got, ok, err := s.Registry().ByID(a.ID)
		want := a
		if run == 2 {
			want.Folder = "1:2:3:4.5"
		}
		if !ok || err != nil || got.Path != want.Path || !got.Written || !got.Declined || got.Folder != want.Folder {
			t.Errorf("run %d: ByID = %+v, %v, %v; want %+v", run, got, ok, err, want)
		}
		if run == 1 {
			a.Folder = "1:2:3:4.5"
			if err := s.Registry().Put(a); err != nil {
				t.Errorf("Put with a folder key after the upgrade: %v", err)
			}
			a.Folder = ""
		}
		s.Close()
	}
	checkBackup(t, wantBackup, 1, 5)
}
