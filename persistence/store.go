// SPDX-License-Identifier: Apache-2.0

// Package persistence keeps Memo's two SQLite files through GORM on the pure-Go
// driver github.com/glebarez/sqlite (docs/database.md): data/projects.db, the
// device registry, and data/memory.db, the memories shared with older Memo.
package persistence

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	sqlitedriver "github.com/glebarez/go-sqlite"
	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"memo.dev/projects/domain"
)

// Options tune Open.
type Options struct {
	// ReadOnly opens projects.db without creating or changing anything: for
	// commands that must write nothing (status). A missing registry reads as empty.
	ReadOnly bool
	Now      func() time.Time
	// Logger receives GORM's SQL (tests use it to catch table rebuilds).
	Logger logger.Interface
	// LockWait bounds how long Registry.Lock waits for another Memo
	// process (0: DefaultLockWait).
	LockWait time.Duration
}

// Store holds the open databases of one data home.
type Store struct {
	home    string
	dataDir string
	opt     Options
	db      *gorm.DB

	// snapshot is the temporary folder of a registry read from a copy
	// (see openRegistryReadOnly); removed by Close.
	snapshot string

	memOnce sync.Once
	mem     *MemoryDB
	memErr  error
}

// Open opens (creating when allowed) home/data/projects.db. memory.db is opened
// on first use by Memory, so that commands that never touch memories never
// touch memory.db.
func Open(home string, opt Options) (*Store, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Logger == nil {
		opt.Logger = logger.Discard
	}
	paths := PathsIn(home)
	s := &Store{home: home, dataDir: paths.Data, opt: opt}
	path := paths.Registry
	if err := checkKinds(paths.Data, path); err != nil {
		return nil, err
	}
	if opt.ReadOnly {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return s, s.openEmptyRegistry()
		}
		// No migration runs and nothing is checked beyond one read of the
		// schema: a command that writes nothing needs no more.
		db, snapshot, l, err := openRegistryReadOnly(path, registryConfig(opt))
		if err != nil {
			return nil, err
		}
		s.db, s.snapshot = db, snapshot
		// A registry that was never migrated (an empty file, or a first
		// launch killed before its migration committed) holds no folder:
		// it reads as empty, as a missing one does.
		if !l.Tables {
			s.Close()
			s.db, s.snapshot = nil, ""
			return s, s.openEmptyRegistry()
		}
		current, err := checkVersion(path, l.Version)
		if err != nil {
			s.Close()
			return nil, err
		}
		if !current {
			// An older layout (no command has written since an update):
			// read a copy brought to this one, leaving the file as it is.
			if err := s.readUpgradedCopy(path, l.Version); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
	if err := os.MkdirAll(s.dataDir, 0o700); err != nil {
		return nil, fsError(err, domain.T("cannot create the data folder {{.Folder}}", "Folder", s.dataDir))
	}
	cleanStaging(s.dataDir)
	// The registry is small, read through indexes and written in tiny
	// transactions. A rollback journal, not WAL: with WAL even a read-only
	// `status` would leave -wal and -shm files behind, and status writes
	// nothing. A 512 KiB page cache (SQLite keeps 2 MiB) keeps the idle app lean.
	db, err := openGorm(dsn(path, "_pragma=journal_mode(DELETE)", "_pragma=cache_size(-512)"), registryConfig(opt))
	if err != nil {
		return nil, describe(path, err)
	}
	s.db = db
	if err := describe(path, probe(db)); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.migrateRegistry(path); err != nil {
		s.Close()
		return nil, err
	}
	// The day's copy is best effort: a failure here leaves the registry as
	// it is, and the next open tries again.
	s.KeepRegistryCopy()
	return s, nil
}

// openEmptyRegistry serves a read-only open from an empty registry in
// memory: nothing is written.
func (s *Store) openEmptyRegistry() error {
	db, err := openGorm("file:registry?mode=memory", registryConfig(s.opt))
	if err != nil {
		return err
	}
	s.db = db
	return migrateRegistry(db)
}

// registrySchema is the layout version of projects.db, kept in PRAGMA
// user_version. Raise it with every change to registryModels: a registry that
// has rows is then copied to data/backups (verified) before AutoMigrate runs.
//
//	1: projects, settings
//	2: permission_pins (docs/permissions.md §10), skill_switches (docs/skills.md §3)
//	3: projects.written and projects.gone (docs/identity.md §7); the unique index on
//	   path covers the rows not gone only (see upgradeRegistry)
//	4: skill_switches.hash (the content a switch is pinned to), skill_copies
//	   (docs/skills.md §3): columns and a table added, nothing rebuilt
//	5: permission_pins.definitions, what the trusted rules run (docs/permissions.md §7)
//	6: projects.folder, the folder on disk a record was made for (docs/identity.md §8)
const registrySchema = 6

func (s *Store) migrateRegistry(path string) error {
	current, err := registryVersion(s.db, path)
	if err != nil || current {
		return err
	}
	// First launches after an update race: one changes the layout (its
	// backup first) under the registry lock, the others wait for that lock
	// as for any writer, then find the layout current in their own
	// transaction. The write lock of the immediate transaction alone is not
	// enough: the backup reads the file through other connections while it
	// is held, and a waiter's busy timeout runs out during a long backup.
	unlock, err := lockData(s.dataDir, s.opt.LockWait)
	if err != nil {
		return err
	}
	defer unlock()
	return describe(path, s.db.Transaction(func(tx *gorm.DB) error {
		from, err := registryLayout(tx, path)
		if err != nil || from == registrySchema {
			return err
		}
		// Any row counts: trust pins and settings cannot be made again.
		rows, err := registryHasRows(tx)
		if err != nil {
			return err
		}
		if rows {
			prefix := fmt.Sprintf("%spre-v%d-", registryPrefix, registrySchema)
			name := prefix + s.opt.Now().UTC().Format(stampLayout) + ".db"
			if _, err := backupDB(path, filepath.Join(s.dataDir, backupsDirName), prefix, name, registryTable, memoryOptions{now: s.opt.Now}); err != nil {
				return domain.T("{{.Path}} needs a layout change, but its backup failed, so it was left as it is: {{.Error}}", "Path", path, "Error", domain.Sentence(err)).Wrap(errInternal, err)
			}
		}
		return upgradeRegistry(tx, from)
	}))
}

// registryVersion reports whether projects.db has the current layout; a
// layout from a newer app is an error.
func registryVersion(db *gorm.DB, path string) (bool, error) {
	version, err := registryLayout(db, path)
	return version == registrySchema, err
}

// registryLayout is the layout version of projects.db; a layout from a newer
// app is an error.
func registryLayout(db *gorm.DB, path string) (int, error) {
	var version int
	if err := db.Raw("PRAGMA user_version").Scan(&version).Error; err != nil {
		return 0, describe(path, err)
	}
	_, err := checkVersion(path, version)
	return version, err
}

// checkVersion reports whether layout version is the current one; a layout
// from a newer app is an error.
func checkVersion(path string, version int) (bool, error) {
	if version > registrySchema {
		return false, domain.T("{{.Path}} was written by a newer Memo Projects (layout {{.Layout}}; this one knows {{.Known}}): update Memo Projects", "Path", path, "Layout", version, "Known", registrySchema).Err(errInternal)
	}
	return version == registrySchema, nil
}

// Home is the data home the store was opened in.
func (s *Store) Home() string { return s.home }

// DataDir is home/data.
func (s *Store) DataDir() string { return s.dataDir }

// Memory opens data/memory.db on first use, running the guarded one-time change
// of docs/database.md §3.
func (s *Store) Memory() (*MemoryDB, error) {
	s.memOnce.Do(func() {
		s.mem, s.memErr = OpenMemoryDB(s.dataDir, s.opt.Now)
	})
	return s.mem, s.memErr
}

// Close closes both databases.
func (s *Store) Close() error {
	var errs []error
	if s.mem != nil {
		errs = append(errs, s.mem.Close())
	}
	if s.db != nil {
		if sqlDB, err := s.db.DB(); err == nil {
			errs = append(errs, sqlDB.Close())
		}
	}
	if s.snapshot != "" {
		errs = append(errs, os.RemoveAll(s.snapshot))
	}
	return errors.Join(errs...)
}

func dsn(path string, params ...string) string {
	return sqliteURI(path, append(params, "_pragma=busy_timeout(5000)", "_txlock=immediate")...)
}

func registryConfig(opt Options) *gorm.Config {
	return &gorm.Config{Logger: opt.Logger, TranslateError: true}
}

// openGorm opens one of Memo's SQLite files with a single connection.
func openGorm(dsn string, cfg *gorm.Config) (*gorm.DB, error) {
	db, err := gorm.Open(sqlite.Open(dsn), cfg)
	if err != nil {
		return nil, err
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	// SQLite allows one writer at a time: one connection avoids "database is
	// locked" between our own connections and keeps a :memory: database whole.
	sqlDB.SetMaxOpenConns(1)
	return db, nil
}

// probe reads the schema once so that a file that is not SQLite fails here,
// with a clear message, rather than in the middle of a command.
func probe(db *gorm.DB) error {
	_, err := readLayout(db)
	return err
}

// layout is what readLayout found in projects.db.
type layout struct {
	Tables  bool // the registry's tables exist (a file never migrated has none)
	Version int  // PRAGMA user_version: the layout version
}

// readLayout is probe that also says, from the same one statement, what
// projects.db holds.
func readLayout(db *gorm.DB) (layout, error) {
	var l layout
	err := db.Raw("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?) AS tables, (SELECT user_version FROM pragma_user_version) AS version",
		projectRow{}.TableName()).Scan(&l).Error
	return l, err
}

// SQLite's primary result codes that a person can act on.
const (
	sqlitePerm       = 3
	sqliteBusy       = 5
	sqliteLocked     = 6
	sqliteReadOnly   = 8
	sqliteIOErr      = 10
	sqliteCorrupt    = 11
	sqliteFull       = 13
	sqliteCantOpen   = 14
	sqliteConstraint = 19
	sqliteAuth       = 23
	sqliteNotADB     = 26
)

// describe turns SQLite's terse errors about the database at path into
// sentences a person acts on, each with the kind of docs/cli.md §3 that says who
// can act:
//   - forbidden: the file or its folder may not be read or written (read-only,
//     permission, cannot open): the person fixes permissions, as for any
//     folder Memo may not use;
//   - conflict: another program holds the database (busy, locked), or a row
//     clashes with one stored (constraint): try again, or it exists already;
//   - internal (no kind): the file is damaged or not SQLite, the disk is full
//     or failing. Nothing the caller sent was wrong and retrying does not
//     help; the sentence says what to do with the file.
//
// An error that has a kind already is returned as it is.
func describe(path string, err error) error {
	if err == nil {
		return nil
	}
	var de *domain.Error
	var se *sqlitedriver.Error
	switch {
	case errors.As(err, &de):
		return err
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return domain.T("{{.Path}} already holds that record", "Path", path).Wrap(domain.ErrConflict, err)
	case errors.As(err, &se):
		return describeCode(path, se.Code(), err)
	case errors.Is(err, fs.ErrPermission):
		return domain.T("{{.Path}} may not be read or written: permission denied; check the permissions of the file and its folder", "Path", path).Because(domain.ErrRefused, err)
	}
	return domain.T("{{.Path}} could not be used", "Path", path).Because(errInternal, err)
}

// SQLite's extended result codes that say more than their primary code.
const (
	// sqliteReadOnlyDBMoved: the file was deleted, or replaced by another
	// (a copy put back), while this connection had it open; SQLite refuses
	// to write to a file nobody will read again.
	sqliteReadOnlyDBMoved = sqliteReadOnly | 4<<8
	// sqliteIOErrDeleteNoEnt: the journal SQLite meant to delete was gone,
	// deleted at the same moment by another connection: a race between two
	// processes, not a disk fault.
	sqliteIOErrDeleteNoEnt = sqliteIOErr | 23<<8
)

// ErrRegistryGone is the cause of a write to a projects.db that was deleted
// or replaced since it was opened (errors.Is finds it).
var ErrRegistryGone = errors.New("the registry was deleted or replaced while open")

// describeCode is describe for an error with SQLite result code code.
func describeCode(path string, code int, err error) error {
	switch code {
	case sqliteReadOnlyDBMoved:
		return domain.T("{{.Path}} was deleted or replaced while Memo Projects had it open, so nothing more can be written to it: restart Memo Projects (close the window, stop serve) to use the registry that is there now, or first put back a copy from {{.Backups}}",
			"Path", path, "Backups", filepath.Join(filepath.Dir(path), backupsDirName)).Wrap(errInternal, errors.Join(ErrRegistryGone, err))
	case sqliteIOErrDeleteNoEnt:
		return domain.T("{{.Path}} was being changed by another Memo process at the same moment: try again", "Path", path).Wrap(domain.ErrConflict, err)
	}
	switch code & 0xff {
	case sqliteNotADB:
		return domain.T("{{.Path}} is not a SQLite database: {{.Advice}}", "Path", path, "Advice", restoreAdvice(path)).Because(errInternal, err)
	case sqliteCorrupt:
		return domain.T("{{.Path}} is damaged: {{.Advice}}", "Path", path, "Advice", restoreAdvice(path)).Because(errInternal, err)
	case sqliteFull:
		return domain.T("cannot write {{.Path}}: the disk is full; free some space, then try again", "Path", path).Because(errInternal, err)
	case sqliteIOErr:
		return domain.T("cannot read or write {{.Path}}: the disk reported an error; check the disk, then try again", "Path", path).Because(errInternal, err)
	case sqliteCantOpen:
		return domain.T("{{.Path}} cannot be opened: check that the file and its folder can be read and written", "Path", path).Because(domain.ErrRefused, err)
	case sqliteReadOnly:
		return domain.T("cannot write {{.Path}}: the file or its folder is read-only", "Path", path).Because(domain.ErrRefused, err)
	case sqlitePerm, sqliteAuth:
		return domain.T("{{.Path}} may not be accessed: check its permissions", "Path", path).Because(domain.ErrRefused, err)
	case sqliteBusy, sqliteLocked:
		return domain.T("{{.Path}} is locked by another program: close it and try again", "Path", path).Because(domain.ErrConflict, err)
	case sqliteConstraint:
		return domain.T("{{.Path}} already holds that record", "Path", path).Because(domain.ErrConflict, err)
	}
	return domain.T("{{.Path}} could not be used", "Path", path).Because(errInternal, err)
}

// fsError words a failure of the file system at what, with kind forbidden
// when it is a permission or read-only file system.
func fsError(err error, what domain.Text) error {
	kind := errInternal
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		kind = domain.ErrRefused
	}
	return domain.T("{{.What}}: {{.Reason}}", "What", what, "Reason", domain.Reason(err)).Because(kind, err)
}

// errInternal is the kind of a failure that is nobody's input (a damaged
// file, a full disk): domain.KindOf reports it as internal. Made with
// domain.T, its sentence still carries its Text for the window, and its
// cause still matches with errors.Is.
var errInternal = errors.New("internal failure")

// openRegistryReadOnly opens projects.db for commands that write nothing
// (status, preamble, files).
//
// A writer killed mid-transaction leaves a hot rollback journal, and a
// read-only connection cannot read past it (SQLITE_READONLY_ROLLBACK) until
// a read-write one rolls it back. Rolling back in place would answer from
// the last commit too, but it writes projects.db (in a read-only folder it
// even writes the pages back and then fails to delete the journal), and
// status writes nothing (docs/folders.md §2). So the database and its journal are
// copied to a temporary folder, the copy is rolled back and read: the answer
// is the last commit, as any reader would see it, and projects.db stays byte
// for byte as it is until the next writing command rolls it back. The copy
// costs a few milliseconds per command, and only after a crash.
//
// The second return value is the copy's folder ("" when reading in place).
func openRegistryReadOnly(path string, cfg *gorm.Config) (*gorm.DB, string, layout, error) {
	for range 3 {
		db, l, err := openReadOnlyProbed(path, cfg)
		if !isHotJournal(err) {
			return db, "", l, describe(path, err)
		}
		db, dir, l, err := openRegistrySnapshot(path, cfg)
		if !errors.Is(err, errRetry) {
			return db, dir, l, err
		}
	}
	return nil, "", layout{}, domain.T("cannot read {{.Path}}: another program keeps changing it; try again", "Path", path).Err(domain.ErrConflict)
}

func openReadOnlyProbed(path string, cfg *gorm.Config) (*gorm.DB, layout, error) {
	db, err := openGorm(dsn(path, "mode=ro"), cfg)
	if err != nil {
		return nil, layout{}, err
	}
	l, err := readLayout(db)
	if err != nil {
		closeGorm(db)
		return nil, layout{}, err
	}
	return db, l, nil
}

// isHotJournal reports SQLITE_READONLY_ROLLBACK: a hot journal seen through
// a connection that may not roll it back.
func isHotJournal(err error) bool {
	var se *sqlitedriver.Error
	return errors.As(err, &se) && se.Code() == sqliteReadOnlyRollback
}

// openRegistrySnapshot reads the last commit of projects.db from a rolled
// back copy in a temporary folder, or says errRetry when a writer changed the
// files meanwhile (it rolled the journal back: the file is readable again).
func openRegistrySnapshot(path string, cfg *gorm.Config) (*gorm.DB, string, layout, error) {
	dir, err := os.MkdirTemp("", "memo-registry-")
	if err != nil {
		return nil, "", layout{}, fsError(err, domain.T("cannot read {{.Path}}: it holds an unfinished write, and no temporary copy can be made to read past it", "Path", path))
	}
	db, l, err := func() (*gorm.DB, layout, error) {
		before, err := fileStamps(path)
		if err != nil {
			return nil, layout{}, err
		}
		copyPath := filepath.Join(dir, filepath.Base(path))
		for _, suffix := range []string{"", "-journal"} {
			if err := copyFile(path+suffix, copyPath+suffix); err != nil {
				return nil, layout{}, err
			}
		}
		if after, err := fileStamps(path); err != nil || after != before {
			return nil, layout{}, errRetry
		}
		// Any read through a read-write connection rolls the journal back.
		rw, err := openGorm(dsn(copyPath), cfg)
		if err != nil {
			return nil, layout{}, err
		}
		err = probe(rw)
		closeGorm(rw)
		if err != nil {
			return nil, layout{}, err
		}
		return openReadOnlyProbed(copyPath, cfg)
	}()
	if errors.Is(err, fs.ErrNotExist) {
		err = errRetry // the journal went away: a writer rolled it back
	}
	if err != nil {
		os.RemoveAll(dir)
		if errors.Is(err, errRetry) {
			return nil, "", layout{}, err
		}
		return nil, "", layout{}, describe(path, err)
	}
	return db, dir, l, nil
}

var errRetry = errors.New("the files changed while they were copied")

// stamps tell whether a database and its journal changed.
type stamps [2]struct{ size, mod int64 }

func fileStamps(path string) (stamps, error) {
	var out stamps
	for i, suffix := range []string{"", "-journal"} {
		fi, err := os.Stat(path + suffix)
		if err != nil {
			return out, err
		}
		out[i].size, out[i].mod = fi.Size(), fi.ModTime().UnixNano()
	}
	return out, nil
}
