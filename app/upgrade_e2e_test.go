// SPDX-License-Identifier: Apache-2.0

package app

import (
	"database/sql"
	"os"
	"path/filepath"
	"sync"
	"testing"

	_ "github.com/glebarez/go-sqlite"
)

// layout2Registry writes data/projects.db as Memo Projects of layout 2 made
// it, with one project: the first command after an update changes its
// layout, backup first.
func layout2Registry(t *testing.T, home string) {
	t.Helper()
	path := filepath.Join(home, "data", "projects.db")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		"CREATE TABLE `projects` (`id` text,`path` text NOT NULL,`declined` numeric NOT NULL DEFAULT false,`last_opened` datetime,`created_at` datetime,PRIMARY KEY (`id`))",
		"CREATE INDEX `idx_projects_last_opened` ON `projects`(`last_opened`)",
		"CREATE UNIQUE INDEX `idx_projects_path` ON `projects`(`path`)",
		"CREATE TABLE `settings` (`key` text,`value` text NOT NULL,PRIMARY KEY (`key`))",
		"CREATE TABLE `permission_pins` (`project_id` text,`hash` text NOT NULL,`bytes` blob NOT NULL,`trusted_at` datetime NOT NULL,PRIMARY KEY (`project_id`))",
		"CREATE TABLE `skill_switches` (`project_id` text,`name` text,`enabled` numeric NOT NULL DEFAULT false,`source` text NOT NULL DEFAULT \"\",PRIMARY KEY (`project_id`,`name`))",
		"INSERT INTO projects (id, path, declined, last_opened, created_at) VALUES ('p_00000000000000000000000000000001', '/work/old', false, '2026-11-29 10:00:00', '2026-11-01 10:00:00')",
		"PRAGMA user_version = 2",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestCLIFirstLaunchesAfterAnUpgrade: eight commands of the built binary
// (register, setup, status, decline) started at once on a registry of an
// older layout, over several trials: every one succeeds; none meets a busy
// database or a "disk" error (docs/database.md §7).
func TestCLIFirstLaunchesAfterAnUpgrade(t *testing.T) {
	for trial := range 4 {
		c := newCLI(t)
		layout2Registry(t, c.home)
		var wg sync.WaitGroup
		for i := range 8 {
			repo := t.TempDir()
			args := [][]string{{"register", repo}, {"setup", repo}, {"status", repo}, {"decline", repo}}[i%4]
			wg.Add(1)
			go func() {
				defer wg.Done()
				if r := c.run(args...); r.code != 0 {
					t.Errorf("trial %d: %v: exit %d: %s%s", trial, args, r.code, r.stdout, r.stderr)
				}
			}()
		}
		wg.Wait()
		backups, _ := filepath.Glob(filepath.Join(c.home, "data", "backups", "projects-pre-*.db"))
		if len(backups) != 1 {
			t.Errorf("trial %d: %d backups before the layout change, want 1", trial, len(backups))
		}
	}
}
