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

// TestSkillAddKilledAtTheLockWriteIsLockedByTheNextCommand: skill add
// killed at each of its renames in turn (strace kills it at its N-th
// rename), among them the one that puts the lock in place, after the skill
// was renamed into place. Right after such a kill the skill is installed
// and the lock does not name it; the next command (skill verify) finishes
// the install: the skill is locked as an unkilled add locks it, and off.
// Never installed but unlocked; never a work folder left.
func TestSkillAddKilledAtTheLockWriteIsLockedByTheNextCommand(t *testing.T) {
	if _, err := exec.LookPath("strace"); err != nil {
		t.Fatal("this test needs strace (Debian package strace; make test-deps installs it)")
	}
	repo := skillstest.NewRepoServer(t)
	commit := repo.Push("o/r", skillstest.Entry{Name: "skills/pdf/SKILL.md", Body: "---\nname: pdf\ndescription: PDF files.\n---\n# PDF\n"}, skillstest.Entry{Name: "skills/pdf/a.md", Body: "a\n"})
	atLock := 0
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
		if r := run("setup", dir); r.code != 0 {
			t.Fatalf("setup = %d %s", r.code, r.stdout)
		}
		cmd := exec.Command("strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=rename,renameat",
			"-e", fmt.Sprintf("inject=rename,renameat:signal=SIGKILL:when=%d", n), binary, "skill", "add", dir, "o/r@pdf")
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		killed := ws.Signaled() && ws.Signal() == syscall.SIGKILL || ws.ExitStatus() == 128+int(syscall.SIGKILL)
		if err != nil && !killed {
			t.Fatalf("rename %d: skill add failed without being killed: %v\n%s", n, err, out)
		}
		skill := filepath.Join(dir, ".memo", "skills", "pdf")
		lockPath := filepath.Join(dir, ".memo", "skills-lock.json")
		_, serr := os.Stat(skill)
		lock, _ := os.ReadFile(lockPath)
		if killed && serr == nil && !strings.Contains(string(lock), `"pdf"`) {
			atLock++ // killed between the rename into place and the lock
		}

		r := run("skill", "verify", dir)
		if r.code != 0 {
			t.Fatalf("killed at rename %d: skill verify = %d %s %s", n, r.code, r.stdout, r.stderr)
		}
		lock, _ = os.ReadFile(lockPath)
		hash, herr := skills.TreeHash(skill)
		if herr == nil {
			if !strings.Contains(r.stdout, `{"name":"pdf","state":"unchanged"}`) {
				t.Errorf("killed at rename %d: the next command, skill verify, = %s; want pdf unchanged", n, r.stdout)
			}
			if !strings.Contains(string(lock), commit) || !strings.Contains(string(lock), hash) || !strings.Contains(string(lock), `"source": "o/r/skills/pdf"`) {
				t.Errorf("killed at rename %d: the skill is installed (%s) and the lock is\n%s", n, hash, lock)
			}
			if l := run("skill", "list", dir); !strings.Contains(l.stdout, `"enabled":false`) || !strings.Contains(l.stdout, `"lock":"unchanged"`) {
				t.Errorf("killed at rename %d: skill list = %s; want pdf off and locked", n, l.stdout)
			}
		} else if len(lock) != 0 && strings.Contains(string(lock), `"pdf"`) {
			t.Errorf("killed at rename %d: no skill, and the lock names it:\n%s", n, lock)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".memo", "skills", ".*-*")); len(left) != 0 {
			t.Errorf("killed at rename %d: the next command left %q", n, left)
		}
		if !killed {
			if herr != nil {
				t.Errorf("the skill add that was not killed installed nothing: %v", herr)
			}
			t.Logf("skill add killed at each of its %d renames, %d of them at the lock's", n-1, atLock)
			break
		}
		if n > 50 {
			t.Fatal("skill add never finished")
		}
	}
	if atLock == 0 {
		t.Error("no kill fell between the rename into place and the lock write")
	}
}
