// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/project"
	"memo.dev/projects/persistence"
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

// TestCLIEditedProjectFileKeepsItsID (docs/identity.md §8): a folder whose
// .memo/project.json is edited to hold another id is still the project the
// registry knows it as. Opening or setting it up writes its own id back
// (event "restored", the file's other fields kept) and changes nothing else:
// the project whose id the edit named keeps its record, no record is added
// or left pointing at the folder, and the folder reads its own memory. An id
// that is not one is refused, as before, with the file untouched. A copy
// put where the project was (rm -rf a; cp -a b a) is still a copy.
func TestCLIEditedProjectFileKeepsItsID(t *testing.T) {
	for _, tt := range []struct {
		name string
		cmd  string
		edit func(c *cli, parent string) string // the id written into a's project.json
	}{
		{"another live project's id", "register", func(c *cli, parent string) string { return c.project(t, parent, "b") }},
		{"another live project's id, then set up", "setup", func(c *cli, parent string) string { return c.project(t, parent, "b") }},
		{"the id of a project whose folder is gone", "register", func(c *cli, parent string) string {
			id := c.project(t, parent, "gone")
			if err := os.RemoveAll(filepath.Join(parent, "gone")); err != nil {
				t.Fatal(err)
			}
			return id
		}},
		{"a valid id never seen", "register", func(*cli, string) string { return "p_" + strings.Repeat("5", 32) }},
		{"a valid id never seen, then set up", "setup", func(*cli, string) string { return "p_" + strings.Repeat("5", 32) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			parent := t.TempDir()
			a := filepath.Join(parent, "a")
			own := c.project(t, parent, "a")
			other := tt.edit(c, parent)
			before := c.records(t)
			file := filepath.Join(a, ".memo", "project.json")
			orig, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(strings.Replace(string(orig), own, other, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			if st := c.run("status", a); st.str("id") != own {
				t.Errorf("status of the edited folder = %s; want its own id %s", st.stdout, own)
			}
			r := c.run(tt.cmd, a)
			if r.code != 0 || r.str("id") != own || (tt.cmd == "register" && r.str("event") != "restored") {
				t.Fatalf("%s of the edited folder = %d %s; want its own id %s (event restored)", tt.cmd, r.code, r.stdout, own)
			}
			if got, _ := os.ReadFile(file); string(got) != string(orig) {
				t.Errorf("project.json after %s = %s; want it as it was before the edit:\n%s", tt.cmd, got, orig)
			}
			if got := c.run("memory", "list", "--project", a).memories(t); strings.Join(got, "|") != "a's note" {
				t.Errorf("the edited folder reads %q; want its own note", got)
			}
			after := c.records(t)
			for id, rec := range before {
				if got := after[id]; got.Path != rec.Path || got.Gone != rec.Gone || got.Written != rec.Written {
					t.Errorf("the record of %s = %+v; want it as before the edit, %+v", id, got, rec)
				}
			}
			if len(after) != len(before) {
				t.Errorf("the registry holds %d records; want the %d it held before the edit: %+v", len(after), len(before), after)
			}
		})
	}

	t.Run("an id that is not one", func(t *testing.T) {
		c := newCLI(t)
		parent := t.TempDir()
		a := filepath.Join(parent, "a")
		own := c.project(t, parent, "a")
		before := c.records(t)
		file := filepath.Join(a, ".memo", "project.json")
		orig, _ := os.ReadFile(file)
		edited := strings.Replace(string(orig), own, "p_"+strings.Repeat("Z", 32), 1)
		os.WriteFile(file, []byte(edited), 0o644)
		if st := c.run("status", a); st.str("reason_code") != "memo_project_invalid" {
			t.Errorf("status of a folder whose project.json holds no valid id = %s; want memo_project_invalid", st.stdout)
		}
		for _, cmd := range []string{"register", "setup"} {
			r := c.run(cmd, a)
			if r.code != 3 || r.str("kind") != "forbidden" || !strings.Contains(r.str("error"), "not a valid Memo project file") {
				t.Errorf("%s of a folder whose project.json holds no valid id = %d %s; want exit 3, refused as not a valid project file", cmd, r.code, r.stdout)
			}
		}
		if got, _ := os.ReadFile(file); string(got) != edited {
			t.Errorf("the invalid project.json was rewritten: %s", got)
		}
		if after := c.records(t); len(after) != len(before) || after[own] != before[own] {
			t.Errorf("the registry after the refusals: %+v; want %+v", after, before)
		}
	})

	t.Run("a copy put where the project was", func(t *testing.T) {
		c := newCLI(t)
		parent := t.TempDir()
		a := filepath.Join(parent, "a")
		own := c.project(t, parent, "a")
		b := c.project(t, parent, "b")
		if err := os.RemoveAll(a); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(a, os.DirFS(filepath.Join(parent, "b"))); err != nil {
			t.Fatal(err)
		}
		r := c.run("register", a)
		if r.code != 0 || r.str("event") != "copied" || r.str("id") == own || r.str("id") == b {
			t.Errorf("register of a copy of b put where a was = %d %s; want copied, an id neither a's %s nor b's %s", r.code, r.stdout, own, b)
		}
		if got := c.run("memory", "list", "--project", a).memories(t); len(got) != 0 {
			t.Errorf("the copy reads %q; want no memory", got)
		}
	})
}

// project sets up parent/name with a note in its memory and returns its id.
func (c *cli) project(t *testing.T, parent, name string) string {
	t.Helper()
	dir := filepath.Join(parent, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	id := c.run("setup", dir).str("id")
	if r := c.run("memory", "add", "--project", dir, name+"'s note"); r.code != 0 || id == "" {
		t.Fatalf("setup and memory add in %s: %s (id %q)", dir, r.stdout, id)
	}
	return id
}

// records is every record of the data home's registry, gone or not, by id.
func (c *cli) records(t *testing.T) map[string]project.Record {
	t.Helper()
	s, err := persistence.Open(c.home, persistence.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out := map[string]project.Record{}
	recs, err := s.Registry().List()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		out[rec.ID] = rec
		former, err := s.Registry().Former(rec.Path)
		if err != nil {
			t.Fatal(err)
		}
		for _, gone := range former {
			out[gone.ID] = gone
		}
	}
	return out
}
