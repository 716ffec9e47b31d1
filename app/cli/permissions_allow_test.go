// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLIPermissionsAllow: permissions allow proposes the line's own words
// with what they run; not on a terminal it only proposes; --yes saves the
// rule last in the file, every other byte kept, and trusts it, so the line
// is approved and a neighbour still asks; a terminal is asked first, and
// anything but yes saves nothing.
func TestCLIPermissionsAllow(t *testing.T) {
	c := newCLI(t)
	dir, _ := c.setUpProject()
	writeFile(t, filepath.Join(dir, "package.json"), []byte(`{"scripts": {"lint": "eslint ."}}`))
	writeFile(t, permsFile(dir), []byte(permsGood))
	if r := c.run("permissions", "trust", dir); r.code != 0 {
		t.Fatalf("trust = %d %s", r.code, r.stdout)
	}

	r := c.run("permissions", "allow", dir, "npm run lint")
	if r.code != 0 || r.str("rule") != "npm run lint" || r.obj["saved"] != false || r.str("hash") == "" {
		t.Fatalf("allow (a proposal) = %d %s", r.code, r.stdout)
	}
	labels, _ := r.obj["labels"].([]any)
	if len(labels) == 0 || !strings.Contains(r.stdout, "eslint .") {
		t.Errorf("the proposal shows no labels or not what it runs: %s", r.stdout)
	}
	if got := readFileString(t, permsFile(dir)); got != permsGood {
		t.Errorf("a proposal wrote the file: %q", got)
	}

	// On a terminal the person is asked; no saves nothing.
	c.tty = true
	code, stdout, stderr := c.exec("", "n\n", "permissions", "allow", dir, "npm run lint")
	if code != 0 || !strings.Contains(stdout, `"saved":false`) || !strings.Contains(stderr, "Rule: npm run lint") || !strings.Contains(stderr, "[y/N]") || !strings.Contains(stderr, "eslint .") {
		t.Errorf("allow on a terminal answered no = %d\n%s\n%s", code, stdout, stderr)
	}
	if got := readFileString(t, permsFile(dir)); got != permsGood {
		t.Errorf("an answer of no wrote the file: %q", got)
	}
	code, stdout, _ = c.exec("", "yes\n", "permissions", "allow", dir, "npm run lint")
	if code != 0 || !strings.Contains(stdout, `"saved":true`) || !strings.Contains(stdout, `"state":"trusted"`) {
		t.Errorf("allow on a terminal answered yes = %d %s", code, stdout)
	}
	c.tty = false
	want := strings.Replace(permsGood, `"git status"]`, `"git status", "npm run lint"]`, 1)
	if got := readFileString(t, permsFile(dir)); got != want {
		t.Errorf("file after allow = %q, want %q", got, want)
	}
	if r := c.run("check-command", dir, "npm run lint"); r.obj["approved"] != true {
		t.Errorf("check-command after allow = %s", r.stdout)
	}
	if r := c.run("check-command", dir, "npm run build"); r.obj["approved"] != false {
		t.Errorf("a neighbour is approved after allow = %s", r.stdout)
	}

	// --yes, and the exit codes of the lines no rule can approve.
	if r := c.run("permissions", "allow", "--yes", dir, "go vet ./..."); r.code != 0 || r.obj["saved"] != true {
		t.Errorf("allow --yes = %d %s", r.code, r.stdout)
	}
	for _, tc := range []struct {
		line string
		code int
		kind string
		says string
	}{
		{"npm run lint", 4, "conflict", "approved already"},
		{"go test ./... ; rm -rf ~", 3, "forbidden", "several commands"},
		{"bash -c 'go test'", 3, "forbidden", "runs anything"},
		{"git config --global user.name x", 3, "forbidden", "--global"},
		{"cat /etc/passwd", 3, "forbidden", "outside"},
	} {
		before := readFileString(t, permsFile(dir))
		r := c.run("permissions", "allow", "--yes", dir, tc.line)
		if r.code != tc.code || r.str("kind") != tc.kind || !strings.Contains(r.str("error"), tc.says) {
			t.Errorf("allow --yes %q = %d %s, want %d %s saying %q", tc.line, r.code, r.stdout, tc.code, tc.kind, tc.says)
		}
		if readFileString(t, permsFile(dir)) != before {
			t.Errorf("allow %q wrote the file", tc.line)
		}
	}
	// --hash saves only the proposal shown.
	if r := c.run("permissions", "allow", "--hash", strings.Repeat("0", 64), dir, "go build ./..."); r.code != 4 {
		t.Errorf("allow --hash of another proposal = %d %s, want 4", r.code, r.stdout)
	}
	p := c.run("permissions", "allow", dir, "go build ./...")
	if r := c.run("permissions", "allow", "--hash", p.str("hash"), dir, "go build ./..."); r.code != 0 || r.obj["saved"] != true {
		t.Errorf("allow --hash of the proposal = %d %s", r.code, r.stdout)
	}
}

func readFileString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCLIChecksWithUserEntries: check-command and allow read the user's
// catalogue entries in the data home; an entry that does not load leaves
// its program without one (its options ask) and doctor names it.
func TestCLIChecksWithUserEntries(t *testing.T) {
	entry := "[mytool]\noptions = \"--fast -v\"\ndoes = [\"reads-project\"]\n[[mytool.example]]\nrule = \"mytool\"\napprove = [\"mytool --fast src\"]\n"
	for _, tc := range []struct {
		name, text string
		approved   bool
	}{
		{"loads", entry, true},
		{"fails its example", strings.Replace(entry, "--fast src", "--slow src", 1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCLI(t)
			dir, _ := c.setUpProject()
			if err := os.MkdirAll(filepath.Join(c.home, "catalog"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(c.home, "catalog", "mine.toml"), []byte(tc.text))
			writeFile(t, permsFile(dir), []byte(`{"version": 1, "allowed_commands": ["mytool --fast"]}`))
			if r := c.run("permissions", "trust", dir); r.code != 0 {
				t.Fatalf("trust = %d %s", r.code, r.stdout)
			}
			if r := c.run("check-command", dir, "mytool --fast -v src"); r.obj["approved"] != tc.approved {
				t.Errorf("check-command = %s, want approved %v", r.stdout, tc.approved)
			}
			r := c.run("doctor")
			problems, _ := r.obj["catalog_problems"].([]any)
			if (len(problems) == 0) != tc.approved || (!tc.approved && !strings.Contains(r.stdout, "mine.toml")) {
				t.Errorf("doctor's catalog_problems = %v", problems)
			}
		})
	}
}
