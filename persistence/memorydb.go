// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

const (
	memoryFileName = "memory.db"
	memoriesTable  = "memories"
)

// MemoryDB is the memories database of one data home. It is safe for
// concurrent use.
type MemoryDB struct {
	path string
	now  func() time.Time
	// hasProjectID is true when memories has the project_id column, even if
	// project pools are off for another reason; inserts name it only then.
	// It and state are settled during the open and only read afterwards.
	hasProjectID bool
	state        memory.State
	opt          memoryOptions // to open the writer later

	// mu guards db and writable: a first write swaps the read-only
	// connection for the read-write one. Every use of db holds mu for
	// reading until its statement is done, so the swap (which holds it for
	// writing) never closes a connection under a running query.
	mu       sync.RWMutex
	db       *gorm.DB
	writable bool // db is the read-write connection
}

// memoryRow is the GORM model of memories. Its tags describe the table
// exactly as docs/database.md §2 defines it, so AutoMigrate on an upgraded legacy table finds
// nothing to change.
//
// project_id carries "-:migration": the column and its index are added by the
// guarded change below, never by AutoMigrate. GORM reads the column's default
// back from the DDL with its quotes, compares it with the unquoted default of
// the tag, finds them different and would rebuild the whole table (copy to
// memories__temp, DROP TABLE) on every launch.
type memoryRow struct {
	ID        int64          `gorm:"column:id;primaryKey;autoIncrement"`
	Content   string         `gorm:"column:content;type:text;not null"`
	Kind      sql.NullString `gorm:"column:kind;type:text"`
	Created   looseTime      `gorm:"column:created_at;type:datetime"`
	Updated   looseTime      `gorm:"column:updated_at;type:datetime"`
	ProjectID string         `gorm:"column:project_id;type:text;not null;default:'';index:idx_memories_project_id;-:migration"`
}

func (memoryRow) TableName() string { return "memories" }

func (r memoryRow) memory() memory.Memory {
	return memory.Memory{
		ID:        r.ID,
		Content:   r.Content,
		Kind:      r.Kind.String,
		CreatedAt: r.Created.t,
		UpdatedAt: r.Updated.t,
		ProjectID: r.ProjectID,
	}
}

// looseTime reads a DATETIME column written by any Memo version: NULL, a time
// the driver parsed, text it did not recognise, or unix seconds. Values it
// cannot read become the zero time instead of failing the whole list.
type looseTime struct{ t time.Time }

// Scan implements sql.Scanner.
func (lt *looseTime) Scan(v any) error {
	lt.t = time.Time{}
	switch x := v.(type) {
	case time.Time:
		lt.t = x
	case int64:
		lt.t = time.Unix(x, 0)
	case float64:
		lt.t = time.Unix(int64(x), 0)
	case string:
		lt.t = parseLooseTime(x)
	case []byte:
		lt.t = parseLooseTime(string(x))
	}
	return nil
}

// Value implements driver.Valuer; the zero time is stored as NULL.
func (lt looseTime) Value() (driver.Value, error) {
	if lt.t.IsZero() {
		return nil, nil
	}
	return lt.t, nil
}

var looseTimeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999 -0700 MST",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02",
}

func parseLooseTime(s string) time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range looseTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// memoryOptions are the seams tests use; OpenMemoryDB passes none.
type memoryOptions struct {
	logger logger.Interface
	// hook, when set, runs at named steps of the open ("inspected") and of the
	// backup ("pinned", "copied", "verified"); an error it returns fails that
	// step.
	hook func(step string) error
	// lockWait bounds the wait for another run's backup (0: memoryLockWait).
	lockWait time.Duration
	// now is the clock a backup's time of making (its modification time) is
	// set from, so that it is the injected clock's (nil: time.Now).
	now func() time.Time
}

func (o memoryOptions) clock() time.Time {
	if o.now != nil {
		return o.now()
	}
	return time.Now()
}

func (o memoryOptions) backupsLockWait() time.Duration {
	if o.lockWait > 0 {
		return o.lockWait
	}
	return memoryLockWait
}

func (o memoryOptions) step(name string) error {
	if o.hook == nil {
		return nil
	}
	return o.hook(name)
}

