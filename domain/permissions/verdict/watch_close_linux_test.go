// SPDX-License-Identifier: Apache-2.0

//go:build linux

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// inotifyInstances counts this process's inotify descriptors.
func inotifyInstances(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip(err)
	}
	n := 0
	for _, fd := range fds {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.Contains(target, "inotify") {
			n++
		}
	}
	return n
}

// TestCloseFreesTheWatch: Close gives the inotify instance back at once
// (a user has some 128 across every program), twice is harmless, and
// checks after it still see every change, reading again.
func TestCloseFreesTheWatch(t *testing.T) {
	root := t.TempDir()
	fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest"}}`, 0o644)
	rules := []string{"npm test"}
	reads := 0
	before := inotifyInstances(t)
	p := watchedProject(t, root, rules, &reads)
	check := func() Verdict { return NewChecker(rules).CheckIn("npm test", p) }
	if v := check(); !v.Approved {
		t.Fatalf("npm test before Close: %+v", v)
	}
	if n := inotifyInstances(t); n != before+1 {
		t.Fatalf("%d inotify instances while watching, want %d", n, before+1)
	}
	if err := p.Cache.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := p.Cache.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if n := inotifyInstances(t); n != before {
		t.Errorf("%d inotify instances after Close, want %d", n, before)
	}
	if v := check(); !v.Approved {
		t.Fatalf("npm test after Close: %+v", v)
	}
	fixture.Write(t, filepath.Join(root, ".npmrc"), "script-shell=x\n", 0o644)
	if v := check(); v.Approved || !strings.Contains(v.Reason.String(), "script-shell") {
		t.Errorf("after Close a new .npmrc is not seen: %+v", v)
	}
}
