// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/permissions/internal/fixture"
)

type winInfo struct{ mode fs.FileMode }

func (w winInfo) Name() string       { return "x" }
func (w winInfo) Size() int64        { return 1 }
func (w winInfo) Mode() fs.FileMode  { return w.mode }
func (w winInfo) ModTime() time.Time { return time.Time{} }
func (w winInfo) IsDir() bool        { return w.mode.IsDir() }
func (w winInfo) Sys() any           { return nil }

// windowsGitFS reads the real disk but reports the named paths as Windows
// (Go 1.23+) does: mode, and whether it is a junction or symbolic link.
func windowsGitFS(over map[string]struct {
	mode      fs.FileMode
	surrogate bool
}) GitFS {
	g := OSGitFS("")
	g.NoExecBits = true
	g.Lstat = func(p string) (filekind.Kind, fs.FileInfo, error) {
		if o, ok := over[p]; ok {
			return filekind.Of(o.mode, true, o.surrogate), winInfo{o.mode}, nil
		}
		return filekind.Lstat(p)
	}
	return g
}

func TestGitWindowsKinds(t *testing.T) {
	type over = map[string]struct {
		mode      fs.FileMode
		surrogate bool
	}
	const (
		oneDriveFile   = 0o666 | fs.ModeIrregular
		oneDriveFolder = 0o777 | fs.ModeDir | fs.ModeIrregular
		junction       = 0o666 | fs.ModeIrregular
	)
	root := fixture.Repo(t, fixture.CleanConfig)
	hook := filepath.Join(root, ".git", "hooks", "pre-commit")
	fixture.Write(t, hook, "#!/bin/sh\n", 0o644)
	cases := []struct {
		name string
		over over
		want string // part of the reason; "" for none
	}{
		{"hook without exec bits (Windows has none)", over{}, "pre-commit"},
		{"OneDrive hook", over{hook: {oneDriveFile, false}}, "pre-commit"},
		{"junction as hook", over{hook: {junction, true}}, "pre-commit"},
		{"junction as .git", over{filepath.Join(root, ".git"): {junction, true}}, "symbolic link"},
	}
	for _, c := range cases {
		if r := RepoGit(root, windowsGitFS(c.over))("commit"); !strings.Contains(r.String(), c.want) || r.IsZero() {
			t.Errorf("%s: reason %q, want one naming %q", c.name, r, c.want)
		}
	}
	unix := OSGitFS("")
	unix.NoExecBits = false
	if r := RepoGit(root, unix)("commit"); !r.IsZero() {
		t.Errorf("a hook without exec bits asks where they exist: %q", r)
	}

	// A OneDrive .git folder is read like any other.
	fsm := fixture.Repo(t, "[core]\n\tfsmonitor = x\n")
	g := windowsGitFS(over{filepath.Join(fsm, ".git"): {oneDriveFolder, false}})
	if r := RepoGit(fsm, g)("status"); !strings.Contains(r.String(), "core.fsmonitor") {
		t.Errorf("OneDrive .git folder: reason %q, want core.fsmonitor", r)
	}
}
