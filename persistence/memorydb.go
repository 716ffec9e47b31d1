package persistence

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	sqlitedriver "github.com/glebarez/go-sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

const (
	memoryFileName = "memory.db"
	memoriesTable  = "memories"
)

// The statements of the one-time change (§5). The table is the legacy table
// plus project_id, so an older Memo keeps reading and writing it.
const (
	createMemoriesSQL = `CREATE TABLE IF NOT EXISTS memories (id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, kind TEXT, created_at DATETIME, updated_at DATETIME, project_id TEXT NOT NULL DEFAULT '')`
	addProjectIDSQL   = `ALTER TABLE memories ADD COLUMN project_id TEXT NOT NULL DEFAULT ''`
	createPoolIdxSQL  = `CREATE INDEX IF NOT EXISTS idx_memories_project_id ON memories(project_id)`
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
// exactly as §5 defines it, so AutoMigrate on an upgraded legacy table finds
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
// the guarded one-time change of §5: a legacy memories table with rows gets
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
			return nil, domain.T("cannot create the memories table: {{.Error}}", "Error", reason(err)).Wrap(errInternal, err)
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

// backupFailed is the Reason of a skipped change. rolledBack says that the
// open rolled back a hot journal first: the file did change then (back to
// its last commit), and the sentence must not claim otherwise.
func backupFailed(path string, err error, rolledBack bool) domain.Text {
	if rolledBack {
		return domain.T("Memo could not back up {{.Path}} before adding project pools ({{.Error}}). The file holds its last committed state: a program that stopped in the middle of a write had left an unfinished change in it, which Memo rolled back (as every SQLite program does on opening it); nothing else was changed. Normal chats keep working; the next launch tries again.", "Path", path, "Error", reason(err))
	}
	return domain.T("Memo could not back up {{.Path}} before adding project pools ({{.Error}}), so the file was left exactly as it was. Normal chats keep working; the next launch tries again.", "Path", path, "Error", reason(err))
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

// refuseRebuild stops a statement that would rebuild a table: AutoMigrate
// rebuilds (copy to …__temp, DROP TABLE, rename) on any change of a column's
// type, default or nullability, and memory.db is shared with older Memo
// versions. The statement still reaches the logger, with this error.
func refuseRebuild(db *gorm.DB) {
	q := strings.ToLower(db.Statement.SQL.String())
	if strings.Contains(q, "__temp") || strings.Contains(q, "drop table") {
		db.AddError(fmt.Errorf("refused to rebuild a table of memory.db: %s", db.Statement.SQL.String()))
	}
}

var errNeedsBackup = errors.New("memories has rows and no backup was made")

// change brings memories to the current schema in one write transaction and
// says which schema it found. It re-reads the table inside the transaction,
// so two launches at once, or an older Memo writing meanwhile, are safe.
func (m *MemoryDB) change(backedUp bool) (string, error) {
	// Building the index reads the whole table and sorts one key per row.
	// A 64 MiB cache keeps that sort in memory (with the default 2 MiB it
	// spills to temporary files) and mmap spares a read call per page: about
	// 20% faster on 1.6 million rows. Both go back to the defaults after.
	m.db.Exec("PRAGMA cache_size=-65536")
	m.db.Exec("PRAGMA mmap_size=1073741824")
	defer m.db.Exec("PRAGMA mmap_size=0")
	defer m.db.Exec("PRAGMA cache_size=-2000")

	schema := memory.SchemaCurrent
	err := m.db.Transaction(func(tx *gorm.DB) error {
		var found memoryFile
		if err := inspectTable(tx.Statement.ConnPool, &found); err != nil {
			return err
		}
		switch {
		case !found.table:
			schema = memory.SchemaNew
			if err := tx.Exec(createMemoriesSQL).Error; err != nil {
				return err
			}
		case found.projectID:
		case found.rows && !backedUp:
			return errNeedsBackup
		default:
			if err := tx.Exec(addProjectIDSQL).Error; err != nil {
				return err
			}
		}
		return tx.Exec(createPoolIdxSQL).Error
	})
	return schema, err
}

func (m *MemoryDB) columnExists() bool {
	var n int64
	m.db.Raw("SELECT count(*) FROM pragma_table_info('memories') WHERE name = 'project_id'").Scan(&n)
	return n > 0
}

// memoryFile is what a look at memory.db found.
type memoryFile struct {
	exists    bool // memory.db is there
	table     bool // it has a memories table
	projectID bool // memories has project_id
	rows      bool // memories has at least one row
}

// needsBackup reports the case §5 guards: a legacy table with rows.
func (f memoryFile) needsBackup() bool { return f.table && !f.projectID && f.rows }

// inspectMemoryFile looks at memory.db through a read-only connection, which
// cannot change the file nor checkpoint it when it closes.
func inspectMemoryFile(path string) (memoryFile, error) {
	var found memoryFile
	if err := checkKinds(filepath.Dir(path), path); err != nil {
		return found, err
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return found, nil
	}
	found.exists = true
	db, err := sql.Open(sqliteDriverName, sqliteURI(path, "mode=ro", "_pragma=busy_timeout(5000)"))
	if err != nil {
		return found, describe(path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if err := inspectTable(db, &found); err != nil {
		var se *sqlitedriver.Error
		if errors.As(err, &se) && se.Code() == sqliteReadOnlyRollback {
			return found, errHotJournal
		}
		return found, describe(path, err)
	}
	return found, nil
}

// errHotJournal says memory.db holds a hot rollback journal.
var errHotJournal = errors.New("memory.db needs its rollback journal rolled back")

// inspectTable fills in table, projectID and rows.
func inspectTable(q gorm.ConnPool, found *memoryFile) error {
	ctx := context.Background()
	var n int64
	if err := q.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'memories'").Scan(&n); err != nil {
		return err
	}
	if found.table = n > 0; !found.table {
		return nil
	}
	if err := q.QueryRowContext(ctx, "SELECT count(*) FROM pragma_table_info('memories') WHERE name = 'project_id'").Scan(&n); err != nil {
		return err
	}
	found.projectID = n > 0
	if err := q.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM memories)").Scan(&n); err != nil {
		return err
	}
	found.rows = n > 0
	return nil
}

// SQLite result codes the memory database tells apart.
const (

	// sqliteReadOnlyRollback (SQLITE_READONLY_ROLLBACK) is the extended
	// code a read-only connection gets for a hot journal.
	sqliteReadOnlyRollback = 8 | 3<<8
)

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

// pool narrows a query on db to one pool ("" is the global pool). Without
// project_id every row is global.
func (m *MemoryDB) pool(db *gorm.DB, projectID string) (*gorm.DB, error) {
	if projectID != "" && !m.state.ProjectMemory {
		return nil, m.noProjectMemory()
	}
	q := db.Model(&memoryRow{})
	if m.hasProjectID {
		q = q.Where("project_id = ?", projectID)
	}
	return q, nil
}

func (m *MemoryDB) noProjectMemory() error {
	why := any(m.state.Reason)
	if m.state.ReasonText != nil {
		why = *m.state.ReasonText
	}
	return domain.T("project memory is not available this launch: {{.Reason}}", "Reason", why).Err(domain.ErrRefused)
}

// Count returns the number of memories in one pool ("" is the global pool).
func (m *MemoryDB) Count(projectID string) (int64, error) {
	db, done, err := m.read()
	if err != nil {
		return 0, err
	}
	defer done()
	q, err := m.pool(db, projectID)
	if err != nil {
		return 0, err
	}
	var n int64
	return n, describe(m.path, q.Count(&n).Error)
}

// CountAll returns the number of memories in every pool.
func (m *MemoryDB) CountAll() (int64, error) {
	db, done, err := m.read()
	if err != nil {
		return 0, err
	}
	defer done()
	var n int64
	return n, describe(m.path, db.Model(&memoryRow{}).Count(&n).Error)
}

var _ memory.Store = (*MemoryDB)(nil)

// Add stores a memory in one pool ("" is the global pool) and returns it.
// A project pool is refused while project memory is off.
func (m *MemoryDB) Add(pool, kind, content string) (memory.Memory, error) {
	if strings.TrimSpace(content) == "" {
		return memory.Memory{}, domain.T("a memory needs some content").Err(domain.ErrInvalid)
	}
	if pool != "" && !m.state.ProjectMemory {
		return memory.Memory{}, m.noProjectMemory()
	}
	now := m.now()
	row := memoryRow{
		Content:   content,
		Kind:      sql.NullString{String: kind, Valid: kind != ""},
		Created:   looseTime{now},
		Updated:   looseTime{now},
		ProjectID: pool,
	}
	// Name the columns: a skipped change leaves a table without project_id,
	// and the insert must then look exactly like an older Memo's.
	cols := []string{"content", "kind", "created_at", "updated_at"}
	if m.hasProjectID {
		cols = append(cols, "project_id")
	}
	db, done, err := m.write()
	if err != nil {
		return memory.Memory{}, err
	}
	defer done()
	if err := db.Select(cols).Create(&row).Error; err != nil {
		return memory.Memory{}, describe(m.path, err)
	}
	return row.memory(), nil
}

// scoped narrows a query on db to a scope.
func (m *MemoryDB) scoped(db *gorm.DB, scope memory.Scope) (*gorm.DB, error) {
	if scope.All {
		return db.Model(&memoryRow{}), nil
	}
	return m.pool(db, scope.Pool)
}

// likeEscaper makes text a LIKE pattern that matches it literally.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// List returns the memories of a scope newest first, a page at a time (the id
// is the cursor: a page is an index range scan however large the table), and
// how many match in all. Text matches ignoring ASCII case, as SQLite's LIKE does.
func (m *MemoryDB) List(scope memory.Scope, q memory.Query) ([]memory.Memory, int64, error) {
	db, done, err := m.read()
	if err != nil {
		return nil, 0, err
	}
	defer done()
	base, err := m.scoped(db, scope)
	if err != nil {
		return nil, 0, err
	}
	if q.Text != "" {
		base = base.Where(`content LIKE ? ESCAPE '\'`, "%"+likeEscaper.Replace(q.Text)+"%")
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, describe(m.path, err)
	}
	page := base.Session(&gorm.Session{})
	if q.Before > 0 {
		page = page.Where("id < ?", q.Before)
	}
	if q.Limit > 0 {
		page = page.Limit(q.Limit)
	}
	var rows []memoryRow
	if err := page.Order("id DESC").Find(&rows).Error; err != nil {
		return nil, 0, describe(m.path, err)
	}
	out := make([]memory.Memory, len(rows))
	for i, r := range rows {
		out[i] = r.memory()
	}
	return out, total, nil
}

// Edit changes the content of one memory of pool; a memory of another pool
// is not found. Only content and updated_at change: rows an older Memo wrote
// keep their kind and dates.
func (m *MemoryDB) Edit(pool string, id int64, content string) (memory.Memory, error) {
	if pool != "" && !m.state.ProjectMemory {
		return memory.Memory{}, m.noProjectMemory()
	}
	db, done, err := m.write()
	if err != nil {
		return memory.Memory{}, err
	}
	defer done()
	var row memoryRow
	err = db.Transaction(func(tx *gorm.DB) error {
		q, err := m.pool(tx, pool)
		if err != nil {
			return err
		}
		res := q.Where("id = ?", id).Updates(map[string]any{"content": content, "updated_at": looseTime{m.now()}})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.T("no memory with id {{.ID}} in this pool", "ID", id).Err(domain.ErrNotFound)
		}
		return tx.Model(&memoryRow{}).Where("id = ?", id).Take(&row).Error
	})
	if err != nil {
		return memory.Memory{}, describe(m.path, err)
	}
	return row.memory(), nil
}

