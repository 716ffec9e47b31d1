// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/filelock"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

// makeWork makes a work folder as a run would have left it, aged by age.
func makeWork(t *testing.T, dir, name string, lock bool, age time.Duration) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Join(p, "tree", "pdf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p, "tree", "pdf", "SKILL.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	if lock {
		l, err := filelock.Create(filepath.Join(p, ".lock"))
		if err != nil {
			t.Fatal(err)
		}
		l.Release()
	}
	old := time.Now().Add(-age)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLeftoversOfDeadRunsAreCleaned: an install or a removal deletes the
// staging and removing folders of runs that died, whatever their age (the
// owner is known to be dead: its lock is free), and nothing else: not a run
// that is alive (its lock held), not a name of another shape, not a link,
// not a file. A folder without a lock (left by an older version) is taken
// with a lock of its own and deleted too.
func TestLeftoversOfDeadRunsAreCleaned(t *testing.T) {
	archive := skills.BuildArchive(t, "docx-main", E{Name: "SKILL.md", Body: "---\nname: docx\ndescription: Word files.\n---\n"})
	for _, trigger := range []string{"install", "remove"} {
		t.Run(trigger, func(t *testing.T) {
			s, _, _ := newService(t, map[string][]byte{"o/docx/HEAD": archive})
			p, parent := newProject(t)
			dir := filepath.Join(p.Root, ".memo", "skills")
			if err := os.MkdirAll(filepath.Join(dir, "old", "x"), 0o755); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "old", "SKILL.md"), []byte(md), 0o644)
			hour := time.Hour
			dead := []string{".staging-123", ".staging-0", ".removing-4294967295"}
			for _, n := range dead {
				makeWork(t, dir, n, true, hour)
			}
			dead = append(dead, ".staging-77") // died before taking its lock
			makeWork(t, dir, ".staging-77", false, hour)

			live := makeWork(t, dir, ".staging-555", false, hour)
			l, err := filelock.Create(filepath.Join(live, ".lock"))
			if err != nil {
				t.Fatal(err)
			}
			defer l.Release()
			dead = append(dead, ".staging-888") // died a moment ago
			makeWork(t, dir, ".staging-888", true, 0)
			dead = append(dead, ".updating-9") // empty: died as it began
			os.Mkdir(filepath.Join(dir, ".updating-9"), 0o755)
			kept := []string{".staging-555"}
			lookAlikes := []string{".staging-12a", ".staging-", ".Staging-5", "staging-5", ".staging-5.bak", ".removing--1", ".staging-٣"}
			if runtime.GOOS != "windows" { // Windows drops a trailing space: the name would be .removing-1
				lookAlikes = append(lookAlikes, ".removing-1 ")
			}
			for _, n := range lookAlikes {
				makeWork(t, dir, n, true, hour)
				kept = append(kept, n)
			}
			os.WriteFile(filepath.Join(dir, ".staging-333"), []byte("a file"), 0o644)
			outside := filepath.Join(parent, "outside")
			os.MkdirAll(outside, 0o755)
			os.WriteFile(filepath.Join(outside, "keep"), []byte("x"), 0o644)
			if err := os.Symlink(outside, filepath.Join(dir, ".staging-444")); err != nil {
				t.Fatal(err)
			}
			kept = append(kept, ".staging-333", ".staging-444")

			run := func() {
				t.Helper()
				var err error
				if trigger == "install" {
					_, err = s.Install(context.Background(), p, mustSource(t, "o/docx"), skills.InstallOptions{})
					os.RemoveAll(filepath.Join(dir, "docx"))
				} else {
					err = s.Remove(p, "old")
					os.MkdirAll(filepath.Join(dir, "old"), 0o755)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			run()
			for _, n := range dead {
				if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
					t.Errorf("the %s left a dead run's %s", trigger, n)
				}
			}
			for _, n := range kept {
				if _, err := os.Lstat(filepath.Join(dir, n)); err != nil {
					t.Errorf("the %s removed %q: %v", trigger, n, err)
				}
			}
			if _, err := os.Stat(filepath.Join(outside, "keep")); err != nil {
				t.Errorf("a link named like a staging folder led the %s outside: %v", trigger, err)
			}

			if _, err := os.Lstat(live); err != nil {
				t.Errorf("the folder of a live run was removed: %v", err)
			}
			l.Release()
			run()
			if _, err := os.Lstat(live); err == nil {
				t.Errorf("the folder of a run that ended was kept")
			}
		})
	}
}

