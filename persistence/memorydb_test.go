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

	"memo.dev/projects/domain"
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

func TestOpenMemoryDBUpgradesLegacyWAL(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	const n = 50
	legacy := legacyDB(t, dataDir, n)
	dbPath := filepath.Join(dataDir, memoryFileName)

	// The fixture is right only if a plain copy of memory.db loses the rows.
	plain := filepath.Join(t.TempDir(), "plain.db")
	if err := copyFile(dbPath, plain); err != nil {
		t.Fatal(err)
	}
	if p := openRaw(t, plain, "mode=ro"); queryInt(t, p, "SELECT count(*) FROM sqlite_master WHERE name = 'memories'") != 0 {
		t.Fatal("fixture: memory.db alone already holds the memories table; the rows must live only in -wal")
	}

	log := &sqlLog{}
	m := openTest(t, dataDir, launch.In(time.FixedZone("CEST", 2*3600)), memoryOptions{logger: log})

	wantBackup := filepath.Join(dataDir, "backups", "memory-pre-project-id-20250304T050607Z.db")
	want := memory.State{Ready: true, Schema: memory.SchemaCurrent, ProjectMemory: true, Backup: wantBackup}
	if got := m.State(); got != want {
		t.Fatalf("State() = %+v, want %+v", got, want)
	}
	if bad := log.rebuilds(); len(bad) > 0 {
		t.Errorf("open rebuilt a table: %q", bad)
	}

	// The backup: the only file in backups, opens, passes quick_check,
	// holds every row, is a plain rollback-journal file.
	if list, err := Backups(dataDir); err != nil || len(list) != 1 || list[0] != wantBackup {
		t.Errorf("Backups() = %q, %v; want [%s]", list, err, wantBackup)
	}
	if entries, _ := os.ReadDir(filepath.Dir(wantBackup)); len(entries) != 1 {
		t.Errorf("backups holds %d entries, want only the backup (no temporary files)", len(entries))
	}
	bak := openRaw(t, wantBackup, "mode=ro")
	var check, mode string
	if err := bak.QueryRow("PRAGMA quick_check").Scan(&check); err != nil || check != "ok" {
		t.Errorf("backup quick_check = %q, %v; want ok", check, err)
	}
	if err := bak.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "delete" {
		t.Errorf("backup journal_mode = %q, %v; want delete", mode, err)
	}
	if got := queryInt(t, bak, "SELECT count(*) FROM memories"); got != n {
		t.Errorf("backup holds %d memories, want %d", got, n)
	}
	for i := 0; i < n; i++ {
		var c int64
		if err := bak.QueryRow("SELECT count(*) FROM memories WHERE content = ?", legacyContent(i)).Scan(&c); err != nil || c != 1 {
			t.Errorf("backup has %d rows of %q (%v), want 1", c, legacyContent(i), err)
		}
	}
	if _, ok := projectIDColumn(t, bak); ok {
		t.Error("the backup has project_id: it was taken after the change")
	}

	// memory.db itself: the column with its default, the index, every row
	// in the global pool.
	col, ok := projectIDColumn(t, legacy)
	if !ok {
		t.Fatal("memories has no project_id after the change")
	}
	if col.typ != "TEXT" || !col.notNull || col.dflt.String != "''" {
		t.Errorf("project_id = %+v, want TEXT NOT NULL DEFAULT ''", col)
	}
	if !hasPoolIndex(t, legacy) {
		t.Error("idx_memories_project_id is missing")
	}
	if got, err := m.Count(""); err != nil || got != n {
		t.Errorf("Count(\"\") = %d, %v; want %d", got, err, n)
	}

	// An older Memo's INSERT, through its still open connection, lands in
	// the global pool.
	mustExec(t, legacy, "INSERT INTO memories (content, kind, created_at, updated_at) VALUES ('from an older Memo', 'note', '2025-01-01 00:00:00', '2025-01-01 00:00:00')")
	if got, err := m.Count(""); err != nil || got != n+1 {
		t.Errorf("after a legacy INSERT Count(\"\") = %d, %v; want %d", got, err, n+1)
	}
	list, err := listRows(m, "", false, 1)
	if err != nil || len(list) != 1 || list[0].Content != "from an older Memo" || list[0].ProjectID != "" {
		t.Errorf("List(\"\", false, 1) = %+v, %v; want the older Memo's row in the global pool", list, err)
	}
}

