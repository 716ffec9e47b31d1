// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"gorm.io/gorm"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// upgradeRegistry brings projects.db from layout from to registrySchema,
// inside the caller's transaction (after the verified backup, when it has
// rows). Every step adds: AutoMigrate adds tables, columns (ALTER TABLE … ADD
// COLUMN) and indexes, and never rebuilds a table here (tests log its SQL).
func upgradeRegistry(tx *gorm.DB, from int) error {
	older := from < 3 && tx.Migrator().HasTable(&projectRow{})
	if older {
		// Layout 2 made every path unique; from layout 3 a gone record
		// keeps the path where it was last seen, beside the folder's own.
		if err := tx.Exec("DROP INDEX IF EXISTS idx_projects_path").Error; err != nil {
			return err
		}
	}
	if err := migrateRegistry(tx); err != nil {
		return err
	}
	if older {
		if err := markWritten(tx); err != nil {
			return err
		}
	}
	return tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", registrySchema)).Error
}

// markWritten fills projects.written for rows of a layout that did not keep
// it. Every id counts as written into a project.json unless its folder is
// there without any .memo (opened, never set up): so a folder that now
// stands where a set-up project was is a new project, never given that
// project's memory (its record stays, for reconnecting), and memories of a
// folder opened before setup stay with it.
func markWritten(tx *gorm.DB) error {
	var rows []projectRow
	if err := tx.Select("id", "path").Find(&rows).Error; err != nil {
		return err
	}
	if err := tx.Model(&projectRow{}).Where("1 = 1").Update("written", true).Error; err != nil {
		return err
	}
	var opened []string
	for _, row := range rows {
		if openedOnly(row.Path) {
			opened = append(opened, row.ID)
		}
	}
	// SQLite bounds the values of one statement.
	for len(opened) > 0 {
		n := min(len(opened), 500)
		if err := tx.Model(&projectRow{}).Where("id IN ?", opened[:n]).Update("written", false).Error; err != nil {
			return err
		}
		opened = opened[n:]
	}
	return nil
}

// openedOnly reports whether path is a folder without a .memo entry.
func openedOnly(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.IsDir() {
		return false
	}
	_, err = os.Lstat(filepath.Join(path, project.MemoDir))
	return errors.Is(err, fs.ErrNotExist)
}

// readUpgradedCopy serves a read-only open of a registry of an older layout
// (version): it copies the registry into a temporary folder, upgrades the
// copy and reads it. projects.db is left byte for byte as it is; the next
// command that writes upgrades it, backup first.
func (s *Store) readUpgradedCopy(path string, version int) error {
	dir, err := os.MkdirTemp("", "memo-registry-")
	if err != nil {
		s.Close()
		return fsError(err, domain.T("cannot read {{.Path}}: it has an older layout, and no temporary copy can be made to read it", "Path", path))
	}
	copyPath := filepath.Join(dir, registryFileName)
	err = func() error {
		if err := s.db.Exec("VACUUM INTO ?", copyPath).Error; err != nil {
			return err
		}
		rw, err := openGorm(dsn(copyPath), registryConfig(s.opt))
		if err != nil {
			return err
		}
		err = rw.Transaction(func(tx *gorm.DB) error { return upgradeRegistry(tx, version) })
		closeGorm(rw)
		return err
	}()
	s.Close() // the first read and any snapshot it needed
	s.db, s.snapshot = nil, dir
	if err != nil {
		os.RemoveAll(dir)
		s.snapshot = ""
		return describe(path, err)
	}
	db, _, err := openReadOnlyProbed(copyPath, registryConfig(s.opt))
	if err != nil {
		os.RemoveAll(dir)
		s.snapshot = ""
		return describe(path, err)
	}
	s.db = db
	return nil
}
