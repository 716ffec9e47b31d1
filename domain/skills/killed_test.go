// SPDX-License-Identifier: Apache-2.0

//go:build linux

package skills_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"memo.dev/projects/assets"
	"memo.dev/projects/domain/filelock"
	"memo.dev/projects/domain/skills"
)

// killCalls are the system calls a command writes with, each a round of its
// own (strace counts each call apart, per thread): every fsync, rename,
// link, unlink, mkdir and open.
var killCalls = []string{"fsync,fdatasync", "rename,renameat", "renameat2", "linkat", "unlink,unlinkat", "mkdir,mkdirat", "openat"}

// killedProject is a project as each killed command starts from: a git
// repository with everything committed, .memo/.gitignore as setup writes it.
type killedProject struct {
	op      string
	f       *lockFixture
	oldHash string // the installed skill's (or "")
	newHash string // what the command installs (or "")
	oldLock string
	// docxHash is the skill whose removal the tidy op finds half done.
	docxHash string
}

// TestKilledSkillCommandsLeaveNothingAnyoneCanSee: install, update, restore
// and remove, each killed at each of its writes in turn (strace kills it at
// its N-th call of each kind, N from 1 until the command finishes). Right
// after the kill and again after the next command: git status shows nothing
// the crash left (only the skill's own change, whole), the lock is valid,
// the skill is the old state or the new one whole, never half; and the next
// command (skill list) leaves no work folder behind, whatever its age.
func TestKilledSkillCommandsLeaveNothingAnyoneCanSee(t *testing.T) {
	if op := os.Getenv("SKILLS_TEST_KILLED_OP"); op != "" {
		killedCommand(t, op)
		return
	}
	if _, err := exec.LookPath("strace"); err != nil {
		t.Fatal("this test needs strace (Debian package strace; make test-deps installs it)")
	}
	for _, op := range []string{"install", "update", "restore", "remove", "tidy"} {
		t.Run(op, func(t *testing.T) {
			t.Parallel()
			kp := newKilledProject(t, op)
			kills := 0
			for _, calls := range killCalls {
				for n := 1; ; n++ {
					if n > 3000 {
						t.Fatalf("%s: %s never finished", op, calls)
					}
					p := kp.copy(t, n)
					cmd := exec.Command("strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace="+calls,
						"-e", fmt.Sprintf("inject=%s:signal=SIGKILL:when=%d", calls, n),
						os.Args[0], "-test.run=^TestKilledSkillCommandsLeaveNothingAnyoneCanSee$")
					cmd.Env = append(os.Environ(), "SKILLS_TEST_KILLED_OP="+op, "SKILLS_TEST_KILLED_ROOT="+p.Root, "SKILLS_TEST_KILLED_BASE="+kp.f.repo.URL)
					out, err := cmd.CombinedOutput()
					ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
					killed := ws.Signaled() && ws.Signal() == syscall.SIGKILL || ws.ExitStatus() == 128+int(syscall.SIGKILL)
					if err != nil && !killed {
						t.Fatalf("%s %d: the %s failed without being killed: %v\n%s", calls, n, op, err, out)
					}
					at := fmt.Sprintf("%s killed at %s %d", op, calls, n)
					kp.check(t, at+", before the next command", p, false)
					if _, err := kp.f.s.List(p); err != nil {
						t.Fatalf("%s: the next command (list) = %v", at, err)
					}
					kp.check(t, at+", after the next command", p, true)
					if !killed {
						kills += n - 1
						if hash, _ := skills.TreeHash(filepath.Join(p.Root, ".memo", "skills", "pdf")); kp.isOld(p, hash) && op != "restore" {
							t.Errorf("the %s that was not killed left the old state", op)
						}
						t.Logf("%s killed at each of its %d %s calls", op, n-1, calls)
						break
					}
					if !t.Failed() {
						os.RemoveAll(filepath.Dir(p.Root))
					}
				}
			}
			if kills < 10 {
				t.Errorf("the %s was killed only %d times: strace injected nothing?", op, kills)
			}
		})
	}
}

// killedCommand is the child: the command op on the project, exit 0 when it
// succeeded. Its goroutine keeps one thread, so that strace's count of the
// calls on that thread is the same in each run.
func killedCommand(t *testing.T, op string) {
	runtime.LockOSThread()
	s, err := skills.NewService(newSwitches(), nil, os.Getenv("SKILLS_TEST_KILLED_BASE"))
	if err != nil {
		t.Fatal(err)
	}
	p := skills.Project{ID: "p_0123456789abcdef0123456789abcdef", Root: os.Getenv("SKILLS_TEST_KILLED_ROOT")}
	ctx := context.Background()
	switch op {
	case "install":
		_, err = s.Install(ctx, p, mustSource(t, "o/repo@pdf"), skills.InstallOptions{})
	case "update":
		_, err = s.Update(ctx, p, "pdf", skills.UpdateOptions{})
	case "restore":
		_, err = s.Restore(ctx, p, nil)
	case "remove":
		err = s.Remove(p, "pdf")
	case "tidy":
		_, err = s.List(p)
	}
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
}

