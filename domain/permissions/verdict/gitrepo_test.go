// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

func gitReason(root, sub string) string {
	return projectfiles.RepoGit(root, projectfiles.OSGitFS(""))(sub).String()
}

func TestGitConfigClean(t *testing.T) {
	if r := gitReason(fixture.Repo(t, fixture.CleanConfig), "status"); r != "" {
		t.Errorf("clean config asks: %s", r)
	}
	if r := gitReason(t.TempDir(), "status"); r != "" {
		t.Errorf("no repository asks: %s", r)
	}
}

func TestGitConfigProgramKeys(t *testing.T) {
	cases := map[string]string{
		"[core]\n\tfsmonitor = /tmp/x":              "core.fsmonitor",
		"[core]\n\tpager = sh -c id":                "core.pager",
		"[core]\n\tsshCommand = sh":                 "core.sshcommand",
		"[core]\n\teditor = sh":                     "core.editor",
		"[core]\n\thooksPath = /tmp/h":              "core.hookspath",
		"[core]\n\taskPass = /tmp/x":                "core.askpass",
		"[core]\n\tgitProxy = /tmp/x":               "core.gitproxy",
		"[core]\n\talternateRefsCommand = x":        "core.alternaterefscommand",
		"[diff]\n\texternal = /tmp/x":               "diff.external",
		"[diff \"bin\"]\n\ttextconv = /tmp/x":       "diff.bin.textconv",
		"[diff \"bin\"]\n\tcommand = /tmp/x":        "diff.bin.command",
		"[filter \"lfs\"]\n\tclean = x":             "filter.lfs.clean",
		"[filter \"lfs\"]\n\tprocess = x":           "filter.lfs.process",
		"[alias]\n\tst = !sh -c id":                 "alias.st",
		"[alias]\n\tst = -c core.pager=x status":    "alias.st",
		"[sequence]\n\teditor = x":                  "sequence.editor",
		"[gpg]\n\tprogram = x":                      "gpg.program",
		"[gpg \"ssh\"]\n\tprogram = x":              "gpg.ssh.program",
		"[credential]\n\thelper = x":                "credential.helper",
		"[credential \"https://x\"]\n\thelper = x":  "credential.https://x.helper",
		"[pager]\n\tlog = sh":                       "pager.log",
		"[merge \"x\"]\n\tdriver = sh":              "merge.x.driver",
		"[mergetool \"x\"]\n\tcmd = sh":             "mergetool.x.cmd",
		"[difftool \"x\"]\n\tcmd = sh":              "difftool.x.cmd",
		"[remote \"origin\"]\n\tuploadpack = x":     "remote.origin.uploadpack",
		"[remote \"origin\"]\n\treceivepack = x":    "remote.origin.receivepack",
		"[remote \"origin\"]\n\tvcs = x":            "remote.origin.vcs",
		"[protocol \"ext\"]\n\tallow = always":      "protocol.ext.allow",
		"[url \"ext::sh\"]\n\tinsteadOf = https://": "url.ext::sh.insteadof",
		"[uploadpack]\n\tpackObjectsHook = x":       "uploadpack.packobjectshook",
		"[interactive]\n\tdiffFilter = x":           "interactive.difffilter",
		"[hook \"x\"]\n\tcommand = x":               "hook.x.command",
		"[trace2]\n\teventTarget = /tmp/x":          "trace2.eventtarget",
		"[http]\n\tsaveCookies = true":              "http.savecookies",
		"[submodule \"x\"]\n\tupdate = !sh":         "submodule.x.update",
		"[tar \"tgz\"]\n\tcommand = sh":             "tar.tgz.command",
		"[browser \"x\"]\n\tpath = /tmp/x":          "browser.x.path",
		"[man]\n\tviewer = x":                       "man.viewer",
		"[clangFormat]\n\tbinary = /tmp/x":          "clangformat.binary",
		// Spellings git accepts.
		"[CoRe]\n\tFsMonitor = x":                    "core.fsmonitor",
		"[core]fsmonitor=x":                          "core.fsmonitor",
		"[core] fsmonitor":                           "core.fsmonitor",
		"[core.x]\n\tpager = x":                      "core.x.pager",
		"[core]\r\n\tfsmonitor = x\r\n":              "core.fsmonitor",
		"[core]\n\tbare = false \\\n\tfsmonitor = x": "core.fsmonitor",
	}
	for config, key := range cases {
		r := gitReason(fixture.Repo(t, config), "status")
		if !strings.Contains(r, "sets "+key+" ") {
			t.Errorf("%q: reason %q, want it to name %s", config, r, key)
		}
	}
}

