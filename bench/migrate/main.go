// SPDX-License-Identifier: Apache-2.0

// Command migrate times persistence.OpenMemoryDB on a legacy memory.db: the
// guarded one-time change of docs/database.md §3 (verified backup, ADD COLUMN, the
// project_id index). bench/migrate.sh runs it next to the sqlite3 shell.
//
//	migrate -data DIR   (DIR holds memory.db)
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"memo.dev/projects/persistence"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := fs.String("data", "", "folder holding the legacy memory.db")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *dataDir == "" {
		fmt.Fprintln(stderr, "migrate: -data is required")
		return 2
	}

	// The steps run inside OpenMemoryDB; watch from outside for the moment
	// the verified backup is renamed into place, which splits the backup
	// (look, copy, verify, fsync, rename) from the change (ALTER TABLE,
	// CREATE INDEX, journal mode, AutoMigrate check).
	pattern := filepath.Join(*dataDir, "backups", "memory-pre-project-id-*.db")
	backedUp := make(chan time.Time, 1)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
			}
			if m, _ := filepath.Glob(pattern); len(m) > 0 {
				backedUp <- time.Now()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()

	start := time.Now()
	m, err := persistence.OpenMemoryDB(*dataDir, time.Now)
	opened := time.Now()
	close(done)
	if err != nil {
		fmt.Fprintln(stderr, "migrate:", err)
		return 1
	}
	st := m.State()
	n, err := m.Count("")
	if err != nil {
		fmt.Fprintln(stderr, "migrate:", err)
		return 1
	}
	closing := time.Now()
	if err := m.Close(); err != nil {
		fmt.Fprintln(stderr, "migrate:", err)
		return 1
	}
	end := time.Now()

	if !st.ProjectMemory || st.Backup == "" {
		fmt.Fprintf(stderr, "migrate: the change was not made: %+v\n", st)
		return 1
	}
	select {
	case at := <-backedUp:
		fmt.Fprintf(stdout, "  backup (look, copy, verify, fsync, rename) %6.3f s\n", at.Sub(start).Seconds())
		fmt.Fprintf(stdout, "  change (ALTER, CREATE INDEX, AutoMigrate)  %6.3f s\n", opened.Sub(at).Seconds())
	default:
		fmt.Fprintf(stdout, "  open with the change                       %6.3f s\n", opened.Sub(start).Seconds())
	}
	fmt.Fprintf(stdout, "  close (WAL checkpoint)                     %6.3f s\n", end.Sub(closing).Seconds())
	fmt.Fprintf(stdout, "  %d memories in the global pool, backup %s\n", n, filepath.Base(st.Backup))
	// The time spent counting is left out of the total.
	total := opened.Sub(start) + end.Sub(closing)
	fmt.Fprintf(stdout, "total_seconds=%.3f\n", total.Seconds())
	return 0
}
