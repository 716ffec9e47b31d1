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
