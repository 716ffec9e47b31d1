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
// data/backups when the newest copy is a day old or more (or none exists)
// and the registry holds anything, and removes daily copies beyond the last
// few. It returns the copy made ("" when none was due). It never waits for
// another run's backup: the next open tries again.
func (s *Store) KeepRegistryCopy() (string, error) {
	if s.opt.ReadOnly || s.db == nil {
		return "", nil
	}
	dir := filepath.Join(s.dataDir, backupsDirName)
	now := s.opt.Now().UTC()
	if newest, ok := newestStamp(dir, registryPrefix); ok && !newest.After(now) && now.Sub(newest) < registryCopyEvery {
		return "", nil
	}
	if rows, err := registryHasRows(s.db); err != nil || !rows {
		return "", err
	}
	path := filepath.Join(s.dataDir, registryFileName)
	made, err := backupDB(path, dir, registryDailyPrefix, registryDailyPrefix+now.Format(stampLayout)+".db", registryTable,
		memoryOptions{lockWait: time.Millisecond})
	if err != nil {
		return "", err
	}
	pruneDaily(dir)
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

// newestStamp is the newest stamp of the backups in dir named prefix….
func newestStamp(dir, prefix string) (time.Time, bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return time.Time{}, false
	}
	var newest time.Time
	found := false
	for _, e := range entries {
		if t, ok := stampOf(e.Name(), prefix); ok && e.Type().IsRegular() && (!found || t.After(newest)) {
			newest, found = t, true
		}
	}
	return newest, found
}

// pruneDaily removes the daily copies of projects.db beyond the newest
// registryDailyKept. Copies made before a layout change stay.
func pruneDaily(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var daily []string
	for _, e := range entries {
		if _, ok := stampOf(e.Name(), registryDailyPrefix); ok && e.Type().IsRegular() {
			daily = append(daily, e.Name())
		}
	}
	slices.Sort(daily) // the stamps sort by time
	for len(daily) > registryDailyKept {
		os.Remove(filepath.Join(dir, daily[0]))
		daily = daily[1:]
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
