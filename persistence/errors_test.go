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

	"gorm.io/gorm"

	"memo.dev/projects/domain"
	"memo.dev/projects/internal/nobody"
)

// Every class of SQLite result code gets the kind that says who can act.
func TestDescribeKinds(t *testing.T) {
	const path = "/home/u/.memo/data/projects.db"
	base := errors.New("sqlite says no")
	tests := []struct {
		name string
		code int
		want domain.Kind
	}{
		{"SQLITE_PERM", 3, domain.KindForbidden},
		{"SQLITE_READONLY", 8, domain.KindForbidden},
		{"SQLITE_READONLY_ROLLBACK", 8 | 3<<8, domain.KindForbidden},
		{"SQLITE_READONLY_DIRECTORY", 8 | 6<<8, domain.KindForbidden},
		{"SQLITE_CANTOPEN", 14, domain.KindForbidden},
		{"SQLITE_AUTH", 23, domain.KindForbidden},
		{"SQLITE_BUSY", 5, domain.KindConflict},
		{"SQLITE_BUSY_SNAPSHOT", 5 | 2<<8, domain.KindConflict},
		{"SQLITE_LOCKED", 6, domain.KindConflict},
		{"SQLITE_CONSTRAINT_UNIQUE", 19 | 8<<8, domain.KindConflict},
		{"SQLITE_CONSTRAINT_PRIMARYKEY", 19 | 6<<8, domain.KindConflict},
		{"SQLITE_NOTADB", 26, domain.KindInternal},
		{"SQLITE_CORRUPT", 11, domain.KindInternal},
		{"SQLITE_FULL", 13, domain.KindInternal},
		{"SQLITE_IOERR_WRITE", 10 | 3<<8, domain.KindInternal},
		// Two processes deleting one journal: a race, never a disk fault.
		{"SQLITE_IOERR_DELETE_NOENT", 10 | 23<<8, domain.KindConflict},
		// Deleted or replaced while open: not read-only, its own sentence.
		{"SQLITE_READONLY_DBMOVED", 8 | 4<<8, domain.KindInternal},
		{"SQLITE_ERROR", 1, domain.KindInternal},
	}
	for _, tt := range tests {
		err := describeCode(path, tt.code, base)
		if got := domain.KindOf(err); got != tt.want {
			t.Errorf("%s (%d): kind %q, want %q (%v)", tt.name, tt.code, got, tt.want, err)
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("%s (%d): %q does not name the file", tt.name, tt.code, err)
		}
	}

	others := []struct {
		name string
		err  error
		want domain.Kind
	}{
		{"duplicate key", gorm.ErrDuplicatedKey, domain.KindConflict},
		{"permission", fmt.Errorf("open: %w", fs.ErrPermission), domain.KindForbidden},
		{"kind known already", domain.NotFound("no such thing"), domain.KindNotFound},
		{"anything else", errors.New("odd"), domain.KindInternal},
	}
	for _, tt := range others {
		if got := domain.KindOf(describe(path, tt.err)); got != tt.want {
			t.Errorf("describe(%s): kind %q, want %q", tt.name, got, tt.want)
		}
	}
	if describe(path, nil) != nil {
		t.Error("describe(nil) is not nil")
	}
}

// storeErrorCase is a real failure of the file system or of SQLite and the
// kind it must produce.
type storeErrorCase struct {
	name string
	root bool // whether the failure happens for root too
	// fail sets home up and returns the error of the operation.
	fail func(t *testing.T, home string) error
	want domain.Kind
}

// The kinds as real failures of the file system and of SQLite produce them.
// Folders made unwritable are in TestStoreErrorKindsOfReadOnlyFolders (Unix).
func TestStoreErrorKinds(t *testing.T) {
	checkStoreErrors(t, []storeErrorCase{
		{"projects.db is not SQLite", true, func(t *testing.T, home string) error {
			writeFixture(t, filepath.Join(home, "data", "projects.db"), strings.Repeat("not a database\n", 200))
			_, err := Open(home, Options{Now: testClock})
			return err
		}, domain.KindInternal},
		{"data is a file", true, func(t *testing.T, home string) error {
			writeFixture(t, filepath.Join(home, "data"), "x")
			_, err := Open(home, Options{Now: testClock})
			return err
		}, domain.KindInternal},
		{"write through a read-only open", true, func(t *testing.T, home string) error {
			openTestStore(t, home, false)
			return openTestStore(t, home, true).Settings().SetMinimal(true)
		}, domain.KindForbidden},
		{"duplicate id", true, func(t *testing.T, home string) error {
			reg := openTestStore(t, home, false).Registry()
			if err := reg.Put(recordAt("p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "/work/a")); err != nil {
				t.Fatal(err)
			}
			_, err := reg.Claim(recordAt("p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "/work/b"))
			return err
		}, domain.KindConflict},
		{"projects.db read-only file", false, func(t *testing.T, home string) error {
			openTestStore(t, home, false)
			chmod(t, filepath.Join(home, "data", "projects.db"), 0o400)
			s, err := Open(home, Options{Now: testClock})
			if err != nil {
				return err
			}
			defer s.Close()
			return s.Settings().SetMinimal(true)
		}, domain.KindForbidden},
	})
}

// checkStoreErrors runs each case in a fresh home, as nobody when the failure
// does not happen for root.
func checkStoreErrors(t *testing.T, tests []storeErrorCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.root && nobody.Rerun(t) {
				return
			}
			home := t.TempDir()
			err := tt.fail(t, home)
			if got := domain.KindOf(err); got != tt.want {
				t.Errorf("%s: %v: kind %q, want %q", tt.name, err, got, tt.want)
			}
		})
	}
}

func writeFixture(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// chmod changes a mode for the test and gives the owner everything back at
// its end, so that the temporary folder can be removed.
func chmod(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(path, 0o700) })
}
