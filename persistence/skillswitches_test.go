// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/skills"
)

// writeV1Registry makes data/projects.db as layout 1 wrote it (projects and
// settings, user_version 1) holding the given number of projects.
func writeV1Registry(t *testing.T, home string, projects int) string {
	t.Helper()
	data := filepath.Join(home, "data")
	path := filepath.Join(data, "projects.db")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := openGorm(dsn(path, "_pragma=journal_mode(DELETE)"), registryConfig(Options{}))
	if err != nil {
		t.Fatal(err)
	}
	defer closeGorm(db)
	if err := db.AutoMigrate(&projectRow{}, &settingRow{}); err != nil {
		t.Fatal(err)
	}
	for i := range projects {
		if err := db.Create(&projectRow{ID: fmt.Sprintf("p_%032x", i), Path: fmt.Sprintf("/work/p%d", i), LastOpened: testClock()}).Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Exec("PRAGMA user_version = 1").Error; err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRegistryV1GainsSkillSwitches(t *testing.T) {
	home := t.TempDir()
	writeV1Registry(t, home, 2)
	data := filepath.Join(home, "data")

	// A v1 registry read by a read-only command: no switch, no error, nothing written.
	ro := openTestStore(t, home, true)
	if sw, ok, err := ro.SkillSwitches().Switch("p_"+strings.Repeat("0", 32), "pdf"); ok || err != nil || sw.Enabled {
		t.Errorf("Switch on a read-only v1 registry = %+v, %v, %v; want none", sw, ok, err)
	}
	ro.Close()
	if b, _ := Backups(data); len(b) != 0 {
		t.Fatalf("a read-only open made backups %v", b)
	}

	log := &sqlLog{}
	s, err := Open(home, Options{Now: testClock, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	if bad := log.rebuilds(); len(bad) > 0 {
		t.Errorf("the migration to layout %d rebuilt a table: %q", registrySchema, bad)
	}
	backups, _ := RegistryBackups(data)
	want := filepath.Join(data, "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	if len(backups) != 1 || backups[0] != want {
		t.Fatalf("backups = %v, want [%s]", backups, want)
	}
	b, err := sql.Open("sqlite", backups[0])
	if err != nil {
		t.Fatal(err)
	}
	var n, version int
	if err := b.QueryRow("SELECT count(*) FROM projects").Scan(&n); err != nil || n != 2 {
		t.Errorf("the backup holds %d projects (%v), want 2", n, err)
	}
	if err := b.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != 1 {
		t.Errorf("the backup has layout %d (%v), want the v1 it was made from", version, err)
	}
	b.Close()
	if rec, ok, _ := s.Registry().ByID(fmt.Sprintf("p_%032x", 1)); !ok || rec.Path != "/work/p1" {
		t.Errorf("after the migration ByID = %+v %v, want /work/p1", rec, ok)
	}
	sw := skills.Switch{Enabled: true, Source: "owner/repo@pdf"}
	if err := s.SkillSwitches().SetSwitch(fmt.Sprintf("p_%032x", 1), "pdf", sw); err != nil {
		t.Fatal(err)
	}
	s.Close()

	// Running again is a no-op: no schema statement, no second backup, the switch kept.
	log = &sqlLog{}
	s2, err := Open(home, Options{Now: testClock, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	for _, stmt := range log.stmts {
		if u := strings.ToUpper(stmt); strings.Contains(u, "CREATE") || strings.Contains(u, "ALTER") || strings.Contains(u, "DROP") {
			t.Errorf("reopening a migrated registry ran %q", stmt)
		}
	}
	if again, _ := RegistryBackups(data); len(again) != 1 {
		t.Errorf("the second open left backups %v, want only %s", again, want)
	}
	if got, ok, err := s2.SkillSwitches().Switch(fmt.Sprintf("p_%032x", 1), "pdf"); !ok || err != nil || got != sw {
		t.Errorf("after reopening Switch = %+v, %v, %v; want %+v", got, ok, err, sw)
	}
}

func TestEmptyV1RegistryMigratesWithoutBackup(t *testing.T) {
	home := t.TempDir()
	writeV1Registry(t, home, 0)
	s := openTestStore(t, home, false)
	if b, _ := Backups(filepath.Join(home, "data")); len(b) != 0 {
		t.Errorf("an empty v1 registry was backed up: %v", b)
	}
	if err := s.SkillSwitches().SetSwitch("p_"+strings.Repeat("a", 32), "pdf", skills.Switch{}); err != nil {
		t.Errorf("SetSwitch after migrating an empty v1 registry: %v", err)
	}
}
