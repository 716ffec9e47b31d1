// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"memo.dev/projects/domain/memory"
)

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
