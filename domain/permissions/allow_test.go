// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/verdict"
)

// TestProposeRule: the rule proposed for a line is the line's own words,
// quoted so they read back the same; it is accepted, approves the line,
// and approves neither the line without its last word nor the line with
// its last word replaced (a wider neighbour).
func TestProposeRule(t *testing.T) {
	for _, tc := range []struct{ line, rule string }{
		{"go test ./...", "go test ./..."},
		{"go test -run TestParse -count=1 ./domain/...", "go test -run TestParse -count=1 ./domain/..."},
		{"  git   status  --short ", "git status --short"},
		{"npm run lint", "npm run lint"},
		{"make test", "make test"},
		{"cargo test --all-features", "cargo test --all-features"},
		{"pytest -q tests", "pytest -q tests"},
		{"python -m pytest -x tests", "python -m pytest -x tests"},
		{"bash scripts/test.sh unit", "bash scripts/test.sh unit"},
		{`go test -run 'TestA B' ./x`, `go test -run 'TestA B' ./x`},
		{`go test -run "TestA" ./x`, "go test -run TestA ./x"},
		{`grep -n "it's" src`, `grep -n "it's" src`},
		{`grep -n 'say "hi"' src`, `grep -n 'say "hi"' src`},
		{`grep -n "it's \"x\"" src`, ``},
		{"rg -n TODO src", "rg -n TODO src"},
		{"mytool --check src", "mytool --check src"},
		// one command with a harmless redirection: that command's rule
		{"go build ./... 2>/dev/null", "go build ./..."},
	} {
		if tc.rule == "" {
			continue // below: characters the gate refuses
		}
		got, why := ProposeRule(tc.line)
		if !why.IsZero() || got != tc.rule {
			t.Errorf("ProposeRule(%q) = %q, %q; want %q", tc.line, got, why, tc.rule)
			continue
		}
		if why := verdict.AcceptRule(got); !why.IsZero() {
			t.Errorf("ProposeRule(%q) = %q, which is refused: %s", tc.line, got, why)
		}
		if v := verdict.CheckCommand([]string{got}, tc.line, nil); !v.Approved {
			t.Errorf("rule %q does not approve its line %q: %s", got, tc.line, v.Reason)
		}
		words, _ := cmdline.Words(tc.line)
		if words == nil {
			continue // a redirection: the neighbours below are plain lines
		}
		shorter := strings.Join(words[:len(words)-1], " ")
		if v := verdict.CheckCommand([]string{got}, shorter, nil); v.Approved {
			t.Errorf("rule %q for %q approves the wider %q", got, tc.line, shorter)
		}
		other := shorter + " ./elsewhere"
		if v := verdict.CheckCommand([]string{got}, other, nil); v.Approved {
			t.Errorf("rule %q for %q approves the neighbour %q", got, tc.line, other)
		}
	}
}

// TestProposeRuleRefuses: a line no rule can approve gets no rule, with the
// reason: characters §2 asks for, programs and subcommands §8 refuses, a
// rule whose own arguments ask.
func TestProposeRuleRefuses(t *testing.T) {
	for _, tc := range []struct{ line, why string }{
		{"go test ./... ; rm -rf ~", "several commands"},
		{"go test ./... 2>&1 | tail -20", "several commands"}, // a compound line: each command's own rule
		{"git status && git diff", "several commands"},
		{"go test > /tmp/x", "redirects"},
		{"go test $(whoami)", "`$`"},
		{"go test ./...\nrm x", "newline"},
		{"echo 'unbalanced", "unbalanced"},
		{"FOO=1 go test", "variable"},
		{"bash -c 'go test'", "runs anything"},
		{"sh", "runs anything"},
		{"python3 -c pass", "runs anything"},
		{"rm -rf build", "rm"},
		{"curl https://example.com", "curl"},
		{"sudo make", "sudo"},
		{"env LD_PRELOAD=/tmp/x.so go test", "LD_PRELOAD"},
		{"git config core.pager x", "core.pager"},
		{"go run github.com/x/y@latest", "download"},
		{"npm exec foo", "npm exec"},
		{"go test -exec ./x ./...", "-exec"},
		{"git", "bare"},
		{"", "empty"},
	} {
		rule, why := ProposeRule(tc.line)
		if rule != "" || why.IsZero() {
			t.Errorf("ProposeRule(%q) = %q, want no rule", tc.line, rule)
			continue
		}
		if !strings.Contains(why.String(), "no rule can approve") || !strings.Contains(why.String(), tc.why) {
			t.Errorf("ProposeRule(%q) refused with %q, want it to say %q", tc.line, why, tc.why)
		}
	}
}

