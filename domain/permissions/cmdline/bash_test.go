// SPDX-License-Identifier: Apache-2.0

//go:build unix

// bash is a Unix program (a Windows machine has none on PATH, Git's is off it
// by default); the word splitting compared here is the same on every system,
// so checking it where bash is found covers Windows too.

package cmdline

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// The words Memo matches are the words bash runs: every corpus and table line
// the checker reads as one plain command is handed to bash as the arguments
// of a function that prints them.
func TestWordsMatchBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to compare word splitting: ", err)
	}
	lines := []string{`a "b c" 'd e' f""g ''h "i'j" 'k"l' -m=n,o@p+q:r/s.t_u`}
	lines = append(lines, corpusLines(t)...)
	n := 0
	for _, line := range lines {
		words, reason := Words(line)
		if !reason.IsZero() {
			continue
		}
		n++
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `f() { printf '%s\0' "$@"; }; f `+line)
		cmd.Env = []string{"PATH=/nonexistent"}
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash on %q: %v", line, err)
			continue
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		if strings.Join(got, "\x01") != strings.Join(words, "\x01") {
			t.Errorf("%q: Memo reads %q, bash %q", line, words, got)
		}
	}
	if n < 100 {
		t.Errorf("only %d lines compared", n)
	}
}

// corpusLines are the quoted lines of the checker's corpus
// (verdict/testdata/corpus.txt: `verb "<Go-quoted text>"  # family`).
func corpusLines(t *testing.T) []string {
	f, err := os.Open("../verdict/testdata/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		_, rest, _ := strings.Cut(line, " ")
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			t.Fatalf("corpus line %q: %v", line, err)
		}
		text, _ := strconv.Unquote(q)
		out = append(out, text)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// The characters bash -c reads literally without quotes (bareLiteral: `^`,
// a final `$`, `~` and `#` and `!` inside a word) are read as bash reads
// them: the words QuotedWords returns are the words bash runs.
func TestBareLiteralsMatchBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to compare word splitting: ", err)
	}
	lines := []string{
		"pnpm --filter=!docs i", "x a!b c!! d!1 e!-1 f!x!y", "x --filter=!./a/b 'q'!r",
		"x HEAD~1 a#b -run=^$ a^b",
	}
	for _, line := range lines {
		words, _, reason := QuotedWords(line)
		if !reason.IsZero() {
			t.Errorf("QuotedWords(%q) asks: %s", line, reason)
			continue
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `f() { printf '%s\0' "$@"; }; f `+line)
		cmd.Env = []string{"PATH=/nonexistent", "HOME=/home/x"}
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash on %q: %v", line, err)
			continue
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		if strings.Join(got, "\x01") != strings.Join(words, "\x01") {
			t.Errorf("%q: Memo reads %q, bash %q", line, words, got)
		}
	}
}
