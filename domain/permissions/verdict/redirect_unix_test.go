// SPDX-License-Identifier: Apache-2.0

//go:build unix

package verdict

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO is no file to write: the line could block, or feed a reader.
func TestRedirectionToAFIFO(t *testing.T) {
	root, _ := redirectProject(t)
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	wantVerdict(t, "go test > fifo", checkIn(root, "", redirectRules, "go test > fifo"), "not a regular file")
	wantVerdict(t, "grep x < fifo", checkIn(root, "", redirectRules, "grep x < fifo"), "not a regular file")
}
