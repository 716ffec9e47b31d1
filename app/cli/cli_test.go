// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite" // "sqlite" for database/sql

	"memo.dev/projects/internal/nobody"
)

// cli runs commands in this process, each through a Factory of its own over
// a private HOME and data home.
type cli struct {
	t       testing.TB
	home    string            // MEMO_HOME
	user    string            // HOME ("": unset)
	account string            // the user database's home ("": none)
	env     map[string]string // more of the environment
	tty     bool              // stdin is a terminal a person answers on
}

func newCLI(t *testing.T) *cli {
	return &cli{t: t, home: filepath.Join(t.TempDir(), "memo-home"), user: t.TempDir(), env: map[string]string{}}
}

type result struct {
	code   int
	stdout string
	obj    map[string]any
}

// factory is a run's Factory: in folder dir ("": the test's own), with
// stdin, stdout and stderr given. The window never opens.
func (c *cli) factory(dir, stdin string, stdout, stderr *bytes.Buffer) *Factory {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	config := filepath.Join(c.user, ".config")
	env := map[string]string{"MEMO_HOME": c.home, "HOME": c.user, "XDG_CONFIG_HOME": config}
	maps.Copy(env, c.env)
	return &Factory{
		IO:          IOStreams{In: strings.NewReader(stdin), Out: stdout, ErrOut: stderr},
		Getenv:      func(k string) string { return env[k] },
		Getwd:       func() (string, error) { return dir, nil },
		UserHome:    func() (string, error) { return orNone(c.user) },
		AccountHome: func() (string, error) { return orNone(c.account) },
		ConfigDir:   func() (string, error) { return config, nil },
		Now:         time.Now,
		Terminal:    func() bool { return c.tty },
		Window: func(path string) int {
			c.t.Errorf("the window was asked for (%q)", path)
			return 1
		},
	}
}

// orNone is a home folder as the system reports it: an error when unknown.
func orNone(dir string) (string, error) {
	if dir == "" {
		return "", os.ErrNotExist
	}
	return dir, nil
}

// exec runs one command line in folder dir with stdin, within 20 s: a FIFO
// read by mistake hangs forever, and an unbounded read of /dev/zero eats
// memory. It returns the exit status, stdout and stderr.
func (c *cli) exec(dir, stdin string, args ...string) (int, string, string) {
	c.t.Helper()
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- Run(c.factory(dir, stdin, &stdout, &stderr), args) }()
	select {
	case code := <-done:
		return code, stdout.String(), stderr.String()
	case <-time.After(20 * time.Second):
		c.t.Fatalf("%v did not answer within 20 s", args)
	}
	return 0, "", ""
}

// runIn runs a command in folder dir: it prints one JSON object.
func (c *cli) runIn(dir string, args ...string) result {
	c.t.Helper()
	code, stdout, stderr := c.exec(dir, "", args...)
	r := result{code: code, stdout: stdout}
	if strings.Count(strings.TrimSpace(r.stdout), "\n") != 0 {
		c.t.Errorf("%v printed more than one line:\n%s", args, r.stdout)
	}
	if err := json.Unmarshal([]byte(stdout), &r.obj); err != nil {
		c.t.Errorf("%v printed no JSON object (%v):\n%s\nstderr: %s", args, err, r.stdout, stderr)
	}
	return r
}

func (c *cli) run(args ...string) result {
	c.t.Helper()
	return c.runIn("", args...)
}

func (r result) str(key string) string { s, _ := r.obj[key].(string); return s }

