// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/skills"
)

// TestKilledInstallIsFinishedByTheNextCommand: an install killed before
// each of its steps (the plan, the rename into place, the switch, the lock)
// leaves either nothing or, once the skill was renamed in, a skill the next
// command (list, verify, check or restore: each of them, the window's list
// being list) finishes: locked with the entry an install writes, its switch
// off with its source. Never installed but unlocked.
func TestKilledInstallIsFinishedByTheNextCommand(t *testing.T) {
	if step := os.Getenv("SKILLS_TEST_KILL_INSTALL_AT"); step != "" {
		killedInstall(t, step)
		return
	}
	ref := newLockFixture(t)
	ref.repo.Push("o/repo", pdfV1...)
	want := ref.install(t, "o/repo@pdf")
	wantLock := ref.lockFile(t)
	next := map[string]func(f *lockFixture) error{
		"list":    func(f *lockFixture) error { _, err := f.s.List(f.p); return err },
		"verify":  func(f *lockFixture) error { _, err := f.s.Verify(f.p); return err },
		"check":   func(f *lockFixture) error { _, err := f.s.Check(context.Background(), f.p, nil); return err },
		"restore": func(f *lockFixture) error { _, err := f.s.Restore(context.Background(), f.p, nil); return err },
	}
	// staged:…: the window's install, of a skill staged for its review.
	for _, step := range []string{"plan", "move", "switch", "lock", "staged:move", "staged:lock"} {
		for _, cmd := range []string{"list", "verify", "check", "restore"} {
			t.Run(step+"/"+cmd, func(t *testing.T) {
				f := newLockFixture(t)
				f.repo.Push("o/repo", pdfV1...)
				killAt(t, f, step)
				renamed := strings.HasSuffix(step, "switch") || strings.HasSuffix(step, "lock")
				folder := filepath.Join(f.p.Root, ".memo", "skills", "pdf")
				if _, err := os.Lstat(folder); (err == nil) != renamed {
					t.Fatalf("killed before %s: the skill is there: %v, want %v", step, err == nil, renamed)
				}
				if err := next[cmd](f); err != nil {
					t.Fatalf("killed before %s: the next command (%s) = %v", step, cmd, err)
				}
				l, err := f.s.List(f.p)
				if err != nil {
					t.Fatal(err)
				}
				if !renamed {
					if len(l.Skills) != 0 || len(l.Missing) != 0 {
						t.Errorf("killed before %s, then %s: list = %+v; want nothing installed", step, cmd, l)
					}
				} else {
					if len(l.Skills) != 1 || l.Skills[0].Lock != skills.LockUnchanged {
						t.Errorf("killed before %s, then %s: list = %+v; want pdf locked, unchanged", step, cmd, l)
					}
					if lock := lockText(f); lock != wantLock {
						t.Errorf("killed before %s, then %s: the lock is\n%s\nwant what an install writes:\n%s", step, cmd, lock, wantLock)
					}
					if sw, ok, _ := f.sw.Switch(f.p.ID, "pdf"); !ok || sw.Enabled || sw.Source != "o/repo@pdf" {
						t.Errorf("killed before %s, then %s: switch = %+v, %v; want off, from o/repo@pdf", step, cmd, sw, ok)
					}
				}
				if hash, _ := skills.TreeHash(folder); renamed && hash != want.Hash {
					t.Errorf("killed before %s, then %s: pdf is %s, want %s", step, cmd, hash, want.Hash)
				}
				if left, _ := filepath.Glob(filepath.Join(f.p.Root, ".memo", "skills", ".*-*")); len(left) != 0 {
					t.Errorf("killed before %s, then %s: left %q", step, cmd, left)
				}
			})
		}
	}
}

// TestKilledInstallOfAnEditedSkillStaysUnlocked: when the files of a skill
// an install was killed before locking changed before the next command,
// that command does not lock them as the install's: the skill is listed as
// unlocked (Pin this version enters it) and nothing of the install is left.
func TestKilledInstallOfAnEditedSkillStaysUnlocked(t *testing.T) {
	f := newLockFixture(t)
	f.repo.Push("o/repo", pdfV1...)
	killAt(t, f, "lock")
	folder := filepath.Join(f.p.Root, ".memo", "skills", "pdf")
	if err := os.WriteFile(filepath.Join(folder, "SKILL.md"), []byte("---\nname: pdf\ndescription: edited by hand\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := f.s.List(f.p)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Skills) != 1 || l.Skills[0].Lock != skills.LockUnlocked {
		t.Errorf("list = %+v; want pdf unlocked", l)
	}
	if lock := lockText(f); lock != "" {
		t.Errorf("the lock is\n%s\nwant none written", lock)
	}
	if left, _ := filepath.Glob(filepath.Join(f.p.Root, ".memo", "skills", ".*-*")); len(left) != 0 {
		t.Errorf("left %q", left)
	}
	if _, err := f.s.Pin(f.p, "pdf"); err != nil {
		t.Errorf("Pin(pdf) = %v", err)
	}
}

// killAt runs an install of o/repo@pdf in a child process that exits at
// step, as a kill would (no deferred function runs).
func killAt(t *testing.T, f *lockFixture, step string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledInstallIsFinishedByTheNextCommand$")
	cmd.Env = append(os.Environ(), "SKILLS_TEST_KILL_INSTALL_AT="+step, "SKILLS_TEST_ROOT="+f.p.Root, "SKILLS_TEST_BASE="+f.repo.URL)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("the install was not killed at %s: %v\n%s", step, err, out)
	}
}

func killedInstall(t *testing.T, step string) {
	s, err := skills.NewService(newSwitches(), nil, os.Getenv("SKILLS_TEST_BASE"))
	if err != nil {
		t.Fatal(err)
	}
	at, staged := strings.CutPrefix(step, "staged:")
	s.SetFail(func(name string) error {
		if name == at {
			os.Exit(3)
		}
		return nil
	})
	p := skills.Project{ID: "p_0123456789abcdef0123456789abcdef", Root: os.Getenv("SKILLS_TEST_ROOT")}
	if staged {
		st, err := s.Stage(context.Background(), p, mustSource(t, "o/repo@pdf"), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.InstallStaged(p, st.ID)
		t.Fatalf("the staged install was not killed at %s: %v", at, err)
	}
	_, err = s.Install(context.Background(), p, mustSource(t, "o/repo@pdf"), skills.InstallOptions{})
	t.Fatalf("the install was not killed at %s: %v", step, err)
}

// lockText is the project's lock, "" when there is none.
func lockText(f *lockFixture) string {
	b, _ := os.ReadFile(filepath.Join(f.p.Root, filepath.FromSlash(skills.LockFile)))
	return string(b)
}
