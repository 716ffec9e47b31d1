// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"memo.dev/projects/domain/project"
)

// projectRow is one project id of the device registry.
type projectRow struct {
	ID string `gorm:"primaryKey;type:text"`
	// Path is unique among the rows that are not gone: one folder, one
	// project (the partial index); gone rows keep where they were last seen.
	Path       string    `gorm:"type:text;not null;uniqueIndex:idx_projects_live_path,where:gone = 0"`
	Declined   bool      `gorm:"not null;default:false"`
	LastOpened time.Time `gorm:"index"`
	CreatedAt  time.Time
	// Written and Gone came with layout 3; see project.Record.
	Written bool `gorm:"not null;default:false"`
	Gone    bool `gorm:"not null;default:false"`
	// Folder came with layout 6: the folder on disk (project.Record.Folder).
	Folder string `gorm:"type:text;not null;default:''"`
}

func (projectRow) TableName() string { return registryTable }

// settingRow is one device setting.
type settingRow struct {
	Key   string `gorm:"primaryKey;type:text"`
	Value string `gorm:"type:text;not null"`
}

func (settingRow) TableName() string { return "settings" }

// registryModels are the tables of projects.db; later features add theirs here.
var registryModels = []any{&projectRow{}, &settingRow{}, &pinRow{}, &skillSwitchRow{}, &skillCopyRow{}}

func migrateRegistry(db *gorm.DB) error {
	return db.AutoMigrate(registryModels...)
}

// Registry implements project.Registry on projects.db.
type Registry struct {
	db       *gorm.DB
	path     string        // for error messages
	lockWait time.Duration // how long Lock waits for another process
}

var _ project.Registry = (*Registry)(nil)

// Registry returns the device registry.
func (s *Store) Registry() *Registry {
	return &Registry{db: s.db, path: filepath.Join(s.dataDir, registryFileName), lockWait: s.opt.LockWait}
}

func toRecord(r projectRow) project.Record {
	return project.Record{ID: r.ID, Path: r.Path, Declined: r.Declined, LastOpened: r.LastOpened, Written: r.Written, Gone: r.Gone, Folder: r.Folder}
}

func toRow(rec project.Record) projectRow {
	return projectRow{ID: rec.ID, Path: rec.Path, Declined: rec.Declined, LastOpened: rec.LastOpened, Written: rec.Written, Gone: rec.Gone, Folder: rec.Folder}
}

// live is the condition of the rows that are not gone, written as the
// partial index says it, so that SQLite uses that index.
const live = "gone = 0"

func (r *Registry) find(query string, arg string) (project.Record, bool, error) {
	var row projectRow
	err := r.db.Where(query, arg).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return project.Record{}, false, nil
	}
	if err != nil {
		return project.Record{}, false, describe(r.path, err)
	}
	return toRecord(row), true, nil
}

// ByPath returns the record of the project at a folder (never a gone one).
func (r *Registry) ByPath(path string) (project.Record, bool, error) {
	return r.find("path = ? AND "+live, path)
}

// ByID returns the record holding a project id, gone or not.
func (r *Registry) ByID(id string) (project.Record, bool, error) {
	return r.find("id = ?", id)
}

// Former returns the gone records last seen at path, newest first.
func (r *Registry) Former(path string) ([]project.Record, error) {
	var rows []projectRow
	if err := r.db.Where("path = ? AND gone = 1", path).Order("last_opened DESC").Find(&rows).Error; err != nil {
		return nil, describe(r.path, err)
	}
	out := make([]project.Record, len(rows))
	for i, row := range rows {
		out[i] = toRecord(row)
	}
	return out, nil
}

// Claim inserts rec unless its path has a record (not gone), and returns the
// stored one.
func (r *Registry) Claim(rec project.Record) (project.Record, error) {
	var out project.Record
	err := r.db.Transaction(func(tx *gorm.DB) error {
		row := toRow(rec)
		// The conflict target names the partial index, WHERE and all.
		onPath := clause.OnConflict{Columns: []clause.Column{{Name: "path"}}, TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: live}}}, DoNothing: true}
		if err := tx.Clauses(onPath).Create(&row).Error; err != nil {
			return err
		}
		var stored projectRow
		if err := tx.Where("path = ? AND "+live, rec.Path).Take(&stored).Error; err != nil {
			return err
		}
		out = toRecord(stored)
		return nil
	})
	return out, describe(r.path, err)
}

// Put stores recs in one transaction, each under its id: an existing row is
// updated in place (its rowid and created_at stay), a new id is inserted.
// The rows of recs are first set aside as gone, so that recs may exchange
// paths; then any other row at a path that one of recs takes becomes gone.
func (r *Registry) Put(recs ...project.Record) error {
	if len(recs) == 0 {
		return nil
	}
	ids := make([]string, len(recs))
	var paths []string
	for i, rec := range recs {
		ids[i] = rec.ID
		if !rec.Gone {
			paths = append(paths, rec.Path)
		}
	}
	return describe(r.path, r.db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&projectRow{}).Where("id IN ?", ids).Update("gone", true).Error; err != nil {
			return err
		}
		if len(paths) > 0 {
			if err := tx.Model(&projectRow{}).Where("path IN ? AND "+live, paths).Update("gone", true).Error; err != nil {
				return err
			}
		}
		for _, rec := range recs {
			row := toRow(rec)
			upsert := clause.OnConflict{Columns: []clause.Column{{Name: "id"}},
				DoUpdates: clause.AssignmentColumns([]string{"path", "declined", "last_opened", "written", "gone", "folder"})}
			if err := tx.Clauses(upsert).Create(&row).Error; err != nil {
				return err
			}
		}
		return nil
	}))
}

