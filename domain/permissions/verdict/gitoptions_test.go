// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// git -C DIR runs the rest of the line as `cd DIR && git …` would: DIR a
// folder of the project named as it is, the line's paths and repository
// read from there (docs/permissions.md §5, §6). Anywhere else it asks.
func TestGitFolderOption(t *testing.T) {
	outside := t.TempDir()
	root := fixture.LinkedProject(t, map[string]string{"link": "site", "out": outside}, "site/index.html", "pkg/x.go", "file")
	fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644)
	// sub is a repository of its own whose config runs a program on
	// git status; nested is one whose config is clean.
	fixture.Write(t, filepath.Join(root, "sub", ".git", "config"), "[core]\n\tfsmonitor = /tmp/x\n", 0o644)
	fixture.Write(t, filepath.Join(root, "nested", ".git", "config"), fixture.CleanConfig, 0o644)
	fixture.Write(t, filepath.Join(root, "nested", "a.txt"), "", 0o644)
	rules := []string{"git -C site add", "git -C site diff", "git status", "git add", "git -C sub status", "git -C nested add"}
	cases := []struct {
		line, want string
	}{
		{"git -C site add index.html", ""},
		{"git -C site diff --quiet --cached", ""},
		{"git -C site status", ""},            // rule git status, as cd site && git status
		{"git -C pkg add x.go", ""},           // rule git add, paths from pkg
		{"git -C ./site add index.html", ""},  // ./site is the folder as written
		{"git -C nested add a.txt", ""},       // a nested repository Memo reads (§6)
		{"git --no-pager -C site status", ""}, // with a safe global option
		{"git -C site add ../file", ""},       // ../file from site is the project's
		{"git -C site add ../../x", "outside the project"},
		{"git -C /tmp status", "`git -C /tmp`"},
		{"git -C " + outside + " status", "`git -C "},
		{"git -C .. status", "`git -C ..`"},
		{"git -C site/.. status", "`git -C site/..`"},
		{"git -C link status", "`git -C link`"}, // a link, even inside
		{"git -C out status", "`git -C out`"},   // a link outside
		{"git -C sub status", "core.fsmonitor"}, // a repository whose config runs a program
		{"git -C .git status", "`git -C .git`"},
		{"git -C missing status", "`git -C missing`"},
		{"git -C file status", "`git -C file`"},
		{"git -C '' status", "`git -C `"},
		{"git -C site -C pkg status", "`-C`"}, // a second -C, read from the first
		{"git -C -x status", "`git -C -x`"},
		{"git -Csite status", "`-Csite`"}, // git takes -C's folder as the next word only
		{"git --git-dir=site/.git status", "no allowed rule"},
		{"git -C site --git-dir=x status", "no allowed rule"},
		{"git -C site config core.pager less", "no allowed rule"},
	}
	for _, c := range cases {
		wantVerdict(t, c.line, checkIn(root, "", rules, c.line), c.want)
	}
	// Without a project Memo cannot tell where DIR is.
	wantVerdict(t, "no project", CheckCommand(rules, "git -C site add index.html", nil), "`git -C site`")
	// From a folder of the project, DIR is read from there.
	wantVerdict(t, "from pkg", checkIn(root, filepath.Join(root, "pkg"), []string{"git status"}, "git -C .. status"), "`git -C ..`")
	// The rules themselves: a folder as written is accepted, any other refused.
	for rule, ok := range map[string]bool{
		"git -C site add": true, "git -C a/b status": true, "git -C /tmp status": false, "git -C .. status": false,
		"git -C ~ status": false, "git -C -x status": false, "git -C a -C b status": false, "git -C": false,
	} {
		if got := AcceptRule(rule).IsZero(); got != ok {
			t.Errorf("AcceptRule(%q) accepted = %v, want %v (%s)", rule, got, ok, AcceptRule(rule))
		}
	}
}

// git -c KEY=VALUE passes for a key git's table lists as running nothing
// (catalog/git.toml safe_keys), in any case git reads it in; every other
// key asks, and so do the other options before the subcommand.
func TestGitConfigOnTheLine(t *testing.T) {
	rules := []string{"git commit", "git status", "git log", "git blame"}
	cases := []struct {
		line, want string
	}{
		{`git -c user.email=ci@vitest.dev -c user.name=vitest-ci commit -m "ci"`, ""},
		{"git -c core.quotepath=false status", ""},
		{"git -c color.ui=always log --oneline", ""},
		{"git -c color.diff.meta=blue log", ""},
		{"git -c advice.detachedHead=false status", ""},
		{"git -c commit.gpgsign=false commit -m x", ""},
		{"git -c Commit.GpgSign=False commit -m x", ""},
		{"git -c log.showSignature=false log", ""},
		{"git -c user.name commit -m x", ""}, // no value: true
		{"git -c blame.ignoreRevsFile=.git-blame-ignore-revs blame go.mod", ""},
		{"git -c blame.ignoreRevsFile=/tmp/x blame go.mod", "outside the project"},
		{"git -c core.fsmonitor=x status", "`core.fsmonitor=x`"},
		{"git -c Core.Pager=x log", "`Core.Pager=x`"},
		{"git -c core.pager=less log", "`core.pager=less`"},
		{"git -c commit.gpgsign=true commit -m x", "`commit.gpgsign=true`"},
		{"git -c log.showSignature=true log", "`log.showSignature=true`"},
		{"git -c include.path=/tmp/x status", "`include.path=/tmp/x`"},
		{"git -c includeIf.onbranch:main.path=/tmp/x status", "includeIf"},
		{"git -c alias.st=status st", "no allowed rule"},
		{"git -c 'alias.st=!sh' st", "`!`"},
		{"git -c url.https://evil/.insteadOf=https://github.com/ status", "url."},
		{"git -c credential.helper=x status", "credential.helper"},
		{"git -c protocol.ext.allow=always status", "protocol.ext.allow"},
		{"git -c core.sshCommand=x status", "core.sshCommand"},
		{"git -c core.hooksPath=/tmp commit -m x", "core.hooksPath"},
		{"git -c diff.external=x log -p", "diff.external"},
		{"git -c gpg.program=x log", "gpg.program"},
		{"git -c safe.directory=* status", "`*`"},
		{"git -c safe.directory=/tmp status", "safe.directory"},
		{"git -c pager.log=x log", "pager.log"},
		{"git -c diff.x.textconv=sh log -p", "diff.x.textconv"},
		{"git -c colorx.ui=1 status", "colorx.ui"},
		{"git -c color status", "`color`"},
		{"git -c color. status", "`color.`"},
		{"git -cuser.name=x status", "`-cuser.name=x`"},
		{"git --config-env=core.pager=X log", "no allowed rule"},
		{"git -c user.name=x -p log", "no allowed rule"},
	}
	for _, c := range cases {
		wantVerdict(t, c.line, checkIn(t.TempDir(), "", rules, c.line), c.want)
	}
}

