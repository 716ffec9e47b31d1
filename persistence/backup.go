// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
)

const (
	backupsDirName = "backups"
	// backupsLockName, in the data folder, is held by the one run that
	// writes in backups/ at a time.
	backupsLockName = "backups.lock"
	// stagingPrefix starts the name of the folder a backup is written in
	// before it gets its final name; os.MkdirTemp adds decimal digits.
	stagingPrefix = ".backup-"
	// memoryBackupPrefix starts the names of memory.db's backups.
	memoryBackupPrefix = "memory-pre-project-id-"
	// sqliteDriverName is the database/sql name github.com/glebarez/sqlite
	// registers (through github.com/glebarez/go-sqlite).
	sqliteDriverName = "sqlite"
)

// memoryBackupName is the file name of the backup made before project_id is
// added, stamped in UTC.
func memoryBackupName(at time.Time) string {
	return memoryBackupPrefix + at.UTC().Format(stampLayout) + ".db"
}

// Backups lists the copies of memory.db in dataDir/backups, newest first:
// the files there that open as SQLite databases with a memories table. A
// data home without backups has none.
func Backups(dataDir string) ([]string, error) { return listBackups(dataDir, memoriesTable) }

// RegistryBackups lists the copies of projects.db in dataDir/backups, newest
// first: the files there that open as SQLite databases with a projects table.
func RegistryBackups(dataDir string) ([]string, error) {
	return listBackups(dataDir, registryTable)
}

// listBackups lists the files in dataDir/backups that are SQLite databases
// holding table, newest first. Anything else there (a note, a half-copied
// file, a copy of the other database) is not a backup of that database.
func listBackups(dataDir, table string) ([]string, error) {
	dir := filepath.Join(dataDir, backupsDirName)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fsError(err, domain.T("cannot list the backups in {{.Folder}}", "Folder", dir))
	}
	type backup struct {
		path string
		mod  time.Time
	}
	var found []backup
	for _, e := range entries {
		// Dot names are backups still being written.
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		p := filepath.Join(dir, e.Name())
		if !holdsTable(p, table) {
			continue
		}
		found = append(found, backup{p, info.ModTime()})
	}
	sort.Slice(found, func(i, j int) bool {
		if !found[i].mod.Equal(found[j].mod) {
			return found[i].mod.After(found[j].mod)
		}
		return found[i].path > found[j].path
	})
	paths := make([]string, len(found))
	for i, b := range found {
		paths[i] = b.path
	}
	return paths, nil
}

// holdsTable reports whether the file at path opens as a SQLite database
// with table, read through a read-only connection that changes nothing.
func holdsTable(path, table string) bool {
	db, err := sql.Open(sqliteDriverName, sqliteURI(path, "mode=ro", "_pragma=busy_timeout(1000)"))
	if err != nil {
		return false
	}
	defer db.Close()
	var n int
	err = db.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", table).Scan(&n)
	return err == nil && n == 1
}

