// SPDX-License-Identifier: Apache-2.0

//go:build unix

package project_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// withinTime fails the test when f does not return in time: a FIFO opened
// for reading would hang forever.
func withinTime(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("%s hangs", what)
	}
}

// hostile are the things a project can hold where Memo expects a file.
var hostile = []struct {
	name string
	make func(t *testing.T, p string)
	says string
}{
	{"link to /dev/zero", func(t *testing.T, p string) { os.Symlink("/dev/zero", p) }, "symbolic link"},
	{"link to a FIFO", func(t *testing.T, p string) {
		syscall.Mkfifo(p+".fifo", 0o644)
		os.Symlink(filepath.Base(p)+".fifo", p)
	}, "symbolic link"},
	{"FIFO", func(t *testing.T, p string) {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
	}, "named pipe"},
	{"folder", func(t *testing.T, p string) { os.Mkdir(p, 0o755) }, "a folder"},
	{"huge file", func(t *testing.T, p string) {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(8 << 30) // sparse: 8 GiB that take no disk
		f.Close()
	}, "larger than"},
}

func TestHostileProjectJSONIsForeign(t *testing.T) {
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			s, _ := newTestService(t)
			dir := t.TempDir()
			os.Mkdir(dir+"/.memo", 0o755)
			h.make(t, dir+"/.memo/project.json")
			before := tree(t, dir+"/.memo")
			withinTime(t, "project.json as a "+h.name, func() {
				st, err := s.Status(dir)
				if err != nil || st.Allowed || st.SetUp || !strings.Contains(st.Reason, "did not create") {
					t.Errorf("Status(project.json as a %s) = %+v, %v; want refused as foreign", h.name, st, err)
				}
				if _, err := s.Files(dir); err != nil {
					t.Errorf("Files(project.json as a %s): %v", h.name, err)
				}
				if _, err := s.Setup(dir); !errors.Is(err, domain.ErrRefused) {
					t.Errorf("Setup(project.json as a %s) err = %v, want refused", h.name, err)
				}
				if _, _, err := s.Register(dir); !errors.Is(err, domain.ErrRefused) {
					t.Errorf("Register(project.json as a %s) err = %v, want refused", h.name, err)
				}
			})
			if after := tree(t, dir+"/.memo"); !mapsEqual(before, after) {
				t.Errorf("project.json as a %s: .memo changed", h.name)
			}
		})
	}
}

func TestHostileRulesFileIsLeftAloneAndSaysWhy(t *testing.T) {
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			s, _ := newTestService(t)
			dir := t.TempDir()
			if _, err := s.Setup(dir); err != nil {
				t.Fatal(err)
			}
			rules := dir + "/.memo/AGENTS.md"
			os.Remove(rules)
			h.make(t, rules)
			pj, _ := os.ReadFile(dir + "/.memo/project.json")
			withinTime(t, "the rules file as a "+h.name, func() {
				files, err := s.Files(dir)
				if err != nil || files[2].Path != project.ItemRules || files[2].State != project.StateUnreadable ||
					!strings.Contains(files[2].Reason.String(), h.says) {
					t.Errorf("Files(rules as a %s) = %+v, %v; want %q saying %q", h.name, files, err, project.StateUnreadable, h.says)
				}
				res, err := s.Setup(dir)
				i := slices.Index(res.Skipped, project.ItemRules)
				if err != nil || i < 0 || !strings.Contains(res.Details[i].Reason, h.says) {
					t.Errorf("Setup(rules as a %s) = %+v, %v; want the rules skipped saying %q", h.name, res, err, h.says)
				}
				if st, err := s.Status(dir); err != nil || !st.Enabled {
					t.Errorf("Status(rules as a %s) = %+v, %v; want enabled", h.name, st, err)
				}
			})
			fi, err := os.Lstat(rules)
			if err != nil || fi.Mode().IsRegular() && fi.Size() < 1<<30 {
				t.Errorf("rules as a %s: replaced (%v)", h.name, err)
			}
			if after, _ := os.ReadFile(dir + "/.memo/project.json"); string(after) != string(pj) {
				t.Errorf("rules as a %s: project.json changed", h.name)
			}
		})
	}
}

// Everything setup creates follows the umask, files and folders alike. Not
// parallel: the umask belongs to the process.
func TestSetupFollowsTheUmask(t *testing.T) {
	for _, mask := range []int{0o027, 0o002} {
		t.Run(fmt.Sprintf("%03o", mask), func(t *testing.T) {
			old := syscall.Umask(mask)
			defer syscall.Umask(old)
			s, _ := newTestService(t)
			dir := t.TempDir()
			if _, err := s.Setup(dir); err != nil {
				t.Fatal(err)
			}
			for _, item := range append(slices.Clone(project.Items), ".memo") {
				fi, err := os.Stat(filepath.Join(dir, item))
				if err != nil {
					t.Fatal(err)
				}
				want := fs.FileMode(0o666 &^ mask)
				if fi.IsDir() {
					want = fs.FileMode(0o777 &^ mask)
				}
				if fi.Mode().Perm() != want {
					t.Errorf("umask %03o: %s has %v, want %v", mask, item, fi.Mode().Perm(), want)
				}
			}
		})
	}
}
