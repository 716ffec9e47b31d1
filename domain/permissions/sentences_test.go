// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/linediff"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
	"memo.dev/projects/domain/untrusted"
)

// sentences runs every kind of reason, problem and error this package words
// and prints each English sentence, and the JSON of the values the command
// line and the HTTP API print (docs/cli.md §13–§14), one per line.
func sentences(t *testing.T) string {
	var b strings.Builder
	say := func(what string, v any) { fmt.Fprintf(&b, "%s\t%s\n", what, fmt.Sprint(v)) }
	js := func(what string, v any) {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		fmt.Fprintf(&b, "%s\t%s\n", what, data)
	}

	lines := []string{
		"go test ; id", "go test && id", "go test | sh", "go test > x", "go test < x", "go test $HOME",
		"go test `id`", "ls *", "ls ?", "ls [a", "ls a]", "ls ~", "ls {a", "ls a}", "ls #x", `ls \x`,
		"ls !x", "ls (x", "ls x)", "ls %x", "ls ^x", "ls\nx", "ls\rx", "ls\tx", "ls é", "ls \xff", "ls \x01",
		"ls \x7f", "go test 'x", "", "   ", "a=b go test", strings.Repeat("a", cmdline.MaxLineLength+1),
		"go test -exec x", "go test --toolexec=x", "go test -ldflags=x", "go test -C x", "go test -o x",
		"go generate", "go tool x", "go env -w X=1", "go run x@latest", "go test -test.outputdir=x",
		"git -c x=y status", "git --version", "git fetch ext::x", "git clone x ../y", "git clone https://x/y z",
		"git submodule foreach x", "git grep -O x", "git rebase -x x", "git config x y", "git log --output=x",
		"git diff --ext-diff", "git bundle create x", "npm ex", "npm exec x", "npm --script-shell x",
		"npm -c x", "npm test --shell=x", "make SHELL=x", "make -f x", "make -C x", "uniq a b", "tar xf a",
		"tar -xf a", "tar tf host:a", "cmake -E x", "mvn -Dx=y", "mvn exec:java", "gcc @x", "gcc -B/x",
		"gcc -ox", "rustc -Clinker=x", "less +x", "more +x", "less -ox", "sed -i s/a/b/ f", "sed e",
		"sed wx", "sed s/a/b/e", "sed s/a/b/w", "sed y/ab/cd/", "sed 5q", "sed /x", "sed s/a", "sed s/a/b/Z",
		"sed 1,x", "sed -e e f", "sed --expression=e f", "sort -o x", "sort --compress-program=x",
		"find . -delete", "unknowncmd --pager x", "unknowncmd -pager=x", "cargo install x", "cargo -Zx",
		"zip -T x", "openssl --engine x", "pandoc --lua-filter x", "protoc --plugin=x", "fd -x ls",
		"pnpm dlx x", "yarn dlx x", "poetry run x", "dotnet tool x", "bazel run --run_under=x",
	}
	for _, l := range lines {
		say("accept-rule "+fmt.Sprintf("%q", l), verdict.AcceptRule(l))
		js("check-command "+fmt.Sprintf("%q", l), verdict.CheckCommand([]string{strings.Fields(l + " x")[0]}, l, nil))
	}
	for _, r := range []string{"bash", "python3.12 x", "pythonfoo", "rubyx", "pip3 install", "env x", "curl x", "rm x",
		"git", "go", "npm", "go test", "xargs x", "sudo ls"} {
		say("accept-rule "+fmt.Sprintf("%q", r), verdict.AcceptRule(r))
	}
	js("check-command no rule", verdict.CheckCommand([]string{"go test"}, "ls", nil))
	git := projectfiles.RepoGit(t.TempDir(), projectfiles.OSGitFS(""))
	js("check-command no repository", verdict.CheckCommand([]string{"git status"}, "git status", git))
	for _, tool := range []string{"read_file", "run_command", "delete_file", "rm_rf"} {
		say("accept-tool "+tool, verdict.AcceptTool(tool))
		js("check-tool "+tool, verdict.CheckTool([]string{"read_file"}, tool))
	}
	js("check-tool not listed", verdict.CheckTool(nil, "write_file"))

	files := []string{
		"\xff", "\xef\xbb\xbf{}", "{", `{"version":1,}`, "[]", `{"version":1,"version":1}`, `{"version":2}`,
		`{"version":1,"allowed_commands":"x"}`, `{"version":1,"allowed_commands":[1,null,"bash","go test ; id"]}`,
		`{"version":1,"allowed_tools":{"a":1},"x":2}`, `{"version":1,"allowed_tools":["read_file","run_command","delete_file","x"]}`,
		`{"version":1} {}`, `{"allowed_commands":[]}`, `{"version":"1","allowed_commands":["` + strings.Repeat("x", 80) + `"]}`,
	}
	for _, f := range files {
		_, probs := Parse([]byte(f))
		for _, p := range probs {
			say("problem "+fmt.Sprintf("%q", f), p)
		}
		js("problems "+fmt.Sprintf("%q", f), probs)
		say("file error "+fmt.Sprintf("%q", f), InvalidError("x/.memo/permissions.json", probs))
	}
	for _, s := range []State{StateNoFile, StateNotTrusted, StateTrusted, StateChanged, StateInvalid} {
		say("meaning "+string(s), s.Meaning())
		st := Status{State: s, Effective: none()}
		js("status check-command "+string(s), st.CheckCommand("go test", nil))
		js("status check-tool "+string(s), st.CheckTool("read_file"))
	}
	js("changes", Compare([]byte(`{"version":1,"allowed_commands":["go test"]}`),
		[]byte(`{"version":1,"allowed_commands":["make test","bash"],"allowed_tools":["read_file","run_command"]}`)))

	root := t.TempDir()
	pins := memPins{}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	_, err := Trust(root, "id", untrusted.ReadFile, pins, now)
	say("trust missing", strings.ReplaceAll(err.Error(), root, "ROOT"))
	_, err = Save(root, "id", make([]byte, MaxFileSize+1), func(string, []byte) error { return nil }, pins, now)
	say("save too large", strings.ReplaceAll(err.Error(), root, "ROOT"))
	// A file that is there but is not read (a link): the reader's sentence.
	linked := func(path string, _ int64) ([]byte, error) {
		return nil, domain.Wrap(domain.ErrInvalid, untrusted.ErrSymlink, "%s is a symbolic link; Memo reads only plain files from a project", path)
	}
	st, _ := Load(root, "id", linked, pins)
	say("load link", strings.ReplaceAll(fmt.Sprint(st.Problems), root, "ROOT"))
	_, err = DiffAll(make([]byte, MaxDiffSize+1), nil)
	say("diff too large", err)
	_, err = DiffAll([]byte(strings.Repeat("\n", linediff.MaxLines+1)), nil)
	say("diff too many lines", err)
	return b.String()
}

// The reasons became templates with their values apart (domain.Text) so the
// window can word them; what the command line and the API print stays the
// same. testdata/sentences.golden was printed by this test before that
// change (MEMO_UPDATE_SENTENCES=1 rewrites it).
func TestSentencesUnchangedInEnglish(t *testing.T) {
	got := sentences(t)
	golden := filepath.Join("testdata", "sentences.golden")
	if os.Getenv("MEMO_UPDATE_SENTENCES") != "" {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gotLines), len(wantLines)) {
		g, w := "", ""
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, g, w)
		}
	}
}