// FuzzProposeRule: whatever the line, a proposed rule is accepted and
// approves that line, and no rule is proposed for a line that fails the
// character or parse gates.
func FuzzProposeRule(f *testing.F) {
	for _, s := range []string{"go test ./...", `grep -n "it's" src`, "a 'b c' \"d\"", "git status -s", "x ; y", "make test"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		rule, why := ProposeRule(line)
		if _, r := cmdline.Words(line); !r.IsZero() && rule != "" {
			t.Fatalf("ProposeRule(%q) = %q for a line the gates refuse", line, rule)
		}
		if rule == "" {
			if why.IsZero() {
				t.Fatalf("ProposeRule(%q): no rule and no reason", line)
			}
			return
		}
		if !verdict.AcceptRule(rule).IsZero() || !verdict.CheckCommand([]string{rule}, line, nil).Approved {
			t.Fatalf("ProposeRule(%q) = %q, refused or not approving it", line, rule)
		}
		rw, _ := cmdline.Words(rule)
		lw, _ := cmdline.Words(line)
		if strings.Join(rw, "\x00") != strings.Join(lw, "\x00") {
			t.Fatalf("ProposeRule(%q) = %q: other words", line, rule)
		}
	})
}

// TestAddRule: the rule goes last in allowed_commands and every other byte
// of the file stays as it was.
func TestAddRule(t *testing.T) {
	for _, tc := range []struct{ name, in, rule, want string }{
		{"new file", "", "go test ./...", "{\n  \"version\": 1,\n  \"allowed_commands\": [\n    \"go test ./...\"\n  ],\n  \"allowed_tools\": []\n}\n"},
		{"indented", "{\n  \"version\": 1,\n  \"allowed_commands\": [\n    \"git status\"\n  ],\n  \"allowed_tools\": [\"read_file\"]\n}\n", "go test",
			"{\n  \"version\": 1,\n  \"allowed_commands\": [\n    \"git status\",\n    \"go test\"\n  ],\n  \"allowed_tools\": [\"read_file\"]\n}\n"},
		{"one line", `{"version": 1, "allowed_commands": ["git status", "go vet"]}`, "go test", `{"version": 1, "allowed_commands": ["git status", "go vet", "go test"]}`},
		{"tabs and CRLF", "{\r\n\t\"allowed_commands\": [\r\n\t\t\"git status\"\r\n\t],\r\n\t\"version\": 1\r\n}", "go test", "{\r\n\t\"allowed_commands\": [\r\n\t\t\"git status\",\r\n\t\t\"go test\"\r\n\t],\r\n\t\"version\": 1\r\n}"},
		{"empty list", `{"version": 1, "allowed_commands": []}`, "go test", `{"version": 1, "allowed_commands": ["go test"]}`},
		{"empty list on lines", "{\n  \"version\": 1,\n  \"allowed_commands\": [\n  ]\n}\n", "go test", "{\n  \"version\": 1,\n  \"allowed_commands\": [\n    \"go test\"\n  ]\n}\n"},
		{"no list", `{"version": 1, "allowed_tools": ["read_file"]}`, "go test", `{"version": 1, "allowed_tools": ["read_file"], "allowed_commands": ["go test"]}`},
		{"escaped quote before", `{"version": 1, "allowed_commands": ["grep -n \"a\" src"]}`, "go test", `{"version": 1, "allowed_commands": ["grep -n \"a\" src", "go test"]}`},
		{"rule with quotes", `{"version": 1, "allowed_commands": []}`, `grep -n "it's" src`, `{"version": 1, "allowed_commands": ["grep -n \"it's\" src"]}`},
	} {
		got, err := AddRule([]byte(tc.in), tc.rule)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: AddRule = %q, %v\nwant %q", tc.name, got, err, tc.want)
		}
	}
	// A file with problems is not rewritten.
	if _, err := AddRule([]byte(`{"version": 2}`), "go test"); err == nil {
		t.Error("AddRule rewrote an invalid file")
	}
}
