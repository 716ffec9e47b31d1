// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gorm.io/gorm/logger"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
)

// hotRegistry leaves in home/data the files of a writer of projects.db that
// was killed mid-transaction: the database with uncommitted pages written
// into it, and the hot journal that holds the committed ones. The registry
// holds folder → id for n made-up folders and for dir (id wantID).
func hotRegistry(t *testing.T, home, dir, wantID string, n int) {
	t.Helper()
	live := t.TempDir()
	s := openTestStore(t, live, false)
	rows := make([]projectRow, n)
	for i := range rows {
		rows[i] = projectRow{ID: fmt.Sprintf("p_%032x", i+1), Path: fmt.Sprintf("/work/%s/project-%d", strings.Repeat("long", 20), i), LastOpened: testClock()}
	}
	if err := s.db.CreateInBatches(rows, 500).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.Registry().Put(recordAt(wantID, dir)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	livePath := filepath.Join(live, "data", "projects.db")
	db := openRaw(t, livePath, "_pragma=journal_mode(DELETE)")
	mustExec(t, db, "PRAGMA cache_size=1") // spill the uncommitted pages into projects.db
	mustExec(t, db, "BEGIN IMMEDIATE")
	mustExec(t, db, "UPDATE projects SET path = path || '-uncommitted', id = id || 'x'")
	data := filepath.Join(home, "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	// The files as they are on disk now are what SIGKILL would leave.
	for _, suffix := range []string{"", "-journal"} {
		if err := copyFile(livePath+suffix, filepath.Join(data, "projects.db"+suffix)); err != nil {
			t.Fatalf("fixture: %v (the journal must exist mid-transaction)", err)
		}
	}
	mustExec(t, db, "ROLLBACK")
	if _, _, err := openReadOnlyProbed(filepath.Join(data, "projects.db"), registryConfig(Options{Logger: logger.Discard})); !isHotJournal(err) {
		t.Fatalf("fixture: a read-only open found %v, want a hot journal", err)
	}
}

// status, preamble and files answer from the last commit when a killed
// writer left a hot journal in projects.db, in a writable data folder and in
// a read-only one alike (TestReadOnlyOpenAfterAKilledWriteInAReadOnlyFolder,
// Unix); they read a rolled-back copy and projects.db and its journal stay
// byte for byte as they were. The next writing open rolls the journal back.
func TestReadOnlyOpenAfterAKilledWrite(t *testing.T) {
	readOnlyOpenAfterAKilledWrite(t, true)
}

func readOnlyOpenAfterAKilledWrite(t *testing.T, writable bool) {
	home := t.TempDir()
	dir := t.TempDir()
	const id = "p_0123456789abcdef0123456789abcdef"
	hotRegistry(t, home, dir, id, 300)
	data := filepath.Join(home, "data")
	if !writable {
		chmod(t, data, 0o500)
	}
	before := dbFileSums(t, data)

	s, err := Open(home, Options{ReadOnly: true, Now: testClock})
	if err != nil {
		t.Fatalf("read-only Open after a killed write: %v", err)
	}
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	svc := project.NewService(rules, s.Registry(), s.Settings(), testClock)
	st, err := svc.Status(dir)
	if err != nil || st.ID != id || !st.Allowed {
		t.Errorf("Status = %+v, %v; want the committed id %s", st, err, id)
	}
	if line, err := svc.Preamble(dir); err != nil || line != "" {
		t.Errorf("Preamble = %q, %v; want an empty line (not set up)", line, err)
	}
	if files, err := svc.Files(dir); err != nil || len(files) == 0 {
		t.Errorf("Files = %+v, %v; want the file list", files, err)
	}
	list, err := svc.List()
	if err != nil || len(list) != 301 {
		t.Fatalf("List = %d records, %v; want 301", len(list), err)
	}
	for _, rec := range list {
		if strings.HasSuffix(rec.Path, "-uncommitted") || strings.HasSuffix(rec.ID, "x") {
			t.Fatalf("List shows an uncommitted record: %+v", rec)
		}
	}
	snapshot := s.snapshot
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if after := dbFileSums(t, data); after != before {
		t.Errorf("projects.db changed in a read-only folder: %v, want %v", after, before)
	}
	if snapshot == "" {
		t.Error("the registry was read in place; want a rolled-back copy")
	} else if _, err := os.Stat(snapshot); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the copy's folder %s is left after Close (%v)", snapshot, err)
	}
	if !writable {
		return
	}
	// A writing open rolls the journal back and sees the last commit.
	w := openTestStore(t, home, false)
	if rec, ok, err := w.Registry().ByPath(dir); err != nil || !ok || rec.ID != id {
		t.Errorf("writing open: ByPath = %+v, %v, %v; want %s", rec, ok, err, id)
	}
	if got := fileSum(t, filepath.Join(data, "projects.db-journal")); got != "missing" {
		t.Error("the writing open left the hot journal")
	}
}

// dbFileSums returns the sha256 of projects.db and its journal ("missing"
// for an absent file).
func dbFileSums(t *testing.T, data string) [2]string {
	t.Helper()
	return [2]string{fileSum(t, filepath.Join(data, "projects.db")), fileSum(t, filepath.Join(data, "projects.db-journal"))}
}
