// SPDX-License-Identifier: Apache-2.0

//go:build unix

package persistence

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"memo.dev/projects/domain/project"
)

// The environment that makes the test binary one command of
// TestConcurrentFirstLaunchesAfterAnUpgrade: it opens the data home named by
// openHome, read-only ("status") or to register the folder named by
// openRegister, and prints the error it met, if any.
const (
	openHome     = "MEMO_TEST_OPEN_HOME"
	openRegister = "MEMO_TEST_OPEN_REGISTER"
)

func openHomeMain(home string) int {
	folder := os.Getenv(openRegister)
	s, err := Open(home, Options{ReadOnly: folder == ""})
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer s.Close()
	reg := s.Registry()
	if folder == "" {
		_, err = reg.List()
	} else {
		err = func() error {
			unlock, err := reg.Lock()
			if err != nil {
				return err
			}
			defer unlock()
			_, err = reg.Claim(project.Record{ID: "p_" + strings.Repeat("a", 31) + folder[len(folder)-1:], Path: folder, LastOpened: time.Now()})
			return err
		}()
	}
	if err != nil {
		fmt.Println(err)
		return 1
	}
	return 0
}

// TestConcurrentFirstLaunchesAfterAnUpgrade: the first commands after an
// update meet a registry of an older layout, which needs a backup and a
// layout change. Two writing commands, and eight mixed ones (writers and
// readers) started at once, over many trials: every one succeeds (the
// layout change runs under the registry lock; the others wait for it), the
// registry ends current with every row, and one backup is made.
func TestConcurrentFirstLaunchesAfterAnUpgrade(t *testing.T) {
	for _, tt := range []struct {
		name                     string
		writers, readers, trials int
	}{{"two registers", 2, 0, 20}, {"eight mixed", 5, 3, 10}} {
		t.Run(tt.name, func(t *testing.T) {
			trials := tt.trials
			if testing.Short() {
				trials = 2
			}
			// Two trials at a time (-parallel): more contention, half the time.
			for trial := range trials {
				t.Run(fmt.Sprint(trial), func(t *testing.T) {
					t.Parallel()
					firstLaunches(t, trial, tt.writers, tt.readers)
				})
			}
		})
	}
}

// firstLaunches is one trial: writers and readers started at once on a
// layout 2 registry with a row.
func firstLaunches(t *testing.T, trial, writers, readers int) {
	home := t.TempDir()
	makeLayout2(t, home, "/work/old")
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	for i := range writers + readers {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), openHome+"="+home)
		if i < writers {
			cmd.Env = append(cmd.Env, fmt.Sprintf("%s=/work/new%d", openRegister, i))
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := cmd.Wait(); err != nil {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("command %d: %v: %s", i, err, strings.TrimSpace(out.String())))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, f := range failures {
		t.Errorf("trial %d: %s", trial, f)
	}
	if len(failures) > 0 {
		return
	}
	s := openTestStore(t, home, true)
	list, err := s.Registry().List()
	if err != nil || len(list) != writers+1 {
		t.Errorf("trial %d: the registry lists %d folders (%v), want %d", trial, len(list), err, writers+1)
	}
	s.Close()
	backups, _ := filepath.Glob(filepath.Join(home, "data", "backups", "projects-pre-*.db"))
	if len(backups) != 1 {
		t.Errorf("trial %d: %d backups before the layout change, want 1: %v", trial, len(backups), backups)
	}
}
