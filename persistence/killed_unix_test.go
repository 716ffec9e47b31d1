// SPDX-License-Identifier: Apache-2.0

//go:build unix

package persistence

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"memo.dev/projects/domain/memory"
)

// The environment that makes the test binary the child of
// TestBackupKilledAtEachStep: it opens memory.db in the data folder named by
// killData and SIGKILLs itself at the step named by killAt.
const (
	killData = "MEMO_TEST_KILLED_DATA"
	killAt   = "MEMO_TEST_KILL_AT"
)

func TestMain(m *testing.M) {
	if dataDir := os.Getenv(holdLock); dataDir != "" {
		os.Exit(holdLockMain(dataDir))
	}
	if home := os.Getenv(openHome); home != "" {
		os.Exit(openHomeMain(home))
	}
	if dataDir := os.Getenv(killData); dataDir != "" {
		step := os.Getenv(killAt)
		hook := func(s string) error {
			if s == step {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				time.Sleep(time.Minute)
			}
			return nil
		}
		_, err := openMemoryDB(dataDir, clock(launch), memoryOptions{hook: hook})
		fmt.Fprintf(os.Stderr, "the open passed step %q without being killed (%v)\n", step, err)
		os.Exit(3)
	}
	os.Exit(m.Run())
}

// A launch killed at any step of the backup leaves nothing the next launch
// does not clean up: staging folders are removed, and a backup that got its
// final name before the kill is reused, not made a second time.
func TestBackupKilledAtEachStep(t *testing.T) {
	tests := []struct {
		step    string
		staging bool // the kill leaves a staging folder
		final   bool // the kill leaves a finished backup
	}{
		{"staged", true, false},
		{"pinned", true, false},
		{"copied", true, false},
		{"verified", true, false},
		{"inspected", false, true}, // backed up, killed before the change
	}
	const n = 40
	for _, tt := range tests {
		t.Run(tt.step, func(t *testing.T) {
			dataDir := filepath.Join(t.TempDir(), "data")
			legacyDB(t, dataDir, n).Close()
			before := fileSum(t, filepath.Join(dataDir, memoryFileName))

			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), killData+"="+dataDir, killAt+"="+tt.step)
			out, err := cmd.CombinedOutput()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
				t.Fatalf("the child was not killed at %s: %v\n%s", tt.step, err, out)
			}
			if got := fileSum(t, filepath.Join(dataDir, memoryFileName)); got != before {
				t.Errorf("killed at %s: memory.db changed before the change", tt.step)
			}
			staging, finals := backupsFolder(t, dataDir)
			if (len(staging) > 0) != tt.staging || (len(finals) == 1) != tt.final {
				t.Fatalf("killed at %s: staging %q, backups %q; want staging %v, a backup %v", tt.step, staging, finals, tt.staging, tt.final)
			}

			m := openTest(t, dataDir, launch.Add(time.Minute), memoryOptions{})
			st := m.State()
			if !st.ProjectMemory || st.Schema != memory.SchemaCurrent || st.Backup == "" {
				t.Fatalf("next launch after a kill at %s: State() = %+v, want the change made", tt.step, st)
			}
			staging, after := backupsFolder(t, dataDir)
			if len(staging) != 0 {
				t.Errorf("next launch after a kill at %s left staging folders %q", tt.step, staging)
			}
			if len(after) != 1 || filepath.Base(st.Backup) != after[0] {
				t.Errorf("next launch after a kill at %s: backups %q, reported %s; want exactly one", tt.step, after, st.Backup)
			}
			if tt.final && after[0] != finals[0] {
				t.Errorf("killed at %s: the finished backup %s was not reused (now %s)", tt.step, finals[0], after[0])
			}
			if got := queryInt(t, openRaw(t, st.Backup, "mode=ro"), "SELECT count(*) FROM memories"); got != n {
				t.Errorf("killed at %s: the backup holds %d rows, want %d", tt.step, got, n)
			}
		})
	}
}

// backupsFolder lists dataDir/backups: the staging folders and the finished
// memory backups.
func backupsFolder(t *testing.T, dataDir string) (staging, finals []string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dataDir, backupsDirName))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e.Name(), stagingPrefix):
			staging = append(staging, e.Name())
		case strings.HasPrefix(e.Name(), memoryBackupPrefix):
			finals = append(finals, e.Name())
		default:
			t.Errorf("unexpected entry in backups: %s", e.Name())
		}
	}
	return staging, finals
}