// Lock serialises opening and setting up folders across processes (two chat
// windows opening one folder): decisions that read the folder and the
// registry, then write both, run under it. A holder that does not let go
// within the wait is a conflict: another Memo process is busy.
func (r *Registry) Lock() (func(), error) {
	return lockData(filepath.Dir(r.path), r.lockWait)
}

// SetDeclined records or clears "Never for this folder".
func (r *Registry) SetDeclined(path string, declined bool) error {
	return describe(r.path, r.db.Model(&projectRow{}).Where("path = ? AND "+live, path).Update("declined", declined).Error)
}

// List returns every registered folder, most recently opened first. It scans
// rows itself: the window lists 10,000 folders at start, and GORM's
// reflection costs 14 MiB and 80 ms for that.
func (r *Registry) List() ([]project.Record, error) {
	rows, err := r.db.Raw("SELECT id, path, declined, last_opened, written FROM projects WHERE " + live + " ORDER BY last_opened DESC").Rows()
	if err != nil {
		return nil, describe(r.path, err)
	}
	defer rows.Close()
	var out []project.Record
	for rows.Next() {
		var rec project.Record
		var opened sql.NullTime
		if err := rows.Scan(&rec.ID, &rec.Path, &rec.Declined, &opened, &rec.Written); err != nil {
			return nil, describe(r.path, err)
		}
		rec.LastOpened = opened.Time
		out = append(out, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, describe(r.path, err)
	}
	return pack(out), nil
}

// pack returns recs in a slice of their own length with every ID and path
// copied into one block. Scanned one by one, 20,000 small strings lie among
// the scan's garbage of the same sizes and keep its memory from being
// returned to the system: 2 MiB of heap at the window's start with 10,000
// folders.
func pack(recs []project.Record) []project.Record {
	if len(recs) == 0 {
		return recs
	}
	n := 0
	for _, rec := range recs {
		n += len(rec.ID) + len(rec.Path)
	}
	var b strings.Builder
	b.Grow(n)
	for _, rec := range recs {
		b.WriteString(rec.ID)
		b.WriteString(rec.Path)
	}
	block := b.String()
	out := make([]project.Record, len(recs))
	for i, rec := range recs {
		out[i] = rec
		out[i].ID, block = block[:len(rec.ID)], block[len(rec.ID):]
		out[i].Path, block = block[:len(rec.Path)], block[len(rec.Path):]
	}
	return out
}

// Forget removes a folder from the registry; the folder itself is untouched.
func (r *Registry) Forget(path string) error {
	return describe(r.path, r.db.Where("path = ? AND "+live, path).Delete(&projectRow{}).Error)
}

// Settings implements project.Settings on the settings table of projects.db:
// device settings live beside the folders but are a store of their own.
type Settings struct {
	db   *gorm.DB
	path string // for error messages
}

var _ project.Settings = (*Settings)(nil)

// Settings returns the device settings.
func (s *Store) Settings() *Settings {
	return &Settings{db: s.db, path: filepath.Join(s.dataDir, "projects.db")}
}

// settingMinimal is the key of Minimal Mode; its value is "on" or "off".
const settingMinimal = "minimal"

func (s *Settings) get(key string) (string, error) {
	var row settingRow
	err := s.db.Where("key = ?", key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", nil
	}
	return row.Value, describe(s.path, err)
}

func (s *Settings) set(key, value string) error {
	return describe(s.path, s.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&settingRow{Key: key, Value: value}).Error)
}

// Minimal reports whether Minimal Mode is on.
func (s *Settings) Minimal() (bool, error) {
	v, err := s.get(settingMinimal)
	return v == "on", err
}

// SetMinimal turns Minimal Mode on or off.
func (s *Settings) SetMinimal(on bool) error {
	v := "off"
	if on {
		v = "on"
	}
	return s.set(settingMinimal, v)
}

// Keys of the local API server's settings: "on"/"off", and the address it
// last listened on (so that it keeps its port across launches).
const (
	settingAPI     = "api"
	settingAPIAddr = "api_addr"
)

// APIServer reports whether the local API server is switched on, and the
// address it last listened on ("" when none).
func (s *Settings) APIServer() (on bool, addr string, err error) {
	v, err := s.get(settingAPI)
	if err != nil {
		return false, "", err
	}
	addr, err = s.get(settingAPIAddr)
	return v == "on", addr, err
}

// SetAPIServer records the switch and the address ("" forgets it).
func (s *Settings) SetAPIServer(on bool, addr string) error {
	v := "off"
	if on {
		v = "on"
	}
	if err := s.set(settingAPI, v); err != nil {
		return err
	}
	return s.set(settingAPIAddr, addr)
}