func TestGitConfigIncludes(t *testing.T) {
	root := fixture.Repo(t, "[include]\n\tpath = extra.cfg\n")
	fixture.Write(t, filepath.Join(root, ".git", "extra.cfg"), "[core]\n\tpager = sh\n", 0o644)
	if r := gitReason(root, "log"); !strings.Contains(r, "core.pager") || !strings.Contains(r, "extra.cfg") {
		t.Errorf("include.path: %q", r)
	}

	root = fixture.Repo(t, "[includeIf \"gitdir:/nowhere/\"]\n\tpath = ../x.cfg\n")
	fixture.Write(t, filepath.Join(root, "x.cfg"), "[diff]\n\texternal = sh\n", 0o644)
	if r := gitReason(root, "diff"); !strings.Contains(r, "diff.external") {
		t.Errorf("includeIf is read whatever its condition: %q", r)
	}

	root = fixture.Repo(t, "[include]\n\tpath = a.cfg\n")
	fixture.Write(t, filepath.Join(root, ".git", "a.cfg"), "[include]\n\tpath = b.cfg\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".git", "b.cfg"), "[core]\n\tfsmonitor = x\n", 0o644)
	if r := gitReason(root, "status"); !strings.Contains(r, "core.fsmonitor") {
		t.Errorf("nested include: %q", r)
	}

	root = fixture.Repo(t, "[include]\n\tpath = missing.cfg\n")
	if r := gitReason(root, "status"); r != "" {
		t.Errorf("missing include (git skips it too): %q", r)
	}

	root = fixture.Repo(t, "[include]\n\tpath = config\n")
	if r := gitReason(root, "status"); !strings.Contains(r, "deeper") {
		t.Errorf("self include: %q", r)
	}

	root = fixture.Repo(t, "[include]\n\tpath = link.cfg\n")
	if err := os.Symlink("/etc/hostname", filepath.Join(root, ".git", "link.cfg")); err != nil {
		t.Fatal(err)
	}
	if r := gitReason(root, "status"); !strings.Contains(r, "cannot read") {
		t.Errorf("include through a symbolic link: %q", r)
	}

	home := t.TempDir()
	fixture.Write(t, filepath.Join(home, "evil.cfg"), "[core]\n\tsshCommand = x\n", 0o644)
	root = fixture.Repo(t, "[include]\n\tpath = ~/evil.cfg\n")
	if r := projectfiles.RepoGit(root, projectfiles.OSGitFS(home))("fetch"); !strings.Contains(r.String(), "core.sshcommand") {
		t.Errorf("~/ include: %q", r)
	}

	root = fixture.Repo(t, "[core]\n\tbare = false\n"+strings.Repeat("# padding\n", 30000))
	if r := gitReason(root, "status"); !strings.Contains(r, "cannot read") {
		t.Errorf("oversized config: %q", r)
	}
}

func TestGitDirForms(t *testing.T) {
	// .git as a file pointing elsewhere (worktree, submodule).
	root, elsewhere := t.TempDir(), t.TempDir()
	fixture.Write(t, filepath.Join(root, ".git"), "gitdir: "+elsewhere+"\n", 0o644)
	fixture.Write(t, filepath.Join(elsewhere, "config"), "[core]\n\tfsmonitor = x\n", 0o644)
	if r := gitReason(root, "status"); !strings.Contains(r, "core.fsmonitor") {
		t.Errorf(".git file: %q", r)
	}
	// A worktree's git dir shares the config of its common dir.
	main := t.TempDir()
	wt := filepath.Join(main, "worktrees", "w")
	fixture.Write(t, filepath.Join(wt, "commondir"), "../..\n", 0o644)
	fixture.Write(t, filepath.Join(main, "config"), "[core]\n\tpager = x\n", 0o644)
	root = t.TempDir()
	fixture.Write(t, filepath.Join(root, ".git"), "gitdir: "+wt+"\n", 0o644)
	if r := gitReason(root, "log"); !strings.Contains(r, "core.pager") {
		t.Errorf("worktree common dir: %q", r)
	}
	// A relative pointer.
	root = t.TempDir()
	fixture.Write(t, filepath.Join(root, ".git"), "gitdir: ../real\n", 0o644)
	fixture.Write(t, filepath.Join(filepath.Dir(root), "real", "config"), "[alias]\n\tx = !id\n", 0o644)
	if r := gitReason(root, "log"); !strings.Contains(r, "alias.x") {
		t.Errorf("relative gitdir: %q", r)
	}
	// A malformed pointer asks.
	root = t.TempDir()
	fixture.Write(t, filepath.Join(root, ".git"), "hello\n", 0o644)
	if r := gitReason(root, "status"); !strings.Contains(r, "gitdir") {
		t.Errorf("malformed .git file: %q", r)
	}
	// .git as a symbolic link asks.
	root = t.TempDir()
	if err := os.Symlink(t.TempDir(), filepath.Join(root, ".git")); err != nil {
		t.Fatal(err)
	}
	if r := gitReason(root, "status"); !strings.Contains(r, "symbolic link") {
		t.Errorf(".git link: %q", r)
	}
	// A project folder that is itself a bare repository.
	root = t.TempDir()
	fixture.Write(t, filepath.Join(root, "HEAD"), "ref: refs/heads/main\n", 0o644)
	fixture.Write(t, filepath.Join(root, "config"), "[core]\n\tfsmonitor = x\n", 0o644)
	os.MkdirAll(filepath.Join(root, "objects"), 0o755)
	os.MkdirAll(filepath.Join(root, "refs"), 0o755)
	if r := gitReason(root, "status"); !strings.Contains(r, "core.fsmonitor") {
		t.Errorf("bare repository folder: %q", r)
	}
	// The project is a subfolder of the repository: git walks up.
	root = fixture.Repo(t, "[core]\n\tfsmonitor = x\n")
	sub := filepath.Join(root, "pkg", "inner")
	os.MkdirAll(sub, 0o755)
	if r := gitReason(sub, "status"); !strings.Contains(r, "core.fsmonitor") {
		t.Errorf("repository above the project: %q", r)
	}
}

func TestGitHooks(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	hooks := filepath.Join(root, ".git", "hooks")
	fixture.Write(t, filepath.Join(hooks, "pre-commit.sample"), "#!/bin/sh\n", 0o755)
	fixture.Write(t, filepath.Join(hooks, "post-checkout"), "#!/bin/sh\n", 0o644) // not executable
	r := gitReason(root, "commit")
	if projectfiles.OSGitFS("").NoExecBits {
		// Windows has no exec bits: git runs every hook file.
		if !strings.Contains(r, "post-checkout") {
			t.Errorf("a hook file on Windows does not ask: %q", r)
		}
		os.Remove(filepath.Join(hooks, "post-checkout"))
	} else if r != "" {
		t.Errorf("samples and non-executable hooks ask: %s", r)
	}
	fixture.Write(t, filepath.Join(hooks, "pre-commit"), "#!/bin/sh\nid\n", 0o755)
	for _, sub := range []string{"commit", "merge", "rebase", "am", "checkout", "switch", "push", "pull", "status", "branch"} {
		if r := gitReason(root, sub); !strings.Contains(r, "pre-commit") {
			t.Errorf("git %s with an executable hook: %q", sub, r)
		}
	}
	for _, sub := range []string{"log", "show", "grep", "ls-files", ""} {
		if r := gitReason(root, sub); r != "" {
			t.Errorf("git %s runs no hook but asks: %s", sub, r)
		}
	}
	root = fixture.Repo(t, fixture.CleanConfig)
	os.MkdirAll(filepath.Join(root, ".git", "hooks"), 0o755)
	if err := os.Symlink("/bin/true", filepath.Join(root, ".git", "hooks", "pre-push")); err != nil {
		t.Fatal(err)
	}
	if r := gitReason(root, "push"); !strings.Contains(r, "pre-push") {
		t.Errorf("hook as a link: %q", r)
	}
}

// Through the checker: the reason reaches the
func TestCheckCommandWithRepository(t *testing.T) {
	root := fixture.Repo(t, "[core]\n\tfsmonitor = /tmp/x\n")
	v := CheckCommand([]string{"git status"}, "git status", projectfiles.RepoGit(root, projectfiles.OSGitFS("")))
	if v.Approved || !strings.Contains(v.Reason.String(), "core.fsmonitor") {
		t.Errorf("%+v", v)
	}
	root = fixture.Repo(t, fixture.CleanConfig)
	if v := CheckCommand([]string{"git status"}, "git status", projectfiles.RepoGit(root, projectfiles.OSGitFS(""))); !v.Approved {
		t.Errorf("clean repository: %+v", v)
	}
}

// Spellings that could hide a variable from a strict reader.
func TestGitConfigHiddenSpellings(t *testing.T) {
	cases := map[string]string{
		"\ufeff[alias]\n\tst = !sh\n": "alias.st",
		"[ alias ]\n\tst = !sh\n":     "alias.st",
		"  [core]   \n  FSMONITOR=sh": "core.fsmonitor",
	}
	for config, key := range cases {
		r := gitReason(fixture.Repo(t, config), "status")
		if !strings.Contains(r, key) {
			t.Errorf("%q: reason %q, want it to name %s", config, r, key)
		}
	}
}

// To git, "[user]" below is the continued value of core.bare, so st is read
// in both sections.
func TestGitConfigContinuedValue(t *testing.T) {
	entries := projectfiles.ParseGitConfig("[core]\n\tbare = false \\\n[user]\n\tst = x\n[user]\nname = y\n")
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	has := strings.Join(got, " ")
	if !strings.Contains(has, "core.st") || !strings.Contains(has, "user.st") || strings.Contains(has, "core.name") {
		t.Errorf("entries %s", has)
	}
}

func TestProgramsThatRunGit(t *testing.T) {
	root := fixture.Repo(t, "[core]\n\tfsmonitor = /tmp/x\n")
	fixture.Write(t, filepath.Join(root, ".git", "hooks", "pre-commit"), "#!/bin/sh\n", 0o755)
	git := projectfiles.RepoGit(root, projectfiles.OSGitFS(""))
	rules := []string{"go build", "npm test", "ls"}
	for _, line := range []string{"go build ./...", "npm test"} {
		if v := CheckCommand(rules, line, git); v.Approved || !strings.Contains(v.Reason.String(), "core.fsmonitor") {
			t.Errorf("%s: %+v, want it to ask naming core.fsmonitor", line, v)
		}
	}
	if v := CheckCommand(rules, "ls", git); !v.Approved {
		t.Errorf("ls: %+v", v)
	}
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".git", "hooks", "pre-commit"), "#!/bin/sh\n", 0o755)
	if v := CheckCommand(rules, "go build ./...", projectfiles.RepoGit(root, projectfiles.OSGitFS(""))); !v.Approved {
		t.Errorf("go build with a hook (go runs no hook): %+v", v)
	}
}
