// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
)

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=protocol.file.allow", "GIT_CONFIG_VALUE_0=always")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// gitRepo makes a repository base/name with one commit of one file.
func gitRepo(t *testing.T, base, name string) string {
	t.Helper()
	dir := filepath.Join(base, name)
	mkdir(t, dir)
	git(t, dir, "init", "-q")
	write(t, filepath.Join(dir, name+".go"), "package "+name+"\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "one")
	return dir
}

// Git's own folders are never projects: a .git folder and what is in it (a
// worktree's gitdir, a submodule's module folder), a bare repository and
// what is in it, and a git directory kept apart from its work tree. Each is
// refused with the guard's reason naming git's folder, and nothing is written.
func TestGitFoldersAreNeverProjects(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is not installed (make test-deps installs it)")
	}
	base := t.TempDir()
	repo, lib := gitRepo(t, base, "repo"), gitRepo(t, base, "lib")
	git(t, repo, "worktree", "add", "-q", filepath.Join(base, "wt"))
	git(t, repo, "submodule", "add", "-q", lib, "lib")
	bare := filepath.Join(base, "mirror.git")
	git(t, base, "clone", "-q", "--bare", repo, bare)
	apart := filepath.Join(base, "apart")
	gitDir := filepath.Join(base, "store", "apart-git")
	mkdir(t, apart)
	mkdir(t, filepath.Dir(gitDir))
	git(t, apart, "init", "-q", "--separate-git-dir", gitDir)

	dotGit := filepath.Join(repo, ".git")
	for _, tt := range []struct {
		path, gitFolder string
	}{
		{dotGit, dotGit},
		{filepath.Join(dotGit, "objects"), dotGit},
		{filepath.Join(dotGit, "refs", "heads"), dotGit},
		{filepath.Join(dotGit, "worktrees", "wt"), dotGit}, // the worktree's gitdir
		{filepath.Join(dotGit, "modules", "lib"), dotGit},  // the submodule's
		{filepath.Join(dotGit, "modules", "lib", "objects"), dotGit},
		{bare, bare},
		{filepath.Join(bare, "objects"), bare},
		{filepath.Join(bare, "hooks"), bare},
		{gitDir, gitDir},
		{filepath.Join(gitDir, "refs"), gitDir},
	} {
		t.Run(strings.TrimPrefix(tt.path, base), func(t *testing.T) {
			s, reg := newTestService(t)
			before := tree(t, base)
			st, err := s.Status(tt.path)
			if err != nil || st.Allowed || st.ReasonCode != guard.CodeInGit || st.ReasonArgs[guard.ArgFolder] != tt.gitFolder {
				t.Errorf("Status(%s) = %+v, %v; want refused (%s) naming %s", tt.path, st, err, guard.CodeInGit, tt.gitFolder)
			}
			if _, err := s.Setup(tt.path); !errors.Is(err, domain.ErrRefused) || !strings.Contains(err.Error(), "where git keeps") {
				t.Errorf("Setup(%s) = %v, want refused: git keeps its data there", tt.path, err)
			}
			if recs, _ := reg.Snapshot(); len(recs) != 0 {
				t.Errorf("a git folder was registered: %+v", recs)
			}
			if after := tree(t, base); len(after) != len(before) {
				t.Errorf("refusing %s changed the folders", tt.path)
			}
		})
	}
	// The work trees themselves are projects: the repository, its worktree,
	// the submodule's work tree and the one whose git directory is apart.
	for _, dir := range []string{repo, filepath.Join(base, "wt"), filepath.Join(repo, "lib"), apart} {
		s, _ := newTestService(t)
		if _, err := s.Setup(dir); err != nil {
			t.Errorf("Setup(%s) = %v, want a project", dir, err)
		}
	}
}