// Remove deletes one memory of pool; an unknown id, or one of another pool,
// is a domain.ErrNotFound.
func (m *MemoryDB) Remove(pool string, id int64) error {
	if pool != "" && !m.state.ProjectMemory {
		return m.noProjectMemory()
	}
	db, done, err := m.write()
	if err != nil {
		return err
	}
	defer done()
	q, err := m.pool(db, pool)
	if err != nil {
		return err
	}
	res := q.Where("id = ?", id).Delete(&memoryRow{})
	if res.Error != nil {
		return describe(m.path, res.Error)
	}
	if res.RowsAffected == 0 {
		return domain.T("no memory with id {{.ID}} in this pool", "ID", id).Err(domain.ErrNotFound)
	}
	return nil
}

// Counts returns the number of memories of each pool.
func (m *MemoryDB) Counts() (map[string]int64, error) {
	db, done, err := m.read()
	if err != nil {
		return nil, err
	}
	defer done()
	out := map[string]int64{}
	if !m.hasProjectID {
		var n int64
		err := db.Model(&memoryRow{}).Count(&n).Error
		if n > 0 {
			out[memory.GlobalPool] = n
		}
		return out, describe(m.path, err)
	}
	rows, err := db.Raw("SELECT project_id, count(*) FROM memories GROUP BY project_id").Rows()
	if err != nil {
		return nil, describe(m.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var pool string
		var n int64
		if err := rows.Scan(&pool, &n); err != nil {
			return nil, describe(m.path, err)
		}
		out[pool] = n
	}
	return out, describe(m.path, rows.Err())
}
