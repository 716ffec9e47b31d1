// Package persistence keeps Memo's two SQLite files through GORM on the pure-Go
// driver github.com/glebarez/sqlite (SPEC §1, §5): data/projects.db, the
// device registry, and data/memory.db, the memories shared with older Memo.
package persistence

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	sqlitedriver "github.com/glebarez/go-sqlite"
	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Options tune Open.
type Options struct {
	// ReadOnly opens projects.db without creating or changing anything: for
	// commands that must write nothing (status). A missing registry reads as empty.
	ReadOnly bool
	Now      func() time.Time
	// Logger receives GORM's SQL (tests use it to catch table rebuilds).
	Logger logger.Interface
}

// Store holds the open databases of one data home.
type Store struct {
	home    string
	dataDir string
	opt     Options
	db      *gorm.DB

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
	s := &Store{home: home, dataDir: filepath.Join(home, "data"), opt: opt}
	path := filepath.Join(s.dataDir, "projects.db")
	if opt.ReadOnly {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			db, err := openGorm("file:registry?mode=memory", registryConfig(opt))
			if err != nil {
				return nil, err
			}
			s.db = db
			return s, migrateRegistry(db) // in memory: nothing is written
		}
		db, err := openGorm(dsn(path, "mode=ro"), registryConfig(opt))
		if err != nil {
			return nil, describe(path, err)
		}
		s.db = db
		return s, describe(path, probe(db))
	}
	if err := os.MkdirAll(s.dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the data folder %s: %w", s.dataDir, err)
	}
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
	return s, nil
}

// registrySchema is the layout version of projects.db, kept in PRAGMA
// user_version. Raise it with every change to registryModels: a registry that
// has rows is then copied to data/backups (verified) before AutoMigrate runs.
const registrySchema = 1

func (s *Store) migrateRegistry(path string) error {
	current, err := registryVersion(s.db, path)
	if err != nil || current {
		return err
	}
	// Two first launches may race: the write lock of an immediate transaction
	// lets one migrate while the other waits, then finds the layout current.
	return describe(path, s.db.Transaction(func(tx *gorm.DB) error {
		if current, err := registryVersion(tx, path); err != nil || current {
			return err
		}
		var rows int64
		if tx.Migrator().HasTable(&projectRow{}) {
			if err := tx.Model(&projectRow{}).Count(&rows).Error; err != nil {
				return err
			}
		}
		if rows > 0 {
			name := fmt.Sprintf("projects-pre-v%d-%s.db", registrySchema, s.opt.Now().UTC().Format("20060102T150405Z"))
			if _, err := backupDB(path, filepath.Join(s.dataDir, backupsDirName), name, "projects", memoryOptions{}); err != nil {
				return fmt.Errorf("%s needs a layout change, but its backup failed, so it was left as it is: %v", path, err)
			}
		}
		if err := migrateRegistry(tx); err != nil {
			return err
		}
		return tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", registrySchema)).Error
	}))
}

// registryVersion reports whether projects.db has the current layout; a
// layout from a newer app is an error.
func registryVersion(db *gorm.DB, path string) (bool, error) {
	var version int
	if err := db.Raw("PRAGMA user_version").Scan(&version).Error; err != nil {
		return false, describe(path, err)
	}
	if version > registrySchema {
		return false, fmt.Errorf("%s was written by a newer Memo Projects (layout %d; this one knows %d): update Memo Projects", path, version, registrySchema)
	}
	return version == registrySchema, nil
}

// Home is the data home the store was opened in.
func (s *Store) Home() string { return s.home }

// DataDir is home/data.
func (s *Store) DataDir() string { return s.dataDir }

// Memory opens data/memory.db on first use, running the guarded one-time change
// of SPEC §5.
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
	var n int64
	return db.Raw("SELECT count(*) FROM sqlite_master").Scan(&n).Error
}

// SQLite's primary result codes that a person can act on.
const (
	sqliteBusy     = 5
	sqliteLocked   = 6
	sqliteReadOnly = 8
	sqliteCorrupt  = 11
	sqliteCantOpen = 14
	sqliteNotADB   = 26
)

// describe turns SQLite's terse errors about the database at path into
// sentences a person acts on.
func describe(path string, err error) error {
	if err == nil {
		return nil
	}
	var se *sqlitedriver.Error
	switch {
	case !errors.As(err, &se) && strings.Contains(err.Error(), path):
		return err // described already
	case se == nil:
		return fmt.Errorf("%s: %w", path, err)
	}
	backups := filepath.Join(filepath.Dir(path), backupsDirName)
	switch se.Code() & 0xff {
	case sqliteNotADB:
		return fmt.Errorf("%s is not a SQLite database (%v): move it aside and Memo creates a new one, or put back a copy from %s", path, err, backups)
	case sqliteCorrupt:
		return fmt.Errorf("%s is damaged (%v): move it aside and Memo creates a new one, or put back a copy from %s", path, err, backups)
	case sqliteCantOpen:
		return fmt.Errorf("%s cannot be opened (%v): check that the file and its folder can be read and written", path, err)
	case sqliteBusy, sqliteLocked:
		return fmt.Errorf("%s is locked by another program: close it and try again", path)
	case sqliteReadOnly:
		return fmt.Errorf("cannot write %s: the file or its folder is read-only (%v)", path, err)
	}
	return fmt.Errorf("%s: %w", path, err)
}