// TestKilledInstallLeavesNothingUnderItsName: an install killed while it
// writes leaves only its staging folder, never a skill under its name, and
// the next install deletes that folder.
func TestKilledInstallLeavesNothingUnderItsName(t *testing.T) {
	if root := os.Getenv("SKILLS_TEST_KILLED_ROOT"); root != "" {
		s, err := skills.NewService(skillstest.NewSwitches(), nil, os.Getenv("SKILLS_TEST_KILLED_BASE"))
		if err != nil {
			os.Exit(2)
		}
		s.Install(context.Background(), skills.Project{ID: "p_0123456789abcdef0123456789abcdef", Root: root}, mustSource(t, "o/big"), skills.InstallOptions{})
		os.Exit(0)
	}
	rng := rand.New(rand.NewSource(1))
	entries := []E{{Name: "SKILL.md", Body: "---\nname: big\ndescription: Big.\n---\n"}}
	for i := range 200 {
		blob := make([]byte, 4<<10)
		rng.Read(blob)
		entries = append(entries, E{Name: fmt.Sprintf("f%03d.bin", i), Body: string(blob)})
	}
	archive := skills.BuildArchive(t, "big-main", entries...)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Half the archive, then nothing until the client is gone.
		w.Write(archive[:len(archive)/2])
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)

	p, _ := newProject(t)
	dir := filepath.Join(p.Root, ".memo", "skills")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledInstallLeavesNothingUnderItsName$")
	cmd.Env = append(os.Environ(), "SKILLS_TEST_KILLED_ROOT="+p.Root, "SKILLS_TEST_KILLED_BASE="+srv.URL)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the install has written some of the skill.
	var staging string
	for deadline := time.Now().Add(20 * time.Second); staging == "" && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		names, _ := filepath.Glob(filepath.Join(dir, ".staging-*", "tree", "f0*.bin"))
		if len(names) > 10 {
			staging = filepath.Dir(filepath.Dir(names[0]))
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	if staging == "" {
		t.Fatalf("the install never wrote into a staging folder; stderr: %s", stderr.String())
	}
	if st, err := filelock.Probe(filepath.Join(staging, ".lock")); st != filelock.Free || err != nil {
		t.Errorf("the killed install's lock is %v, %v; want free", st, err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != filepath.Base(staging) {
		t.Fatalf("after the kill .memo/skills holds %v, want only the staging folder", ents)
	}
	// What the crash left is invisible to git, in a project set up by any version.
	if out := gitStatus(t, p.Root); strings.Contains(out, ".memo/skills") {
		t.Errorf("git status shows the crash leftovers:\n%s", out)
	}

	// The next install removes it: its owner is dead.
	s, _, _ := newService(t, map[string][]byte{"o/docx/HEAD": skills.BuildArchive(t, "docx-main", E{Name: "SKILL.md", Body: "---\nname: docx\ndescription: Word files.\n---\n"})})
	if _, err := s.Install(context.Background(), p, mustSource(t, "o/docx"), skills.InstallOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"docx/", "docx/SKILL.md"}) {
		t.Errorf("after the next install .memo/skills holds %v, want only docx", got)
	}
}

// TestInstallSavesBeforeRenaming: every file and folder of the skill is
// fsynced before the rename into place, then .memo/skills itself.
func TestInstallSavesBeforeRenaming(t *testing.T) {
	archive := skills.BuildArchive(t, "repo-main",
		E{Name: "skills/pdf/SKILL.md", Body: md},
		E{Name: "skills/pdf/docs/a.md", Body: "a"},
		E{Name: "skills/pdf/docs/deep/b.md", Body: "b"},
		E{Name: "skills/pdf/run.sh", Body: "echo", Mode: 0o755})
	s, _, _ := newService(t, map[string][]byte{"o/repo/HEAD": archive})
	var events []string
	s.SetSaved(func(event, path string) { events = append(events, event+" "+filepath.ToSlash(path)) })
	p, _ := newProject(t)
	inst, err := s.Install(context.Background(), p, mustSource(t, "o/repo"), skills.InstallOptions{})
	if err != nil {
		t.Fatal(err)
	}
	renamed := slices.Index(events, "renamed "+filepath.ToSlash(inst.Path))
	if renamed != len(events)-1 {
		t.Fatalf("events %q: want the rename last", events)
	}
	for _, f := range []string{"SKILL.md", "docs/a.md", "docs/deep/b.md", "run.sh"} {
		if !slices.Contains(events[:renamed], "file skills/pdf/"+f) {
			t.Errorf("%s was not saved before the rename: %q", f, events)
		}
	}
	folders := 0
	for _, e := range events[:renamed] {
		if strings.HasPrefix(e, "folder ") {
			folders++
			rel := e[strings.Index(e, "/tree/")+len("/tree/"):]
			if !strings.HasPrefix(rel, "skills/pdf") {
				t.Errorf("saved a folder outside the skill: %s", e)
			}
		}
	}
	if want := 3; folders != want { // pdf, pdf/docs, pdf/docs/deep
		t.Errorf("saved %d folders before the rename, want %d: %q", folders, want, events)
	}
	if runtime.GOOS != "windows" {
		fi, err := os.Stat(filepath.Join(inst.Path, "run.sh"))
		if err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("run.sh is %v, %v; want 0644", fi.Mode(), err)
		}
	}
}

// gitStatus is `git status --porcelain` of a new repository at root, every
// untracked file listed.
func gitStatus(t *testing.T, root string) string {
	t.Helper()
	git(t, root, "init", "-q")
	return git(t, root, "status", "--porcelain", "--untracked-files=all")
}