// git config (docs/permissions.md §5): rules are accepted; a line reads
// one key, or sets or unsets one of the repository's own config whose
// value runs nothing. Other scopes, options and keys ask.
func TestGitConfigCommand(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ".git-blame-ignore-revs"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rules := []string{"git config"}
	cases := []struct {
		line, want string
	}{
		{"git config user.name", ""},
		{"git config core.hooksPath", ""}, // a read of a key that names a program
		{"git config --get core.pager", ""},
		{"git config --get-all user.email", ""},
		{"git config get user.name", ""},
		{`git config user.name "github-actions[bot]"`, ""},
		{"git config user.email 41898282+github-actions[bot]@users.noreply.github.com", ""}, // a pattern matching nothing: text,
		{"git config --local blame.ignoreRevsFile .git-blame-ignore-revs", ""},
		{"git config set user.name ci", ""},
		{"git config --local core.autocrlf false", ""},
		{"git config commit.gpgsign false", ""},
		{"git config --unset user.name", ""},
		{"git config unset user.name", ""},
		{"git config", ""},
		{"git config --local blame.ignoreRevsFile /tmp/x", "outside the project"},
		{"git config blame.ignoreRevsFile ../x", "outside the project"},
		{"git config core.pager less", "`core.pager=less`"},
		{"git config Core.Pager less", "`Core.Pager=less`"},
		{"git config commit.gpgsign true", "`commit.gpgsign=true`"},
		{"git config core.hooksPath /tmp/hooks", "core.hooksPath"},
		{"git config alias.st status", "alias.st"},
		{"git config include.path /tmp/x", "include.path"},
		{"git config --unset core.pager", "core.pager"},
		{"git config remote.origin.url", "remote.origin.url"}, // may hold a token
		{"git config http.https://github.com/.extraheader", "extraheader"},
		{"git config --global user.name x", "`--global`"},
		{"git config --global core.autocrlf false", "`--global`"},
		{"git config --system user.name x", "`--system`"},
		{"git config --file /tmp/x user.name x", "`--file`"},
		{"git config --file=/tmp/x user.name x", "`--file=/tmp/x`"},
		{"git config -f /tmp/x user.name x", "`-f`"},
		{"git config --worktree user.name x", "`--worktree`"},
		{"git config --list", "`--list`"},
		{"git config -l", "`-l`"},
		{"git config --edit", "`--edit`"},
		{"git config -e", "`-e`"},
		{"git config --add user.name x", "`--add`"},
		{"git config --replace-all user.name x", "`--replace-all`"},
		{"git config --get-regexp user", "`--get-regexp`"},
		{"git config --glob user.name x", "--glob"},
		{"git config user.name x y", "one key"},
		{"git config list", "`list`"},
		{"git config edit", "`edit`"},
		{"git -c core.pager=x config user.name", "core.pager"},
	}
	for _, c := range cases {
		wantVerdict(t, c.line, checkIn(root, "", rules, c.line), c.want)
	}
	for rule, ok := range map[string]bool{
		"git config": true, "git config user.name": true, "git config --local blame.ignoreRevsFile": true,
		"git config --global user.name": false, "git config core.pager less": false, "git config --list": false,
		"git config --file /tmp/x": false, "git config -e": false,
	} {
		if got := AcceptRule(rule).IsZero(); got != ok {
			t.Errorf("AcceptRule(%q) accepted = %v, want %v (%s)", rule, got, ok, AcceptRule(rule))
		}
	}
}

// The options before git's subcommand that ask are named when a rule
// spells them, as the rule's own arguments.
func TestGitLeadOptionsRefusedInRules(t *testing.T) {
	for rule, want := range map[string]string{
		"git --git-dir=x status":            "--git-dir",
		"git -c alias.st=status st":         "alias.st",
		"git -c core.pager=x log":           "core.pager",
		"git -c user.name=x -p log":         "`-p`",
		"git --config-env=a.b=X log":        "--config-env",
		"git -c include.path=/tmp/x status": "include.path",
	} {
		if got := AcceptRule(rule).String(); !strings.Contains(got, want) {
			t.Errorf("AcceptRule(%q) = %q, want it refused naming %q", rule, got, want)
		}
	}
}
