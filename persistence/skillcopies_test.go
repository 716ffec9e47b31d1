// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/skills"
)

var layout3Project = "p_" + strings.Repeat("b", 32)

// makeLayout3 turns home's registry into layout 3 (before switches were
// pinned: no skill_switches.hash, no skill_copies) with one project whose
// skill pdf is switched on.
func makeLayout3(t *testing.T, home string) {
	t.Helper()
	s := openTestStore(t, home, false)
	if _, err := s.Registry().Claim(project.Record{ID: layout3Project, Path: "/work/p", LastOpened: testClock()}); err != nil {
		t.Fatal(err)
	}
	if err := s.SkillSwitches().SetSwitch(layout3Project, "pdf", skills.Switch{Enabled: true, Source: "o/r@pdf"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	raw, err := sql.Open(sqliteDriverName, filepath.Join(home, "data", registryFileName))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{"ALTER TABLE skill_switches DROP COLUMN hash", "DROP TABLE skill_copies", "PRAGMA user_version = 3"} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestRegistryLayout3GainsSkillPins: layout 3 → 4 adds skill_switches.hash
// and skill_copies after a verified backup, rebuilds no table, keeps the
// switches (on, pinned to nothing: the skills service shows them as changed
// until turned on again), and a second open changes nothing.
func TestRegistryLayout3GainsSkillPins(t *testing.T) {
	home := t.TempDir()
	makeLayout3(t, home)
	unpinned := skills.Switch{Enabled: true, Source: "o/r@pdf"}

	// Read-only, the old layout answers without its new column and table.
	ro := openTestStore(t, home, true)
	if sw, ok, err := ro.SkillSwitches().Switch(layout3Project, "pdf"); !ok || err != nil || sw != unpinned {
		t.Errorf("Switch on a read-only layout 3 registry = %+v, %v, %v", sw, ok, err)
	}
	if _, _, ok, err := ro.SkillSwitches().Copy(layout3Project, "pdf"); ok || err != nil {
		t.Errorf("Copy on a read-only layout 3 registry = %v, %v; want none", ok, err)
	}
	ro.Close()

	wantBackup := filepath.Join(home, "data", "backups", fmt.Sprintf("projects-pre-v%d-20261130T120000Z.db", registrySchema))
	for run := 1; run <= 2; run++ {
		s := openUpgraded(t, home, run, wantBackup)
		if sw, ok, err := s.SkillSwitches().Switch(layout3Project, "pdf"); !ok || err != nil || sw != unpinned {
			t.Errorf("run %d: Switch = %+v, %v, %v; want the layout 3 switch, pinned to nothing", run, sw, ok, err)
		}
		if run == 1 {
			if err := s.SkillSwitches().SaveCopy(layout3Project, "pdf", "sha256:x", []byte("files")); err != nil {
				t.Errorf("SaveCopy after the upgrade: %v", err)
			}
		} else if h, b, ok, err := s.SkillSwitches().Copy(layout3Project, "pdf"); !ok || err != nil || h != "sha256:x" || string(b) != "files" {
			t.Errorf("Copy after reopening = %q, %q, %v, %v", h, b, ok, err)
		}
		s.Close()
	}
	checkBackup(t, wantBackup, 1, 3)
}
