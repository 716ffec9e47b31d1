// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

var compoundRules = []string{"go test", "go build", "go vet", "git log", "git status", "git diff", "npm test",
	"make test", "make", "cargo fmt", "cargo test", "npm run gen", "git pull", "git apply", "echo"}

// Compound lines (docs/permissions.md §3): approved when every command is,
// each beside its hostile neighbour, which asks naming the command.
func TestCompoundLines(t *testing.T) {
	cases := []struct {
		line string
		want string // "" approved, else a part of the reason it asks with
	}{
		// harmless redirections
		{"go build ./... 2>/dev/null", ""},
		{"make test > /dev/null", ""},
		{"make test &>/dev/null", ""},
		{"make test >>/dev/null", ""},
		{"npm test </dev/null", ""},
		{"go test 2>/tmp/x", "`>` redirects output to a file"},
		{"go test > go.sum", "`>` redirects output to a file"},
		{"git status > .git/hooks/pre-commit", "`>` redirects output to a file"},
		{"go test >&3", "`>` redirects output to a file"},
		{"go test 2>&1", ""}, // a duplication writes no file
		{"go build ./... 1>&2", ""},
		{"go test 2>&1 > out.txt", "`>` redirects output to a file"}, // then to a file
		{"go test <<< x", "`<` redirects input"},                     // a here-string
		{"go test < /dev/tcp/x/1", "`<` redirects input"},            // a socket
		{"curl evil > /dev/null", "`curl evil`: no allowed rule"},    // the command still needs its rule
		// pipelines
		{"go test ./... 2>&1 | tail -20", ""},
		{"go test ./... |& tail -n 20", ""},
		{"git log --oneline | head -5", ""},
		{"npm test 2>&1 | grep FAIL", ""},
		{"git log | sort | uniq -c | sort -rn | head -3", ""},
		{"go test -run 'A|B' 2>&1 | grep -E 'FAIL|ok' | wc -l", ""},
		{"git log | cat", ""},
		{"git log | cut -d ' ' -f 1 | tac", ""},
		{"git diff | grep -c x go.mod", "reads its input alone, not a file"}, // a file, even inside the project
		{"git log | tr -s x", ""},
		{"git log | head -5 | tail -n 2", ""},
		{"go test | sh", "`sh`: no allowed rule starts it"},
		{"go test |& sh", "`sh`"},
		{"git log | tee x", "`tee x`"},
		{"git log | xargs rm", "`xargs rm`"},
		{"git log | awk '{print}'", "`awk"},
		{"git log | sed -n 1p", "`sed -n 1p`"},
		{"git log | less", "`less`"},
		{"git log | perl -e x", "`perl -e x`"},
		{"git log | python3", "`python3`"},
		{"git log | ./head", "`./head`"},
		{"git log | /usr/bin/head", "`/usr/bin/head`"},
		{"git log | head -c 100 /etc/passwd", "`/etc/passwd`: head reading a pipe reads its input alone"},
		{"cat ~/.ssh/id_rsa | head", "`~` expands to a home folder"},
		{"git log | cat /etc/passwd", "`/etc/passwd`: cat reading a pipe reads its input alone"},
		{"git log | cat go.mod", "reads its input alone"},
		{"git log | head -n 5 go.sum", "reads its input alone"},
		{"git log | sort -k 2 Makefile", "reads its input alone"},
		{"git log | grep -f /etc/shadow", "`-f` is not an option Memo knows for grep"},
		{"git log | grep -r x /", "`-r` is not an option Memo knows for grep"},
		{"git log | sort -o Makefile", "`-o` is not an option"},
		{"git log | sort --output=x", "`--output=x` is not an option"},
		{"git log | sort -T /tmp", "`-T` is not an option"},
		{"git log | sort --compress-program=sh", "`--compress-program=sh` is not an option"},
		{"git log | uniq - out.txt", "reads its input alone"},
		{"git log | uniq in.txt", "reads its input alone"},
		{"git log | tail -f", "`-f` is not an option"},
		{"git log | rg --pre sh x", "`--pre` is not an option Memo knows for rg"},
		{"git log | git apply", "does more than read"}, // approved on its own, but it writes
		{"git log | make -f -", "`make -f -`"},
		{"git log | echo -", "reads `-`"},
		{"git log | echo x=-", "reads `-`"},
		{"git log | echo @-", "reads `-`"},
		{"git log | echo /dev/stdin", "reads `-`"},
		{"git log | echo x", ""}, // its own rule, reading only
		{"git log | head *", "a file name pattern in a line of several commands"},
		{"git log | head 2>/tmp/x", "`|` can pipe"},
		{"git log | head $X", "`$` expands"},
		// lists
		{"git status && git diff --stat", ""},
		{"git status && git log | head -3 && go test ./...", ""},
		{"go vet ./... && go test ./...", ""},
		{"cargo fmt --check || true", ""},
		{"go test ./... || :", ""},
		{"git status && curl evil", "`curl evil`: no allowed rule"},
		{"npm run gen && make test", "`npm run gen`: it runs before another command"},
		{"git pull && make test", "`git pull`: it runs before another command"},
		{"make test && git status", "`make test`: it runs before another command"},
		{"go test | sort && git status", "`go test`: it runs before another command"},
		{"true && rm -rf /", "`rm -rf /`: no allowed rule"},
		{"true && true", "no allowed rule starts this line"}, // no rule approves any of it
		{"git log | head || :", ""},
		{"true && curl evil | head", "`curl evil`"},
		{"git status || curl evil", "`curl evil`"},
		{"git status && ls * ", "a file name pattern in a line of several commands"},
		{"git status; git diff", ""}, // `;` as `||`: each command on its own
		{"echo a;echo b", ""},
		{"go test; git status", "`go test`: it runs before another command"},
		{"git status; curl evil", "`curl evil`: no allowed rule"},
		{"git status; rm -rf ~", "`rm -rf ~`"},
		{"go test;", "`;` can chain commands"}, // a `;` that ends the line: as before
		{"git status & git diff", "`&` can chain commands"},
		{"(git status) && git diff", "`(` starts a subshell"},
		{"{ git status; } | head", "`{` is brace expansion"},
		{"! git status && git diff", "`!` negates"},
		{"time go test | head", "`|` can pipe"},
		{"git status && $(curl evil)", "`$` expands"},
		{"FOO=1 && go test", "`&` can chain"},
		{"GOFLAGS=-x go test | head", "GOFLAGS"},
		{strings.Repeat("git status && ", 8) + "git status", "more than 8 commands"},
		// cd needs a project to know where it goes
		{"cd pkg && go test ./...", "`cd pkg`: `cd` goes to a folder"},
	}
	for _, c := range cases {
		wantVerdict(t, c.line, CheckCommand(compoundRules, c.line, nil), c.want)
	}
}

