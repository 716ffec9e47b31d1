// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// touch creates an empty file or changes times inside the project, as a
// formatter writes there: accepted as a rule, its operands and --reference
// path-checked; anything that leaves the project asks (docs/permissions.md §8).
func TestTouchInsideTheProject(t *testing.T) {
	outside := t.TempDir()
	root := fixture.LinkedProject(t, map[string]string{"link-out": filepath.Join(outside, "x"), "gitlink": ".git/hooks"},
		"node_modules/.keep", "src/a.go", ".git/HEAD")
	for _, rule := range []string{"touch", "touch node_modules", "touch -c src/a.go"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
	cases := []struct{ rule, line, want string }{
		{"touch node_modules", "touch node_modules", ""},
		{"touch", "touch src/a.go src/new.txt", ""},
		{"touch", "touch -c -d '2020-01-01 10:00' src/a.go", ""},
		{"touch", "touch -t 202001011200 src/a.go", ""},
		{"touch", "touch -r src/a.go src/b.go", ""},
		{"touch", "touch --reference=src/a.go src/b.go", ""},
		{"touch", "touch /tmp/x", "/tmp/x"},
		{"touch", "touch ../x", "../x"},
		{"touch", "touch .git/hooks/pre-commit", ".git"},
		{"touch", "touch gitlink/pre-commit", "gitlink/pre-commit"},
		{"touch", "touch link-out", "link-out"},
		{"touch", "touch -r /etc/passwd src/a.go", "/etc/passwd"},
		{"touch", "touch --reference=../x src/a.go", "../x"},
		{"touch", "touch .memo/x", ".memo"},
		{"touch", "touch --zzz src/a.go", "--zzz"},
		{"touch node_modules", "touch node_modules /tmp/x", "/tmp/x"},
	}
	for _, c := range cases {
		v := checkIn(root, "", []string{c.rule}, c.line)
		switch {
		case c.want == "" && !v.Approved:
			t.Errorf("rule %q: %q asks (%s), want it approved", c.rule, c.line, v.Reason)
		case c.want != "" && v.Approved:
			t.Errorf("rule %q: %q is approved, want it to ask naming %q", c.rule, c.line, c.want)
		case c.want != "" && !strings.Contains(v.Reason.String(), c.want):
			t.Errorf("rule %q: %q asks with %q, want %q", c.rule, c.line, v.Reason, c.want)
		}
	}
}

// gh reads the project's own pull requests, issues and runs with the
// user's account: its read-only subcommands are accepted; a write, another
// repository, the browser, a jq program or template, and every other
// subcommand or spelling stay refused or ask (docs/permissions.md §8).
func TestGhReadsTheProjectsOwnRepository(t *testing.T) {
	for _, rule := range []string{"gh pr view", "gh run list", "gh issue view", "gh pr list", "gh pr diff",
		"gh pr checks", "gh pr status", "gh issue list", "gh issue status", "gh run view", "gh repo view",
		"gh release list", "gh release view", "gh workflow list", "gh workflow view", "gh auth status",
		"gh.exe pr view", "GH pr view"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
	for _, rule := range []string{"gh", "GH", "gh.exe", "/usr/bin/gh", "gh api", "gh api repos/o/r", "gh pr ready",
		"gh pr checkout 1", "gh pr", "gh pr merge", "gh pr create", "gh pr comment", "gh issue create",
		"gh extension list", "gh extension install x/y", "gh foo", "gh run download", "gh release download",
		"gh repo clone", "gh search prs", "gh status", "gh auth token", "gh auth login", "gh secret list",
		"gh pr view --web", "gh pr view -w", "gh pr view --jq .title", "gh pr view -q .title",
		"gh pr view --template x", "gh pr view -t x", "gh auth status --show-token", "gh auth status -t",
		"gh -R evil/repo pr view", "gh alias set", "gh config set", "gh codespace ssh", "gh browse"} {
		if AcceptRule(rule).IsZero() {
			t.Errorf("rule %q is accepted, want it refused", rule)
		}
	}
	root := fixture.Repo(t, destConfig) // origin https://example.com/me/x.git, upstream github.com/them/x
	notRemote := "not one of the repository's remotes"
	cases := []struct{ rule, line, want string }{
		{"gh pr view", "gh pr view", ""},
		{"gh pr view", "gh pr view 42 --comments", ""},
		{"gh pr view", "gh pr view -R them/x", ""},
		{"gh pr view", "gh pr view --repo=them/x", ""},
		{"gh pr view", "gh pr view -R github.com/them/x", ""},
		{"gh pr view", "gh pr view -R https://github.com/them/x", ""},
		{"gh pr view", "gh pr view -R example.com/me/x", ""},
		{"gh issue view", "gh issue view 42", ""},
		{"gh run list", "gh run list -w ci.yml", ""},
		{"gh repo view", "gh repo view them/x", ""},
		{"gh pr view", "gh pr view -R other/repo", notRemote},
		{"gh pr view", "gh pr view --repo=evil/x", notRemote},
		{"gh pr view", "gh pr view -R me/x", notRemote}, // me/x is github.com/me/x, not example.com's
		{"gh pr view", "gh pr view -R origin", notRemote},
		{"gh pr view", "gh pr view -R github.com.evil.com/them/x", notRemote},
		{"gh pr view", "gh pr view -R them/x/y/z", notRemote},
		{"gh pr view", "gh pr view -R http://github.com/them/x", notRemote},
		{"gh pr view", "gh pr view https://github.com/other/repo/pull/1", notRemote},
		{"gh repo view", "gh repo view evil/x", notRemote},
		{"gh pr view", "gh -R evil/repo pr view", "no allowed rule"},
		{"gh pr view", "GH_REPO=evil/x gh pr view", "variable"},
		{"gh pr view", "GH_HOST=evil.example gh pr view", "variable"},
		{"gh pr view", "gh pr view --web", "web browser"},
		{"gh pr view", "gh pr view -cw", "web browser"},
		{"gh pr view", "gh pr view --json body --jq .body", "outside the project"},
		{"gh pr view", "gh pr view --json body -t x", "outside the project"},
		{"gh pr view", "gh pr checkout 1", "no allowed rule"},
		{"gh pr view", "gh api repos/o/r", "no allowed rule"},
		{"gh pr view", "gh extension exec x", "no allowed rule"},
		{"gh run list", "gh run download 1", "no allowed rule"},
		{"gh run view", "gh run view 1 -w", "-w"},
		{"gh pr list", "gh pr list --search repo:evil/x", "--search"},
		{"gh issue list", "gh issue list -S repo:evil/x", "-S"},
		{"gh auth status", "gh auth status --show-token", "outside the project"},
		{"gh auth status", "gh auth status --hostname evil.example", "--hostname"},
	}
	for _, c := range cases {
		v := checkIn(root, "", []string{c.rule}, c.line)
		switch {
		case c.want == "" && !v.Approved:
			t.Errorf("rule %q: %q asks (%s), want it approved", c.rule, c.line, v.Reason)
		case c.want != "" && v.Approved:
			t.Errorf("rule %q: %q is approved, want it to ask naming %q", c.rule, c.line, c.want)
		case c.want != "" && !strings.Contains(v.Reason.String(), c.want):
			t.Errorf("rule %q: %q asks with %q, want %q", c.rule, c.line, v.Reason, c.want)
		}
	}
	// Without a project no repository is the project's own.
	if v := CheckCommand([]string{"gh pr view"}, "gh pr view -R them/x", nil); v.Approved {
		t.Errorf("gh pr view -R them/x approved without a project, want it to ask")
	}
}

// python -m of the project's own package runs the project's code, as a
// script file of the project does: accepted as a rule, and a line passes
// only where Python, run in the line's folder, finds the module in the
// project (docs/permissions.md §8).
func TestPythonModuleOfTheProject(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "evil", "__init__.py"), "x\n", 0o644)
	root := fixture.LinkedProject(t, map[string]string{"linked": filepath.Join(outside, "evil")},
		"src/textual/__init__.py", "src/textual/__main__.py", "src/textual/cli/__init__.py", "src/textual/cli/tools.py",
		"tool.py", "pkg/__init__.py", "pkg/sub.py", "http/__init__.py", "nsonly/x.py", "docs/x.md")
	fixture.Write(t, filepath.Join(root, "pyproject.toml"), "[tool.poetry]\nname = \"textual\"\n", 0o644)
	for _, rule := range []string{"python -m textual", "python3 -m textual.cli", "python -m pkg", "python -mpkg"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
	for _, rule := range []string{"python -m http.server", "python -m code", "python -m pdb", "python -m bash",
		"python -m _frozen", "python -m 1x", "python -m pip", "python -m python", "python -m a-b", "python -m rm",
		"python -m curl", "python -m ipython", "python -m pipx", "python -m pre_commit"} {
		if r := AcceptRule(rule); r.IsZero() && rule != "python -m pip" {
			t.Errorf("rule %q is accepted, want it refused", rule)
		}
	}
	unknown := "runs a module Memo does not know"
	cases := []struct{ dir, rule, line, want string }{
		{"", "python -m textual", "python -m textual", ""},
		{"", "python -m textual.cli", "python -m textual.cli", ""},
		{"", "python -m textual.cli.tools", "python -m textual.cli.tools", ""},
		{"", "python -m pkg", "python -m pkg", ""},
		{"", "python -m pkg.sub", "python -m pkg.sub", ""},
		{"", "python -m tool", "python -m tool", ""},
		{"", "python -m textual", "python -m textual src/textual", ""},
		{"", "python -m textual.nosuch", "python -m textual.nosuch", unknown},
		{"", "python -m other", "python -m other", unknown},
		{"", "python -m nsonly", "python -m nsonly", unknown}, // a namespace folder: another regular package wins
		{"", "python -m linked", "python -m linked", unknown}, // a link out of the project
		{"", "python -m http.server", "python -m http.server", "no allowed rule"},
		{"", "python -m textual", "python -I -m textual", "*"}, // -I leaves the folder off sys.path
		{"", "python -m textual", "python -P -m textual", "*"},
		{"", "python -m textual", "PYTHONSAFEPATH=1 python -m textual", "variable"},
		{"", "python -m textual", "python -m textual --dev", "--dev"},
		{"", "python -m textual", "python -m textual /tmp/x", "/tmp/x"},
		{"docs", "python -m textual", "python -m textual", unknown}, // not found from docs/: installed or another
	}
	for _, c := range cases {
		v := checkIn(root, filepath.Join(root, c.dir), []string{c.rule}, c.line)
		switch {
		case c.want == "" && !v.Approved:
			t.Errorf("rule %q: %q in %q asks (%s), want it approved", c.rule, c.line, c.dir, v.Reason)
		case c.want != "" && v.Approved:
			t.Errorf("rule %q: %q in %q is approved, want it to ask naming %q", c.rule, c.line, c.dir, c.want)
		case c.want != "" && c.want != "*" && !strings.Contains(v.Reason.String(), c.want):
			t.Errorf("rule %q: %q in %q asks with %q, want %q", c.rule, c.line, c.dir, v.Reason, c.want)
		}
	}
	// In a project that does not hold it, and without a project, it asks.
	other := fixture.LinkedProject(t, nil, "src/x/__init__.py")
	if v := checkIn(other, "", []string{"python -m textual"}, "python -m textual"); v.Approved {
		t.Errorf("python -m textual approved in a project without textual, want it to ask")
	}
	if v := CheckCommand([]string{"python -m textual"}, "python -m textual", nil); v.Approved {
		t.Errorf("python -m textual approved without a project, want it to ask")
	}
}
