// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// Any word naming a path outside the project, or inside its .git or .memo
// folder, asks: operands, option values (glued or not), name=value, @file,
// after `--`.
func TestPathsOnTheirWords(t *testing.T) {
	asks := map[string][]string{
		"cat":         {"cat /etc/passwd", "cat ../x", "cat a/../../x", "cat .git/config", "cat sub/.GIT/config", "cat .memo/permissions.json", "cat .git./config"},
		"go test":     {"go test -coverprofile=/tmp/x", "go test -coverprofile /tmp/x", "go test -cpuprofile=../x", "go test -o .git/hooks/pre-commit"},
		"go build":    {"go build -o ../bin/x", "go build -o /usr/local/bin/x"},
		"sort":        {"sort -o /tmp/x f", "sort -o/tmp/x f", "sort -T /tmp f"},
		"mytool":      {"mytool @/etc/args", "mytool x=/etc/passwd", "mytool -- /etc/x", "mytool HEAD:../x"},
		"pytest":      {"pytest --junitxml=/tmp/j.xml", "pytest --confcutdir=/tmp", "pytest --rootdir=.."},
		"git log":     {"git log -L1,2:/etc/passwd", "git log -- --output=/tmp/x", "git log -- ../other"},
		"cargo build": {"cargo build --manifest-path=/tmp/Cargo.toml", "cargo build --target-dir /tmp/t"},
		"git clone":   {"git clone file:///home/u/secret repo", "git clone https://x/y /tmp/y"},
	}
	for rule, lines := range asks {
		for _, l := range lines {
			v := CheckCommand([]string{rule}, l, nil)
			if v.Approved || !strings.Contains(v.Reason.String(), "names a path") && !strings.Contains(v.Reason.String(), "outside the project") {
				t.Errorf("%q: approved=%v %q, want it to ask naming a path", l, v.Approved, v.Reason)
			}
		}
	}
	for rule, line := range map[string]string{
		"cat": "cat ok/file .gitignore .github/x", "go test": "go test -coverprofile=coverage.out ./...",
		"go build": "go build -o bin/app ./cmd/app", "sort": "sort -o out.txt in.txt", "git log": "git log -- src/",
		"git show": "git show HEAD:go.mod", "git diff": "git diff main..feature", "ls": "ls a/b/../c ./x",
	} {
		approves(t, []string{rule}, line)
	}
}

// A quoted value a program splits into a list names each of its parts: a
// second path in it is checked as the first is.
func TestPathsInAListValue(t *testing.T) {
	for _, tc := range []struct{ rule, line, want string }{
		{"go test", "go test -coverpkg=./a,./b ./...", ""},
		{"pytest", "pytest -o 'markers=slow: marks the slow tests'", ""},
		{"pytest", "pytest --ignore=tests/a,tests/b", ""},
		{"mytool", "mytool 'src /etc'", "outside the project"},
		{"go test", "go test -coverpkg './... ../x'", "outside the project"},
		{"mytool", "mytool src,/etc", "outside the project"},
		{"mytool", "mytool 'a .git/hooks'", "names a path"},
		{"mytool", "mytool x='src /tmp/y'", "outside the project"},
		{"pytest", "pytest --ignore=tests/a,/etc", "outside the project"},
		{"pytest", "pytest --deselect 'tests/a /tmp/x'", "outside the project"},
	} {
		v := CheckCommand([]string{tc.rule}, tc.line, nil)
		wantVerdict(t, fmt.Sprintf("%q", tc.line), v, tc.want)
	}
}

// wantVerdict checks a verdict against a table's want: "" approved, else
// a part of the reason it asks with. what names the line in a failure.
func wantVerdict(t *testing.T, what string, v Verdict, want string) {
	t.Helper()
	switch {
	case want == "" && !v.Approved:
		t.Errorf("%s asks (%s), want it approved", what, v.Reason)
	case want != "" && v.Approved:
		t.Errorf("%s is approved, want it to ask (%s)", what, want)
	case want != "" && !strings.Contains(v.Reason.String(), want):
		t.Errorf("%s asks with %q, want %q", what, v.Reason, want)
	}
}

func checkIn(root, dir string, rules []string, line string) Verdict {
	return NewChecker(rules).CheckIn(line, NewProject(root, dir, projectfiles.OSGitFS(""), nil))
}

