// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm/logger"

	"memo.dev/projects/domain/memory"
)

// launch is the fixed clock of these tests: backups are named after it.
var launch = time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)

func clock(t time.Time) func() time.Time { return func() time.Time { return t } }

const legacyTableSQL = `CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, kind TEXT, created_at DATETIME, updated_at DATETIME)`

// legacyDB builds dataDir/memory.db the way an older Memo left it: the legacy
// table, WAL mode, no automatic checkpoint, n rows committed. The connection
// stays open until the test ends, so every row lives only in memory.db-wal.
func legacyDB(t *testing.T, dataDir string, n int) *sql.DB {
	t.Helper()
	return legacyDBMode(t, dataDir, n, "WAL")
}

// legacyDBMode is legacyDB with another journal mode ("DELETE": an older
// Memo that never switched to WAL).
func legacyDBMode(t *testing.T, dataDir string, n int, journal string) *sql.DB {
	t.Helper()
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open(sqliteDriverName, sqliteURI(filepath.Join(dataDir, memoryFileName)))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	mustExec(t, db, "PRAGMA journal_mode="+journal)
	mustExec(t, db, "PRAGMA wal_autocheckpoint=0")
	mustExec(t, db, legacyTableSQL)
	for i := 0; i < n; i++ {
		// Older rows carry NULLs and time formats of their own.
		switch i % 3 {
		case 0:
			mustExec(t, db, "INSERT INTO memories (content, kind, created_at, updated_at) VALUES (?, 'fact', '2024-01-02 03:04:05', '2024-01-02T03:04:05Z')", legacyContent(i))
		case 1:
			mustExec(t, db, "INSERT INTO memories (content) VALUES (?)", legacyContent(i))
		default:
			mustExec(t, db, "INSERT INTO memories (content, kind, created_at, updated_at) VALUES (?, NULL, 1700000000, 'not a time')", legacyContent(i))
		}
	}
	return db
}

func legacyContent(i int) string { return fmt.Sprintf("legacy memory %d", i) }

func mustExec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func queryInt(t *testing.T, db *sql.DB, q string) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// fileSum is the sha256 of a file, or "missing".
func fileSum(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "missing"
	}
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// dbSums are the sums of memory.db and memory.db-wal.
func dbSums(t *testing.T, dataDir string) [2]string {
	p := filepath.Join(dataDir, memoryFileName)
	return [2]string{fileSum(t, p), fileSum(t, p+"-wal")}
}

// sqlLog records every statement GORM runs.
type sqlLog struct {
	mu    sync.Mutex
	stmts []string
}

func (l *sqlLog) LogMode(logger.LogLevel) logger.Interface { return l }
func (l *sqlLog) Info(context.Context, string, ...any)     {}
func (l *sqlLog) Warn(context.Context, string, ...any)     {}
func (l *sqlLog) Error(context.Context, string, ...any)    {}
func (l *sqlLog) Trace(_ context.Context, _ time.Time, fc func() (string, int64), _ error) {
	s, _ := fc()
	l.mu.Lock()
	l.stmts = append(l.stmts, s)
	l.mu.Unlock()
}

// rebuilds returns the statements that copy or drop a table.
func (l *sqlLog) rebuilds() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var bad []string
	for _, s := range l.stmts {
		low := strings.ToLower(s)
		if strings.Contains(low, "__temp") || strings.Contains(low, "drop table") {
			bad = append(bad, s)
		}
	}
	return bad
}

// changes returns the statements that change the schema.
func (l *sqlLog) changes() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, s := range l.stmts {
		low := strings.ToLower(strings.TrimSpace(s))
		for _, verb := range []string{"create", "alter", "drop", "insert", "update", "delete"} {
			if strings.HasPrefix(low, verb) {
				out = append(out, s)
			}
		}
	}
	return out
}