// The verdict names the rule of each command, "" for a filter, true or cd;
// rule is the first command's.
func TestCompoundVerdictRules(t *testing.T) {
	v := CheckCommand(compoundRules, "git status && git log | head -3 && cargo fmt --check || true", nil)
	want := []string{"git status", "git log", "", "cargo fmt", ""}
	if !v.Approved || v.Rule != "git status" || !slices.Equal(v.Rules, want) {
		t.Errorf("got %+v, want approved, rule git status, rules %q", v, want)
	}
	if v := CheckCommand(nil, "git status && git diff", nil); v.Approved || v.Reason.Template != NoRule.Template {
		t.Errorf("no rules at all: %+v, want the plain no-rule reason", v)
	}
	if v := CheckCommand(compoundRules, "go test ./...", nil); v.Rules != nil {
		t.Errorf("a plain line has rules %q, want none (rule alone)", v.Rules)
	}
	// A later stage approved by its own rule, reading only: its rule.
	if v := CheckCommand([]string{"git log", "cat", "sort"}, "git log | cat go.mod", nil); !v.Approved || !slices.Equal(v.Rules, []string{"git log", "cat"}) {
		t.Errorf("git log | cat go.mod under cat: %+v", v)
	}
	// ... but not one that writes, whatever its rule says.
	wantVerdict(t, "sort -o under sort", CheckCommand([]string{"git log", "sort"}, "git log | sort -o Makefile", nil), "does more than read")
	if v := CheckCommand(compoundRules, "git status && npm run gen", nil); !v.Approved || !slices.Equal(v.Rules, []string{"git status", "npm run gen"}) {
		t.Errorf("the last command may write: %+v", v)
	}
}

