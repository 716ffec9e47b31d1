// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"memo.dev/projects/domain"
)

// testEnv is an in-process run: MEMO_HOME and the current folder are given,
// stdout and stderr are kept.
type testEnv struct {
	*Factory
	out, errOut bytes.Buffer
}

func newTestEnv(t *testing.T) *testEnv {
	te := &testEnv{}
	home := filepath.Join(t.TempDir(), "memo-home")
	wd := t.TempDir()
	noHome := func() (string, error) { return "", errors.New("no home in tests") }
	te.Factory = &Factory{
		IO:        IOStreams{Out: &te.out, ErrOut: &te.errOut},
		Getenv:    func(k string) string { return map[string]string{"MEMO_HOME": home}[k] },
		Getwd:     func() (string, error) { return wd, nil },
		UserHome:  noHome,
		ConfigDir: noHome,
		Now:       time.Now,
	}
	return te
}

// errorOf decodes the one JSON error object a failed run printed.
func (te *testEnv) errorOf(t *testing.T) errorOut {
	t.Helper()
	var got errorOut
	if err := json.Unmarshal(te.out.Bytes(), &got); err != nil || strings.Count(strings.TrimSpace(te.out.String()), "\n") != 0 {
		t.Fatalf("stdout is not one JSON object (%v):\n%s", err, te.out.String())
	}
	return got
}

// TestExitCodes: each error kind, from wherever it arises, maps to one exit
// status and one "kind" word (docs/cli.md §3), through domain.KindOf.
func TestExitCodes(t *testing.T) {
	tests := []struct {
		name string
		err  error
		code int
		kind domain.Kind
	}{
		{"invalid", domain.Invalid("bad"), 2, domain.KindInvalid},
		{"refused", domain.Refused("no"), 3, domain.KindForbidden},
		{"conflict", domain.Conflict("busy"), 4, domain.KindConflict},
		{"not found", domain.NotFound("gone"), 5, domain.KindNotFound},
		{"wrapped permission", domain.Wrap(domain.ErrRefused, fs.ErrPermission, "cannot read"), 3, domain.KindForbidden},
		{"kind under %w", fmt.Errorf("context: %w", domain.Conflict("busy")), 4, domain.KindConflict},
		{"joined", errors.Join(errors.New("x"), domain.NotFound("gone")), 5, domain.KindNotFound},
		{"plain", errors.New("disk on fire"), 1, domain.KindInternal},
		{"bare sentinel", fs.ErrNotExist, 1, domain.KindInternal},
	}
	for _, tt := range tests {
		te := newTestEnv(t)
		if code := te.Fail(tt.err); code != tt.code {
			t.Errorf("fail(%s) = exit %d, want %d", tt.name, code, tt.code)
		}
		if got := te.errorOf(t); got.Kind != tt.kind || got.Error != tt.err.Error() {
			t.Errorf("fail(%s) printed %+v, want kind %s and the error's sentence", tt.name, got, tt.kind)
		}
	}
	// Every kind domain.KindOf can answer has its own status.
	seen := map[int]domain.Kind{}
	for _, k := range []domain.Kind{domain.KindInvalid, domain.KindForbidden, domain.KindConflict, domain.KindNotFound, domain.KindInternal} {
		code := exitCode(k)
		if code == 0 || seen[code] != "" {
			t.Errorf("exitCode(%s) = %d, shared with %q or zero", k, code, seen[code])
		}
		seen[code] = k
	}
}