// backupDB writes a verified copy of the database at src to dir/name and
// returns its path. src is only ever read, through a read-only connection.
// The copy is written inside a staging folder in dir, verified (it opens,
// passes PRAGMA quick_check, holds as many rows of table as src did), fsynced
// and only then renamed into place. On failure nothing is left in dir but the
// folder itself.
//
// A run killed meanwhile leaves its staging folder behind: the next backup
// (and every open, see cleanStaging) removes it. A run killed after the
// rename but before the change the backup guards leaves a complete backup:
// when the newest backup whose name starts with prefix holds exactly what src
// holds now, backupDB returns it instead of making a second one.
func backupDB(src, dir, prefix, name, table string, opt memoryOptions) (string, error) {
	final := filepath.Join(dir, name)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fsError(err, domain.T("cannot create the backups folder"))
	}
	// One backup at a time in a data home: while this lock is held, a
	// staging folder in dir belongs to a run that died.
	unlock, err := lockFile(filepath.Join(filepath.Dir(dir), backupsLockName), opt.backupsLockWait())
	if errors.Is(err, errLockBusy) {
		return "", busy(filepath.Dir(dir))
	}
	if err != nil {
		return "", fsError(err, domain.T("cannot lock the backups folder"))
	}
	defer unlock()
	removeStaging(dir)
	if done, ok := reusableBackup(src, dir, prefix, table, opt.clock()); ok {
		return done, nil
	}
	if _, err := os.Lstat(final); err == nil {
		return "", domain.T("{{.Path}} already exists", "Path", final).Err(errInternal)
	}
	tmp, err := os.MkdirTemp(dir, stagingPrefix)
	if err != nil {
		return "", fsError(err, domain.T("cannot write in the backups folder"))
	}
	defer os.RemoveAll(tmp)
	if err := opt.step("staged"); err != nil {
		return "", err
	}
	copyPath := filepath.Join(tmp, filepath.Base(src))

	// An older Memo may commit between the snapshot count and the end of
	// the copy (the copied WAL can hold a later commit): then try once more.
	var verr error
	for attempt := 0; attempt < 2; attempt++ {
		if attempt > 0 {
			for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
				os.Remove(copyPath + suffix)
			}
		}
		want, err := copySnapshot(src, copyPath, table, opt)
		if err != nil {
			return "", err
		}
		if err := opt.step("copied"); err != nil {
			return "", err
		}
		got, err := verifyCopy(copyPath, table)
		if err != nil {
			return "", err
		}
		if verr = nil; got != want {
			verr = domain.T("the copy holds {{.Got}} rows of {{.Table}} where {{.File}} holds {{.Want}}", "Got", got, "Table", table, "File", filepath.Base(src), "Want", want).Err(errInternal)
			continue
		}
		break
	}
	if verr != nil {
		return "", verr
	}
	if err := opt.step("verified"); err != nil {
		return "", err
	}
	// Its time of making, from the clock the data home runs on: copies are
	// ordered by it (copies.go), never by the stamp in their names.
	made := opt.clock()
	if err := os.Chtimes(copyPath, made, made); err != nil {
		return "", domain.T("cannot date the backup: {{.Error}}", "Error", err.Error()).Err(errInternal)
	}
	if err := os.Rename(copyPath, final); err != nil {
		return "", domain.T("cannot put the backup in place: {{.Reason}}", "Reason", domain.Reason(err)).Because(errInternal, err)
	}
	if err := atomicfile.SyncDir(dir); err != nil {
		os.Remove(final)
		return "", domain.T("cannot save the backups folder: {{.Reason}}", "Reason", domain.Reason(err)).Because(errInternal, err)
	}
	return final, nil
}

// isStaging reports whether name is one os.MkdirTemp(dir, stagingPrefix)
// makes: the prefix and decimal digits.
func isStaging(name string) bool {
	digits := strings.TrimPrefix(name, stagingPrefix)
	if digits == name || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// removeStaging removes the staging folders in the backups folder dir. Its
// caller holds the backups lock, so their runs are over: each was killed
// before it finished (a run that finishes removes its own).
func removeStaging(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() && isStaging(e.Name()) {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

// cleanStaging removes what backups killed mid-way left in dataDir/backups,
// when no backup is running now (the lock is free: the kernel frees it when
// its holder dies). It is best effort: what cannot be removed now is tried
// again at the next open. It writes nothing when there is nothing to clean.
func cleanStaging(dataDir string) {
	dir := filepath.Join(dataDir, backupsDirName)
	entries, err := os.ReadDir(dir)
	if err != nil || !slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.IsDir() && isStaging(e.Name()) }) {
		return
	}
	unlock, ok, err := tryLockFile(filepath.Join(dataDir, backupsLockName))
	if err != nil || !ok {
		return
	}
	defer unlock()
	removeStaging(dir)
}

// reusableBackup returns the newest copy of table in dir named prefix… (by
// time of making, see madeCopies; one made after now does not count) when it
// holds exactly the content of src. A backup gets its final name only once
// it is complete, verified and fsynced, so such a file is a finished backup
// of src as it is now: a run that made it and was killed before the change
// it guarded need not be repeated.
func reusableBackup(src, dir, prefix, table string, now time.Time) (string, bool) {
	copies := madeCopies(dir, prefix, table, now)
	if len(copies) == 0 || copies[0].made.After(now) {
		return "", false
	}
	path := copies[0].path
	want, err := contentDigest(src)
	if err != nil {
		return "", false
	}
	got, err := contentDigest(path)
	return path, err == nil && got == want
}
