// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"errors"
	"path/filepath"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"memo.dev/projects/domain/skills"
)

// skillSwitchRow is one installed skill's switch on this device (docs/skills.md §3),
// keyed by project id: a copied project gets a new id, so it starts with
// every skill off, and a moved one keeps its switches. Hash (layout 3) is
// the content the switch was turned on for.
type skillSwitchRow struct {
	ProjectID string `gorm:"primaryKey;type:text"`
	Name      string `gorm:"primaryKey;type:text"`
	Enabled   bool   `gorm:"not null;default:false"`
	Source    string `gorm:"type:text;not null;default:''"`
	Hash      string `gorm:"type:text;not null;default:''"`
}

func (skillSwitchRow) TableName() string { return "skill_switches" }

// skillCopyRow (layout 3) is a copy of a skill's files as they were when it
// was turned on, kept so that the app can show what changed since, as a
// permission pin keeps the trusted bytes.
type skillCopyRow struct {
	ProjectID string    `gorm:"primaryKey;type:text"`
	Name      string    `gorm:"primaryKey;type:text"`
	Hash      string    `gorm:"type:text;not null"`
	Files     []byte    `gorm:"not null"`
	SavedAt   time.Time `gorm:"not null"`
}

func (skillCopyRow) TableName() string { return "skill_copies" }

// SkillSwitches implements skills.Switches on the skill_switches and
// skill_copies tables of projects.db: device-local, never read from the
// project folder.
type SkillSwitches struct {
	db   *gorm.DB
	path string // for error messages
	now  func() time.Time
}

var _ skills.Switches = (*SkillSwitches)(nil)

// SkillSwitches returns the device's skill switches.
func (s *Store) SkillSwitches() *SkillSwitches {
	return &SkillSwitches{db: s.db, path: filepath.Join(s.dataDir, "projects.db"), now: s.opt.Now}
}

// Switch returns a skill's switch; ok is false when none is stored (off).
func (s *SkillSwitches) Switch(projectID, name string) (skills.Switch, bool, error) {
	var row skillSwitchRow
	err := s.db.Where("project_id = ? AND name = ?", projectID, name).Take(&row).Error
	if err != nil && missing(err, "column: hash") {
		// A registry of layout 2 opened read-only: no switch is pinned yet.
		err = s.db.Select("project_id", "name", "enabled", "source").Where("project_id = ? AND name = ?", projectID, name).Take(&row).Error
	}
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound), err != nil && missing(err, "table: "+skillSwitchRow{}.TableName()):
		// A registry of an older layout opened read-only has no switches yet.
		return skills.Switch{}, false, nil
	case err != nil:
		return skills.Switch{}, false, describe(s.path, err)
	}
	return skills.Switch{Enabled: row.Enabled, Source: row.Source, Hash: row.Hash}, true, nil
}

// SetSwitch stores a skill's switch, replacing the one stored.
func (s *SkillSwitches) SetSwitch(projectID, name string, sw skills.Switch) error {
	row := skillSwitchRow{ProjectID: projectID, Name: name, Enabled: sw.Enabled, Source: sw.Source, Hash: sw.Hash}
	return describe(s.path, s.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error)
}

// DeleteSwitch forgets a skill's switch and its copy; a missing one is not an error.
func (s *SkillSwitches) DeleteSwitch(projectID, name string) error {
	return describe(s.path, s.db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("project_id = ? AND name = ?", projectID, name).Delete(&skillSwitchRow{}).Error; err != nil {
			return err
		}
		return tx.Where("project_id = ? AND name = ?", projectID, name).Delete(&skillCopyRow{}).Error
	}))
}

// SaveCopy keeps the copy of a skill as it was turned on, replacing the one before.
func (s *SkillSwitches) SaveCopy(projectID, name, hash string, files []byte) error {
	row := skillCopyRow{ProjectID: projectID, Name: name, Hash: hash, Files: files, SavedAt: s.now().UTC()}
	if row.Files == nil {
		row.Files = []byte{} // not null
	}
	return describe(s.path, s.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error)
}

// Copy returns the copy kept of a skill; ok is false when there is none.
func (s *SkillSwitches) Copy(projectID, name string) (string, []byte, bool, error) {
	var row skillCopyRow
	err := s.db.Where("project_id = ? AND name = ?", projectID, name).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound), err != nil && missing(err, "table: "+skillCopyRow{}.TableName()):
		return "", nil, false, nil
	case err != nil:
		return "", nil, false, describe(s.path, err)
	}
	return row.Hash, row.Files, true, nil
}

// missing: SQLite says there is no such table or column (what, e.g.
// "table: skill_switches"): a registry of an older layout opened read-only.
func missing(err error, what string) bool {
	return strings.Contains(err.Error(), "no such "+what)
}
