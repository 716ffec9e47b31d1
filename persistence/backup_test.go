// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/internal/nobody"
)

func TestMemoryBackupName(t *testing.T) {
	tests := []struct {
		at   time.Time
		want string
	}{
		{time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC), "memory-pre-project-id-20250304T050607Z.db"},
		{time.Date(2025, 3, 4, 1, 6, 7, 999, time.FixedZone("CEST", 2*3600)), "memory-pre-project-id-20250303T230607Z.db"},
		{time.Date(1999, 12, 31, 23, 59, 59, 0, time.FixedZone("EST", -5*3600)), "memory-pre-project-id-20000101T045959Z.db"},
	}
	for _, tt := range tests {
		if got := memoryBackupName(tt.at); got != tt.want {
			t.Errorf("memoryBackupName(%v) = %q, want %q", tt.at, got, tt.want)
		}
	}
}

// TestBackupsNewestFirst: a backup of a database is a file in data/backups
// that opens as SQLite with that database's table; anything else there
// (a note, an empty or half-copied file, a copy of the other database, a
// backup still being written) is not listed.
func TestBackupsNewestFirst(t *testing.T) {
	dataDir := t.TempDir()
	if got, err := Backups(dataDir); err != nil || len(got) != 0 {
		t.Errorf("Backups without a backups folder = %q, %v; want none", got, err)
	}
	dir := filepath.Join(dataDir, backupsDirName)
	if err := os.MkdirAll(filepath.Join(dir, ".memory-backup-123"), 0o700); err != nil {
		t.Fatal(err)
	}
	sqliteWith := func(table string) func(p string) error {
		return func(p string) error {
			db, err := sql.Open("sqlite", p)
			if err != nil {
				return err
			}
			defer db.Close()
			_, err = db.Exec("CREATE TABLE " + table + " (id INTEGER PRIMARY KEY)")
			return err
		}
	}
	text := func(s string) func(p string) error {
		return func(p string) error { return os.WriteFile(p, []byte(s), 0o600) }
	}
	files := []struct {
		name string
		age  time.Duration
		make func(p string) error
	}{
		{"memory-pre-project-id-20250101T000000Z.db", 3 * time.Hour, sqliteWith("memories")},
		{"projects-pre-v2-20250301T000000Z.db", time.Hour, sqliteWith("projects")},
		{"projects-daily-20250302T000000Z.db", 2 * time.Hour, sqliteWith("projects")},
		{"memory-pre-project-id-20250201T000000Z.db", 2 * time.Hour, sqliteWith("memories")},
		{".hidden-partial.db", 0, sqliteWith("memories")},
		{"memory-pre-project-id-20250301T000000Z.db", 0, text("not a database")},
		{"memory-copied-by-hand.db", 0, text("")},
		{"README.txt", 0, text("copies of memory.db")},
		{"other.db", 0, sqliteWith("notes")},
		{"truncated.db", 0, func(p string) error {
			if err := sqliteWith("memories")(p); err != nil {
				return err
			}
			return os.Truncate(p, 100)
		}},
	}
	now := time.Now()
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := f.make(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-f.age), now.Add(-f.age)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name string
		list func(string) ([]string, error)
		want []string
	}{
		{"Backups", Backups, []string{"memory-pre-project-id-20250201T000000Z.db", "memory-pre-project-id-20250101T000000Z.db"}},
		{"RegistryBackups", RegistryBackups, []string{"projects-pre-v2-20250301T000000Z.db", "projects-daily-20250302T000000Z.db"}},
	} {
		got, err := tt.list(dataDir)
		if err != nil {
			t.Fatal(err)
		}
		for i := range tt.want {
			tt.want[i] = filepath.Join(dir, tt.want[i])
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s() = %q, want %q", tt.name, got, tt.want)
		}
	}
	// Looking wrote nothing: no journal, no new file.
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(files)+1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the backups folder holds %q after listing, want only the %d files made", names, len(files)+1)
	}
}

