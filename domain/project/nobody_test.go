// SPDX-License-Identifier: Apache-2.0

//go:build unix

package project_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/internal/nobody"
)

// An unreadable .memo may be a project or not: status says it cannot be read,
// not that Memo did not create it, and setup leaves it alone.
func TestUnreadableMemoSaysSo(t *testing.T) {
	if nobody.Rerun(t) {
		return
	}
	tests := []struct {
		name    string
		prepare func(t *testing.T, dir string)
	}{
		{".memo not readable", func(t *testing.T, d string) {
			write(t, d+"/.memo/project.json", validJSON)
			os.Chmod(d+"/.memo", 0o000)
		}},
		{".memo not searchable", func(t *testing.T, d string) {
			write(t, d+"/.memo/project.json", validJSON)
			os.Chmod(d+"/.memo", 0o644)
		}},
		{"project.json not readable", func(t *testing.T, d string) {
			write(t, d+"/.memo/project.json", validJSON)
			os.Chmod(d+"/.memo/project.json", 0o000)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestService(t)
			dir := t.TempDir()
			tt.prepare(t, dir)
			t.Cleanup(func() { os.Chmod(dir+"/.memo", 0o755); os.Chmod(dir+"/.memo/project.json", 0o644) })
			st, err := s.Status(dir)
			if err != nil || st.Root != dir || st.Allowed || !strings.Contains(st.Reason, "cannot be read (permission denied)") {
				t.Errorf("Status(%s) = %+v, %v; want root %s refused because .memo cannot be read", tt.name, st, err, dir)
			}
			entries, _ := os.ReadDir(dir)
			if _, err := s.Setup(dir); !errors.Is(err, domain.ErrRefused) {
				t.Errorf("Setup(%s) err = %v, want refused", tt.name, err)
			}
			if after, _ := os.ReadDir(dir); len(after) != len(entries) {
				t.Errorf("refused Setup(%s) wrote into the folder: %v", tt.name, after)
			}
		})
	}
	// A folder below one whose .memo cannot be read (another user's Memo
	// install) is judged by its own .memo, as below a foreign one.
	s, _ := newTestService(t)
	dir := t.TempDir()
	os.MkdirAll(dir+"/.memo/bin", 0o755)
	os.MkdirAll(dir+"/work/repo", 0o755)
	os.Chmod(dir+"/.memo", 0o000)
	t.Cleanup(func() { os.Chmod(dir+"/.memo", 0o755) })
	if st, err := s.Status(dir + "/work/repo"); err != nil || st.Root != dir+"/work/repo" || !st.Allowed {
		t.Errorf("Status(below an unreadable .memo) = %+v, %v; want its own root, allowed", st, err)
	}
}

// A copy whose .memo cannot be written cannot get an id of its own: register
// says so in plain words, and status never presents the original's id as its own.
func TestCopyWhoseMemoCannotBeWritten(t *testing.T) {
	if nobody.Rerun(t) {
		return
	}
	s, _ := newTestService(t)
	orig := t.TempDir()
	res, err := s.Setup(orig)
	if err != nil {
		t.Fatal(err)
	}
	cp := t.TempDir()
	pj, _ := os.ReadFile(orig + "/.memo/project.json")
	write(t, cp+"/.memo/project.json", string(pj))
	os.Chmod(cp+"/.memo", 0o555)
	t.Cleanup(func() { os.Chmod(cp+"/.memo", 0o755) })

	st, err := s.Status(cp)
	if err != nil || st.ID != "" || st.Enabled || !st.SetUp || !strings.Contains(st.Note.String(), orig) {
		t.Errorf("Status(copy) = %+v, %v; want no id, not enabled, a note naming %s", st, err, orig)
	}
	if line, err := s.Preamble(cp); line != "" || err != nil {
		t.Errorf("Preamble(copy) = %q, %v; want empty", line, err)
	}
	_, _, err = s.Register(cp)
	if !errors.Is(err, domain.ErrRefused) || !strings.Contains(err.Error(), "copy of the project at "+orig) ||
		!strings.Contains(err.Error(), "permission denied") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("Register(copy, .memo read-only) err = %v; want refused, in plain words, naming the original", err)
	}
	if st, _ := s.Status(cp); st.ID == res.ID || st.Enabled {
		t.Errorf("Status(copy) after the failed register = %+v; the original's id %s shows as its own", st, res.ID)
	}
	if st, _ := s.Status(orig); st.ID != res.ID || !st.Enabled {
		t.Errorf("Status(original) = %+v; want its id %s, enabled", st, res.ID)
	}
	// Once it can be written, opening it gives it its own id.
	os.Chmod(cp+"/.memo", 0o755)
	st, _, err = s.Register(cp)
	if err != nil || st.ID == "" || st.ID == res.ID || !st.Enabled || st.Note.String() != "" {
		t.Errorf("Register(copy, writable) = %+v, %v; want its own id, enabled", st, err)
	}
}

