// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"os"
	"strings"
	"testing"
)

// TestAFolderKeyStoredWithoutTheGenerationStillNamesItsFolder: a record
// written before the generation number was read (a key of volume, number and
// birth time only) still names its folder, so an edited project.json there
// is restored; opening the folder stores its key with the generation.
func TestAFolderKeyStoredWithoutTheGenerationStillNamesItsFolder(t *testing.T) {
	s, reg := newTestService(t)
	a, b := t.TempDir(), t.TempDir()
	ra, err := s.Setup(a)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := s.Setup(b)
	if err != nil {
		t.Fatal(err)
	}
	rec, ok, err := reg.ByPath(a)
	if !ok || err != nil || rec.Folder == "" {
		t.Fatalf("the record at %s = %+v, %v, %v; want one with a folder key", a, rec, ok, err)
	}
	full := rec.Folder
	old, _, hasGen := strings.Cut(full, ":g")
	if hasGen {
		rec.Folder = old
		if err := reg.Put(rec); err != nil {
			t.Fatal(err)
		}
	}
	pj, _ := os.ReadFile(a + "/.memo/project.json")
	write(t, a+"/.memo/project.json", strings.Replace(string(pj), ra.ID, rb.ID, 1))

	st, ev, err := s.Register(a)
	if err != nil || st.ID != ra.ID || ev != "restored" {
		t.Errorf("Register(edited, record key %q) = %+v, %q, %v; want %s, restored", old, st, ev, err, ra.ID)
	}
	if got, _ := os.ReadFile(a + "/.memo/project.json"); string(got) != string(pj) {
		t.Errorf("project.json = %s; want %s", got, pj)
	}
	if rec, _, _ := reg.ByPath(a); rec.Folder != full {
		t.Errorf("after the open: the record's folder key = %q, want %q (with the generation, where the file system has one)", rec.Folder, full)
	}
}