// When the backup cannot be made, memory.db stays byte for byte as it was,
// normal chats work, project pools are refused with a reason, and the next
// launch, with the cause gone, makes the change. A read-only backups folder
// is in TestOpenMemoryDBBackupBlockedByAReadOnlyFolder (Unix).
func TestOpenMemoryDBBackupBlocked(t *testing.T) {
	backupsIsAFile := func(t *testing.T, dataDir string) (func(string) error, func()) {
		p := filepath.Join(dataDir, backupsDirName)
		if err := os.WriteFile(p, []byte("not a folder"), 0o600); err != nil {
			t.Fatal(err)
		}
		return nil, func() { os.Remove(p) }
	}
	hookFails := func(step, msg string) func(*testing.T, string) (func(string) error, func()) {
		return func(*testing.T, string) (func(string) error, func()) { return failAt(step, msg), func() {} }
	}
	checkBackupBlocked(t, []backupBlock{
		{"backups is a file", backupsIsAFile, true, "open"},
		{"backups is a file, rollback journal", backupsIsAFile, true, "rollback"},
		{"backups is a file, older Memo crashed", backupsIsAFile, true, "crashed"},
		{"backups is a file, older Memo closed", backupsIsAFile, true, "closed"},
		{"copy fails", hookFails("copied", "no space left on device"), true, "open"},
		{"verification fails", hookFails("verified", "the copy fails PRAGMA quick_check"), true, "open"},
		{"verification fails, older Memo crashed", hookFails("verified", "the copy fails PRAGMA quick_check"), true, "crashed"},
		{"verification fails, rollback journal", hookFails("verified", "the copy fails PRAGMA quick_check"), true, "rollback"},
	})
}

// backupBlock is a cause that keeps the backup from being made.
type backupBlock struct {
	name string
	// block sets the failure up and returns the hook to use and a
	// function that removes the cause.
	block func(t *testing.T, dataDir string) (func(string) error, func())
	root  bool // whether the block holds for root
	// legacy is the state the older Memo left memory.db in:
	//   "open":     WAL, rows only in -wal, its connection still open
	//   "rollback": rollback journal, its connection still open
	//   "crashed":  WAL, rows only in -wal, no connection (it died)
	//   "closed":   WAL, checkpointed and closed cleanly, no -wal
	legacy string
}

