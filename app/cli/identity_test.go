package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The sequence on the command line: mv app app-old; mkdir app;
// setup app gives the new folder a new id and no memory; the old project
// keeps both where it went; a lost project is taken back only when told
// (--reconnect ID), and never while its folder is still there.
func TestCLIReconnect(t *testing.T) {
	c := newCLI(t)
	parent := t.TempDir()
	app, old := filepath.Join(parent, "app"), filepath.Join(parent, "app-old")
	if err := os.Mkdir(app, 0o755); err != nil {
		t.Fatal(err)
	}
	lost := c.run("setup", app).str("id")
	if r := c.run("memory", "add", "--project", app, "the old project's note"); r.code != 0 {
		t.Fatalf("memory add: %s", r.stdout)
	}
	if err := os.Rename(app, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(app, 0o755); err != nil {
		t.Fatal(err)
	}

	// Without --reconnect, app is a new project with no memory; the old
	// one keeps its id and memory where it went.
	r := c.run("setup", app)
	if r.code != 0 || r.str("id") == lost || r.str("id") == "" {
		t.Fatalf("setup of the new app = %d %s; want a new id", r.code, r.stdout)
	}
	if got := c.run("memory", "list", "--project", app).memories(t); len(got) != 0 {
		t.Errorf("the new app reads %q; want no memory", got)
	}
	moved := c.run("register", old)
	if moved.code != 0 || moved.str("event") != "moved" || moved.str("id") != lost {
		t.Errorf("register app-old = %s; want moved, keeping %s", moved.stdout, lost)
	}
	if got := c.run("memory", "list", "--project", old).memories(t); strings.Join(got, "|") != "the old project's note" {
		t.Errorf("app-old reads %q; want its own note", got)
	}

	// While the old checkout is there, no other folder can take its id.
	other := filepath.Join(parent, "other")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
		code int
		kind string
		want string
	}{
		{"the id of a project whose folder is there", []string{"register", other, "--reconnect", lost}, 4, "conflict", "is still in " + old},
		{"a folder set up as another project", []string{"setup", app, "--reconnect", lost}, 4, "conflict", "is set up as the project"},
		{"a malformed id", []string{"register", other, "--reconnect", "p_123"}, 2, "invalid", "is not a project id"},
		{"an id in capitals", []string{"setup", other, "--reconnect", strings.ToUpper(lost)}, 2, "invalid", "is not a project id"},
		{"an empty id", []string{"setup", other, "--reconnect", ""}, 2, "invalid", "--reconnect needs a project id"},
		{"no id", []string{"setup", other, "--reconnect"}, 2, "invalid", ""},
		{"an unknown id", []string{"register", other, "--reconnect", "p_" + strings.Repeat("9", 32)}, 5, "not_found", "no project with the id"},
	} {
		r := c.run(tt.args...)
		if r.code != tt.code || r.str("kind") != tt.kind || !strings.Contains(r.str("error"), tt.want) {
			t.Errorf("%s: %q = %d %s; want exit %d, %s, saying %q", tt.name, tt.args, r.code, r.stdout, tt.code, tt.kind, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(other, ".memo")); err == nil {
		t.Fatal("a refused reconnect wrote .memo")
	}

	// The old checkout is deleted: now a fresh folder may take the id back.
	if err := os.RemoveAll(old); err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(parent, "again")
	if err := os.Mkdir(again, 0o755); err != nil {
		t.Fatal(err)
	}
	r = c.run("register", again, "--reconnect", lost)
	if r.code != 0 || r.str("event") != "reconnected" || r.str("id") != lost || r.obj["set_up"] != false {
		t.Fatalf("register --reconnect = %d %s; want reconnected to %s", r.code, r.stdout, lost)
	}
	if got := c.run("memory", "list", "--project", again).memories(t); strings.Join(got, "|") != "the old project's note" {
		t.Errorf("the reconnected folder reads %q; want the lost project's note", got)
	}
	if r := c.run("setup", again); r.code != 0 || r.str("id") != lost {
		t.Errorf("setup after reconnecting = %s; want %s written", r.stdout, lost)
	}
	// And setup --reconnect of yet another folder is refused: it lives.
	third := t.TempDir()
	if r := c.run("setup", third, "--reconnect", lost); r.code != 4 || r.str("kind") != "conflict" {
		t.Errorf("setup --reconnect of a living project = %d %s; want exit 4", r.code, r.stdout)
	}
}

// With HOME unset or empty and MEMO_HOME set, the home the user database
// names is still refused, with its ancestors.
func TestCLIHomeFromTheUserDatabase(t *testing.T) {
	account := filepath.Join(t.TempDir(), "ann")
	if err := os.Mkdir(account, 0o755); err != nil {
		t.Fatal(err)
	}
	memoHome := filepath.Join(t.TempDir(), "memo-home")
	for _, home := range []string{"", t.TempDir()} {
		c := &cli{t: t, home: memoHome, user: home, account: account, env: map[string]string{}}
		run := c.run
		for path, code := range map[string]string{account: "home", filepath.Dir(account): "home_ancestor"} {
			if r := run("status", path); r.obj["allowed"] != false || r.str("reason_code") != code {
				t.Errorf("HOME=%q: status %s = %s; want refused (%s)", home, path, r.stdout, code)
			}
			if r := run("setup", path); r.code != 3 || r.str("kind") != "forbidden" {
				t.Errorf("HOME=%q: setup %s = %d %s; want exit 3", home, path, r.code, r.stdout)
			}
		}
		if r := run("setup", filepath.Join(account, ".memo")); r.code == 0 {
			t.Errorf("HOME=%q: setup of the account's ~/.memo = %s; want refused", home, r.stdout)
		}
		if _, err := os.Stat(filepath.Join(account, ".memo")); err == nil {
			t.Fatalf("HOME=%q: setup wrote into the account's home", home)
		}
		if r := run("status", filepath.Join(account, "code")); r.code != 2 { // missing, but not refused as home
			t.Errorf("HOME=%q: status of a missing folder in the account's home = %s", home, r.stdout)
		}
	}
}

// A path that is not UTF-8 is invalid input on the command line, before
// anything is resolved or written: a folder argument, a relative one, a
// file argument, --project and --home.
func TestCLIPathsThatAreNotUTF8(t *testing.T) {
	c := newCLI(t)
	parent := t.TempDir()
	bad := filepath.Join(parent, "caf\xe9")
	if err := os.Mkdir(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	good, _ := c.setUpProject()
	for _, tt := range []struct {
		dir  string
		args []string
	}{
		{"", []string{"status", bad}},
		{"", []string{"setup", bad}},
		{"", []string{"register", bad}},
		{parent, []string{"setup", "caf\xe9"}},
		{"", []string{"decline", bad}},
		{"", []string{"files", bad}},
		{"", []string{"memory", "list", "--project", bad}},
		{"", []string{"permissions", "save", good, filepath.Join(parent, "p\xff.json")}},
		{"", []string{"--home", filepath.Join(parent, "home\xfe"), "status", good}},
	} {
		r := c.runIn(tt.dir, tt.args...)
		if r.code != 2 || r.str("kind") != "invalid" || !strings.Contains(r.str("error"), "not valid UTF-8") {
			t.Errorf("%q = %d %s; want exit 2, invalid, not UTF-8", tt.args, r.code, r.stdout)
		}
	}
	if entries, _ := os.ReadDir(bad); len(entries) != 0 {
		t.Errorf("something was written into %q", bad)
	}
	if _, err := os.Stat(filepath.Join(parent, "home\xfe")); err == nil {
		t.Error("a data home whose path is not UTF-8 was created")
	}
}