// newKilledProject builds the state op starts from: for update and remove
// the skill pdf installed (v1) and locked; for restore locked and missing;
// for install nothing. An update finds v2 upstream.
func newKilledProject(t *testing.T, op string) *killedProject {
	f := newLockFixture(t)
	memo := filepath.Join(f.p.Root, ".memo")
	if err := os.WriteFile(filepath.Join(memo, ".gitignore"), assets.Template("gitignore"), 0o644); err != nil {
		t.Fatal(err)
	}
	kp := &killedProject{op: op, f: f}
	f.repo.Push("o/repo", pdfV1...)
	if op != "install" {
		kp.oldHash = f.install(t, "o/repo@pdf").Hash
		kp.oldLock = f.lockFile(t)
	}
	switch op {
	case "update":
		f.repo.Push("o/repo", pdfV2...)
	case "tidy":
		kp.tidyState(t)
		return kp
	case "restore":
		os.RemoveAll(filepath.Join(memo, "skills", "pdf"))
		kp.oldHash = ""
	}
	os.WriteFile(filepath.Join(memo, "skills", ".keep"), nil, 0o644) // git keeps the empty folder
	git(t, f.p.Root, "init", "-q")
	git(t, f.p.Root, "add", "-A")
	git(t, f.p.Root, "commit", "-qm", "start")
	// What the command makes, run once unkilled on a copy.
	ref := kp.copy(t, 0)
	if op != "remove" {
		var err error
		switch op {
		case "install":
			_, err = f.s.Install(context.Background(), ref, mustSource(t, "o/repo@pdf"), skills.InstallOptions{})
		case "update":
			_, err = f.s.Update(context.Background(), ref, "pdf", skills.UpdateOptions{})
		case "restore":
			_, err = f.s.Restore(context.Background(), ref, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		if kp.newHash, err = skills.TreeHash(filepath.Join(ref.Root, ".memo", "skills", "pdf")); err != nil {
			t.Fatal(err)
		}
	}
	return kp
}

// tidyState is what two killed runs left, for the next command to clear
// (op tidy: that command killed in turn): an update of pdf killed once the
// lock named the new version (its updating folder holds the old version and
// the plan), and a removal of docx killed before the lock was written (its
// removing folder holds docx whole).
func (kp *killedProject) tidyState(t *testing.T) {
	f := kp.f
	docx := f.install(t, "o/repo@docx")
	kp.docxHash = docx.Hash
	memo := filepath.Join(f.p.Root, ".memo")
	os.WriteFile(filepath.Join(memo, "skills", ".keep"), nil, 0o644)
	git(t, f.p.Root, "init", "-q")
	git(t, f.p.Root, "add", "-A")
	git(t, f.p.Root, "commit", "-qm", "start")
	f.repo.Push("o/repo", pdfV2...)
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledUpdateLeavesTheOldVersion$")
	cmd.Env = append(os.Environ(), "SKILLS_TEST_KILL_AT=switch", "SKILLS_TEST_ROOT="+f.p.Root, "SKILLS_TEST_BASE="+f.repo.URL)
	if out, err := cmd.CombinedOutput(); err == nil {
		t.Fatalf("the update was not killed:\n%s", out)
	}
	var err error
	if kp.newHash, err = skills.TreeHash(filepath.Join(memo, "skills", "pdf")); err != nil || kp.newHash == kp.oldHash {
		t.Fatalf("after the killed update pdf is %s, %v", kp.newHash, err)
	}
	kp.oldLock = f.lockFile(t)
	aside := filepath.Join(memo, "skills", ".removing-77")
	os.Mkdir(aside, 0o755)
	os.WriteFile(filepath.Join(aside, ".gitignore"), []byte("*\n"), 0o644)
	if l, err := filelock.Create(filepath.Join(aside, ".lock")); err != nil {
		t.Fatal(err)
	} else {
		l.Release()
	}
	os.WriteFile(filepath.Join(aside, "plan.json"), []byte(`{"name":"docx","hash":""}`), 0o644)
	if err := os.Rename(filepath.Join(memo, "skills", "docx"), filepath.Join(aside, "skill")); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(memo, "skills", ".updating-*", "old")); len(left) != 1 {
		t.Fatalf("the killed update left %v", left)
	}
}

// checkTidy: after a killed tidy, pdf is the committed new version and
// docx, whose removal was never committed, is whole, aside or back.
func (kp *killedProject) checkTidy(t *testing.T, at string, p skills.Project, tidied bool) {
	t.Helper()
	skillsDir := filepath.Join(p.Root, ".memo", "skills")
	if hash, err := skills.TreeHash(filepath.Join(skillsDir, "pdf")); hash != kp.newHash {
		t.Errorf("%s: pdf is %s, %v; want the committed new version %s", at, hash, err, kp.newHash)
	}
	hash, err := skills.TreeHash(filepath.Join(skillsDir, "docx"))
	if err != nil && !tidied {
		hash, err = skills.TreeHash(filepath.Join(skillsDir, ".removing-77", "skill"))
	}
	if hash != kp.docxHash {
		t.Errorf("%s: docx is %s, %v; want it whole (%s)", at, hash, err, kp.docxHash)
	}
	if lock := kp.f.lockFileOf(t, p); lock != kp.oldLock {
		t.Errorf("%s: the lock changed:\n%s", at, lock)
	}
}

// copy is a fresh copy of the starting project for run n.
func (kp *killedProject) copy(t *testing.T, n int) skills.Project {
	t.Helper()
	dst := filepath.Join(filepath.Dir(filepath.Dir(kp.f.p.Root)), fmt.Sprintf("run-%d", n))
	os.RemoveAll(dst)
	os.MkdirAll(dst, 0o755)
	if out, err := exec.Command("cp", "-a", kp.f.p.Root, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	return skills.Project{ID: kp.f.p.ID, Root: filepath.Join(dst, filepath.Base(kp.f.p.Root))}
}

// isOld: hash is the skill as the command found it.
func (kp *killedProject) isOld(p skills.Project, hash string) bool { return hash == kp.oldHash }

// check is what must hold at any moment after a kill; after the next
// command (tidied) also that no work folder or temporary file is left and
// that the skill and the lock agree.
func (kp *killedProject) check(t *testing.T, at string, p skills.Project, tidied bool) {
	t.Helper()
	memo := filepath.Join(p.Root, ".memo")
	for _, line := range strings.Split(strings.TrimRight(git(t, p.Root, "status", "--porcelain", "--untracked-files=all"), "\n"), "\n") {
		if len(line) < 4 {
			continue
		}
		// Only a skill's own folder and the lock may change; a work folder
		// (a dot name) never shows.
		path := line[3:]
		rest, inSkills := strings.CutPrefix(path, ".memo/skills/")
		if path != skills.LockFile && (!inSkills || strings.HasPrefix(rest, ".") || !strings.Contains(rest, "/")) {
			t.Errorf("%s: git status shows %q", at, line)
		}
	}
	if kp.op == "tidy" {
		kp.checkTidy(t, at, p, tidied)
		kp.checkLeftovers(t, at, p, tidied)
		return
	}
	lockBytes, lerr := os.ReadFile(filepath.Join(memo, "skills-lock.json"))
	var lk skills.Lock
	if lerr == nil {
		if err := json.Unmarshal(lockBytes, &lk); err != nil {
			t.Errorf("%s: the lock is not valid JSON (%v):\n%s", at, err, lockBytes)
		}
	}
	hash, herr := skills.TreeHash(filepath.Join(memo, "skills", "pdf"))
	present := herr == nil
	entry, listed := lk.Skills["pdf"]
	if present && hash != kp.oldHash && hash != kp.newHash {
		t.Errorf("%s: the skill's files (%s) are neither the old version (%s) nor the new one (%s)", at, hash, kp.oldHash, kp.newHash)
	}
	if !tidied {
		return
	}
	if _, err := kp.f.s.Verify(p); err != nil {
		t.Errorf("%s: the lock is refused: %v", at, err)
	}
	unchanged := string(lockBytes) == kp.oldLock
	switch {
	case present && kp.isOld(p, hash) && !unchanged:
		t.Errorf("%s: the old version with a changed lock:\n%s", at, lockBytes)
	case !present && kp.op == "remove" && listed:
		t.Errorf("%s: the skill is removed but the lock still lists it:\n%s", at, lockBytes)
	case !present && kp.op == "update":
		t.Errorf("%s: the skill is gone (%v)", at, herr)
	case !present && (kp.op == "install" || kp.op == "restore") && !unchanged:
		t.Errorf("%s: no skill, and a changed lock:\n%s", at, lockBytes)
	case present && kp.op == "restore" && !unchanged:
		t.Errorf("%s: restored with a changed lock:\n%s", at, lockBytes)
	case present && (kp.op == "update" || kp.op == "install") && hash == kp.newHash && (!listed || entry.Hash != hash):
		// An install killed between the rename and the lock is locked by
		// the next command (its plan): never left installed but unlocked.
		t.Errorf("%s: the new version, which the lock does not name:\n%s", at, lockBytes)
	}
	kp.checkLeftovers(t, at, p, tidied)
}

// checkLeftovers: once tidied, no work folder or temporary file is left.
func (kp *killedProject) checkLeftovers(t *testing.T, at string, p skills.Project, tidied bool) {
	t.Helper()
	if !tidied {
		return
	}
	memo := filepath.Join(p.Root, ".memo")
	ents, _ := os.ReadDir(filepath.Join(memo, "skills"))
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") && e.Name() != ".keep" {
			t.Errorf("%s: the next command left %s in .memo/skills", at, e.Name())
		}
	}
	ents, _ = os.ReadDir(memo)
	for _, e := range ents {
		if !slices.Contains([]string{".gitignore", "skills", "skills-lock.json"}, e.Name()) {
			t.Errorf("%s: the next command left %s in .memo", at, e.Name())
		}
	}
}

// lockFileOf is the lock of p, "" when there is none.
func (f *lockFixture) lockFileOf(t *testing.T, p skills.Project) string {
	t.Helper()
	b, _ := os.ReadFile(filepath.Join(p.Root, filepath.FromSlash(skills.LockFile)))
	return string(b)
}
