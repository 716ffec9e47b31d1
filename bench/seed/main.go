// SPDX-License-Identifier: Apache-2.0

// Command seed builds the data home bench/window.sh starts the window with:
// a registry of 10,000 projects and a memory.db of 100,000 memories.
//
//	seed -home DIR -folders DIR [-projects 10000] [-memories 100000] [-real 50]
//
// Most registry rows point at folders that do not exist (the list shows them
// as "folder missing"); the -real most recently opened ones are real folders
// under -folders, a third of them set up and a third declined, so that the
// rows the window shows first compute real badges. Memories are spread over
// the global pool (half) and the projects' pools.
package main

import (
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	_ "github.com/glebarez/go-sqlite"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/persistence"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	home := fs.String("home", "", "the data home to create (must not exist yet)")
	folders := fs.String("folders", "", "where the real project folders are made")
	projects := fs.Int("projects", 10000, "registered projects")
	memories := fs.Int("memories", 100000, "memories in memory.db")
	realDirs := fs.Int("real", 50, "registered projects that are real folders")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *home == "" || *folders == "" || *realDirs > *projects {
		fmt.Fprintln(stderr, "seed: -home and -folders are required, and -real cannot exceed -projects")
		return 2
	}
	if _, err := os.Stat(*home); err == nil {
		fmt.Fprintf(stderr, "seed: %s exists; remove it to seed again\n", *home)
		return 2
	}
	start := time.Now()
	ids, err := seedRegistry(*home, *folders, *projects, *realDirs)
	if err == nil {
		err = seedMemories(*home, ids, *memories)
	}
	if err != nil {
		fmt.Fprintln(stderr, "seed:", err)
		return 1
	}
	fmt.Fprintf(stdout, "seeded %s: %d projects (%d real folders), %d memories in %v\n",
		*home, *projects, *realDirs, *memories, time.Since(start).Round(time.Millisecond))
	return 0
}

// seedRegistry registers the projects and returns their ids.
func seedRegistry(home, folders string, n, realDirs int) ([]string, error) {
	store, err := persistence.Open(home, persistence.Options{})
	if err != nil {
		return nil, err
	}
	defer store.Close()
	reg := store.Registry()
	// The list shows the most recently opened first: the real folders get the
	// newest times so that they are the rows on screen.
	now := time.Now().Add(-time.Minute)
	ids := make([]string, 0, n)
	for i := realDirs; i < n; i++ {
		rec, err := reg.Claim(project.Record{
			ID:         identity.New(),
			Path:       fmt.Sprintf("/nonexistent/bench/project-%05d", i),
			LastOpened: now.Add(-time.Duration(i) * time.Minute),
		})
		if err != nil {
			return nil, err
		}
		ids = append(ids, rec.ID)
	}

	// The real folders go through the project service, as the window would.
	svc := project.NewService(guard.ForThisMachine(home), reg, store.Settings(), time.Now)
	for i := range realDirs {
		dir := filepath.Join(folders, fmt.Sprintf("project-%05d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		var st project.Status
		switch i % 3 {
		case 0:
			res, err := svc.Setup(dir)
			if err != nil {
				return nil, fmt.Errorf("setup %s: %w", dir, err)
			}
			st.ID = res.ID
		case 1:
			st, err = svc.Decline(dir, true)
		default:
			st, _, err = svc.Register(dir)
		}
		if err != nil {
			return nil, fmt.Errorf("registering %s: %w", dir, err)
		}
		ids = append(ids, st.ID)
	}
	return ids, nil
}

// seedMemories creates memory.db through the store (so its schema is the
// app's), then inserts the rows in one transaction.
func seedMemories(home string, ids []string, n int) error {
	store, err := persistence.Open(home, persistence.Options{})
	if err != nil {
		return err
	}
	mem, err := store.Memory()
	if err == nil && !mem.State().ProjectMemory {
		err = fmt.Errorf("memory.db has no project memory: %s", mem.State().Reason)
	}
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}

	db, err := sql.Open("sqlite", filepath.Join(home, "data", "memory.db")+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ins, err := tx.Prepare(`INSERT INTO memories (content, kind, created_at, updated_at, project_id) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	kinds := []string{"fact", "note", "preference"}
	t0 := time.Now().Add(-time.Duration(n) * time.Minute)
	for i := range n {
		pool := ""
		if i%2 == 1 {
			pool = ids[(i/2)%len(ids)]
		}
		at := t0.Add(time.Duration(i) * time.Minute)
		content := fmt.Sprintf("memory %d: the build needs gcc and the X11 headers; run make test before pushing (%x)", i, i*2654435761)
		if _, err := ins.Exec(content, kinds[i%len(kinds)], at, at, pool); err != nil {
			return err
		}
	}
	return tx.Commit()
}
