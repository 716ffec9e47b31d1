package persistence

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"gorm.io/gorm"

	"memo.dev/projects/domain/skills"
)

// skillSwitchRowV2 is skill_switches as layout 2 made it: no hash.
type skillSwitchRowV2 struct {
	ProjectID string `gorm:"primaryKey;type:text"`
	Name      string `gorm:"primaryKey;type:text"`
	Enabled   bool   `gorm:"not null;default:false"`
	Source    string `gorm:"type:text;not null;default:''"`
}

func (skillSwitchRowV2) TableName() string { return "skill_switches" }

// writeV2Registry makes data/projects.db as layout 2 wrote it, holding one
// project whose skill pdf is switched on.
func writeV2Registry(t *testing.T, home string) string {
	t.Helper()
	return writeOldRegistry(t, home, 2, []any{&projectRow{}, &settingRow{}, &pinRow{}, &skillSwitchRowV2{}}, func(db *gorm.DB) error {
		if err := db.Create(&projectRow{ID: v2Project, Path: "/work/p", LastOpened: testClock()}).Error; err != nil {
			return err
		}
		return db.Create(&skillSwitchRowV2{ProjectID: v2Project, Name: "pdf", Enabled: true, Source: "o/r@pdf"}).Error
	})
}

var v2Project = "p_" + strings.Repeat("b", 32)

// TestRegistryV2GainsSkillPins: layout 2 → 3 adds skill_switches.hash and
// skill_copies after a verified backup, rebuilds no table, keeps the
// switches (on, pinned to nothing: the skills service shows them as changed
// until turned on again), and a second open changes nothing.
func TestRegistryV2GainsSkillPins(t *testing.T) {
	home := t.TempDir()
	writeV2Registry(t, home)
	data := filepath.Join(home, "data")

	// Read-only, the old layout answers without its new column.
	ro := openTestStore(t, home, true)
	if sw, ok, err := ro.SkillSwitches().Switch(v2Project, "pdf"); !ok || err != nil || sw != (skills.Switch{Enabled: true, Source: "o/r@pdf"}) {
		t.Errorf("Switch on a read-only v2 registry = %+v, %v, %v", sw, ok, err)
	}
	if _, _, ok, err := ro.SkillSwitches().Copy(v2Project, "pdf"); ok || err != nil {
		t.Errorf("Copy on a read-only v2 registry = %v, %v; want none", ok, err)
	}
	ro.Close()
	if b, _ := Backups(data); len(b) != 0 {
		t.Fatalf("a read-only open made backups %v", b)
	}

	for run := 1; run <= 2; run++ {
		log := &sqlLog{}
		s, err := Open(home, Options{Now: testClock, Logger: log})
		if err != nil {
			t.Fatal(err)
		}
		if bad := log.rebuilds(); len(bad) > 0 {
			t.Errorf("run %d: the migration to layout %d rebuilt a table: %q", run, registrySchema, bad)
		}
		if run == 2 {
			for _, stmt := range log.stmts {
				if u := strings.ToUpper(stmt); strings.Contains(u, "CREATE") || strings.Contains(u, "ALTER") {
					t.Errorf("reopening a migrated registry ran %q", stmt)
				}
			}
		}
		want := filepath.Join(data, "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
		if b, _ := Backups(data); len(b) != 1 || b[0] != want {
			t.Errorf("run %d: backups = %v, want [%s]", run, b, want)
		}
		sw, ok, err := s.SkillSwitches().Switch(v2Project, "pdf")
		if !ok || err != nil || sw != (skills.Switch{Enabled: true, Source: "o/r@pdf"}) {
			t.Errorf("run %d: Switch = %+v, %v, %v; want the v2 switch, pinned to nothing", run, sw, ok, err)
		}
		if run == 1 {
			if err := s.SkillSwitches().SaveCopy(v2Project, "pdf", "sha256:x", []byte("files")); err != nil {
				t.Errorf("SaveCopy after the migration: %v", err)
			}
		} else if h, b, ok, err := s.SkillSwitches().Copy(v2Project, "pdf"); !ok || err != nil || h != "sha256:x" || string(b) != "files" {
			t.Errorf("Copy after reopening = %q, %q, %v, %v", h, b, ok, err)
		}
		s.Close()
	}
	backup := filepath.Join(data, "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	if n, layout := backupHolds(t, backup, "skill_switches"); n != 1 || layout != 2 {
		t.Errorf("the backup holds %d switches, layout %d; want 1, the v2 it was made from", n, layout)
	}
}