func openTest(t *testing.T, dataDir string, at time.Time, opt memoryOptions) *MemoryDB {
	t.Helper()
	m, err := openMemoryDB(dataDir, clock(at), opt)
	if err != nil {
		t.Fatalf("openMemoryDB(%s): %v", dataDir, err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// columnInfo is one row of PRAGMA table_info.
type columnInfo struct {
	name, typ string
	notNull   bool
	dflt      sql.NullString
}

func projectIDColumn(t *testing.T, db *sql.DB) (columnInfo, bool) {
	t.Helper()
	rows, err := db.Query("SELECT name, type, \"notnull\", dflt_value FROM pragma_table_info('memories')")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var c columnInfo
		if err := rows.Scan(&c.name, &c.typ, &c.notNull, &c.dflt); err != nil {
			t.Fatal(err)
		}
		if c.name == "project_id" {
			return c, true
		}
	}
	return columnInfo{}, false
}

func hasPoolIndex(t *testing.T, db *sql.DB) bool {
	return queryInt(t, db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'idx_memories_project_id' AND tbl_name = 'memories'") == 1
}

func TestOpenMemoryDBFreshHome(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "home", "data") // not there yet
	m := openTest(t, dataDir, launch, memoryOptions{})
	want := memory.State{Ready: true, Schema: memory.SchemaNew, ProjectMemory: true}
	if got := m.State(); got != want {
		t.Errorf("State() = %+v, want %+v", got, want)
	}
	db := sqlDBOf(t, m)
	if col, ok := projectIDColumn(t, db); !ok || !col.notNull || col.dflt.String != "''" {
		t.Errorf("project_id = %+v (present %v), want TEXT NOT NULL DEFAULT ''", col, ok)
	}
	if !hasPoolIndex(t, db) {
		t.Error("idx_memories_project_id is missing")
	}
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "wal" {
		t.Errorf("journal_mode = %q, want wal", mode)
	}
	if list, _ := Backups(dataDir); len(list) != 0 {
		t.Errorf("a fresh home got backups %q", list)
	}
}

func TestOpenMemoryDBNotSQLite(t *testing.T) {
	tests := []struct {
		name    string
		content []byte
	}{
		{"text", []byte("these are my notes, not a database\n")},
		{"sqlite header but garbage", append([]byte("SQLite format 3\x00"), make([]byte, 200)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dataDir := t.TempDir()
			path := filepath.Join(dataDir, memoryFileName)
			if err := os.WriteFile(path, tt.content, 0o600); err != nil {
				t.Fatal(err)
			}
			m, err := openMemoryDB(dataDir, clock(launch), memoryOptions{})
			if err == nil {
				m.Close()
				t.Fatalf("openMemoryDB on %s file: no error", tt.name)
			}
			if !strings.Contains(err.Error(), path+" is not a SQLite database") {
				t.Errorf("openMemoryDB on %s file: error %q, want it to say %s is not a SQLite database", tt.name, err, path)
			}
			if got, _ := os.ReadFile(path); string(got) != string(tt.content) {
				t.Errorf("%s file was changed", tt.name)
			}
			if _, err := os.Stat(filepath.Join(dataDir, backupsDirName)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s file: a backups folder was made", tt.name)
			}
		})
	}
}

func TestSQLiteURI(t *testing.T) {
	// Paths in the host's spelling: on Windows a drive-letter path becomes
	// file:/C:/…, elsewhere /a/b stays /a/b. A Windows name cannot hold "?".
	root, uriRoot, odd, oddURI := "/", "file:/", "odd?#%", "odd%3f%23%25"
	if runtime.GOOS == "windows" {
		root, uriRoot, odd, oddURI = `C:\`, "file:/C:/", "odd#%", "odd%23%25"
	}
	tests := []struct {
		path   string
		params []string
		want   string
	}{
		{filepath.Join(root, "a", "b", "memory.db"), nil, uriRoot + "a/b/memory.db"},
		{filepath.Join(root, "a", "b", "memory.db"), []string{"mode=ro", "_pragma=busy_timeout(5000)"}, uriRoot + "a/b/memory.db?mode=ro&_pragma=busy_timeout(5000)"},
		{filepath.Join(root, odd, "memory.db"), nil, uriRoot + oddURI + "/memory.db"},
	}
	for _, tt := range tests {
		if got := sqliteURI(tt.path, tt.params...); got != tt.want {
			t.Errorf("sqliteURI(%q, %q) = %q, want %q", tt.path, tt.params, got, tt.want)
		}
	}

	// A folder name SQLite would read as the start of a query still works.
	dataDir := filepath.Join(t.TempDir(), odd+" name", "data")
	m := openTest(t, dataDir, launch, memoryOptions{})
	if _, err := m.Add("", "note", "x"); err != nil {
		t.Fatalf("Add in %q: %v", dataDir, err)
	}
	if _, err := os.Stat(filepath.Join(dataDir, memoryFileName)); err != nil {
		t.Errorf("memory.db is not where it belongs: %v", err)
	}
}
