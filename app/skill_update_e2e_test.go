// SPDX-License-Identifier: Apache-2.0

//go:build linux

package app

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

// A skill update killed at each of its writes in turn (strace kills it at
// its N-th fsync, then at its N-th rename): afterwards, once the next
// command has run, the skill is whole, either the old version with the lock
// as it was, or the new one with the lock naming it; never a mix, never
// missing. What a killed run leaves is ignored by git and holds no version.
func TestSkillUpdateKilledAtEveryWriteLeavesAVersionWhole(t *testing.T) {
	if _, err := exec.LookPath("strace"); err != nil {
		t.Fatal("this test needs strace (Debian package strace; make test-deps installs it)")
	}
	repo := skillstest.NewRepoServer(t)
	v1 := []skillstest.Entry{{Name: "skills/pdf/SKILL.md", Body: "---\nname: pdf\ndescription: PDF files.\n---\n# PDF\n"}, {Name: "skills/pdf/a.md", Body: "a\n"}}
	v2 := []skillstest.Entry{{Name: "skills/pdf/SKILL.md", Body: "---\nname: pdf\ndescription: PDF files.\n---\n# PDF\nTwo.\n"}, {Name: "skills/pdf/b/c.md", Body: "c\n"}, {Name: "skills/pdf/d.md", Body: "d\n"}}
	// strace counts each system call apart: renameat2 (the swap) gets a
	// round of its own.
	for _, calls := range []string{"fsync,fdatasync", "rename,renameat", "renameat2"} {
		for n := 1; ; n++ {
			c := newCLI(t)
			env := append(os.Environ(), "MEMO_HOME="+c.home, "HOME="+c.user, "XDG_CONFIG_HOME="+filepath.Join(c.user, ".config"), "MEMO_GITHUB_ARCHIVE_BASE="+repo.URL)
			run := func(args ...string) result {
				cmd := c.command(args...)
				cmd.Env = env
				return c.output(cmd, false)
			}
			dir := filepath.Join(t.TempDir(), "proj")
			os.MkdirAll(dir, 0o755)
			c1 := repo.Push("o/r", v1...)
			if r := run("setup", dir); r.code != 0 {
				t.Fatalf("setup = %d %s", r.code, r.stdout)
			}
			if r := run("skill", "add", dir, "o/r@pdf"); r.code != 0 || r.str("commit") != c1 {
				t.Fatalf("skill add = %d %s", r.code, r.stdout)
			}
			skill := filepath.Join(dir, ".memo", "skills", "pdf")
			oldHash, _ := skills.TreeHash(skill)
			lockPath := filepath.Join(dir, ".memo", "skills-lock.json")
			oldLock, _ := os.ReadFile(lockPath)
			c2 := repo.Push("o/r", v2...)

			cmd := exec.Command("strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace="+calls,
				"-e", fmt.Sprintf("inject=%s:signal=SIGKILL:when=%d", calls, n), binary, "skill", "update", dir, "pdf")
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
			killed := ws.Signaled() && ws.Signal() == syscall.SIGKILL || ws.ExitStatus() == 128+int(syscall.SIGKILL)
			if err != nil && !killed {
				t.Fatalf("%s %d: the update failed without being killed: %v\n%s", calls, n, err, out)
			}
			if r := run("skill", "list", dir); r.code != 0 {
				t.Fatalf("killed at %s %d: skill list = %d %s", calls, n, r.code, r.stdout)
			}
			hash, herr := skills.TreeHash(skill)
			lock, _ := os.ReadFile(lockPath)
			switch {
			case herr != nil:
				t.Errorf("killed at %s %d: the skill is gone (%v)", calls, n, herr)
			case hash == oldHash && string(lock) != string(oldLock):
				t.Errorf("killed at %s %d: the old version with a changed lock:\n%s", calls, n, lock)
			case hash != oldHash && !strings.Contains(string(lock), c2):
				t.Errorf("killed at %s %d: files of hash %s that the lock does not name:\n%s", calls, n, hash, lock)
			case hash != oldHash && !strings.Contains(string(lock), hash):
				t.Errorf("killed at %s %d: the lock names the new commit but not these files (%s):\n%s", calls, n, hash, lock)
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".memo", "skills", ".*-*"))
			for _, w := range left {
				if _, err := os.Stat(filepath.Join(w, "old")); err == nil {
					t.Errorf("killed at %s %d: %s still holds the old version after the next command", calls, n, w)
				}
			}
			if !killed {
				if n < 2 {
					t.Errorf("the update ran no %s call: strace injected nothing?", calls)
				}
				if hash == oldHash {
					t.Errorf("the update that was not killed left the old version")
				}
				t.Logf("skill update killed at each of its %d %s calls", n-1, calls)
				break
			}
		}
	}
}
