// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/texttest"
)

// errorAnswer is the error object of docs/cli.md §3.
type errorAnswer struct {
	Error      string            `json:"error"`
	Kind       string            `json:"kind"`
	Detail     string            `json:"detail"`
	ReasonCode string            `json:"reason_code"`
	ReasonArgs map[string]string `json:"reason_args"`
}

// brokenData makes c's data file name (projects.db, memory.db) what how says:
// "junk" (not a database at all) or "damaged" (a database whose pages were
// overwritten), after a first command made the data home.
func brokenData(t *testing.T, c *cli, name, how string) {
	t.Helper()
	data := filepath.Join(c.home, "data")
	if r := c.run("settings"); r.code != 0 {
		t.Fatalf("settings: %s", r.stdout)
	}
	path := filepath.Join(data, name)
	switch how {
	case "junk":
		if err := os.WriteFile(path, bytes.Repeat([]byte("this is not a database\n"), 200), 0o644); err != nil {
			t.Fatal(err)
		}
	case "damaged":
		os.Remove(path)
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"PRAGMA journal_mode=DELETE", "CREATE TABLE memories (id INTEGER PRIMARY KEY, content TEXT)",
			"INSERT INTO memories (content) SELECT hex(randomblob(500)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 200) SELECT i FROM n)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		db.Close()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// Keep the header and the schema page; garble every page after.
		for i := 4096 + 100; i < len(b); i++ {
			b[i] = byte(i * 7)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCLIErrorsInPlainWords: whatever the library or the system said, the
// error sentence is in the person's words and its text is the detail
// (docs/cli.md §3): bad numbers and booleans in options, missing values, a
// projects.db that is not a database, a damaged memory.db. Each case names
// what the detail must hold, so the library's words are kept, not lost.
func TestCLIErrorsInPlainWords(t *testing.T) {
	tests := []struct {
		name   string
		broken [2]string // the data file to break, and how (brokenData)
		stdin  string
		args   []string
		code   int
		says   string // in the sentence
		detail string // in the detail ("": none wanted)
	}{
		{"a word for a number", [2]string{}, "", []string{"memory", "list", "--limit", "x"}, 2, "--limit takes a whole number, not \"x\"", "strconv.ParseInt"},
		{"a number too large", [2]string{}, "", []string{"memory", "list", "--limit", "99999999999999999999"}, 2, "--limit takes a whole number", "value out of range"},
		{"a fraction for an id", [2]string{}, "", []string{"memory", "list", "--before", "1.5"}, 2, "--before takes a whole number, not \"1.5\"", "strconv.ParseInt"},
		{"a word for a switch", [2]string{}, "", []string{"decline", "x", "--undo=maybe"}, 2, "--undo takes true or false, not \"maybe\"", "strconv.ParseBool"},
		{"a word for --text", [2]string{}, "", []string{"--text=perhaps", "doctor"}, 2, "--text takes true or false", "strconv.ParseBool"},
		{"no number after --limit", [2]string{}, "", []string{"memory", "list", "--limit"}, 2, "--limit needs a whole number", "flag needs an argument"},
		{"no id after --reconnect", [2]string{}, "", []string{"register", "x", "--reconnect"}, 2, "--reconnect needs an id", "flag needs an argument"},
		{"no address after --addr", [2]string{}, "", []string{"serve", "--addr"}, 2, "--addr needs an address", "flag needs an argument"},
		{"a bad flag syntax", [2]string{}, "", []string{"status", "---x", "y"}, 2, "is not an option", "bad flag syntax"},
		{"projects.db not a database: status", [2]string{"projects.db", "junk"}, "", []string{"status", "DIR"}, 1, "is not a SQLite database", "(26)"},
		{"projects.db not a database: setup", [2]string{"projects.db", "junk"}, "", []string{"setup", "DIR"}, 1, "is not a SQLite database", "(26)"},
		{"memory.db not a database", [2]string{"memory.db", "junk"}, "", []string{"memory", "list"}, 1, "memory.db", "(26)"},
		{"memory.db damaged", [2]string{"memory.db", "damaged"}, "", []string{"memory", "list"}, 1, "memory.db", "(11)"},
		{"permissions from stdin with a BOM", [2]string{}, "\ufeff{}", []string{"permissions", "save", "DIR", "-"}, 2, "", ""},
		{"permissions from stdin not JSON", [2]string{}, "{\"version\": 1,", []string{"permissions", "save", "DIR", "-"}, 2, "", ""},
		{"permissions with a number for a list", [2]string{}, `{"version": 1, "allowed_commands": 5, "allowed_tools": []}`, []string{"permissions", "save", "DIR", "-"}, 2, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			dir := t.TempDir()
			if tt.args[len(tt.args)-1] == "-" {
				dir, _ = c.setUpProject()
			}
			if tt.broken[0] != "" {
				brokenData(t, c, tt.broken[0], tt.broken[1])
			}
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				args[i] = strings.ReplaceAll(a, "DIR", dir)
			}
			code, stdout, stderr := c.exec("", tt.stdin, args...)
			var got errorAnswer
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("%q printed no JSON error (%v): %s %s", args, err, stdout, stderr)
			}
			if code != tt.code || !strings.Contains(got.Error, tt.says) || !strings.Contains(got.Detail, tt.detail) {
				t.Errorf("%q = exit %d %s, want exit %d saying %q with the detail holding %q", args, code, stdout, tt.code, tt.says, tt.detail)
			}
			if tech := texttest.Technical(got.Error); tech != "" {
				t.Errorf("%q: the sentence %q holds %s; it belongs in the detail", args, got.Error, tech)
			}
			if strings.HasPrefix(args[0], "--text") {
				return // --text itself was wrong: the answer stays JSON
			}
			// --text: the sentence on stderr's first line, the detail on the second.
			code, stdout, stderr = c.exec("", tt.stdin, append([]string{"--text"}, args...)...)
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if code != tt.code || stdout != "" || lines[0] != "memo-projects: "+terminalText(got.Error, false) {
				t.Errorf("--text %q = exit %d, stdout %q, stderr %q; want the sentence %q", args, code, stdout, stderr, got.Error)
			}
			if want := got.Detail != ""; want != (len(lines) == 2 && strings.HasPrefix(lines[1], "memo-projects: detail: ")) {
				t.Errorf("--text %q: stderr %q, want the detail %q on a second line", args, stderr, got.Detail)
			}
		})
	}
}

