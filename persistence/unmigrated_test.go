// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
)

// A registry that was never migrated (an empty file, a database with other
// tables, a first launch killed before its migration committed) reads as an
// empty registry in a read-only open, and is left byte-for-byte as it is.
func TestReadOnlyOpenOfAnUnmigratedRegistry(t *testing.T) {
	for name, make := range map[string]func(path string) error{
		"empty file": func(path string) error { return os.WriteFile(path, nil, 0o600) },
		"other tables": func(path string) error {
			db, err := sql.Open(sqliteDriverName, path)
			if err != nil {
				return err
			}
			defer db.Close()
			_, err = db.Exec("CREATE TABLE x(a)")
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			path := filepath.Join(home, "data", "projects.db")
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := make(path); err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Open(home, Options{ReadOnly: true})
			if err != nil {
				t.Fatalf("read-only open of a registry with %s: %v", name, err)
			}
			recs, err := s.Registry().List()
			if err != nil || len(recs) != 0 {
				t.Errorf("List = %v, %v; want an empty registry", recs, err)
			}
			if on, err := s.Settings().Minimal(); err != nil || on {
				t.Errorf("Minimal = %v, %v", on, err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			after, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(before, after) {
				t.Errorf("the registry file changed (%v)", err)
			}
			// A writing open then migrates it.
			w, err := Open(home, Options{})
			if err != nil {
				t.Fatalf("writing open: %v", err)
			}
			w.Close()
		})
	}
}

// A registry written by a newer Memo Projects is an error that says so, in a
// read-only open too.
func TestReadOnlyOpenOfANewerRegistry(t *testing.T) {
	home := t.TempDir()
	s, err := Open(home, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.Exec("PRAGMA user_version = 99").Error; err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(home, Options{ReadOnly: true}); err == nil {
		t.Fatal("read-only open of a newer registry: no error")
	}
}
