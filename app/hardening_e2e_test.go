// SPDX-License-Identifier: Apache-2.0

//go:build linux

package app

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Another Memo process holding the data folder: register waits a bounded time,
// then says so with exit 4, kind conflict.
func TestCLILockHeldByAnotherProcessIsAConflict(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	if r := c.run("register", dir); r.code != 0 {
		t.Fatalf("register = %d %s", r.code, r.stdout)
	}
	f, err := os.OpenFile(filepath.Join(c.home, "data", "projects.lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := c.run("register", dir)
	took := time.Since(start)
	if r.code != 4 || r.str("kind") != "conflict" || !strings.Contains(r.str("error"), "another Memo process is busy with this data folder") {
		t.Errorf("register with the lock held = %d %s, want exit 4, conflict", r.code, r.stdout)
	}
	if took < 9*time.Second || took > 30*time.Second {
		t.Errorf("register gave up after %v, want about 10 s", took)
	}
	if r := c.run("status", dir); r.code != 0 {
		t.Errorf("status (which takes no lock) with the lock held = %d %s", r.code, r.stdout)
	}
}

// A setup killed at each of its writes in turn (strace kills it at its N-th
// fsync): the next setup completes the project and cleans what the killed
// run left, and never finds a .memo it calls foreign.
func TestCLISetupKilledAtEveryWriteIsCompletedAndCleaned(t *testing.T) {
	if _, err := exec.LookPath("strace"); err != nil {
		t.Fatal("this test needs strace (Debian package strace; make test-deps installs it)")
	}
	for n := 1; ; n++ {
		c := newCLI(t)
		dir := t.TempDir()
		cmd := exec.Command("strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync,fdatasync",
			"-e", fmt.Sprintf("inject=fsync,fdatasync:signal=SIGKILL:when=%d", n), binary, "setup", dir)
		cmd.Env = append(os.Environ(), "MEMO_HOME="+c.home, "HOME="+c.user, "XDG_CONFIG_HOME="+filepath.Join(c.user, ".config"))
		out, err := cmd.CombinedOutput()
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		killed := ws.Signaled() && ws.Signal() == syscall.SIGKILL || ws.ExitStatus() == 128+int(syscall.SIGKILL)
		if err != nil && !killed {
			t.Fatalf("fsync %d: setup failed without being killed: %v\n%s", n, err, out)
		}
		// A foreign-looking .memo would make this setup refuse (exit 3).
		r := c.run("setup", dir)
		if r.code != 0 {
			t.Errorf("killed at fsync %d: the next setup = %d %s", n, r.code, r.stdout)
		}
		// Exactly the items of docs/folders.md §5 remain: whatever the killed run left
		// (temporary files, its setup folder) is gone.
		var got []string
		filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error {
			if rel, _ := filepath.Rel(dir, p); rel != "." {
				got = append(got, rel)
			}
			return nil
		})
		want := []string{".memo", ".memo/.gitignore", ".memo/AGENTS.md", ".memo/notes.md", ".memo/project.json", ".memo/skills", "AGENTS.md", "handoff.md"}
		if !slices.Equal(got, want) {
			t.Errorf("killed at fsync %d: after the next setup the folder holds %v, want %v", n, got, want)
		}
		if !killed {
			if n < 3 {
				t.Errorf("setup ran only %d fsyncs: strace injected nothing?", n-1)
			}
			t.Logf("setup killed at each of its %d fsyncs", n-1)
			return
		}
	}
}