// TestCLIRefusalsCarryTheirReasonCode: every refusal of the guard (setup,
// register, decline, memory) carries the reason code and values status
// gives, and says what the person can do (docs/cli.md §3).
func TestCLIRefusalsCarryTheirReasonCode(t *testing.T) {
	c := newCLI(t)
	foreign := t.TempDir()
	if err := os.MkdirAll(filepath.Join(foreign, ".memo", "stuff"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code string
		says string
	}{
		{[]string{"setup", c.user}, "home", "pick a project folder inside your home folder"},
		{[]string{"register", c.user}, "home", "pick a project folder inside your home folder"},
		{[]string{"decline", c.user}, "home", "pick a project folder inside your home folder"},
		{[]string{"setup", c.user, "--reconnect", "p_0123456789abcdef0123456789abcdef"}, "home", "pick a project folder inside your home folder"},
		{[]string{"setup", "/"}, "filesystem_root", "open a folder of your own"},
		{[]string{"setup", "/etc"}, "system", "open a folder of your own"},
		{[]string{"setup", foreign}, "memo_foreign", "remove or rename that .memo folder"},
		{[]string{"memory", "list", "--project", foreign}, "memo_foreign", "get no memory"},
		{[]string{"setup", filepath.Join(foreign, ".memo", "stuff")}, "in_memo", "open the project folder that holds this .memo"},
	}
	for _, tt := range tests {
		status := c.run("status", tt.args[1])
		code, stdout, _ := c.exec("", "", tt.args...)
		var got errorAnswer
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%q printed no JSON error (%v): %s", tt.args, err, stdout)
		}
		if code != 3 || got.Kind != "forbidden" || got.ReasonCode != tt.code || !strings.Contains(got.Error, tt.says) ||
			!strings.HasPrefix(got.Error, status.str("reason")) {
			t.Errorf("%q = exit %d %s; want exit 3, reason_code %q, the reason status gives (%q), saying %q", tt.args, code, stdout, tt.code, status.str("reason"), tt.says)
		}
		if want, _ := status.obj["reason_args"].(map[string]any); len(want) != len(got.ReasonArgs) {
			t.Errorf("%q: reason_args %v, status gives %v", tt.args, got.ReasonArgs, want)
		}
	}
}