// TestParseOptions builds each command with a fake action, gh-style, and
// checks the options the command line gives it.
func TestParseOptions(t *testing.T) {
	type decline = declineOptions
	tests := []struct {
		args []string
		want decline
	}{
		{[]string{"dir"}, decline{Path: "dir"}},
		{[]string{"dir", "--undo"}, decline{Path: "dir", Undo: true}},
		{[]string{"--undo", "dir"}, decline{Path: "dir", Undo: true}},
		{[]string{"--undo=true", "dir"}, decline{Path: "dir", Undo: true}},
		{[]string{"--undo=false", "dir"}, decline{Path: "dir"}},
		{[]string{"--", "--undo"}, decline{Path: "--undo"}},
		{[]string{"--undo", "--", "-x"}, decline{Path: "-x", Undo: true}},
	}
	for _, tt := range tests {
		var got *declineOptions
		cmd := newDeclineCmd(&Factory{}, func(o *declineOptions) error { got = o; return nil })
		cmd.SetArgs(tt.args)
		cmd.SetOut(new(bytes.Buffer))
		if err := cmd.Execute(); err != nil || got == nil {
			t.Errorf("decline %q: %v (ran: %v)", tt.args, err, got != nil)
			continue
		}
		if got.Path != tt.want.Path || got.Undo != tt.want.Undo {
			t.Errorf("decline %q parsed to {Path: %q, Undo: %v}, want %+v", tt.args, got.Path, got.Undo, tt.want)
		}
	}

	on, off := true, false
	for _, tt := range []struct {
		args []string
		want *bool
	}{{nil, nil}, {[]string{"minimal", "on"}, &on}, {[]string{"minimal", "off"}, &off}} {
		var got *settingsOptions
		cmd := newSettingsCmd(&Factory{}, func(o *settingsOptions) error { got = o; return nil })
		cmd.SetArgs(append([]string{}, tt.args...))
		if err := cmd.Execute(); err != nil || got == nil {
			t.Fatalf("settings %q: %v", tt.args, err)
		}
		if !reflect.DeepEqual(got.Minimal, tt.want) {
			t.Errorf("settings %q parsed Minimal %v, want %v", tt.args, got.Minimal, tt.want)
		}
	}
}

// TestGlobalFlags: --home and --text anywhere, in both spellings, through
// the real root command (settings answers with the home it used).
func TestGlobalFlags(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		home string
		text bool
	}{
		{[]string{"--home", dir, "settings"}, dir, false},
		{[]string{"--home=" + dir, "settings"}, dir, false},
		{[]string{"settings", "--home", dir}, dir, false},
		{[]string{"settings", "--home=" + dir, "--text"}, dir, true},
		{[]string{"--text", "--home", dir, "settings", "minimal", "off"}, dir, true},
		{[]string{"--home", "rel", "settings"}, "WD/rel", false},
	}
	for _, tt := range tests {
		te := newTestEnv(t)
		wd, _ := te.Getwd()
		want := strings.Replace(tt.home, "WD", wd, 1)
		if code := Run(te.Factory, tt.args); code != 0 {
			t.Errorf("%q = exit %d %s%s", tt.args, code, te.out.String(), te.errOut.String())
			continue
		}
		if te.text != tt.text {
			t.Errorf("%q: --text is %v, want %v", tt.args, te.text, tt.text)
		}
		if tt.text {
			if !strings.Contains(te.out.String(), "home: "+want+"\n") {
				t.Errorf("%q printed %q, want the line home: %s", tt.args, te.out.String(), want)
			}
			continue
		}
		var got settingsOut
		if err := json.Unmarshal(te.out.Bytes(), &got); err != nil || got.Home != want {
			t.Errorf("%q printed %s, want home %s", tt.args, te.out.String(), want)
		}
	}
}

// TestCommandLineMistakes: whatever is wrong with the command line, stdout
// holds one JSON error of kind invalid, exit 2, and stderr stays quiet (no
// cobra usage text anywhere).
func TestCommandLineMistakes(t *testing.T) {
	tests := []struct {
		args []string
		says string
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"stauts", "x"}, "did you mean status"},
		{[]string{"--bogus"}, "unknown option --bogus"},
		{[]string{"status", "--bogus", "x"}, "unknown option --bogus; usage: status PATH"},
		{[]string{"decline", "x", "-u"}, "unknown option -u; usage: decline PATH [--undo]"},
		{[]string{"decline", "x", "--undo=maybe"}, "usage: decline PATH [--undo]"},
		{[]string{"--home"}, "--home needs a folder"},
		{[]string{"--home="}, "--home needs a folder"},
		{[]string{"status", "--home", ""}, "--home needs a folder"},
		{[]string{"--text=perhaps", "doctor"}, "--text"},
		{[]string{"status"}, "usage: status PATH"},
		{[]string{"status", "a", "b"}, "usage: status PATH"},
		{[]string{"open"}, "usage: open PATH"},
		{[]string{"doctor", "now"}, "usage: doctor"},
		{[]string{"settings", "minimal"}, "usage: settings [minimal on|off]"},
		{[]string{"settings", "maximal", "on"}, "usage: settings [minimal on|off]"},
		{[]string{"help", "frobnicate"}, `no help for "frobnicate"`},
		{[]string{"help", "status", "extra"}, `no help for "status extra"`},
		{[]string{"completion"}, "usage: completion bash|zsh|fish"},
		{[]string{"completion", "tcsh"}, "usage: completion bash|zsh|fish"},
		{[]string{"--", "status"}, `unknown command "status"`},
	}
	for _, tt := range tests {
		te := newTestEnv(t)
		code := Run(te.Factory, tt.args)
		got := te.errorOf(t)
		if code != 2 || got.Kind != domain.KindInvalid || !strings.Contains(got.Error, tt.says) {
			t.Errorf("%q = exit %d %+v, want exit 2, kind invalid, saying %q", tt.args, code, got, tt.says)
		}
		if te.errOut.Len() != 0 {
			t.Errorf("%q wrote to stderr: %s", tt.args, te.errOut.String())
		}
	}
}