// openRaw opens a database file with the glebarez driver outside GORM.
func openRaw(t *testing.T, path string, params ...string) *sql.DB {
	t.Helper()
	db, err := sql.Open(sqliteDriverName, sqliteURI(path, params...))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

func TestOpenMemoryDBTwice(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacy := legacyDB(t, dataDir, 20)
	m, err := openMemoryDB(dataDir, clock(launch), memoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.State().Backup == "" {
		t.Fatalf("first open made no backup: %+v", m.State())
	}
	m.Close()
	legacy.Close()
	schemaBefore := schemaOf(t, filepath.Join(dataDir, memoryFileName))
	sumsBefore := dbSums(t, dataDir)

	log := &sqlLog{}
	again, err := openMemoryDB(dataDir, clock(launch.Add(time.Hour)), memoryOptions{logger: log})
	if err != nil {
		t.Fatal(err)
	}
	want := memory.State{Ready: true, Schema: memory.SchemaCurrent, ProjectMemory: true}
	if got := again.State(); got != want {
		t.Errorf("second open: State() = %+v, want %+v", got, want)
	}
	if err := again.Close(); err != nil {
		t.Fatal(err)
	}
	if list, _ := Backups(dataDir); len(list) != 1 {
		t.Errorf("after two opens Backups() = %q, want one backup", list)
	}
	// The only schema statement allowed is the idempotent index check.
	for _, s := range log.changes() {
		if s != createPoolIdxSQL {
			t.Errorf("second open ran %q", s)
		}
	}
	if got := schemaOf(t, filepath.Join(dataDir, memoryFileName)); got != schemaBefore {
		t.Errorf("second open changed the schema:\n%s\nwant\n%s", got, schemaBefore)
	}
	if got := dbSums(t, dataDir); got != sumsBefore {
		t.Errorf("second open changed the files: %v, want %v", got, sumsBefore)
	}
}

func schemaOf(t *testing.T, path string) string {
	t.Helper()
	db := openRaw(t, path, "mode=ro")
	rows, err := db.Query("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, s)
	}
	db.Close()
	return strings.Join(lines, "\n")
}

func TestOpenMemoryDBNeverRebuilds(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(t *testing.T, dataDir string)
		schema string
	}{
		{"fresh home", func(*testing.T, string) {}, memory.SchemaNew},
		{"legacy with rows", func(t *testing.T, d string) { legacyDB(t, d, 5) }, memory.SchemaCurrent},
		{"legacy without rows", func(t *testing.T, d string) { legacyDB(t, d, 0) }, memory.SchemaCurrent},
		{"already upgraded", func(t *testing.T, d string) {
			m := openTest(t, d, launch, memoryOptions{})
			if _, err := m.Add("p_0123456789abcdef0123456789abcdef", "note", "kept"); err != nil {
				t.Fatal(err)
			}
			m.Close()
		}, memory.SchemaCurrent},
		{"upgraded, index missing", func(t *testing.T, d string) {
			m := openTest(t, d, launch, memoryOptions{})
			mustExec(t, sqlDBOf(t, m), "DROP INDEX idx_memories_project_id")
			m.Close()
		}, memory.SchemaCurrent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dataDir := filepath.Join(t.TempDir(), "data")
			tt.setup(t, dataDir)
			log := &sqlLog{}
			m := openTest(t, dataDir, launch, memoryOptions{logger: log})
			if got := m.State(); got.Schema != tt.schema || !got.ProjectMemory {
				t.Errorf("%s: State() = %+v, want schema %q with project memory", tt.name, got, tt.schema)
			}
			if bad := log.rebuilds(); len(bad) > 0 {
				t.Errorf("%s: open ran %q", tt.name, bad)
			}
			if len(log.stmts) == 0 {
				t.Errorf("%s: the SQL log is empty: the test would not see a rebuild", tt.name)
			}
		})
	}
}

