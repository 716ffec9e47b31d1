// SPDX-License-Identifier: Apache-2.0

//go:build unix

package filelock

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// oddFiles makes what Probe must not take for a lock: a link to a held lock
// and a named pipe (which it must not block on).
func oddFiles(t *testing.T, dir, held string) map[string]State {
	link := filepath.Join(dir, "link")
	if err := os.Symlink(held, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	return map[string]State{link: Missing, fifo: Missing}
}