// TestHelpAndCompletion: help, help COMMAND, --help and the completion
// scripts print text and exit 0.
func TestHelpAndCompletion(t *testing.T) {
	tests := []struct {
		args []string
		says []string
	}{
		{[]string{"help"}, []string{"Without a command (or with open PATH) the window opens", "status", "setup", "doctor", "completion", "--home folder", "--text"}},
		{[]string{"--help"}, []string{"Available Commands"}},
		{[]string{"help", "decline"}, []string{"memo-projects decline PATH [--undo]", "--undo", "--home"}},
		{[]string{"decline", "--help"}, []string{"memo-projects decline PATH [--undo]"}},
		{[]string{"help", "settings"}, []string{"memo-projects settings [minimal on|off]"}},
		{[]string{"completion", "bash"}, []string{"bash completion V2 for memo-projects"}},
		{[]string{"completion", "zsh"}, []string{"#compdef memo-projects"}},
		{[]string{"completion", "fish"}, []string{"complete -c memo-projects"}},
	}
	for _, tt := range tests {
		te := newTestEnv(t)
		if code := Run(te.Factory, tt.args); code != 0 {
			t.Errorf("%q = exit %d %s", tt.args, code, te.out.String())
		}
		for _, s := range tt.says {
			if !strings.Contains(te.out.String(), s) {
				t.Errorf("%q does not say %q:\n%s", tt.args, s, te.out.String())
			}
		}
	}
	// The completion asks the binary for candidates: settings knows its words.
	te := newTestEnv(t)
	Run(te.Factory, []string{cobra.ShellCompRequestCmd, "settings", "minimal", ""})
	if got := te.out.String(); !strings.HasPrefix(got, "on\noff\n") {
		t.Errorf("completing settings minimal = %q, want on and off", got)
	}
}

// TestNewGroupIsOneFileAndOneLine: a command group added to the root (as
// skill is, and permissions and memory will be) parses like the others: its
// subcommands run, an unknown one or none is invalid input. The group is a
// made-up one, so that it never meets a real one of the same name.
func TestNewGroupIsOneFileAndOneLine(t *testing.T) {
	var ran []string
	newGroup := func() *cobra.Command {
		group := &cobra.Command{Use: "example", Short: "examples"}
		group.AddCommand(&cobra.Command{
			Use:  "add PATH SOURCE",
			Args: exactArgs(2),
			RunE: func(cmd *cobra.Command, args []string) error {
				ran = args
				if args[1] == "missing" {
					return domain.NotFound("no such source")
				}
				return nil
			},
		})
		return group
	}
	tests := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"example", "add", "p", "s"}, 0, ""},
		{[]string{"example", "add", "p", "missing"}, 5, "no such source"},
		{[]string{"example", "add", "p"}, 2, "usage: example add PATH SOURCE"},
		{[]string{"example", "frob"}, 2, `unknown command "frob"`},
		{[]string{"example"}, 2, "usage: example COMMAND"},
	}
	for _, tt := range tests {
		te := newTestEnv(t)
		root := newRootCmd(te.Factory)
		root.AddCommand(newGroup()) // the one line
		ran = nil
		code := te.execute(root, tt.args)
		if code != tt.code {
			t.Errorf("%q = exit %d %s, want %d", tt.args, code, te.out.String(), tt.code)
		}
		if tt.code == 0 && !reflect.DeepEqual(ran, []string{"p", "s"}) {
			t.Errorf("%q ran with %q", tt.args, ran)
		}
		if tt.code != 0 && !strings.Contains(te.errorOf(t).Error, tt.says) {
			t.Errorf("%q printed %s, want it to say %q", tt.args, te.out.String(), tt.says)
		}
	}
}