func sqlDBOf(t *testing.T, m *MemoryDB) *sql.DB {
	t.Helper()
	db, err := m.db.DB()
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// A table whose shape differs from the model makes AutoMigrate try a
// rebuild; the guard refuses it and the table and rows stay as they were.
func TestOpenMemoryDBRefusesRebuild(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	db := openRaw(t, filepath.Join(dataDir, memoryFileName))
	mustExec(t, db, `CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'note', created_at DATETIME, updated_at DATETIME, project_id TEXT NOT NULL DEFAULT '')`)
	mustExec(t, db, createPoolIdxSQL)
	mustExec(t, db, "INSERT INTO memories (content) VALUES ('keep me')")
	db.Close()
	before := schemaOf(t, filepath.Join(dataDir, memoryFileName))

	log := &sqlLog{}
	m := openTest(t, dataDir, launch, memoryOptions{logger: log})
	if len(log.rebuilds()) == 0 {
		t.Fatal("fixture: AutoMigrate did not try to rebuild; the guard is untested")
	}
	st := m.State()
	if st.ProjectMemory || st.Reason == "" {
		t.Errorf("State() = %+v, want project memory off with a reason", st)
	}
	if got := schemaOf(t, filepath.Join(dataDir, memoryFileName)); got != before {
		t.Errorf("the schema changed:\n%s\nwant\n%s", got, before)
	}
	if got, err := listRows(m, "", true, 0); err != nil || len(got) != 1 || got[0].Content != "keep me" {
		t.Errorf("List = %+v, %v; want the row kept", got, err)
	}
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

func TestOpenMemoryDBEmptyLegacy(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacy := legacyDB(t, dataDir, 0)
	m := openTest(t, dataDir, launch, memoryOptions{})
	want := memory.State{Ready: true, Schema: memory.SchemaCurrent, ProjectMemory: true}
	if got := m.State(); got != want {
		t.Errorf("State() = %+v, want %+v", got, want)
	}
	if _, ok := projectIDColumn(t, legacy); !ok {
		t.Error("project_id was not added")
	}
	if _, err := os.Stat(filepath.Join(dataDir, backupsDirName)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an empty table got a backups folder (%v)", err)
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

// Rows written by an older Memo between the look and the change are backed
// up too.
func TestOpenMemoryDBRowsArriveDuringOpen(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacy := legacyDB(t, dataDir, 0)
	hook := func(step string) error {
		if step == "inspected" {
			mustExec(t, legacy, "INSERT INTO memories (content) VALUES ('just in time')")
		}
		return nil
	}
	m := openTest(t, dataDir, launch, memoryOptions{hook: hook})
	st := m.State()
	if !st.ProjectMemory || st.Backup == "" {
		t.Fatalf("State() = %+v, want project memory and a backup", st)
	}
	if got := queryInt(t, openRaw(t, st.Backup, "mode=ro"), "SELECT count(*) FROM memories"); got != 1 {
		t.Errorf("backup holds %d rows, want 1", got)
	}
}

func TestMemoryPools(t *testing.T) {
	const (
		p1 = "p_11111111111111111111111111111111"
		p2 = "p_22222222222222222222222222222222"
	)
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 3) // three global rows from before
	m := openTest(t, dataDir, launch, memoryOptions{})
	for _, a := range []struct{ pool, content string }{
		{"", "global 1"}, {p1, "one a"}, {p1, "one b"}, {p2, "two a"},
	} {
		got, err := m.Add(a.pool, "note", a.content)
		if err != nil {
			t.Fatalf("Add(%q, note, %q): %v", a.pool, a.content, err)
		}
		if got.ID == 0 || got.ProjectID != a.pool || got.Content != a.content || !got.CreatedAt.Equal(launch) {
			t.Errorf("Add(%q, note, %q) = %+v", a.pool, a.content, got)
		}
	}

	counts := []struct {
		pool string
		want int64
	}{{"", 4}, {p1, 2}, {p2, 1}, {"p_33333333333333333333333333333333", 0}}
	for _, c := range counts {
		if got, err := m.Count(c.pool); err != nil || got != c.want {
			t.Errorf("Count(%q) = %d, %v; want %d", c.pool, got, err, c.want)
		}
	}
	if got, err := m.CountAll(); err != nil || got != 7 {
		t.Errorf("CountAll() = %d, %v; want 7", got, err)
	}

	lists := []struct {
		pool  string
		all   bool
		limit int
		want  []string
	}{
		{p1, false, 0, []string{"one b", "one a"}},
		{p2, false, 0, []string{"two a"}},
		{p1, false, 1, []string{"one b"}},
		{"", false, 0, []string{"global 1", legacyContent(2), legacyContent(1), legacyContent(0)}},
		{"", true, 0, []string{"two a", "one b", "one a", "global 1", legacyContent(2), legacyContent(1), legacyContent(0)}},
		{p1, true, 2, []string{"two a", "one b"}},
	}
	for _, l := range lists {
		got, err := listRows(m, l.pool, l.all, l.limit)
		if err != nil {
			t.Errorf("List(%q, %v, %d): %v", l.pool, l.all, l.limit, err)
			continue
		}
		var contents []string
		for _, g := range got {
			contents = append(contents, g.Content)
			if !l.all && g.ProjectID != l.pool {
				t.Errorf("List(%q, %v, %d) returned a row of pool %q", l.pool, l.all, l.limit, g.ProjectID)
			}
		}
		if strings.Join(contents, "|") != strings.Join(l.want, "|") {
			t.Errorf("List(%q, %v, %d) = %q, want %q", l.pool, l.all, l.limit, contents, l.want)
		}
	}
}

// Rows an older Memo wrote with NULLs and odd time formats read without
// failing, before and after the change.
func TestMemoryLegacyRowsRead(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 3)
	m := openTest(t, dataDir, launch, memoryOptions{})
	got, err := listRows(m, "", true, 0)
	if err != nil || len(got) != 3 {
		t.Fatalf("List = %+v, %v; want 3 rows", got, err)
	}
	want := map[string]memory.Memory{
		legacyContent(0): {Kind: "fact", CreatedAt: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), UpdatedAt: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
		legacyContent(1): {},
		legacyContent(2): {CreatedAt: time.Unix(1700000000, 0)},
	}
	for _, g := range got {
		w := want[g.Content]
		if g.Kind != w.Kind || !g.CreatedAt.Equal(w.CreatedAt) || !g.UpdatedAt.Equal(w.UpdatedAt) {
			t.Errorf("row %q = kind %q created %v updated %v; want kind %q created %v updated %v",
				g.Content, g.Kind, g.CreatedAt, g.UpdatedAt, w.Kind, w.CreatedAt, w.UpdatedAt)
		}
	}
}

func TestMemoryRemove(t *testing.T) {
	m := openTest(t, t.TempDir(), launch, memoryOptions{})
	kept, _ := m.Add("", "note", "kept")
	gone, err := m.Add("", "note", "gone")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Remove("", gone.ID); err != nil {
		t.Fatalf("Remove(%d): %v", gone.ID, err)
	}
	for _, id := range []int64{gone.ID, 9999} {
		if err := m.Remove("", id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Remove(%d) = %v, want an error wrapping domain.ErrNotFound", id, err)
		}
	}
	if got, _ := listRows(m, "", true, 0); len(got) != 1 || got[0].ID != kept.ID {
		t.Errorf("after Remove List = %+v, want only %d", got, kept.ID)
	}
}

func TestMemoryAddEmpty(t *testing.T) {
	m := openTest(t, t.TempDir(), launch, memoryOptions{})
	for _, content := range []string{"", "  \n"} {
		if _, err := m.Add("", "note", content); !errors.Is(err, domain.ErrInvalid) {
			t.Errorf("Add(\"\", note, %q) = %v, want domain.ErrInvalid", content, err)
		}
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

// An older Memo that died mid-write in rollback-journal mode leaves a hot
// journal a read-only look cannot roll back. The open recovers the last
// commit (as every SQLite reader does), backs it up and makes the change.
func TestOpenMemoryDBHotJournal(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	hotMemoryDB(t, dataDir, 30)

	m := openTest(t, dataDir, launch, memoryOptions{})
	st := m.State()
	if st.Schema != memory.SchemaCurrent || !st.ProjectMemory || st.Backup == "" {
		t.Fatalf("State() = %+v, want the change made after a backup", st)
	}
	for _, q := range []struct {
		name string
		db   *sql.DB
	}{{"backup", openRaw(t, st.Backup, "mode=ro")}, {"memory.db", sqlDBOf(t, m)}} {
		if got := queryInt(t, q.db, "SELECT count(*) FROM memories WHERE content LIKE 'legacy memory %'"); got != 30 {
			t.Errorf("%s holds %d committed rows, want 30", q.name, got)
		}
	}
}

// Two launches at the same second: one makes the backup and the change, the
// other waits and finds the change made (no name clash, project memory on).
func TestOpenMemoryDBConcurrentLaunches(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 20).Close()
	fixed := func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }
	var wg sync.WaitGroup
	states := make([]memory.State, 4)
	for i := range states {
		wg.Go(func() {
			m, err := OpenMemoryDB(dataDir, fixed)
			if err != nil {
				t.Errorf("launch %d: %v", i, err)
				return
			}
			states[i] = m.State()
			m.Close()
		})
	}
	wg.Wait()
	backups := 0
	for i, st := range states {
		if !st.ProjectMemory {
			t.Errorf("launch %d: project memory off: %s", i, st.Reason)
		}
		if st.Backup != "" {
			backups++
		}
	}
	if backups != 1 {
		t.Errorf("%d launches made a backup, want exactly 1", backups)
	}
}

// A skipped change leaves memory.db byte for byte as it was even after the
// app closes it: reads went through a read-only connection, which does not
// fold the older Memo's -wal into the file on close.
func TestSkippedChangeLeavesTheFileAfterClose(t *testing.T) {
	for _, legacy := range []string{"crashed", "open"} {
		dataDir := filepath.Join(t.TempDir(), "data")
		var older *sql.DB
		if legacy == "crashed" {
			crashedLegacy(t, dataDir, 9)
		} else {
			older = legacyDB(t, dataDir, 9)
		}
		if err := os.WriteFile(filepath.Join(dataDir, backupsDirName), []byte("not a folder"), 0o600); err != nil {
			t.Fatal(err)
		}
		before := dbSums(t, dataDir)
		m, err := OpenMemoryDB(dataDir, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := m.Count(""); err != nil || n != 9 {
			t.Errorf("%s: Count = %d, %v; want 9", legacy, n, err)
		}
		m.Close()
		after := dbSums(t, dataDir)
		if before[1] == "missing" && after[1] == emptySum {
			after[1] = "missing"
		}
		if after[0] != before[0] {
			t.Errorf("%s: memory.db changed after a skipped change and Close: %v, want %v", legacy, after, before)
		}
		if older != nil {
			older.Close()
		}
	}
}

// Readers and writers at once, starting from the read-only connection of a
// skipped change: the first write swaps in the writer while reads run. Run
// with -race.
func TestMemoryDBConcurrentUse(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 5).Close()
	if err := os.WriteFile(filepath.Join(dataDir, backupsDirName), []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := openTest(t, dataDir, launch, memoryOptions{})
	if m.State().ProjectMemory {
		t.Fatal("fixture: the change was made; the test needs the read-only connection")
	}
	const writers, readers, each = 4, 4, 20
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				if _, err := m.Add("", "note", fmt.Sprintf("w%d-%d", w, i)); err != nil {
					t.Errorf("writer %d: Add: %v", w, err)
					return
				}
			}
		})
	}
	for r := range readers {
		wg.Go(func() {
			for range each {
				if _, err := m.Count(""); err != nil {
					t.Errorf("reader %d: Count: %v", r, err)
					return
				}
				if _, err := listRows(m, "", true, 3); err != nil {
					t.Errorf("reader %d: List: %v", r, err)
					return
				}
			}
		})
	}
	wg.Wait()
	if got, err := m.Count(""); err != nil || got != 5+writers*each {
		t.Errorf("Count after the writes = %d, %v; want %d", got, err, 5+writers*each)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Count(""); !errors.Is(err, errClosed) {
		t.Errorf("Count after Close = %v, want errClosed", err)
	}
}

