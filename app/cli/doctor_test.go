// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/glebarez/go-sqlite" // "sqlite" for database/sql
)

func TestCLIDoctor(t *testing.T) {
	c := newCLI(t)
	r := c.run("doctor")
	if r.code != 0 || r.obj["project_memory"] != true || r.str("schema") != "new" || r.str("home") != c.home {
		t.Errorf("doctor (fresh) = %d %s", r.code, r.stdout)
	}
	if _, ok := r.obj["backups"].([]any); !ok {
		t.Errorf("doctor backups is not a list: %s", r.stdout)
	}
	if r = c.run("doctor"); r.str("schema") != "current" {
		t.Errorf("doctor (again) = %s, want schema current", r.stdout)
	}

	// A legacy memory.db: its memories are counted, across the change.
	c = newCLI(t)
	os.MkdirAll(filepath.Join(c.home, "data"), 0o700)
	legacyMemoryDB(t, filepath.Join(c.home, "data", "memory.db"), 3).Close()
	r = c.run("doctor")
	if _, failed := r.obj["memories_error"]; r.code != 0 || r.obj["memories"] != 3.0 || failed || r.str("backup_made") == "" {
		t.Errorf("doctor (legacy, 3 memories) = %d %s, want memories 3 and a backup", r.code, r.stdout)
	}
	// Only copies that open as SQLite with a memories table are backups:
	// not a note, an empty file, a half-copied one, or a copy of projects.db.
	made := r.str("backup_made")
	backups := filepath.Join(c.home, "data", "backups")
	writeFile(t, filepath.Join(backups, "README.txt"), []byte("my copies"))
	writeFile(t, filepath.Join(backups, "memory-pre-project-id-20990101T000000Z.db"), nil)
	writeFile(t, filepath.Join(backups, "memory-by-hand.db"), bytes.Repeat([]byte("x"), 4096))
	c.run("register", t.TempDir()) // a record, so the next open copies projects.db
	r = c.run("doctor")
	list, _ := r.obj["backups"].([]any)
	reg, _ := r.obj["registry_backups"].([]any)
	if len(list) != 1 || list[0] != made || len(reg) != 1 || !strings.HasPrefix(filepath.Base(fmt.Sprint(reg[0])), "projects-daily-") {
		t.Errorf("doctor with junk in backups = %s; want backups [%s] and the day's copy of projects.db", r.stdout, made)
	}
}

// TestCLIDoctorUnreadable: doctor never reports a figure it could not read
// (docs/cli.md §12): a memory.db that is not SQLite, a folder, locked by
// another program or damaged gives "memories": null and the reason, an
// unreadable backups folder "backups": null and the reason; the rest of the
// report is there and the exit status is 0.
func TestCLIDoctorUnreadable(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, data string) (release func())
		field   string // the figure that must be null
		says    string
	}{
		{"not SQLite", func(t *testing.T, data string) func() {
			writeFile(t, filepath.Join(data, "memory.db"), bytes.Repeat([]byte("not a database\n"), 300))
			return nil
		}, "memories", "not a SQLite database"},
		{"a folder", func(t *testing.T, data string) func() {
			if err := os.MkdirAll(filepath.Join(data, "memory.db"), 0o700); err != nil {
				t.Fatal(err)
			}
			return nil
		}, "memories", "is a folder"},
		{"locked", func(t *testing.T, data string) func() {
			db := legacyMemoryDB(t, filepath.Join(data, "memory.db"), 3)
			conn, err := db.Conn(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			// An exclusive lock, as a program in the middle of a write holds it.
			for _, q := range []string{"BEGIN EXCLUSIVE", "INSERT INTO memories (content) VALUES ('pending')"} {
				if _, err := conn.ExecContext(context.Background(), q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			return func() { conn.ExecContext(context.Background(), "ROLLBACK"); conn.Close() }
		}, "memories", "locked"},
		{"damaged", func(t *testing.T, data string) func() {
			path := filepath.Join(data, "memory.db")
			legacyMemoryDB(t, path, 2000).Close()
			// The first rows read fine, the last pages are garbage: the
			// file opens, the count fails.
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			info, _ := f.Stat()
			if _, err := f.WriteAt(bytes.Repeat([]byte{0xff}, 3*4096), info.Size()-3*4096); err != nil {
				t.Fatal(err)
			}
			return nil
		}, "memories", "is damaged"},
		{"backups a file", func(t *testing.T, data string) func() {
			writeFile(t, filepath.Join(data, "backups"), []byte("x"))
			return nil
		}, "backups", "cannot list the backups"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			data := filepath.Join(c.home, "data")
			if err := os.MkdirAll(data, 0o700); err != nil {
				t.Fatal(err)
			}
			if release := tt.prepare(t, data); release != nil {
				defer release()
			}
			r := c.run("doctor")
			val, present := r.obj[tt.field]
			reason, _ := r.obj[tt.field+"_error"].(string)
			if r.code != 0 || !present || val != nil || !strings.Contains(reason, tt.says) {
				t.Errorf("doctor with memory.db %s = exit %d %s, want exit 0, %q: null and %s_error saying %q", tt.name, r.code, r.stdout, tt.field, tt.field, tt.says)
			}
			if r.str("home") != c.home || r.str("registry") != filepath.Join(data, "projects.db") || r.obj["minimal"] != false {
				t.Errorf("doctor with memory.db %s lost the rest of the report: %s", tt.name, r.stdout)
			}
		})
	}
}