// OpenMemoryDB opens dataDir/memory.db, creating it when missing, and runs
// the guarded one-time change of docs/database.md §3: a legacy memories table with rows gets
// project_id only after a verified backup exists. When the backup cannot be
// made the change is skipped, State says why, and the returned MemoryDB still
// serves the global pool exactly as before. now stamps rows and backups.
func OpenMemoryDB(dataDir string, now func() time.Time) (*MemoryDB, error) {
	return openMemoryDB(dataDir, now, memoryOptions{})
}

// memoryLockWait bounds the wait for another process's one-time change.
const memoryLockWait = 2 * time.Minute

func openMemoryDB(dataDir string, now func() time.Time, opt memoryOptions) (*MemoryDB, error) {
	if now == nil {
		now = time.Now
	}
	path := filepath.Join(dataDir, memoryFileName)
	backups := filepath.Join(dataDir, backupsDirName)
	// Two launches at once (the window and the chat app) would both back up
	// and alter: one does it while the other waits, then finds it done.
	// The wait covers a backup of a large memory.db; a holder that takes
	// longer is hung, and saying so beats waiting forever.
	if os.MkdirAll(dataDir, 0o700) == nil {
		unlock, err := lockFile(filepath.Join(dataDir, "memory.lock"), memoryLockWait)
		if errors.Is(err, errLockBusy) {
			return nil, busy(dataDir)
		}
		if err == nil {
			defer unlock()
		}
		cleanStaging(dataDir)
	}

	// Look first through a read-only connection: until a backup exists
	// memory.db must not be written at all.
	m := &MemoryDB{path: path, now: now}
	opt.now = now
	found, err := inspectMemoryFile(path)
	rolledBack := errors.Is(err, errHotJournal)
	if rolledBack {
		// A program died mid-write and left a rollback journal that only a
		// read-write connection may roll back. Every SQLite reader, an older
		// Memo included, does so on its first read: the file returns to its
		// last commit, which is what the backup below then holds.
		if err := m.openWriter(opt); err != nil {
			return nil, err
		}
		if err := inspectTable(m.db.Statement.ConnPool, &found); err != nil {
			m.Close()
			return nil, describe(path, err)
		}
		found.exists = true
	} else if err != nil {
		return nil, err
	}
	m.hasProjectID = found.projectID
	if found.needsBackup() {
		b, err := backupDB(path, backups, memoryBackupPrefix, memoryBackupName(now()), memoriesTable, opt)
		if err != nil {
			return m.openUnchanged(opt, backupFailed(path, err, rolledBack))
		}
		m.state.Backup = b
	}
	if err := opt.step("inspected"); err != nil {
		m.Close()
		return nil, err
	}
	if !found.exists {
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return nil, fsError(err, domain.T("cannot create the data folder {{.Folder}}", "Folder", dataDir))
		}
	}
	if m.db == nil {
		if err := m.openWriter(opt); err != nil {
			return nil, err
		}
	}

	schema, err := m.change(m.state.Backup != "")
	if errors.Is(err, errNeedsBackup) {
		// Rows arrived between the look and the change (an older Memo
		// wrote meanwhile): back them up too. The writer stays open so that
		// closing it cannot checkpoint memory.db before the copy exists.
		b, berr := backupDB(path, backups, memoryBackupPrefix, memoryBackupName(now()), memoriesTable, opt)
		if berr != nil {
			return m.openUnchanged(opt, backupFailed(path, berr, rolledBack))
		}
		m.state.Backup = b
		schema, err = m.change(true)
	}
	if err != nil {
		if !found.table {
			m.Close()
			err = describe(path, err)
			return nil, domain.T("cannot create the memories table: {{.Error}}", "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
		m.hasProjectID = m.columnExists()
		m.skip(domain.T("adding project pools to {{.Path}} failed ({{.Error}}). Normal chats keep working; the next launch tries again.", "Path", path, "Error", err.Error()))
		return m, nil
	}
	m.hasProjectID = true
	m.state.Schema = schema
	m.state.ProjectMemory = true

	// WAL lets the chat app read while this app writes. It is set only now:
	// it rewrites the file header, which must not happen before the backup.
	// A busy database keeps its journal mode; that is not worth failing for.
	m.db.Exec("PRAGMA journal_mode=WAL")

	// A no-op check that the table is what the model describes. The
	// rebuild guard (refuseRebuild) stops any table copy it might attempt.
	if err := m.db.AutoMigrate(&memoryRow{}); err != nil {
		m.state.ProjectMemory = false
		m.setReason(domain.T("the memories table in {{.Path}} does not have the shape this version expects ({{.Error}}). Normal chats keep working.", "Path", path, "Error", err.Error()))
	}
	return m, nil
}

// openUnchanged opens memory.db for normal chats after the change was skipped:
// no journal-mode change, no table, no index.
func (m *MemoryDB) openUnchanged(opt memoryOptions, reason domain.Text) (*MemoryDB, error) {
	if err := m.openReader(opt); err != nil {
		return nil, err
	}
	m.skip(reason)
	return m, nil
}

func (m *MemoryDB) skip(reason domain.Text) {
	m.state.Schema = memory.SchemaLegacy
	if m.hasProjectID {
		m.state.Schema = memory.SchemaCurrent
	}
	m.state.ProjectMemory = false
	m.setReason(reason)
}

// setReason says why project memory is off, in English (Reason) and kept
// apart for the window (ReasonText).
func (m *MemoryDB) setReason(reason domain.Text) {
	m.state.Reason = reason.String()
	m.state.ReasonText = &reason
}

// openWriter opens the read-write connection every later call uses.
func (m *MemoryDB) openWriter(opt memoryOptions) error {
	db, err := m.open(opt, "_txlock=immediate")
	if err != nil {
		return err
	}
	m.db, m.writable = db, true
	m.opt = opt
	return nil
}

// openReader makes the connection read-only, for a memory.db whose change was
// skipped: the last read-write connection to close a WAL database checkpoints
// it into memory.db, which must stay as it was until the person writes. The
// read-only connection opens before the writer closes, so the writer is not
// the last one and does not checkpoint.
func (m *MemoryDB) openReader(opt memoryOptions) error {
	db, err := m.open(opt, "mode=ro")
	if err != nil {
		return err
	}
	m.Close()
	m.db, m.writable = db, false
	m.opt = opt
	return nil
}

// errClosed answers a call made after Close.
var errClosed = errors.New("the memory database is closed")

// read returns the connection for a read and the function that ends its use.
func (m *MemoryDB) read() (*gorm.DB, func(), error) {
	m.mu.RLock()
	if m.db == nil {
		m.mu.RUnlock()
		return nil, nil, errClosed
	}
	return m.db, m.mu.RUnlock, nil
}

// write returns the connection for a write the person asked for, and the
// function that ends its use. If reads went through a read-only connection,
// the read-write one replaces it: it opens first and the read-only one is
// closed after (a read-only connection never checkpoints when it closes; the
// writer, once the person has written, may).
func (m *MemoryDB) write() (*gorm.DB, func(), error) {
	for {
		db, done, err := m.read()
		if err != nil || m.writable {
			return db, done, err
		}
		done()
		m.mu.Lock()
		if m.db != nil && !m.writable {
			old := m.db
			if err := m.openWriter(m.opt); err != nil {
				m.mu.Unlock()
				return nil, nil, err
			}
			closeGorm(old)
		}
		m.mu.Unlock()
	}
}

func closeGorm(db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

func (m *MemoryDB) open(opt memoryOptions, params ...string) (*gorm.DB, error) {
	lg := opt.logger
	if lg == nil {
		lg = logger.Discard
	}
	dsn := sqliteURI(m.path, append(params, "_pragma=busy_timeout(5000)")...)
	db, err := openGorm(dsn, &gorm.Config{Logger: lg, NowFunc: m.now})
	if err != nil {
		return nil, describe(m.path, err)
	}
	if err := db.Callback().Raw().Before("gorm:raw").Register("memo:refuse_rebuild", refuseRebuild); err != nil {
		if sqlDB, err := db.DB(); err == nil {
			sqlDB.Close()
		}
		return nil, err
	}
	return db, nil
}

// State says what the one-time change found and did this launch.
func (m *MemoryDB) State() memory.State {
	st := m.state
	st.Ready = true
	return st
}

// Close closes the database; later calls fail.
func (m *MemoryDB) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.db == nil {
		return nil
	}
	db := m.db
	m.db = nil
	return closeGorm(db)
}