// hotMemoryDB leaves in dataDir the files of an older Memo killed in the
// middle of a write in rollback-journal mode, with n committed legacy rows:
// memory.db holds uncommitted pages, memory.db-journal the committed ones.
func hotMemoryDB(t *testing.T, dataDir string, n int) {
	t.Helper()
	live := filepath.Join(t.TempDir(), "live")
	db := legacyDBMode(t, live, n, "DELETE")
	mustExec(t, db, "PRAGMA cache_size=1") // spill the uncommitted pages into memory.db
	mustExec(t, db, "BEGIN")
	mustExec(t, db, "UPDATE memories SET content = 'uncommitted ' || printf('%.3000c', 'x')")
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	// The files as they are on disk now are what SIGKILL would leave.
	for _, suffix := range []string{"", "-journal"} {
		if err := copyFile(filepath.Join(live, memoryFileName+suffix), filepath.Join(dataDir, memoryFileName+suffix)); err != nil {
			t.Fatalf("fixture: %v (the journal must exist mid-transaction)", err)
		}
	}
	mustExec(t, db, "ROLLBACK")
	if _, err := inspectMemoryFile(filepath.Join(dataDir, memoryFileName)); !errors.Is(err, errHotJournal) {
		t.Fatalf("fixture: the look found %v, want a hot journal", err)
	}
}

