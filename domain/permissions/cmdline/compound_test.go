// SPDX-License-Identifier: Apache-2.0

package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// SplitCompound reads a line with bash's grammar into its commands, each a
// plain line of its own; what it does not read stays no compound line (it
// is judged as before, and asks).
func TestSplitCompound(t *testing.T) {
	reads := []struct {
		line     string
		commands []string
		stages   []int
		andOnly  bool
	}{
		{"go test ./... 2>&1 | tail -20", []string{"go test ./...", "tail -20"}, []int{0, 1}, true},
		{"git log --oneline | head -5", []string{"git log --oneline", "head -5"}, []int{0, 1}, true},
		{"go build ./... 2>/dev/null", []string{"go build ./..."}, []int{0}, true},
		{"make test > /dev/null", []string{"make test"}, []int{0}, true},
		{"make test &>/dev/null </dev/null", []string{"make test"}, []int{0}, true},
		{"make test >>/dev/null 2>/dev/null", []string{"make test"}, []int{0}, true},
		{"git status && git diff --stat", []string{"git status", "git diff --stat"}, []int{0, 0}, true},
		{"cargo fmt --check || true", []string{"cargo fmt --check", "true"}, []int{0, 0}, false},
		{"cd pkg && go test ./...", []string{"cd pkg", "go test ./..."}, []int{0, 0}, true},
		{"go test |& tail", []string{"go test", "tail"}, []int{0, 1}, true},
		{"go test -run 'A|B' 2>&1|grep -E 'x|y'", []string{"go test -run 'A|B'", "grep -E 'x|y'"}, []int{0, 1}, true},
		{"go test 2>&1 ./x | head", []string{"go test ./x", "head"}, []int{0, 1}, true},
		{"go test 2>&1", []string{"go test"}, []int{0}, true},
		{"cat go.mod >&2", []string{"cat go.mod"}, []int{0}, true},
		{"echo a;echo b", []string{"echo a", "echo b"}, []int{0, 0}, false},
		{"git status; git diff && git log", []string{"git status", "git diff", "git log"}, []int{0, 0, 0}, false},
		{"GOOS=linux go build && git log | sort | head -3", []string{"GOOS=linux go build", "git log", "sort", "head -3"}, []int{0, 0, 1, 2}, true},
		{"go test >&2 | head", []string{"go test", "head"}, []int{0, 1}, true},
		{"2>/dev/null git status&&git diff|head", []string{"git status", "git diff", "head"}, []int{0, 0, 1}, true},
		{"git status 2>/dev/null && git diff", []string{"git status", "git diff"}, []int{0, 0}, true},
	}
	for _, c := range reads {
		cl, ok, reason := SplitCompound(c.line)
		if !ok || !reason.IsZero() {
			t.Errorf("SplitCompound(%q): ok=%v %s, want it read", c.line, ok, reason)
			continue
		}
		var lines []string
		var stages []int
		for _, cmd := range cl.Commands {
			lines, stages = append(lines, cmd.Line), append(stages, cmd.Stage)
		}
		if !slices.Equal(lines, c.commands) || !slices.Equal(stages, c.stages) || cl.AndOnly != c.andOnly {
			t.Errorf("SplitCompound(%q) = %q %v and-only=%v, want %q %v %v", c.line, lines, stages, cl.AndOnly, c.commands, c.stages, c.andOnly)
		}
	}
	// Not read as a compound line: judged as before (the character check asks).
	for _, line := range []string{
		"go test", "go test -run 'A|B'", // one plain command
		"go test;", "go test; ;", "; go test", // a `;` that ends or starts the line
		"go test >&3", "go test 3>&1 | head", "go test 3> out.txt", "go test 3< go.mod", "go test {fd}> x",
		"go test 2>&- | head", "go test >& /dev/null", "go test >& out.txt", "go test <> /dev/null", "go test <> x",
		"go test >'/dev/null'", "go test > \"a b\"", "go test > 'x'", "go test > $X", "go test > ${X}",
		"go test > ~/.bashrc", "go test > x*", "go test > x?", "go test > [x]", "go test > {a,b}", "go test > x\\y",
		"go test <&3", "go test < <(x)", "go test > x#y", "cat <<EOF\nx\nEOF", "cat <<< x", "diff <(a) <(b)", "go test > >(sh)",
		"go test &", "go test & curl x", "(go test) | head", "{ go test; } | head", "go test | (head)",
		"! go test", "time go test", "coproc go test", "f() { x; } && f", "FOO=1 && go test", "> /dev/null",
		"go test | head # x", "go test |\nhead", "go test\t| head", "go test | head\r", "if x; then y; fi | head",
		"[[ -f x ]] && go test", "((1)) && go test", "declare x && go test", "go test | ",
	} {
		if cl, ok, _ := SplitCompound(line); ok {
			t.Errorf("SplitCompound(%q) read it as %+v, want no compound line", line, cl.Commands)
		}
	}
	// Redirections to or from a file are read for the checker, which
	// judges each target (verdict.checkFiles).
	files := []struct {
		line string
		want []FileRedirect
	}{
		{"go test 2>/tmp/x", []FileRedirect{{"2>", "/tmp/x", true}}},
		{"go test > out.txt", []FileRedirect{{">", "out.txt", true}}},
		{"go test >>out.txt 2>&1", []FileRedirect{{">>", "out.txt", true}}},
		{"go test 1>out.txt 2>err.txt", []FileRedirect{{"1>", "out.txt", true}, {"2>", "err.txt", true}}},
		{"go test &> out.txt", []FileRedirect{{"&>", "out.txt", true}}},
		{"go test &>> out.txt", []FileRedirect{{"&>>", "out.txt", true}}},
		{"go test >| /dev/null", []FileRedirect{{">|", "/dev/null", true}}},
		{"go test >.git/hooks/pre-commit", []FileRedirect{{">", ".git/hooks/pre-commit", true}}},
		{"go test > /dev/null2", []FileRedirect{{">", "/dev/null2", true}}},
		{"go test > /dev/./null", []FileRedirect{{">", "/dev/./null", true}}},
		{"go test < go.mod", []FileRedirect{{"<", "go.mod", false}}},
		{"go test 0</dev/tcp/x/1", []FileRedirect{{"0<", "/dev/tcp/x/1", false}}},
		{"> out.txt go test", []FileRedirect{{">", "out.txt", true}}},
	}
	for _, c := range files {
		cl, ok, _ := SplitCompound(c.line)
		if !ok || len(cl.Commands) != 1 || !slices.Equal(cl.Commands[0].Files, c.want) || cl.Commands[0].Line != "go test" {
			t.Errorf("SplitCompound(%q) = %+v %v, want go test with %+v", c.line, cl.Commands, ok, c.want)
		}
	}
	// More than MaxCommands asks as a whole.
	long := strings.Repeat("git status && ", MaxCommands) + "git status"
	if _, ok, reason := SplitCompound(long); !ok || reason.IsZero() {
		t.Errorf("%d commands: ok=%v %q, want it to ask", MaxCommands+1, ok, reason)
	}
}

// Each command of a compound line is a line that splits into the same
// words bash gives that command (its words' own text, joined by spaces).
func TestCompoundCommandsKeepTheirWords(t *testing.T) {
	cl, ok, _ := SplitCompound(`go test -run "A B" 'x|y' 2>&1 | grep -e 'a b' "c"d`)
	if !ok {
		t.Fatal("not read")
	}
	want := [][]string{{"go", "test", "-run", "A B", "x|y"}, {"grep", "-e", "a b", "cd"}}
	for i, cmd := range cl.Commands {
		words, _, reason := QuotedWords(cmd.Line)
		if !reason.IsZero() || !slices.Equal(words, want[i]) {
			t.Errorf("command %d %q: %q %s, want %q", i, cmd.Line, words, reason, want[i])
		}
	}
}
