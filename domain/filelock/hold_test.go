// SPDX-License-Identifier: Apache-2.0

package filelock

import (
	"os"
	"path/filepath"
	"testing"
)

// TestHold: the first Hold of a path wins, creating the file; a second, while
// the first holds it, is told so without waiting; once released, a lock
// file that stays on disk is taken again.
func TestHold(t *testing.T) {
	path := filepath.Join(t.TempDir(), "api.lock")
	first, ok, err := Hold(path)
	if err != nil || !ok {
		t.Fatalf("first Hold = %v, %v; want it held", ok, err)
	}
	if st, _ := Probe(path); st != Held {
		t.Errorf("Probe while held = %v", st)
	}
	if l, ok, err := Hold(path); ok || l != nil || err != nil {
		t.Errorf("second Hold while the first holds = %v, %v, %v; want not ok, no error", l, ok, err)
	}
	first.Release()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the lock file went away on Release: %v", err)
	}
	again, ok, err := Hold(path)
	if err != nil || !ok {
		t.Fatalf("Hold after Release = %v, %v; want it held", ok, err)
	}
	again.Release()
}

// TestHoldRefusesWhatIsNotAFile: a link, a folder or a pipe at the path is
// an error, never held and never followed.
func TestHoldRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	held := filepath.Join(dir, "held")
	l, err := Create(held)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	paths := []string{dir}
	for path := range oddFiles(t, dir, held) {
		paths = append(paths, path)
	}
	for _, path := range paths {
		if l, ok, err := Hold(path); err == nil || ok {
			l.Release()
			t.Errorf("Hold(%s) = %v, %v; want an error", filepath.Base(path), ok, err)
		}
	}
}
