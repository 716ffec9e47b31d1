// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	sqlitedriver "github.com/glebarez/go-sqlite"
	"gorm.io/gorm"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

// The statements of the one-time change (docs/database.md §3). The table is the legacy table
// plus project_id, so an older Memo keeps reading and writing it.
const (
	createMemoriesSQL = `CREATE TABLE IF NOT EXISTS memories (id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, kind TEXT, created_at DATETIME, updated_at DATETIME, project_id TEXT NOT NULL DEFAULT '')`
	addProjectIDSQL   = `ALTER TABLE memories ADD COLUMN project_id TEXT NOT NULL DEFAULT ''`
	createPoolIdxSQL  = `CREATE INDEX IF NOT EXISTS idx_memories_project_id ON memories(project_id)`
)

// backupFailed is the Reason of a skipped change. rolledBack says that the
// open rolled back a hot journal first: the file did change then (back to
// its last commit), and the sentence must not claim otherwise.
func backupFailed(path string, err error, rolledBack bool) domain.Text {
	if rolledBack {
		return domain.T("Memo could not back up {{.Path}} before adding project pools ({{.Error}}). The file holds its last committed state: a program that stopped in the middle of a write had left an unfinished change in it, which Memo rolled back (as every SQLite program does on opening it); nothing else was changed. Normal chats keep working; the next launch tries again.", "Path", path, "Error", domain.Sentence(err))
	}
	return domain.T("Memo could not back up {{.Path}} before adding project pools ({{.Error}}), so the file was left exactly as it was. Normal chats keep working; the next launch tries again.", "Path", path, "Error", domain.Sentence(err))
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

// needsBackup reports the case docs/database.md §3 guards: a legacy table with rows.
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