// In a project, a path is resolved through the links it holds, dangling or
// chained, relative or absolute, from the line's folder.
func TestPathsThroughLinks(t *testing.T) {
	outside := t.TempDir()
	root := fixture.LinkedProject(t, map[string]string{
		"out":     outside,
		"dl":      filepath.Join(outside, "missing", "x"),
		"in":      "sub",
		"up":      "../..",
		"gitlink": ".git",
		"a":       "b",
		"b":       outside,
		"loop1":   "loop2",
		"loop2":   "loop1",
		"sub/abs": "ABS",
	}, "sub/f", ".git/config", "file")
	// An absolute link back into the project is inside.
	os.Remove(filepath.Join(root, "sub", "abs"))
	if err := os.Symlink(filepath.Join(root, "sub"), filepath.Join(root, "sub", "abs")); err != nil {
		t.Fatal(err)
	}
	rules := []string{"cat", "go build", "sort"}
	for _, line := range []string{"cat out/x", "go build -o out/bin", "go build -o dl", "cat up/etc/passwd",
		"cat a/x", "cat loop1/x", "sort -o dl f"} {
		if v := checkIn(root, "", rules, line); v.Approved || !strings.Contains(v.Reason.String(), "outside the project") {
			t.Errorf("%q: %+v, want it to ask (outside through a link)", line, v)
		}
	}
	if v := checkIn(root, "", rules, "cat gitlink/config"); v.Approved || !strings.Contains(v.Reason.String(), ".git or .memo") {
		t.Errorf("a link to .git: %+v", v)
	}
	for _, line := range []string{"cat in/f", "cat sub/abs/f", "cat file", "go build -o newdir/bin"} {
		if v := checkIn(root, "", rules, line); !v.Approved {
			t.Errorf("%q: %+v, want it approved (inside)", line, v)
		}
	}
	// From a subfolder, .. is still inside the project; twice is not.
	sub := filepath.Join(root, "sub")
	if v := checkIn(root, sub, rules, "cat ../file"); !v.Approved {
		t.Errorf("cat ../file from sub: %+v", v)
	}
	if v := checkIn(root, sub, rules, "cat ../../x"); v.Approved {
		t.Errorf("cat ../../x from sub: %+v", v)
	}
	if runtime.GOOS != "windows" {
		if v := checkIn(root, "", rules, "cat "+filepath.Join(root, "file")); !v.Approved {
			t.Errorf("an absolute path inside: %+v", v)
		}
	}
}

// A URL or host:path the program would send to asks unless it is one of
// the repository's remotes; fetching stays approved.
func TestDestinations(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig) // origin = https://example.com/x.git
	rules := []string{"git push", "git clone", "git fetch", "git pull", "git show", "tar", "mytool", "git ls-remote"}
	for _, line := range []string{"git push", "git push origin main", "git push https://example.com/x.git main",
		"git push origin HEAD:refs/heads/x", "git clone https://example.com/x.git", "git fetch https://example.com/x",
		"git pull origin main", "git show HEAD:go.mod", "tar -tf a.tar", "git ls-remote origin"} {
		if v := checkIn(root, "", rules, line); !v.Approved {
			t.Errorf("%q: %+v, want it approved", line, v)
		}
	}
	for _, line := range []string{"git push https://elsewhere/x.git", "git push git@evil.com:x/y main",
		"git clone https://github.com/x/y", "git fetch https://elsewhere/x", "git pull https://elsewhere/x main",
		"git ls-remote https://e/x",
		"tar -tf host:a.tar", "tar --file=host:a.tar -t", "tar -t -f user@host:/a.tar", "mytool https://example.org/x",
		"mytool to=https://example.org/x"} {
		v := checkIn(root, "", rules, line)
		if v.Approved || !(strings.Contains(v.Reason.String(), "not one of the repository's remotes") || strings.Contains(v.Reason.String(), "remote")) {
			t.Errorf("%q: %+v, want it to ask naming the destination", line, v)
		}
	}
	// Without a project the remotes are unknown: a URL push asks.
	asksNaming(t, []string{"git push"}, "git push https://example.com/x.git", "not one of the repository's remotes")
	asksNaming(t, []string{"git push"}, "git push --repo=https://e/x", "not one of the repository's remotes")
}
