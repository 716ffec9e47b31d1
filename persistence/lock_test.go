// SPDX-License-Identifier: Apache-2.0

//go:build unix

package persistence

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
)

// holdLockMain runs when the test binary is started as another Memo process
// holding the registry lock (MEMO_TEST_HOLD_LOCK=DATADIR, see TestMain): it
// takes the lock, prints "locked" and holds it until its stdin closes.
func holdLockMain(dataDir string) int {
	unlock, err := lockData(dataDir, time.Second)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	fmt.Println("locked")
	bufio.NewReader(os.Stdin).ReadString('\n')
	unlock()
	return 0
}

const holdLock = "MEMO_TEST_HOLD_LOCK"

// holdLockElsewhere starts another process that holds dataDir's registry
// lock until the returned function is called.
func holdLockElsewhere(t *testing.T, dataDir string) (release func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), holdLock+"="+dataDir)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(stdout).ReadString('\n'); line != "locked\n" {
		t.Fatalf("the other process did not take the lock: %q", line)
	}
	return func() { stdin.Close(); cmd.Wait() }
}

func TestLockHeldElsewhereIsAConflictAfterTheWait(t *testing.T) {
	home := t.TempDir()
	const wait = 300 * time.Millisecond
	s, err := Open(home, Options{Now: testClock, LockWait: wait})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	dataDir := filepath.Join(home, "data")
	holders := []struct {
		name string
		hold func(t *testing.T) func()
	}{
		{"another process", func(t *testing.T) func() { return holdLockElsewhere(t, dataDir) }},
		{"another open file in this process", func(t *testing.T) func() {
			unlock, err := lockFile(filepath.Join(dataDir, "projects.lock"), time.Second)
			if err != nil {
				t.Fatal(err)
			}
			return unlock
		}},
	}
	for _, h := range holders {
		t.Run(h.name, func(t *testing.T) {
			release := h.hold(t)
			goroutines := runtime.NumGoroutine()
			start := time.Now()
			unlock, err := s.Registry().Lock()
			took := time.Since(start)
			if err == nil {
				unlock()
				release()
				t.Fatalf("Lock() with the lock held by %s succeeded", h.name)
			}
			if domain.KindOf(err) != domain.KindConflict || !strings.Contains(err.Error(), "another Memo process is busy with this data folder ("+dataDir+")") {
				t.Errorf("Lock() held by %s: %v (kind %s), want a conflict naming %s", h.name, err, domain.KindOf(err), dataDir)
			}
			if took < wait || took > wait+10*time.Second { // slack for a loaded machine
				t.Errorf("Lock() held by %s gave up after %v, want about %v", h.name, took, wait)
			}
			if n := runtime.NumGoroutine(); n > goroutines {
				t.Errorf("Lock() left %d goroutines running", n-goroutines)
			}
			// Once the holder lets go, the lock is taken at once.
			release()
			unlock, err = s.Registry().Lock()
			if err != nil {
				t.Fatalf("Lock() after %s let go: %v", h.name, err)
			}
			unlock()
		})
	}
}

// A lock released during the wait is taken, not reported busy.
func TestLockWaitsForAShortHolder(t *testing.T) {
	home := t.TempDir()
	s, err := Open(home, Options{Now: testClock, LockWait: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	unlockOther, err := lockFile(filepath.Join(home, "data", "projects.lock"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(200*time.Millisecond, unlockOther)
	defer timer.Stop()
	unlock, err := s.Registry().Lock()
	if err != nil {
		t.Fatalf("Lock() while another holder let go after 200ms: %v", err)
	}
	unlock()
}