func TestCLIStatusAndSetup(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()

	r := c.run("status", dir)
	if r.code != 0 || r.obj["should_ask"] != true || r.obj["set_up"] != false || r.str("root") != dir || r.str("id") != "" {
		t.Fatalf("status(fresh) = %d %s", r.code, r.stdout)
	}
	for _, key := range []string{"root", "id", "name", "set_up", "declined", "allowed", "reason", "enabled", "should_ask"} {
		if _, ok := r.obj[key]; !ok {
			t.Errorf("status output lacks %q: %s", key, r.stdout)
		}
	}
	if _, err := os.Stat(c.home); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("status created the data home (%v)", err)
	}

	r = c.run("register", dir)
	id := r.str("id")
	if r.code != 0 || r.str("event") != "new" || !strings.HasPrefix(id, "p_") {
		t.Fatalf("register(fresh) = %d %s", r.code, r.stdout)
	}
	if r = c.run("register", dir); r.str("event") != "known" || r.str("id") != id {
		t.Errorf("register again = %s, want known %s", r.stdout, id)
	}
	if r = c.run("status", dir); r.str("id") != id {
		t.Errorf("status after register has id %q, want %s", r.str("id"), id)
	}

	r = c.run("setup", dir)
	if r.code != 0 || r.str("id") != id || len(r.obj["created"].([]any)) != 7 {
		t.Fatalf("setup = %d %s", r.code, r.stdout)
	}
	if r = c.run("setup", dir); r.code != 0 || len(r.obj["created"].([]any)) != 0 {
		t.Errorf("setup again = %d %s, want nothing created", r.code, r.stdout)
	}
	if r = c.run("preamble", dir); !strings.Contains(r.str("line"), ".memo/AGENTS.md") {
		t.Errorf("preamble = %s", r.stdout)
	}

	// A relative path resolves against the current folder; a subfolder finds the root.
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	if r = c.runIn(dir, "status", "src"); r.str("root") != dir || r.obj["enabled"] != true {
		t.Errorf("status src (relative) = %s, want root %s enabled", r.stdout, dir)
	}
	dash := filepath.Join(dir, "-odd")
	os.Mkdir(dash, 0o755)
	if r = c.runIn(dir, "status", "--", "-odd"); r.code != 0 || r.str("root") != dir {
		t.Errorf("status -- -odd = %d %s, want the folder's status (root %s)", r.code, r.stdout, dir)
	}
	if r = c.run("settings", "minimal", "on"); r.obj["minimal"] != true {
		t.Errorf("settings minimal on = %s", r.stdout)
	}
	if r = c.run("preamble", dir); r.str("line") != "" {
		t.Errorf("preamble in Minimal Mode = %s, want empty line", r.stdout)
	}
	if r = c.run("settings"); r.obj["minimal"] != true {
		t.Errorf("settings = %s, want minimal true", r.stdout)
	}
}

func TestCLIDecline(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	if r := c.run("decline", dir); r.code != 0 || r.obj["declined"] != true || r.obj["should_ask"] != false {
		t.Errorf("decline = %d %s", r.code, r.stdout)
	}
	if r := c.run("status", dir); r.obj["declined"] != true {
		t.Errorf("status after decline = %s", r.stdout)
	}
	if r := c.run("decline", dir, "--undo"); r.obj["declined"] != false || r.obj["should_ask"] != true {
		t.Errorf("decline --undo = %s", r.stdout)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("decline wrote into the folder: %v", entries)
	}
}

func TestCLIErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	foreign := filepath.Join(dir, "foreign")
	os.MkdirAll(filepath.Join(foreign, ".memo", "stuff"), 0o755)
	install := filepath.Join(dir, "install")
	os.MkdirAll(filepath.Join(install, ".memo", "bin"), 0o755)
	symlinked := filepath.Join(dir, "symlinked")
	os.MkdirAll(symlinked, 0o755)
	os.Symlink(t.TempDir(), filepath.Join(symlinked, ".memo"))

	c := newCLI(t)
	tests := []struct {
		args []string
		code int
		kind string
		says string
	}{
		{[]string{"status", filepath.Join(dir, "missing")}, 2, "invalid", "does not exist"},
		{[]string{"status", file}, 2, "invalid", "is a file"},
		{[]string{"status"}, 2, "invalid", "usage: status PATH"},
		{[]string{"status", "a", "b"}, 2, "invalid", "usage"},
		{[]string{"setup", file}, 2, "invalid", "is a file"},
		{[]string{"setup", foreign}, 3, "forbidden", "did not create"},
		{[]string{"setup", install}, 3, "forbidden", "install"},
		{[]string{"setup", symlinked}, 3, "forbidden", "symbolic link"},
		{[]string{"register", foreign}, 3, "forbidden", "did not create"},
		{[]string{"setup", "/"}, 3, "forbidden", ""},
		{[]string{"setup", c.user}, 3, "forbidden", "home"},
		{[]string{"decline", dir, "--bogus"}, 2, "invalid", "unknown option"},
		{[]string{"settings", "minimal", "maybe"}, 2, "invalid", "usage"},
		{[]string{"frobnicate"}, 2, "invalid", "unknown command"},
		{[]string{"--home"}, 2, "invalid", "--home needs a folder"},
		{[]string{"--home", file, "settings"}, 2, "invalid", "is a file"},
	}
	for _, tt := range tests {
		r := c.run(tt.args...)
		if r.code != tt.code || r.str("kind") != tt.kind || !strings.Contains(r.str("error"), tt.says) {
			t.Errorf("memo-projects %v = exit %d %s, want exit %d kind %s saying %q", tt.args, r.code, r.stdout, tt.code, tt.kind, tt.says)
		}
	}
	if entries, _ := os.ReadDir(foreign + "/.memo"); len(entries) != 1 {
		t.Errorf("refused setup wrote into the foreign .memo: %v", entries)
	}
}