// checkBackupBlocked opens memory.db with each cause in place, then again
// with the cause gone.
func checkBackupBlocked(t *testing.T, tests []backupBlock) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.root && nobody.Rerun(t) { // root writes into read-only folders
				return
			}
			dataDir := filepath.Join(t.TempDir(), "data")
			const n = 12
			var legacy *sql.DB
			switch tt.legacy {
			case "open":
				legacy = legacyDB(t, dataDir, n)
			case "rollback":
				legacy = legacyDBMode(t, dataDir, n, "DELETE")
			case "crashed":
				crashedLegacy(t, dataDir, n)
			case "closed":
				legacyDB(t, dataDir, n).Close()
			}
			hook, unblock := tt.block(t, dataDir)
			t.Cleanup(unblock)
			before := dbSums(t, dataDir)

			m := openTest(t, dataDir, launch, memoryOptions{hook: hook})
			after := dbSums(t, dataDir)
			if before[1] == "missing" && after[1] == emptySum {
				// A look at a WAL database creates an empty -wal, as any
				// reader, an older Memo included, does.
				after[1] = "missing"
			}
			if after != before {
				t.Fatalf("%s: memory.db changed during open: sums %v, want %v", tt.name, after, before)
			}
			st := m.State()
			if st.Schema != memory.SchemaLegacy || st.ProjectMemory || st.Backup != "" {
				t.Errorf("%s: State() = %+v, want legacy without project memory or backup", tt.name, st)
			}
			if !strings.Contains(st.Reason, "next launch tries again") || !strings.Contains(st.Reason, "back up") {
				t.Errorf("%s: Reason = %q, want what failed and that the next launch tries again", tt.name, st.Reason)
			}
			if legacy == nil {
				legacy = openRaw(t, filepath.Join(dataDir, memoryFileName))
			}
			if _, ok := projectIDColumn(t, legacy); ok {
				t.Errorf("%s: project_id was added without a backup", tt.name)
			}
			if fi, err := os.Stat(filepath.Join(dataDir, backupsDirName)); err == nil && fi.IsDir() {
				if entries, _ := os.ReadDir(filepath.Join(dataDir, backupsDirName)); len(entries) != 0 {
					t.Errorf("%s: backups holds %d leftovers", tt.name, len(entries))
				}
			}

			// Normal chats work as before; project pools are refused.
			if got, err := m.Count(""); err != nil || got != n {
				t.Errorf("%s: Count(\"\") = %d, %v; want %d", tt.name, got, err, n)
			}
			added, err := m.Add("", "note", "written while skipped")
			if err != nil {
				t.Fatalf("%s: global Add: %v", tt.name, err)
			}
			if list, err := listRows(m, "", false, 1); err != nil || len(list) != 1 || list[0].ID != added.ID {
				t.Errorf("%s: List(\"\", false, 1) = %+v, %v; want the added row", tt.name, list, err)
			}
			if list, err := listRows(m, "", true, 0); err != nil || len(list) != n+1 {
				t.Errorf("%s: List(all) has %d rows (%v), want %d", tt.name, len(list), err, n+1)
			}
			const pool = "p_0123456789abcdef0123456789abcdef"
			if _, err := m.Add(pool, "note", "x"); !errors.Is(err, domain.ErrRefused) {
				t.Errorf("%s: Add(project) = %v, want domain.ErrRefused", tt.name, err)
			}
			if _, err := m.Count(pool); !errors.Is(err, domain.ErrRefused) {
				t.Errorf("%s: Count(project) = %v, want domain.ErrRefused", tt.name, err)
			}
			if _, err := listRows(m, pool, false, 0); !errors.Is(err, domain.ErrRefused) {
				t.Errorf("%s: List(project) = %v, want domain.ErrRefused", tt.name, err)
			}
			m.Close()

			// Next launch, cause removed.
			unblock()
			next := openTest(t, dataDir, launch.Add(time.Minute), memoryOptions{})
			st = next.State()
			if st.Schema != memory.SchemaCurrent || !st.ProjectMemory || st.Backup == "" {
				t.Fatalf("%s: next launch State() = %+v, want the change made", tt.name, st)
			}
			if got := queryInt(t, openRaw(t, st.Backup, "mode=ro"), "SELECT count(*) FROM memories"); got != n+1 {
				t.Errorf("%s: next launch backup holds %d rows, want %d", tt.name, got, n+1)
			}
			if _, err := next.Add(pool, "note", "x"); err != nil {
				t.Errorf("%s: next launch Add(project): %v", tt.name, err)
			}
			if got, err := next.Count(""); err != nil || got != n+1 {
				t.Errorf("%s: next launch Count(\"\") = %d, %v; want %d", tt.name, got, err, n+1)
			}
		})
	}
}

// emptySum is the sha256 of an empty file.
const emptySum = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

func failAt(step, msg string) func(string) error {
	return func(s string) error {
		if s == step {
			return errors.New(msg)
		}
		return nil
	}
}

// A copy taken while an older Memo keeps committing (and checkpointing) is
// a consistent database holding at least the counted snapshot.
func TestCopySnapshotWhileWriting(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacy := legacyDB(t, dataDir, 200)
	mustExec(t, legacy, "PRAGMA wal_autocheckpoint=20")
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; !stop.Load(); i++ {
			if _, err := legacy.Exec("INSERT INTO memories (content) VALUES (?)", strings.Repeat("w", 3000)); err != nil {
				t.Errorf("writer: %v", err)
				return
			}
		}
	}()
	defer func() { stop.Store(true); wg.Wait() }()

	for i := 0; i < 10; i++ {
		dst := filepath.Join(t.TempDir(), memoryFileName)
		want, err := copySnapshot(filepath.Join(dataDir, memoryFileName), dst, memoriesTable, memoryOptions{})
		if err != nil {
			t.Fatalf("copy %d: %v", i, err)
		}
		got, err := verifyCopy(dst, memoriesTable)
		if err != nil {
			t.Fatalf("copy %d: %v", i, err)
		}
		if got < want {
			t.Errorf("copy %d holds %d rows, fewer than the %d of its snapshot", i, got, want)
		}
	}
}

