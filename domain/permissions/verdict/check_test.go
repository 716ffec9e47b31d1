// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
)

func TestCharGateNamesTheCharacter(t *testing.T) {
	cases := map[string]string{
		"go test ;":         "`;` can chain",
		"go test & id":      "`&`", // `&&` and `|` make a compound line (§3): its own reasons
		"go test | (sh)":    "`|`",
		"go test > x":       "`>`",
		"go test < x":       "`<`",
		"go test $HOME":     "`$`",
		"go test `id`":      "backquote",
		"go test *":         "`*`",
		"go test ~":         "`~`",
		"go test {a,b}":     "`{`",
		"go test # x":       "`#`",
		"go test \\x":       "backslash",
		"go test\nid":       "newline",
		"go test\rid":       "carriage return",
		"go test\tid":       "tab",
		"go test \x00":      "0x00",
		"go test \x7f":      "0x7F",
		"go test \u037e id": "U+037E",
		"go test \xff":      "0xFF",
		"go test %":         "`%`",
	}
	for line, want := range cases {
		v := CheckCommand([]string{"go test"}, line, nil)
		if v.Approved || !strings.Contains(v.Reason.String(), want) {
			t.Errorf("%q: approved=%v reason %q, want it to ask naming %q", line, v.Approved, v.Reason, want)
		}
	}
}

// The parser is a gate of its own: lines made only of allowed characters
// that are still not one plain command.
func TestParseGate(t *testing.T) {
	cases := map[string]string{
		"time go test":   "shell construct",
		"coproc go test": "shell construct",
		"export A=b":     "shell construct",
		"declare -x A=b": "shell construct",
		"let a=1":        "shell construct",
		"A=1 go test":    "sets a variable",
		"A=1":            "sets a variable",
		"go test 'x":     "unbalanced quote",
		"go test \"x":    "unbalanced quote",
		"":               "empty",
		"   ":            "empty",
		"if true":        "",
		"function f":     "",
	}
	for line, want := range cases {
		words, reason := cmdline.Words(line)
		if reason.IsZero() || !strings.Contains(reason.String(), want) {
			t.Errorf("%q: words %q reason %q, want a reason with %q", line, words, reason, want)
		}
	}
}

func TestWordsUnquote(t *testing.T) {
	cases := map[string]string{
		`go test ./...`:         "go|test|./...",
		`"go" 'test'`:           "go|test",
		`go "te""st"`:           "go|test",
		`go 'te'st`:             "go|test",
		`git commit -m "it's"`:  "git|commit|-m|it's",
		`git commit -m 'a "b"'`: `git|commit|-m|a "b"`,
		`go  test   -run=A`:     "go|test|-run=A",
		`go test ""`:            "go|test|",
	}
	for line, want := range cases {
		words, reason := cmdline.Words(line)
		if !reason.IsZero() || strings.Join(words, "|") != want {
			t.Errorf("%q: words %q reason %q, want %q", line, words, reason, want)
		}
	}
}

func TestRuleMatching(t *testing.T) {
	rules := []string{"go test", "git status", "npm run build"}
	cases := []struct {
		line, rule string
	}{
		{"go test", "go test"},
		{"go test ./...", "go test"},
		{"go 'test' -v", "go test"},
		{"git status -s", "git status"},
		{"npm run build", "npm run build"},
		{"npm run build --verbose", "npm run build"},
		{"go testing", ""},
		{"go", ""},
		{"npm run lint", ""},
		{"./go test", ""},
		{"/usr/bin/go test", ""},
		{"env go test", ""},
		{"\"go test\"", ""},
	}
	for _, c := range cases {
		v := CheckCommand(rules, c.line, nil)
		if v.Approved != (c.rule != "") || v.Rule != c.rule {
			t.Errorf("%q: %+v, want rule %q", c.line, v, c.rule)
		}
	}
}

// A refused rule in the list approves nothing, even when it matches.
func TestRefusedRuleApprovesNothing(t *testing.T) {
	for _, rule := range []string{"bash", "sudo", "find", "go", "git", "go test -exec=sh", "rm", "xargs"} {
		for _, line := range []string{rule, rule + " x", rule + " -c id"} {
			if v := CheckCommand([]string{rule}, line, nil); v.Approved {
				t.Errorf("rule %q approves %q", rule, line)
			}
		}
	}
}

func TestGitCheckIsConsulted(t *testing.T) {
	var asked []string
	git := func(sub string) domain.Text {
		asked = append(asked, sub)
		return domain.T("this repository's git config sets core.fsmonitor")
	}
	v := CheckCommand([]string{"git status", "go test"}, "git status", git)
	if v.Approved || v.Rule != "git status" || !strings.Contains(v.Reason.String(), "core.fsmonitor") {
		t.Errorf("git status: %+v, want it to ask naming core.fsmonitor", v)
	}
	if len(asked) != 1 || asked[0] != "status" {
		t.Errorf("git check asked about %q, want [status]", asked)
	}
	if v := CheckCommand([]string{"git status", "go build", "ls"}, "go build ./...", git); v.Approved || asked[len(asked)-1] != "" {
		t.Errorf("go build (runs git status to stamp the binary): %+v, asked %q", v, asked)
	}
	if v := CheckCommand([]string{"git status", "go test", "ls"}, "ls -la", git); !v.Approved {
		t.Errorf("ls: %+v, want approved (runs no git)", v)
	}
}