func TestCLIHomeChoice(t *testing.T) {
	c := newCLI(t)
	other := filepath.Join(t.TempDir(), "other-home")
	if r := c.run("--home", other, "settings", "minimal", "on"); r.str("home") != other {
		t.Errorf("--home: settings = %s, want home %s", r.stdout, other)
	}
	if _, err := os.Stat(filepath.Join(other, "data", "projects.db")); err != nil {
		t.Errorf("--home did not hold the registry: %v", err)
	}
	if r := c.run("settings"); r.str("home") != c.home || r.obj["minimal"] != false {
		t.Errorf("MEMO_HOME: settings = %s, want home %s and minimal off", r.stdout, c.home)
	}
	// A project inside the data home is refused.
	inside := filepath.Join(other, "work")
	os.MkdirAll(inside, 0o755)
	if r := c.run("--home", other, "setup", inside); r.code != 3 {
		t.Errorf("setup inside the data home = %d %s, want exit 3", r.code, r.stdout)
	}
}

func TestCLIBrokenRegistry(t *testing.T) {
	c := newCLI(t)
	data := filepath.Join(c.home, "data")
	os.MkdirAll(data, 0o755)
	junk := bytes.Repeat([]byte("this is not sqlite\n"), 100)
	os.WriteFile(filepath.Join(data, "projects.db"), junk, 0o644)
	for _, cmd := range [][]string{{"status", t.TempDir()}, {"setup", t.TempDir()}} {
		r := c.run(cmd...)
		if r.code != 1 || r.str("kind") != "internal" || !strings.Contains(r.str("error"), "not a SQLite database") ||
			strings.Contains(r.str("error"), "(26)") || !strings.Contains(r.str("detail"), "file is not a database (26)") {
			t.Errorf("%v with a broken projects.db = %d %s", cmd, r.code, r.stdout)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(data, "projects.db")); !bytes.Equal(b, junk) {
		t.Error("the broken projects.db was changed")
	}
}

func TestCLITextOutput(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("mine"), 0o644)
	text := func(args ...string) string {
		t.Helper()
		code, out, stderr := c.exec("", "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, stderr)
		}
		if strings.ContainsAny(string(out), "{}[]\"") {
			t.Errorf("%v printed JSON punctuation:\n%s", args, out)
		}
		return string(out)
	}
	tests := []struct {
		args []string
		says []string
	}{
		{[]string{"--text", "status", dir}, []string{"should_ask: true\n", "root: " + dir + "\n"}},
		{[]string{"files", dir, "--text"}, []string{"files:\n  - path: AGENTS.md\n    state: skipped because CLAUDE.md exists\n  - path: handoff.md\n    state: missing\n"}},
		{[]string{"--text", "setup", dir}, []string{"created:\n  - .memo/AGENTS.md\n  - .memo/project.json\n", "skipped:\n  - AGENTS.md\n", "refreshed: (none)\n", "skipped_why:\n  - path: AGENTS.md\n    reason: CLAUDE.md exists\n"}},
		{[]string{"--text", "doctor"}, []string{"backups: (none)\n", "memories: 0\n"}},
	}
	for _, tt := range tests {
		out := text(tt.args...)
		for _, s := range tt.says {
			if !strings.Contains(out, s) {
				t.Errorf("%v does not print %q:\n%s", tt.args, s, out)
			}
		}
	}
}