// When the open rolls back a hot journal and the backup then fails, the
// file did change (back to its last commit): the reason says so instead of
// "left exactly as it was", and the file holds the committed rows.
func TestBackupFailsAfterAHotJournalWasRolledBack(t *testing.T) {
	tests := []struct {
		name  string
		block func(t *testing.T, dataDir string) func(string) error
	}{
		{"backups is a file", func(t *testing.T, dataDir string) func(string) error {
			writeFixture(t, filepath.Join(dataDir, backupsDirName), "not a folder")
			return nil
		}},
		{"verification fails", func(*testing.T, string) func(string) error {
			return failAt("verified", "the copy fails PRAGMA quick_check")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dataDir := filepath.Join(t.TempDir(), "data")
			hotMemoryDB(t, dataDir, 7)
			before := fileSum(t, filepath.Join(dataDir, memoryFileName))
			m := openTest(t, dataDir, launch, memoryOptions{hook: tt.block(t, dataDir)})
			st := m.State()
			if st.ProjectMemory || st.Schema != memory.SchemaLegacy {
				t.Fatalf("State() = %+v, want the change skipped", st)
			}
			if strings.Contains(st.Reason, "exactly as it was") || !strings.Contains(st.Reason, "rolled back") || !strings.Contains(st.Reason, "next launch tries again") {
				t.Errorf("Reason = %q, want that the unfinished write was rolled back, and no claim that the file is unchanged", st.Reason)
			}
			if after := fileSum(t, filepath.Join(dataDir, memoryFileName)); after == before {
				t.Error("memory.db did not change: the fixture had no hot journal to roll back")
			}
			if got := fileSum(t, filepath.Join(dataDir, memoryFileName+"-journal")); got != "missing" {
				t.Error("the hot journal is still there")
			}
			if got, err := m.Count(""); err != nil || got != 7 {
				t.Errorf("Count(\"\") = %d, %v; want the 7 committed rows", got, err)
			}
		})
	}
}