// A commit that lands between the snapshot and the end of the copy makes the
// copy hold more rows than counted: the backup is taken again, once.
func TestBackupRetriesOnceWhenRowsChange(t *testing.T) {
	tests := []struct {
		name    string
		inserts int // commits made while a copy is under way
		ok      bool
	}{
		{"one commit during the first copy", 1, true},
		{"commits during both copies", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dataDir := filepath.Join(t.TempDir(), "data")
			legacy := legacyDB(t, dataDir, 5)
			left := tt.inserts
			hook := func(step string) error {
				if step == "pinned" && left > 0 {
					left--
					mustExec(t, legacy, "INSERT INTO memories (content) VALUES ('meanwhile')")
				}
				return nil
			}
			m := openTest(t, dataDir, launch, memoryOptions{hook: hook})
			st := m.State()
			if st.ProjectMemory != tt.ok {
				t.Fatalf("%s: State() = %+v, want project memory %v", tt.name, st, tt.ok)
			}
			if !tt.ok {
				if !strings.Contains(st.Reason, "the copy holds") {
					t.Errorf("%s: Reason = %q, want the row counts", tt.name, st.Reason)
				}
				return
			}
			want := int64(5 + tt.inserts)
			if got := queryInt(t, openRaw(t, st.Backup, "mode=ro"), "SELECT count(*) FROM memories"); got != want {
				t.Errorf("%s: backup holds %d rows, want %d", tt.name, got, want)
			}
		})
	}
}

// crashedLegacy leaves in dataDir the files of an older Memo that died with n
// committed rows only in memory.db-wal.
func crashedLegacy(t *testing.T, dataDir string, n int) {
	t.Helper()
	live := filepath.Join(t.TempDir(), "live")
	legacyDB(t, live, n)
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"", "-wal"} {
		if err := copyFile(filepath.Join(live, memoryFileName+suffix), filepath.Join(dataDir, memoryFileName+suffix)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestVerifyCopy(t *testing.T) {
	tests := []struct {
		name    string
		damage  func(t *testing.T, path string)
		rows    int64
		wantErr string
	}{
		{"healthy", func(*testing.T, string) {}, 300, ""},
		{"a leaf page overwritten", func(t *testing.T, path string) {
			// The last page is a leaf of memories; its first cell sits at
			// the page's end. Zero that cell's bytes.
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			fi, err := f.Stat()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteAt(make([]byte, 300), fi.Size()-300); err != nil {
				t.Fatal(err)
			}
		}, 0, "quick_check"},
		{"not a database", func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("plain text"), 0o600); err != nil {
				t.Fatal(err)
			}
		}, 0, "does not open"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), memoryFileName)
			db := openRaw(t, path)
			mustExec(t, db, legacyTableSQL)
			mustExec(t, db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO memories (content) SELECT printf('%.200c', 'm') FROM n")
			db.Close()
			tt.damage(t, path)
			rows, err := verifyCopy(path, memoriesTable)
			if tt.wantErr == "" {
				if err != nil || rows != tt.rows {
					t.Errorf("verifyCopy(%s copy) = %d, %v; want %d rows", tt.name, rows, err, tt.rows)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("verifyCopy(%s copy) = %d, %v; want an error about %s", tt.name, rows, err, tt.wantErr)
			}
		})
	}
}