// TestCLIOptionsEnd: "--" ends the options, so a folder may be named like
// one; --home=DIR is --home DIR.
func TestCLIOptionsEnd(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	undo := filepath.Join(dir, "--undo")
	os.Mkdir(undo, 0o755)
	if r := c.runIn(dir, "status", "--", "--undo"); r.code != 0 || r.str("root") != undo {
		t.Errorf("status -- --undo = %d %s, want the status of %s", r.code, r.stdout, undo)
	}
	if r := c.runIn(dir, "decline", "--", "--undo"); r.code != 0 || r.str("root") != undo || r.obj["declined"] != true {
		t.Errorf("decline -- --undo = %d %s, want %s declined", r.code, r.stdout, undo)
	}
	if r := c.runIn(dir, "decline", "--undo", "--", "--undo"); r.code != 0 || r.str("root") != undo || r.obj["declined"] != false {
		t.Errorf("decline --undo -- --undo = %d %s, want %s asked again", r.code, r.stdout, undo)
	}
	other := filepath.Join(t.TempDir(), "other")
	if r := c.run("--home="+other, "settings", "minimal", "on"); r.code != 0 || r.str("home") != other {
		t.Errorf("--home=DIR settings = %d %s, want home %s", r.code, r.stdout, other)
	}
	if r := c.run("settings", "--home="+other); r.str("home") != other || r.obj["minimal"] != true {
		t.Errorf("settings --home=DIR = %s, want home %s with minimal on", r.stdout, other)
	}
}

// legacyMemoryDB writes a memory.db as an older Memo left it (no project_id,
// rollback journal) with n memories, and returns it open.
func legacyMemoryDB(t *testing.T, path string, n int) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	for _, q := range []string{
		"CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, kind TEXT, created_at DATETIME, updated_at DATETIME)",
		fmt.Sprintf("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < %d) INSERT INTO memories (content) SELECT printf('%%.200c', 'x') FROM n", n),
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return db
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestCLIUnreadableFolder: a folder Memo may not read is a refusal. It runs
// as an unprivileged user (root reads everything).
func TestCLIUnreadableFolder(t *testing.T) {
	if nobody.Rerun(t) {
		return
	}
	c := newCLI(t)
	locked := filepath.Join(t.TempDir(), "locked")
	os.MkdirAll(filepath.Join(locked, "inner"), 0o755)
	os.Chmod(locked, 0o000)
	t.Cleanup(func() { os.Chmod(locked, 0o755) })

	tests := []struct {
		args []string
		code int
		says string
	}{
		// A permission problem is a refusal (forbidden), not invalid input.
		{[]string{"status", locked}, 3, "permission denied"},
		{[]string{"setup", locked}, 3, "permission denied"},
		{[]string{"status", filepath.Join(locked, "inner")}, 3, "permission denied"},
	}
	for _, tt := range tests {
		if r := c.run(tt.args...); r.code != tt.code || !strings.Contains(r.str("error"), tt.says) {
			t.Errorf("%v as an unprivileged user = exit %d %s, want exit %d saying %q", tt.args, r.code, r.stdout, tt.code, tt.says)
		}
	}
}

// TestCLIReadCommandsWriteNothing: status, preamble and files leave the data
// folder exactly as it was (docs/cli.md §4), side files included.
func TestCLIReadCommandsWriteNothing(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	c.run("setup", dir)
	snapshot := func() string {
		var sb strings.Builder
		filepath.WalkDir(c.home, func(p string, d fs.DirEntry, err error) error {
			if err == nil {
				info, _ := d.Info()
				fmt.Fprintf(&sb, "%s %d %v\n", p, info.Size(), info.ModTime().UnixNano())
			}
			return nil
		})
		return sb.String()
	}
	before := snapshot()
	for _, cmd := range [][]string{{"status", dir}, {"preamble", dir}, {"files", dir}} {
		if r := c.run(cmd...); r.code != 0 {
			t.Fatalf("%v = %d %s", cmd, r.code, r.stdout)
		}
		if after := snapshot(); after != before {
			t.Errorf("%v changed the data home:\nbefore:\n%safter:\n%s", cmd, before, after)
			before = after
		}
	}
}
