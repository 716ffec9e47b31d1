// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.ProcessState.Pid()
}

// leftover names a temporary file as a run of pid on this machine made it.
func leftover(base string, pid int) string {
	return "." + base + ".memo-" + hostTag() + "-" + strconv.Itoa(pid) + "-0123456789abcdef.tmp"
}

func TestTempNamesHaveTheirShape(t *testing.T) {
	dir := t.TempDir()
	f, err := CreateTemp(dir, "AGENTS.md", 0o666)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	name := filepath.Base(f.Name())
	if base, ok := TempBase(name); !ok || base != "AGENTS.md" {
		t.Errorf("TempBase(%q) = %q, %v; want AGENTS.md, true", name, base, ok)
	}
	if Stale(dir, name, time.Now()) {
		t.Errorf("Stale(%q) = true for a temporary file of this live process", name)
	}
	d, err := MkdirTemp(dir, "memo-setup", 0o777)
	if err != nil {
		t.Fatal(err)
	}
	if base, ok := TempBase(filepath.Base(d)); !ok || base != "memo-setup" {
		t.Errorf("TempBase(%q) = %q, %v; want memo-setup, true", d, base, ok)
	}
}

func TestRemoveStaleRemovesOnlyProvableLeftovers(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	dead := deadPID(t)
	live := livePID(t)
	bases := []string{"AGENTS.md", "handoff.md"}
	old := now.Add(-MaxTempAge - time.Hour)
	tests := []struct {
		name    string
		make    func(p string)
		removed bool
	}{
		{leftover("AGENTS.md", dead), plain, true},
		{leftover("handoff.md", dead), plain, true},
		// A live creator (this process, another running one) keeps its files until they are old.
		{leftover("AGENTS.md", os.Getpid()), plain, false},
		{leftover("handoff.md", live), plain, false},
		{leftover("handoff.md", 1)[:1] + "x" + leftover("handoff.md", 1)[1:], plain, false},    // base not Memo's
		{strings.Replace(leftover("AGENTS.md", 1), hostTag(), "00000000", 1), plain, false},    // another machine
		{strings.Replace(leftover("AGENTS.md", 2), hostTag(), "00000001", 1), aged(old), true}, // another machine, old
		{strings.Replace(leftover("AGENTS.md", os.Getpid()), "0123456789abcdef", "fedcba9876543210", 1), aged(old), true},
		// Look-alikes of users: wrong shape, not a plain file, not a base of Memo's.
		{".AGENTS.md.memo-drafts.tmp", aged(old), false},
		{".AGENTS.md.123.tmp", aged(old), false},
		// Upper-case hex; not the dead leftover above in upper case, which is that same file on a case-insensitive volume.
		{".AGENTS.md.memo-" + hostTag() + "-" + strconv.Itoa(dead) + "-FEDCBA9876543210.tmp", plain, false},
		{".AGENTS.md.memo-" + hostTag() + "-" + strconv.Itoa(dead) + "-0123456789abcdef.tmp.bak", plain, false},
		{".notes.txt.memo-" + hostTag() + "-" + strconv.Itoa(dead) + "-0123456789abcdef.tmp", plain, false},
		{".memo-setup-drafts.tmp", aged(old), false},
		{leftover("AGENTS.md", dead+100000), folder, false},
	}
	for _, tt := range tests {
		tt.make(filepath.Join(dir, tt.name))
	}
	removed := RemoveStale(dir, bases, now)
	for _, tt := range tests {
		_, err := os.Lstat(filepath.Join(dir, tt.name))
		if gone := err != nil; gone != tt.removed || slices.Contains(removed, tt.name) != tt.removed {
			t.Errorf("RemoveStale: %q removed = %v (reported %v), want %v", tt.name, gone, slices.Contains(removed, tt.name), tt.removed)
		}
	}
}

func plain(p string) { os.WriteFile(p, []byte("partial"), 0o644) }

func folder(p string) { os.Mkdir(p, 0o755) }

func aged(at time.Time) func(string) {
	return func(p string) { plain(p); os.Chtimes(p, at, at) }
}