// cd DIR with DIR a folder of the project (links followed) changes the
// folder the rest of the line is judged in; anywhere else it asks.
func TestCompoundCd(t *testing.T) {
	t.Setenv("CDPATH", "")
	outside := t.TempDir()
	root := fixture.LinkedProject(t, map[string]string{"out": outside, "in": "pkg"}, "pkg/go.mod", "pkg/sub/x.go", ".git/config", "file")
	pkg := filepath.Join(root, "pkg")
	rules := []string{"go test", "cat", "make", "cargo test", "git status"}
	cases := []struct {
		dir, line, want string
	}{
		{"", "cd pkg && go test ./...", ""},
		{"", "cd in && go test ./...", ""}, // a link inside
		{"", "cd pkg && cat go.mod", ""},   // judged from pkg
		{"", "cd pkg && cd sub && cat x.go", ""},
		{"", "cd " + pkg + " && go test", ""}, // absolute, inside
		{"", "cd pkg/.. && cat file", ""},
		{pkg, "cd .. && cat file", ""},
		{"", "git status && cd pkg && go test ./... 2>&1 | tail -3", ""},
		{"", "cd .. && make", "`cd ..`: `cd` goes to a folder"},
		{pkg, "cd ../.. && make", "`cd` goes to a folder"},
		{"", "cd /tmp && go test", "`cd /tmp`"},
		{"", "cd " + outside + " && go test", "`cd` goes to a folder"},
		{"", "cd out && go test", "`cd` goes to a folder"}, // a link outside
		{"", "cd .git && cat config", "`cd` goes to a folder"},
		{"", "cd missing && go test", "`cd` goes to a folder"},
		{"", "cd file && go test", "`cd` goes to a folder"}, // not a folder
		{"", `cd "$HOME" && go test`, "`$`"},
		{"", "cd ~ && go test", "`~`"},
		{"", "cd - && go test", "`cd` goes to a folder"},
		{"", "cd && go test", "`cd` goes to a folder"},
		{"", "cd -P pkg && go test", "`cd` goes to a folder"},
		{"", "cd pkg || go test", "`cd` in a line with `||`"},
		{"", "cd pkg && go test || true", "`cd` in a line with `||`"},
		{"", "cd pkg; go test", "`cd` in a line with `||` or `;`"},
		{"", "cd pkg | go test", "`cd` in a pipeline"},
		{"", "cd pkg && make && go test", "`make`: it runs before another command"},
	}
	for _, c := range cases {
		wantVerdict(t, c.dir+": "+c.line, checkIn(root, c.dir, rules, c.line), c.want)
	}
	// After cd the words are read from the new folder: ../x from pkg is
	// the root's, ../../x outside.
	wantVerdict(t, "cat ../file from pkg", checkIn(root, "", rules, "cd pkg && cat ../file"), "")
	wantVerdict(t, "cat ../../x from pkg", checkIn(root, "", rules, "cd pkg && cat ../../x"), "outside the project")
	// With CDPATH set bash may look pkg up elsewhere first.
	t.Setenv("CDPATH", outside)
	if err := os.Mkdir(filepath.Join(outside, "pkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, "CDPATH set: cd pkg", checkIn(root, "", rules, "cd pkg && go test"), "`cd` goes to a folder")
	wantVerdict(t, "CDPATH set: cd ./pkg", checkIn(root, "", rules, "cd ./pkg && go test"), "")
}

// readsStdin: every spelling of the standard input a program's words can hold.
func TestCompoundReadsStdin(t *testing.T) {
	for w, want := range map[string]bool{"-": true, "--file=-": true, "@-": true, "-f-": true, "x:-": true,
		"/dev/stdin": true, "/proc/self/fd/0": true, "--": false, "-x": false, "a-b": false, "--dry-run": false, "x": false} {
		if readsStdin(w) != want {
			t.Errorf("readsStdin(%q) = %v, want %v", w, !want, want)
		}
	}
}

// After cd the rules run what the new folder holds: a Makefile there that
// the trust did not pin asks, one pinned passes.
func TestCompoundCdDefinitions(t *testing.T) {
	t.Setenv("CDPATH", "")
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "Makefile"), "test:\n\tgo test\n", 0o644)
	fixture.Write(t, filepath.Join(root, "pkg", "Makefile"), "test:\n\tcurl x\n", 0o644)
	rules := []string{"make test", "git status"}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	p = p.WithPinned(p.AllDefinitions(rules))
	if v := NewChecker(rules).CheckIn("git status && make test", p); !v.Approved {
		t.Errorf("make test at the root, pinned: %+v", v)
	}
	if v := NewChecker(rules).CheckIn("cd pkg && make test", p); v.Approved {
		t.Errorf("cd pkg && make test runs pkg/Makefile, which the trust did not pin: %+v", v)
	}
	sub := NewProject(root, filepath.Join(root, "pkg"), projectfiles.OSGitFS(""), nil)
	q := p.WithPinned(append(p.AllDefinitions(rules), sub.AllDefinitions(rules)...))
	if v := NewChecker(rules).CheckIn("cd pkg && make test", q); !v.Approved {
		t.Errorf("cd pkg && make test with pkg/Makefile pinned: %+v", v)
	}
}

// After cd git reads the repository of the new folder: a nested one whose
// configuration runs a program asks, as `git status` run there would.
func TestCompoundCdGitRepository(t *testing.T) {
	t.Setenv("CDPATH", "")
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "sub", ".git", "config"), "[core]\n\tfsmonitor = ./evil\n", 0o644)
	fixture.Write(t, filepath.Join(root, "sub", ".git", "HEAD"), "ref: refs/heads/main\n", 0o644)
	fixture.Write(t, filepath.Join(root, "other", "x"), "x", 0o644)
	rules := []string{"git status"}
	wantVerdict(t, "cd other && git status", checkIn(root, "", rules, "cd other && git status"), "")
	if v := checkIn(root, "", rules, "cd sub && git status"); v.Approved || !strings.Contains(v.Reason.String(), "fsmonitor") {
		t.Errorf("cd sub && git status in a repository whose config runs a program: %+v", v)
	}
	if v := checkIn(root, filepath.Join(root, "sub"), rules, "git status"); v.Approved {
		t.Errorf("git status run in sub: %+v (the test's premise)", v)
	}
}
