// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"encoding/json"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/verdict"
)

func TestParseValid(t *testing.T) {
	b := []byte(`{ "version": 1, "allowed_commands": ["go test", "git status"], "allowed_tools": ["edit_file", "read_file"] }`)
	p, probs := Parse(b)
	if len(probs) != 0 {
		t.Fatalf("problems %v", probs)
	}
	if p.Version != 1 || strings.Join(p.AllowedCommands, "|") != "go test|git status" || strings.Join(p.AllowedTools, "|") != "edit_file|read_file" {
		t.Errorf("parsed %+v", p)
	}
	if _, probs := Parse([]byte(`{"version":1}`)); len(probs) != 0 {
		t.Errorf("version only: %v", probs)
	}
}

// Every problem is reported, each at its place.
func TestParseReportsEveryProblemWithItsPlace(t *testing.T) {
	b := []byte(`{
  "version": 1,
  "allowed_commands": ["go test", "bash", "go test; rm -rf ~", 7, "go test -exec=sh", ""],
  "allowed_tools": ["edit_file", "run_command", "fetch_url", null],
  "allowed_comands": []
}`)
	_, probs := Parse(b)
	want := map[string]string{
		"allowed_commands[1]": "shell",
		"allowed_commands[2]": "`;`",
		"allowed_commands[3]": "must be a string",
		"allowed_commands[4]": "-exec",
		"allowed_commands[5]": "empty",
		"allowed_tools[1]":    "run_command always asks",
		"allowed_tools[2]":    "not a file tool",
		"allowed_tools[3]":    "must be a string",
		"allowed_comands":     "unknown field",
	}
	got := map[string]string{}
	for _, p := range probs {
		got[p.Where] = p.Problem.String()
	}
	for where, w := range want {
		if !strings.Contains(got[where], w) {
			t.Errorf("%s: problem %q, want it to mention %q", where, got[where], w)
		}
	}
	if len(probs) != len(want) {
		t.Errorf("%d problems, want %d: %v", len(probs), len(want), probs)
	}
	// JSON-friendly: {"where", "rule", "problem"}.
	j, _ := json.Marshal(probs[0])
	if !strings.Contains(string(j), `"where":"allowed_commands[1]"`) || !strings.Contains(string(j), `"rule":"bash"`) {
		t.Errorf("problem as JSON: %s", j)
	}
}

func TestParseFileProblems(t *testing.T) {
	cases := map[string]string{
		``:                          "ends too early",
		`{"version": 1`:             "ends too early",
		`[1]`:                       "one JSON object",
		`"x"`:                       "one JSON object",
		`{"version": 2}`:            "must be 1",
		`{"version": "1"}`:          "must be 1",
		`{"version": 1.0}`:          "must be 1",
		`{}`:                        "version is missing",
		`{"version":1,"version":1}`: "appears twice",
		`{"version":1,"Version":1}`: "unknown field",
		`{"VERSION":1}`:             "unknown field",
		`{"version":1,"allowed_commands":[{"a":1,"a":2}]}`:          "must be a string",
		`{"version":1,"allowed_tools":[],"Allowed_Tools":["Bash"]}`: "unknown field",
		`{"version":1} {}`:                                   "more after",
		`{"version":1,"allowed_tools":"x"}`:                  "list of strings",
		`{"version":1,"allowed_commands":null}`:              "list of strings",
		`{"version":1,"allowed_commands":{}}`:                "list of strings",
		"\xef\xbb\xbf{\"version\":1}":                        "byte order mark",
		"{\"version\":1,\"allowed_commands\":[\"go \xff\"]}": "UTF-8",
		`{"version":1,}`:                                     "line 1",
	}
	for in, want := range cases {
		_, probs := Parse([]byte(in))
		found := false
		for _, p := range probs {
			found = found || strings.Contains(p.Problem.String(), want)
		}
		if !found {
			t.Errorf("%q: problems %v, want one mentioning %q", in, probs, want)
		}
	}
}

func TestAcceptRule(t *testing.T) {
	refused := map[string]string{
		"bash":                "shell",
		"/bin/sh -c":          "shell",
		"python3 -c print":    "interpreter",
		"python3 -m pdb":      "a module Memo does not know",
		"python3 -X dev x.py": "interpreter",
		"python3 -I x.py":     "interpreter",
		"xargs":               "wrapper",
		"xargs go test":       "wrapper",
		"find .":              "wrapper",
		"sudo make":           "wrapper",
		"curl":                "network",
		"pnpx jest":           "wrapper",
		"docker run":          "container",
		"rm -rf build":        "deletes",
		"git":                 "bare `git`",
		"go":                  "bare `go`",
		"npm":                 "bare `npm`",
		"cargo":               "bare `cargo`",
		"goreleaser":          "bare `goreleaser`",
		"nyc mocha":           "not a nyc subcommand",
		"aspect":              "bare `aspect`",
		"go test -exec=sh":    "-exec",
		"go build -toolexec":  "-toolexec",
		"git config -e":       "`-e`",
		"npm config set":      "npm config",
		"go generate":         "go generate",
		"make SHELL=sh":       "SHELL",
		"go test;":            "`;`",
		"go test 'x":          "unbalanced",
		"":                    "empty",
		"sqlite3":             "interpreter",
	}
	for rule, want := range refused {
		if r := verdict.AcceptRule(rule); !strings.Contains(r.String(), want) {
			t.Errorf("rule %q: %q, want a refusal mentioning %q", rule, r, want)
		}
	}
	for _, rule := range []string{"go test", "git status", "npm run build", "make", "make test", "cargo test", "ls", "sed -n", "tar -tf", "go env",
		"python3 -m pytest", "bash scripts/test.sh", "node scripts/build.js"} {
		if r := verdict.AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
}

func TestTools(t *testing.T) {
	if len(verdict.FileTools) != 12 {
		t.Fatalf("%d file tools, want the 12 of docs/permissions.md §9", len(verdict.FileTools))
	}
	for _, tool := range verdict.FileTools {
		if r := verdict.AcceptTool(tool); !r.IsZero() {
			t.Errorf("%s refused: %s", tool, r)
		}
		if v := verdict.CheckTool([]string{tool}, tool); !v.Approved {
			t.Errorf("%s not approved: %+v", tool, v)
		}
		if v := verdict.CheckTool(nil, tool); v.Approved || v.Reason.IsZero() {
			t.Errorf("%s approved without being listed: %+v", tool, v)
		}
	}
	for _, tool := range []string{"run_command", "delete_file", "fetch_url", "web_search", "settings", "Read_File", "read_file "} {
		if r := verdict.AcceptTool(tool); r.IsZero() {
			t.Errorf("%q accepted as a file tool", tool)
		}
		if v := verdict.CheckTool([]string{tool}, tool); v.Approved {
			t.Errorf("%q approved", tool)
		}
	}
}
