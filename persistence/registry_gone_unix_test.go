// SPDX-License-Identifier: Apache-2.0

//go:build unix

package persistence

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// TestRegistryGoneWhileOpen: projects.db deleted, or replaced by a copy put
// back, while a store has it open (the window, serve): a write is not
// called "read-only" or a permission problem; it says the registry is gone
// and to restart or put back a copy, with its own cause.
func TestRegistryGoneWhileOpen(t *testing.T) {
	for _, tt := range []struct {
		name string
		do   func(path string) error
	}{
		{"deleted", os.Remove},
		{"replaced", func(path string) error {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if err := os.WriteFile(path+".copy", b, 0o600); err != nil {
				return err
			}
			return os.Rename(path+".copy", path)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			s := openTestStore(t, home, false)
			reg := s.Registry()
			if _, err := reg.Claim(project.Record{ID: layoutID(1), Path: "/work/a", LastOpened: time.Now()}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(home, "data", registryFileName)
			if err := tt.do(path); err != nil {
				t.Fatal(err)
			}
			_, err := reg.Claim(project.Record{ID: layoutID(2), Path: "/work/b", LastOpened: time.Now()})
			if !errors.Is(err, ErrRegistryGone) || domain.KindOf(err) != domain.KindInternal {
				t.Fatalf("a write after the registry was %s: %v (kind %s); want ErrRegistryGone, internal", tt.name, err, domain.KindOf(err))
			}
			for _, want := range []string{path, "deleted or replaced", "restart", "backups"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%q does not say %q", err, want)
				}
			}
			if strings.Contains(err.Error(), "read-only") {
				t.Errorf("%q calls it read-only", err)
			}
		})
	}
}