// A folder Memo may not write into: setup refuses (a permission problem, not
// an internal error) in plain words.
func TestSetupOfAReadOnlyFolderIsRefused(t *testing.T) {
	if nobody.Rerun(t) {
		return
	}
	s, _ := newTestService(t)
	dir := t.TempDir()
	os.Chmod(dir, 0o555)
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	_, err := s.Setup(dir)
	if !errors.Is(err, domain.ErrRefused) || !strings.Contains(err.Error(), "permission denied") ||
		strings.Contains(err.Error(), ".tmp") || strings.Contains(err.Error(), "memo-setup") {
		t.Errorf("Setup(read-only folder) err = %v; want refused, saying permission denied, no temporary names", err)
	}
	// A set-up project whose root became read-only: the missing items cannot
	// be created, and that is a refusal too.
	other := t.TempDir()
	if _, err := s.Setup(other); err != nil {
		t.Fatal(err)
	}
	os.Remove(other + "/handoff.md")
	os.Chmod(other, 0o555)
	t.Cleanup(func() { os.Chmod(other, 0o755) })
	if _, err := s.Setup(other); !errors.Is(err, domain.ErrRefused) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("Setup(read-only project) err = %v; want refused without temporary names", err)
	}
}

// A folder Memo may not write in: setup says whose folder it is, so the
// person knows who can let Memo write there (docs/folders.md §5).
func TestSetupSaysWhoseFolderItIs(t *testing.T) {
	const env = "MEMO_TEST_FOLDER_OF_ROOT"
	if os.Geteuid() == 0 {
		// A folder of root's that nobody may enter but not write in, for
		// the run as nobody.
		top, err := os.MkdirTemp("", "memo-owner-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(top) })
		theirs := top + "/theirs"
		if err := os.Mkdir(theirs, 0o755); err != nil || os.Chmod(top, 0o755) != nil {
			t.Fatal(err)
		}
		t.Setenv(env, theirs)
	}
	if nobody.Rerun(t) {
		return
	}
	s, _ := newTestService(t)
	mine := t.TempDir()
	os.Chmod(mine, 0o555)
	t.Cleanup(func() { os.Chmod(mine, 0o755) })
	tests := []struct{ name, dir, says string }{
		{"your own read-only folder", mine, mine + " is your own folder but may not be written: make it writable for you"},
	}
	if theirs := os.Getenv(env); theirs != "" {
		tests = append(tests, struct{ name, dir, says string }{"root's folder", theirs, theirs + " belongs to root: ask root to let you write there"})
	}
	for _, tt := range tests {
		_, err := s.Setup(tt.dir)
		if !errors.Is(err, domain.ErrRefused) || !strings.Contains(err.Error(), "cannot create "+tt.dir+"/.memo: permission denied; ") ||
			!strings.Contains(err.Error(), tt.says) {
			t.Errorf("Setup(%s) err = %v; want refused, saying %q", tt.name, err, tt.says)
		}
		if d := domain.DetailOf(err); !strings.Contains(d, "permission denied") {
			t.Errorf("Setup(%s): detail %q, want the system's own words", tt.name, d)
		}
	}
}

// A folder whose project.json was edited to another id and cannot be
// written back (docs/identity.md §8): opening it fails in plain words,
// naming the id to put back; the registry stays as it was (the folder is
// still its own project, the other untouched). Once it can be written,
// opening it puts its id back.
func TestEditedProjectFileThatCannotBeWrittenBack(t *testing.T) {
	if nobody.Rerun(t) {
		return
	}
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
	pj, _ := os.ReadFile(a + "/.memo/project.json")
	write(t, a+"/.memo/project.json", strings.Replace(string(pj), ra.ID, rb.ID, 1))
	os.Chmod(a+"/.memo", 0o555)
	t.Cleanup(func() { os.Chmod(a+"/.memo", 0o755) })

	_, _, err = s.Register(a)
	if !errors.Is(err, domain.ErrRefused) || !strings.Contains(err.Error(), "put "+ra.ID+" back") ||
		!strings.Contains(err.Error(), "permission denied") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("Register(edited, .memo read-only) err = %v; want refused, in plain words, naming %s to put back", err, ra.ID)
	}
	for _, tt := range []struct{ path, id string }{{a, ra.ID}, {b, rb.ID}} {
		if rec, ok, _ := reg.ByPath(tt.path); !ok || rec.ID != tt.id {
			t.Errorf("after the failed register: the record at %s = %+v, %v; want %s", tt.path, rec, ok, tt.id)
		}
	}
	os.Chmod(a+"/.memo", 0o755)
	st, ev, err := s.Register(a)
	if err != nil || st.ID != ra.ID || ev != "restored" {
		t.Errorf("Register(edited, writable) = %+v, %q, %v; want %s, restored", st, ev, err, ra.ID)
	}
	if got, _ := os.ReadFile(a + "/.memo/project.json"); string(got) != string(pj) {
		t.Errorf("project.json = %s; want %s", got, pj)
	}
}
