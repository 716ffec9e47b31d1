// SPDX-License-Identifier: Apache-2.0

package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// QuotedWords: refused characters pass only inside quotes that make them
// literal, and the words holding them are marked with what they hold;
// every other line gets the character check's answer, as before.
func TestQuotedWords(t *testing.T) {
	type want struct {
		words []string
		marks map[int]string // by index in words
	}
	ok := []struct {
		line string
		want want
	}{
		{"go test -run 'A|B'", want{[]string{"go", "test", "-run", "A|B"}, map[int]string{3: "|"}}},
		{`go test -run "A|B" .`, want{[]string{"go", "test", "-run", "A|B", "."}, map[int]string{3: "|"}}},
		{"git log --format='%h %s'", want{[]string{"git", "log", "--format=%h %s"}, map[int]string{2: "%"}}},
		{`echo "it's (a) & b" 'c;d'`, want{[]string{"echo", "it's (a) & b", "c;d"}, map[int]string{1: "&()", 2: ";"}}},
		{`x 'a$b' '` + "`id`" + `' 'a\b' 'a!b'`, want{[]string{"x", "a$b", "`id`", `a\b`, "a!b"}, map[int]string{1: "$", 2: "`", 3: `\`, 4: "!"}}},
		{`x "~/*?[]{}#%^<>"`, want{[]string{"x", "~/*?[]{}#%^<>"}, map[int]string{1: "#%*<>?[]^{}~"}}},
		{"go test ./...", want{[]string{"go", "test", "./..."}, nil}},
		// bash reads ^ and a word's final $ literally without quotes too
		{"go test -run=^$ ./...", want{[]string{"go", "test", "-run=^$", "./..."}, map[int]string{2: "$^"}}},
		{"go test -run ^TestA$", want{[]string{"go", "test", "-run", "^TestA$"}, map[int]string{3: "$^"}}},
		{"x a$ b", want{[]string{"x", "a$", "b"}, map[int]string{1: "$"}}},
		// and a # inside a word: a comment starts only at a word's start
		{"nix run .#lint", want{[]string{"nix", "run", ".#lint"}, map[int]string{2: "#"}}},
		{"git log --grep=issue#12", want{[]string{"git", "log", "--grep=issue#12"}, map[int]string{2: "#"}}},
		{"x a## 'b'#c", want{[]string{"x", "a##", "b#c"}, map[int]string{1: "#", 2: "#"}}},
		// a ! inside a word: bash -c reads it literally
		{"pnpm --filter=!docs i", want{[]string{"pnpm", "--filter=!docs", "i"}, map[int]string{1: "!"}}},
		{"x a!b 'c'!d", want{[]string{"x", "a!b", "c!d"}, map[int]string{1: "!", 2: "!"}}},
	}
	for _, c := range ok {
		words, q, reason := QuotedWords(c.line)
		if !reason.IsZero() {
			t.Errorf("QuotedWords(%q) asks: %s", c.line, reason)
			continue
		}
		if !slices.Equal(words, c.want.words) {
			t.Errorf("QuotedWords(%q) = %q, want %q", c.line, words, c.want.words)
		}
		got := map[int]string{}
		for at, chars := range q.At {
			got[len(words)-at] = chars
		}
		if len(got) != len(c.want.marks) {
			t.Errorf("QuotedWords(%q) marks %v, want %v", c.line, got, c.want.marks)
		}
		for i, chars := range c.want.marks {
			if got[i] != chars {
				t.Errorf("QuotedWords(%q) marks word %d with %q, want %q", c.line, i, got[i], chars)
			}
		}
	}
	// Each asks with the character check's reason for the line, as before.
	asks := []string{
		"go test -run A|B",             // unquoted
		"go test -run=^$X",             // $ before a name expands it
		"go test -run x #y",            // a comment: # at a word's start
		"go test #x",                   // a comment
		"#x go test",                   // a comment first
		"go test -run=a$'b'",           // $'…' decodes escapes
		"go test -run=a$\"b\"",         // $"…" is translated
		"go test -run=${X^}",           // a case-changing expansion
		`go test -run "$X"`,            // $ in double quotes
		"go test -run \"`id`\"",        // backquote in double quotes
		`go test -run "a\b"`,           // backslash in double quotes
		`go test -run "a!b"`,           // ! in double quotes
		"go test -run $'a|b'",          // $'…' decodes escapes
		`go test -run $"a|b"`,          // $"…" is translated
		"go test -run 'a\tb'",          // a tab, even quoted
		"go test -run 'a\nb'",          // a newline, even quoted
		"go test -run 'a\rb'",          // a carriage return, even quoted
		"go test -run 'é|b'",           // non-ASCII, even quoted
		"go test -run 'a\x01b'",        // a control character, even quoted
		"go test -run 'a|b",            // unbalanced
		"go test -run 'a|b' ; id",      // a second command
		"go test -run 'a|b' > out",     // a redirection
		"X='a|b' go test",              // an assignment
		"go test -run 'a|b'' '|b",      // a quote closed early
		"go test -run 'a|b' & ",        // background
		"go test -run 'a|b' # x",       // a comment
		"go test -run \"a'|'b\"$(id)",  // a substitution after the quotes
		"go test -run 'a|b'\"$(id)\"",  // a substitution in a second part
		"go test -run a'|'b\\ c",       // an escape outside quotes
		"go test -run '~'~",            // a tilde outside quotes
		"go test -run \"a|b\"'c'{x,y}", // brace expansion outside quotes
		"x !a",                         // ! at a word's start
		"! x",                          // ! negates the pipeline
		"x a && ! y",                   // ! negates the second command
		"x a!$b",                       // ! before an expansion
		"x a!(b)",                      // an extended pattern's parenthesis
		"date +%Y",                     // a bare %: refused (the hostile corpus)
		"go test -run '" + strings.Repeat("a", MaxLineLength) + "|'", // too long
	}
	for _, line := range asks {
		words, q, reason := QuotedWords(line)
		if reason.IsZero() {
			t.Errorf("QuotedWords(%q) = %q %v, want it to ask", line, words, q.At)
			continue
		}
		_, strict := Words(line)
		if reason.String() != strict.String() {
			t.Errorf("QuotedWords(%q) asks %q, want the character check's %q", line, reason, strict)
		}
	}
}