// A finished backup is reused only while it holds exactly what the source
// holds: a new row, an edited row or a changed schema each make a new one.
func TestBackupReusedOnlyWhenUnchanged(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	src := filepath.Join(dataDir, memoryFileName)
	legacy := legacyDB(t, dataDir, 10)
	dir := filepath.Join(dataDir, backupsDirName)
	at := launch
	backup := func() string {
		t.Helper()
		at = at.Add(time.Minute)
		p, err := backupDB(src, dir, memoryBackupPrefix, memoryBackupName(at), memoriesTable, memoryOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	first := backup()
	if again := backup(); again != first {
		t.Errorf("a backup of an unchanged database = %s, want %s reused", again, first)
	}
	changes := []struct {
		name, sql string
	}{
		{"a row added", "INSERT INTO memories (content) VALUES ('new')"},
		{"a row edited", "UPDATE memories SET content = 'edited' WHERE id = 3"},
		{"a row removed and one added (same count)", "DELETE FROM memories WHERE id = 4; INSERT INTO memories (content) VALUES ('other')"},
		{"an index added", "CREATE INDEX memories_kind ON memories(kind)"},
	}
	prev := first
	for _, c := range changes {
		mustExec(t, legacy, c.sql)
		next := backup()
		if next == prev {
			t.Errorf("%s: the old backup %s was reused", c.name, prev)
		}
		if again := backup(); again != next {
			t.Errorf("%s, unchanged since: backup %s, want %s reused", c.name, again, next)
		}
		prev = next
	}
	// Only the newest is a candidate, and only a finished (final-named) one.
	other := filepath.Join(dir, "projects-pre-v1-20250101T000000Z.db")
	if err := copyFile(prev, other); err != nil {
		t.Fatal(err)
	}
	if p, ok := reusableBackup(src, dir, "projects-pre-v1-", memoriesTable, time.Now()); !ok || p != other {
		t.Errorf("reusableBackup(projects-pre-v1-) = %s, %v; want %s", p, ok, other)
	}
	if p, ok := reusableBackup(src, dir, "projects-pre-v2-", memoriesTable, time.Now()); ok {
		t.Errorf("reusableBackup(no such backups) = %s, want none", p)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 + len(changes) + 1; len(entries) != want {
		t.Errorf("backups holds %d entries, want %d", len(entries), want)
	}
}

// Opens remove the staging folders a killed backup left (names os.MkdirTemp
// makes with the staging prefix), and only those, and only when no backup
// is running; a read-only open removes nothing.
func TestOpenRemovesStaleStaging(t *testing.T) {
	home := t.TempDir()
	dataDir := filepath.Join(home, "data")
	dir := filepath.Join(dataDir, backupsDirName)
	stale := filepath.Join(dir, ".backup-1234567")
	writeFixture(t, filepath.Join(stale, memoryFileName), strings.Repeat("x", 1<<20))
	kept := []string{".backup-", ".backup-12x", ".backup-notmine", "backup-123", "memory-pre-project-id-20250101T000000Z.db"}
	for _, name := range kept {
		writeFixture(t, filepath.Join(dir, name, "file"), "user's")
	}
	exists := func(p string) bool {
		_, err := os.Lstat(p)
		return err == nil
	}
	openTestStore(t, home, true)
	if !exists(stale) {
		t.Fatal("a read-only open removed a staging folder")
	}

	// A backup under way holds the lock: its staging folder is not stale.
	unlock, ok, err := tryLockFile(filepath.Join(dataDir, backupsLockName))
	if err != nil || !ok {
		t.Fatalf("tryLockFile = %v, %v", ok, err)
	}
	openTestStore(t, home, false)
	if m, err := OpenMemoryDB(dataDir, clock(launch)); err != nil {
		t.Fatal(err)
	} else if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if !exists(stale) {
		t.Error("an open removed the staging folder of a running backup")
	}
	unlock()

	for _, open := range []string{"registry", "memory"} {
		writeFixture(t, filepath.Join(stale, memoryFileName), "x")
		if open == "registry" {
			openTestStore(t, home, false)
		} else if m, err := OpenMemoryDB(dataDir, clock(launch)); err != nil {
			t.Fatal(err)
		} else if err := m.Close(); err != nil {
			t.Fatal(err)
		}
		if exists(stale) {
			t.Errorf("the %s open left the stale staging folder", open)
		}
		for _, name := range kept {
			if !exists(filepath.Join(dir, name, "file")) {
				t.Errorf("the %s open removed %s, which it did not make", open, name)
			}
		}
	}
}
