// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"memo.dev/projects/domain"
)

// projects.db holds what cannot be made again from the project folders:
// trust pins, "never" answers, skill switches. Besides the copy made before
// each change of its layout, a verified copy is kept each day it is used.
const (
	registryPrefix      = "projects-"
	registryDailyPrefix = registryPrefix + "daily-"
	// registryDailyKept daily copies are kept; older ones are removed.
	registryDailyKept = 3
	registryCopyEvery = 24 * time.Hour
	// stampLayout is the UTC stamp that ends a backup's name.
	stampLayout = "20060102T150405Z"
)

// KeepRegistryCopy makes the day's verified copy of projects.db in
// data/backups when no copy was made in the last day (or none exists) and
// the registry holds anything, and removes daily copies beyond the last
// few. It returns the copy made ("" when none was due). It never waits for
// another run's backup: the next open tries again.
//
// Copies are what madeCopies finds: files that open as copies of the
// registry, ordered by their time of making, whatever their names say. A
// file that only has a copy's name is none: it neither stands in for the
// day's copy nor is counted or removed (it is not Memo's). A copy made after
// now (the clock was set back since) is not the day's copy either.
func (s *Store) KeepRegistryCopy() (string, error) {
	if s.opt.ReadOnly || s.db == nil {
		return "", nil
	}
	dir := filepath.Join(s.dataDir, backupsDirName)
	now := s.opt.Now().UTC()
	for _, c := range madeCopies(dir, registryPrefix, registryTable, now) {
		if !c.made.After(now) && now.Sub(c.made) < registryCopyEvery {
			return "", nil
		}
	}
	if rows, err := registryHasRows(s.db); err != nil || !rows {
		return "", err
	}
	path := filepath.Join(s.dataDir, registryFileName)
	made, err := backupDB(path, dir, registryDailyPrefix, registryDailyPrefix+now.Format(stampLayout)+".db", registryTable,
		memoryOptions{lockWait: time.Millisecond, now: s.opt.Now})
	if err != nil {
		return "", err
	}
	pruneDaily(dir, made, now)
	return made, nil
}

// registryHasRows reports whether any table of projects.db holds a row.
func registryHasRows(db *gorm.DB) (bool, error) {
	for _, m := range registryModels {
		if !db.Migrator().HasTable(m) {
			continue
		}
		var n int64
		if err := db.Model(m).Limit(1).Count(&n).Error; err != nil {
			return false, err
		}
		if n > 0 {
			return true, nil
		}
	}
	return false, nil
}

// stampOf is the UTC time a backup's name ends with (prefix…STAMP.db).
func stampOf(name, prefix string) (time.Time, bool) {
	if !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".db") {
		return time.Time{}, false
	}
	base := strings.TrimSuffix(name, ".db")
	if len(base) < len(stampLayout) {
		return time.Time{}, false
	}
	t, err := time.Parse(stampLayout, base[len(base)-len(stampLayout):])
	return t, err == nil
}

// madeCopy is a copy of a database in data/backups and when it was made.
type madeCopy struct {
	path string
	made time.Time // its modification time, which backupDB sets from the clock
}

// madeCopies lists the copies of table in dir named prefix….db, newest made
// first. A copy is a regular file that opens as a SQLite database holding
// table (holdsTable, as RegistryBackups and Backups count them); any other
// file is not one, whatever its name. The order is by time of making, not
// by the stamp in a name, which anyone can write. A copy made after now was
// made while the clock was ahead of where it is now (it has been set back):
// every copy made at or before now is newer in the order, since time only
// moves forward and so those that were made after the clock went back came last.
func madeCopies(dir, prefix, table string, now time.Time) []madeCopy {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []madeCopy
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".db") {
			continue
		}
		info, err := e.Info()
		p := filepath.Join(dir, name)
		if err != nil || !holdsTable(p, table) {
			continue
		}
		out = append(out, madeCopy{p, info.ModTime().UTC()})
	}
	slices.SortFunc(out, func(a, b madeCopy) int {
		if fa, fb := a.made.After(now), b.made.After(now); fa != fb {
			if fa {
				return 1
			}
			return -1
		}
		if c := b.made.Compare(a.made); c != 0 {
			return c
		}
		return strings.Compare(b.path, a.path)
	})
	return out
}

// pruneDaily removes the daily copies of projects.db beyond the newest
// registryDailyKept, keeping always the one just made (it is the newest,
// whatever the clock said before). Copies made before a layout change stay,
// and so does every file that is not a copy.
func pruneDaily(dir, made string, now time.Time) {
	copies := madeCopies(dir, registryDailyPrefix, registryTable, now)
	i := slices.IndexFunc(copies, func(c madeCopy) bool { return c.path == made })
	if i > 0 {
		c := copies[i]
		copies = slices.Insert(slices.Delete(copies, i, i+1), 0, c)
	}
	for _, c := range copies[min(len(copies), registryDailyKept):] {
		os.Remove(c.path)
	}
}

// restoreAdvice is what to do about the damaged database at path: put back
// its newest copy in data/backups, naming it and when it was made, or, when
// there is none, move it aside.
func restoreAdvice(path string) domain.Text {
	var list func(string) ([]string, error)
	switch filepath.Base(path) {
	case registryFileName:
		list = RegistryBackups
	case memoryFileName:
		list = Backups
	}
	if list != nil {
		copies, _ := list(filepath.Dir(path))
		for _, c := range copies {
			fi, err := os.Stat(c)
			if err != nil {
				continue
			}
			made := fi.ModTime().UTC()
			if t, ok := stampOf(filepath.Base(c), ""); ok {
				made = t
			}
			return domain.T("put back its newest copy, {{.Copy}} (made {{.Made}}), in its place, or move it aside and Memo creates a new one",
				"Copy", c, "Made", made.Format("2006-01-02 15:04 UTC"))
		}
	}
	return domain.T("move it aside and Memo creates a new one ({{.Backups}} holds no copy of it)", "Backups", filepath.Join(filepath.Dir(path), backupsDirName))
}
