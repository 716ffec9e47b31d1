package persistence

import (
	"errors"
	"path/filepath"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"memo.dev/projects/domain/skills"
)

// skillSwitchRow is one installed skill's switch on this device (SPEC §6),
// keyed by project id: a copied project gets a new id, so it starts with
// every skill off, and a moved one keeps its switches.
type skillSwitchRow struct {
	ProjectID string `gorm:"primaryKey;type:text"`
	Name      string `gorm:"primaryKey;type:text"`
	Enabled   bool   `gorm:"not null;default:false"`
	Source    string `gorm:"type:text;not null;default:''"`
}

func (skillSwitchRow) TableName() string { return "skill_switches" }

// SkillSwitches implements skills.Switches on the skill_switches table of
// projects.db: device-local, never read from the project folder.
type SkillSwitches struct {
	db   *gorm.DB
	path string // for error messages
}

var _ skills.Switches = (*SkillSwitches)(nil)

// SkillSwitches returns the device's skill switches.
func (s *Store) SkillSwitches() *SkillSwitches {
	return &SkillSwitches{db: s.db, path: filepath.Join(s.dataDir, "projects.db")}
}

// Switch returns a skill's switch; ok is false when none is stored (off).
func (s *SkillSwitches) Switch(projectID, name string) (skills.Switch, bool, error) {
	var row skillSwitchRow
	err := s.db.Where("project_id = ? AND name = ?", projectID, name).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound), err != nil && noSwitchesTable(err):
		// A registry of an older layout opened read-only has no switches yet.
		return skills.Switch{}, false, nil
	case err != nil:
		return skills.Switch{}, false, describe(s.path, err)
	}
	return skills.Switch{Enabled: row.Enabled, Source: row.Source}, true, nil
}

// SetSwitch stores a skill's switch, replacing the one stored.
func (s *SkillSwitches) SetSwitch(projectID, name string, sw skills.Switch) error {
	row := skillSwitchRow{ProjectID: projectID, Name: name, Enabled: sw.Enabled, Source: sw.Source}
	return describe(s.path, s.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error)
}

// DeleteSwitch forgets a skill's switch; a missing one is not an error.
func (s *SkillSwitches) DeleteSwitch(projectID, name string) error {
	return describe(s.path, s.db.Where("project_id = ? AND name = ?", projectID, name).Delete(&skillSwitchRow{}).Error)
}

func noSwitchesTable(err error) bool {
	return strings.Contains(err.Error(), "no such table: "+skillSwitchRow{}.TableName())
}