// TestTextRendering: --text turns any answer into lines for people: nested
// objects and lists indented, no JSON punctuation left.
func TestTextRendering(t *testing.T) {
	type skip struct {
		Path   string `json:"path"`
		Reason string `json:"reason"`
	}
	n := int64(3)
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"flat", struct {
			Root string `json:"root"`
			On   bool   `json:"on"`
			N    int    `json:"n"`
			Why  string `json:"why"`
		}{"/p", true, 7, ""}, "root: /p\non: true\nn: 7\nwhy:\n"},
		{"list of strings", map[string]any{"created": []string{"a", "b"}}, "created:\n  - a\n  - b\n"},
		{"empty and missing lists", struct {
			A []string `json:"a"`
			B []string `json:"b"`
		}{A: []string{}}, "a: (none)\nb: (unknown)\n"},
		{"list of objects", struct {
			Files []skip `json:"files"`
		}{[]skip{{"AGENTS.md", "exists"}, {".memo/", "edited"}}}, "files:\n  - path: AGENTS.md\n    reason: exists\n  - path: .memo/\n    reason: edited\n"},
		{"nested object", map[string]any{"status": map[string]any{"exists": true, "hash": "ab"}}, "status:\n  exists: true\n  hash: ab\n"},
		{"list of lists", map[string]any{"m": [][]int{{1, 2}, {}}}, "m:\n  - - 1\n    - 2\n  - (none)\n"},
		{"null count", struct {
			Memories *int64 `json:"memories"`
			Known    *int64 `json:"known"`
		}{nil, &n}, "memories: (unknown)\nknown: 3\n"},
		{"two-line string", map[string]any{"diff": "-a\n+b"}, "diff: -a\n  +b\n"},
		{"top-level list", []string{"x"}, "- x\n"},
	}
	for _, tt := range tests {
		te := newTestEnv(t)
		te.text = true
		if err := te.print(tt.in); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := te.out.String(); got != tt.want {
			t.Errorf("%s: --text printed\n%q, want\n%q", tt.name, got, tt.want)
		}
	}
}

// TestWindowCommands: open PATH and no command at all ask the Factory's
// window, with PATH made absolute, and exit with its status; a command never
// does.
func TestWindowCommands(t *testing.T) {
	tests := []struct {
		args []string
		path string // what the window is asked to open
		code int    // the window's exit status
	}{
		{nil, "", 0},
		{[]string{"--home", "h"}, "", 0},
		{[]string{"open", "/x/proj"}, "/x/proj", 0},
		{[]string{"open", "rel/proj"}, "WD/rel/proj", 0},
		{[]string{"open", "--", "-odd"}, "WD/-odd", 0},
		{[]string{"open", "/x/proj"}, "/x/proj", 1},
	}
	for _, tt := range tests {
		te := newTestEnv(t)
		wd, _ := te.Getwd()
		var asked []string
		te.Window = func(path string) int { asked = append(asked, path); return tt.code }
		if code := Run(te.Factory, tt.args); code != tt.code {
			t.Errorf("%q = exit %d, want the window's %d", tt.args, code, tt.code)
		}
		if want := strings.Replace(tt.path, "WD", wd, 1); len(asked) != 1 || asked[0] != want {
			t.Errorf("%q asked the window for %q, want [%q]", tt.args, asked, want)
		}
	}
	te := newTestEnv(t)
	te.Window = func(path string) int { t.Errorf("settings opened the window (%q)", path); return 0 }
	if code := Run(te.Factory, []string{"settings"}); code != 0 {
		t.Errorf("settings = exit %d %s", code, te.out.String())
	}
}
