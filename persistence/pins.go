// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"memo.dev/projects/domain/permissions"
)

// pinRow is the trust pin of one project's permissions file (docs/permissions.md §10),
// keyed by project id: a copied project gets a new id and starts untrusted.
type pinRow struct {
	ProjectID string    `gorm:"primaryKey;type:text"`
	Hash      string    `gorm:"type:text;not null"`
	Bytes     []byte    `gorm:"not null"`
	TrustedAt time.Time `gorm:"not null"`
	// Definitions are what the file's rules ran when it was trusted, as
	// JSON (layout 3); NULL in a pin made before Memo pinned them.
	Definitions []byte `gorm:"type:blob"`
}

func (pinRow) TableName() string { return "permission_pins" }

// Pins implements permissions.PinStore on projects.db: pins live beside the
// folders but are a store of their own.
type Pins struct {
	db   *gorm.DB
	path string // for error messages
}

var _ permissions.PinStore = (*Pins)(nil)

// Pins returns the trust pins of permission files.
func (s *Store) Pins() *Pins {
	return &Pins{db: s.db, path: filepath.Join(s.dataDir, "projects.db")}
}

// Pin returns the project's pin; ok is false when nothing was trusted.
func (p *Pins) Pin(projectID string) (permissions.Pin, bool, error) {
	var row pinRow
	err := p.db.Where("project_id = ?", projectID).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return permissions.Pin{}, false, nil
	case err != nil && noPinsTable(err):
		// A read-only command on a registry of an older layout (it is
		// migrated by the next command that writes): nothing was trusted.
		return permissions.Pin{}, false, nil
	case err != nil:
		return permissions.Pin{}, false, describe(p.path, err)
	}
	pin := permissions.Pin{Hash: row.Hash, Bytes: row.Bytes, TrustedAt: row.TrustedAt}
	if row.Definitions != nil {
		if err := json.Unmarshal(row.Definitions, &pin.Definitions); err != nil {
			// Unreadable: as if none were pinned, so the rules that run any ask.
			pin.Definitions = nil
		} else if pin.Definitions == nil {
			pin.Definitions = []permissions.Definition{}
		}
	}
	return pin, true, nil
}

func noPinsTable(err error) bool {
	return strings.Contains(err.Error(), "no such table: "+pinRow{}.TableName())
}

// SetPin records the project's pin, replacing the one before.
func (p *Pins) SetPin(projectID string, pin permissions.Pin) error {
	row := pinRow{ProjectID: projectID, Hash: pin.Hash, Bytes: pin.Bytes, TrustedAt: pin.TrustedAt}
	if row.Bytes == nil {
		row.Bytes = []byte{} // an empty file is a file: not null
	}
	if pin.Definitions != nil {
		b, err := json.Marshal(pin.Definitions)
		if err != nil {
			return err
		}
		row.Definitions = b
	}
	return describe(p.path, p.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error)
}
