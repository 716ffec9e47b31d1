// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// memories returns the contents a memory list printed, in order.
func (r result) memories(t *testing.T) []string {
	t.Helper()
	list, ok := r.obj["memories"].([]any)
	if !ok {
		t.Fatalf("no memories list in %s", r.stdout)
	}
	var out []string
	for _, m := range list {
		out = append(out, m.(map[string]any)["content"].(string))
	}
	return out
}

func (r result) id() string { return fmt.Sprint(int64(r.obj["id"].(float64))) }

// setUpProject sets a folder up and returns it with its id.
func (c *cli) setUpProject() (string, string) {
	c.t.Helper()
	dir := c.t.TempDir()
	r := c.run("setup", dir)
	if r.code != 0 {
		c.t.Fatalf("setup: %s", r.stdout)
	}
	return dir, r.str("id")
}

// TestCLIMemoryPartition: a project's memory never mixes with the personal
// memory or another project's, in either direction (docs/memory.md §2).
func TestCLIMemoryPartition(t *testing.T) {
	c := newCLI(t)
	a, aID := c.setUpProject()
	b, _ := c.setUpProject()
	g := c.run("memory", "add", "I like tea")
	ma := c.run("memory", "add", "--project", a, "uses go 1.26")
	mb := c.run("memory", "add", "--project="+b, "--kind", "coding-turn", "fixed the parser")
	if g.code != 0 || g.str("project_id") != "" || g.str("kind") != "note" {
		t.Fatalf("normal add = %d %s", g.code, g.stdout)
	}
	if ma.code != 0 || ma.str("project_id") != aID || mb.code != 0 || mb.str("kind") != "coding-turn" {
		t.Fatalf("project adds = %s / %s", ma.stdout, mb.stdout)
	}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"project A", []string{"--project", a}, []string{"uses go 1.26"}},
		{"project B", []string{"--project", b}, []string{"fixed the parser"}},
		{"project A from inside", []string{"--project", filepath.Join(a, ".memo")}, []string{"uses go 1.26"}},
		{"normal chat reads every pool", nil, []string{"fixed the parser", "uses go 1.26", "I like tea"}},
	}
	for _, tt := range tests {
		r := c.run(append([]string{"memory", "list"}, tt.args...)...)
		if got := r.memories(t); r.code != 0 || strings.Join(got, "|") != strings.Join(tt.want, "|") || r.obj["total"] != float64(len(tt.want)) {
			t.Errorf("%s: memory list = %d %v (total %v), want %v", tt.name, r.code, got, r.obj["total"], tt.want)
		}
	}

	// Edit and remove reach only the pool the chat writes: another pool's
	// memory is not found, as if it did not exist.
	for _, tt := range []struct {
		name string
		args []string
		code int
	}{
		{"A's memory from B", []string{"edit", ma.id(), "changed", "--project", b}, 5},
		{"A's memory from a normal chat", []string{"edit", ma.id(), "changed"}, 5},
		{"the global memory from A", []string{"remove", g.id(), "--project", a}, 5},
		{"B's memory from A", []string{"remove", mb.id(), "--project", a}, 5},
		{"A's memory from A", []string{"edit", ma.id(), "uses go 1.27", "--project", a}, 0},
		{"the global memory from a normal chat", []string{"edit", g.id(), "I like green tea"}, 0},
	} {
		if r := c.run(append([]string{"memory"}, tt.args...)...); r.code != tt.code {
			t.Errorf("%s: exit %d %s, want %d", tt.name, r.code, r.stdout, tt.code)
		}
	}
	r := c.run("memory", "list")
	if got := r.memories(t); strings.Join(got, "|") != "fixed the parser|uses go 1.27|I like green tea" {
		t.Errorf("after the edits every pool holds %v", got)
	}
	if r := c.run("memory", "remove", mb.id(), "--project", b); r.code != 0 || r.obj["removed"] != true {
		t.Errorf("remove from its own pool = %d %s", r.code, r.stdout)
	}
	if r := c.run("memory", "list", "--project", b); len(r.memories(t)) != 0 {
		t.Errorf("B still lists %v after remove", r.memories(t))
	}
}

// TestCLIMemoryNoIdentity: a folder whose identity cannot be determined gets
// no memory at all (exit 3), never the global pool, and nothing is written.
func TestCLIMemoryNoIdentity(t *testing.T) {
	c := newCLI(t)
	a, _ := c.setUpProject()
	c.run("memory", "add", "I like tea")
	fresh := t.TempDir()
	foreign := t.TempDir()
	os.Mkdir(filepath.Join(foreign, ".memo"), 0o755)
	writeFile(t, filepath.Join(foreign, ".memo", "notes.txt"), []byte("someone else's"))
	cp := filepath.Join(t.TempDir(), "copy")
	os.MkdirAll(filepath.Join(cp, ".memo"), 0o755)
	pj, _ := os.ReadFile(filepath.Join(a, ".memo", "project.json"))
	writeFile(t, filepath.Join(cp, ".memo", "project.json"), pj)

	for _, tt := range []struct{ name, path, says string }{
		{"never opened", fresh, "no project id yet"},
		{"foreign .memo", foreign, "no memory"},
		{"a copy without its own id", cp, "copy"},
		{"the data home", c.home, "no memory"},
	} {
		os.MkdirAll(tt.path, 0o755)
		for _, args := range [][]string{
			{"memory", "list", "--project", tt.path},
			{"memory", "add", "--project", tt.path, "leak?"},
			{"memory", "edit", "1", "leak?", "--project", tt.path},
			{"memory", "remove", "1", "--project", tt.path},
			{"policy", "--project", tt.path},
		} {
			r := c.run(args...)
			if r.code != 3 || r.str("kind") != "forbidden" || !strings.Contains(r.str("error"), tt.says) {
				t.Errorf("%s: %v = exit %d %s, want 3 saying %q", tt.name, args[:2], r.code, r.stdout, tt.says)
			}
		}
	}
	if r := c.run("memory", "list"); strings.Join(r.memories(t), "|") != "I like tea" {
		t.Errorf("after the refusals every pool holds %v, want only the one memory", r.memories(t))
	}
	if _, err := os.Stat(filepath.Join(fresh, ".memo")); err == nil {
		t.Error("a refused memory command wrote into the folder")
	}
}

// TestCLIMemoryLegacyRows: rows an older Memo wrote (before project_id, or
// after it without naming one, with kinds this version does not know) are in
// the global pool, listed as they are and editable.
func TestCLIMemoryLegacyRows(t *testing.T) {
	c := newCLI(t)
	data := filepath.Join(c.home, "data")
	os.MkdirAll(data, 0o700)
	old := legacyMemoryDB(t, filepath.Join(data, "memory.db"), 2)
	if _, err := old.Exec("INSERT INTO memories (content, kind) VALUES ('likes short answers', 'preference-v0')"); err != nil {
		t.Fatal(err)
	}
	old.Close()
	a, _ := c.setUpProject()

	r := c.run("memory", "list")
	list, _ := r.obj["memories"].([]any)
	if r.code != 0 || len(list) != 3 || r.obj["total"] != 3.0 {
		t.Fatalf("memory list of a legacy memory.db = %d %s", r.code, r.stdout)
	}
	first := list[0].(map[string]any)
	if first["kind"] != "preference-v0" || first["project_id"] != "" || first["created_at"] != nil {
		t.Errorf("a legacy row is listed as %v, want its kind as stored, the global pool, created_at null", first)
	}
	id := fmt.Sprint(int64(first["id"].(float64)))
	if r := c.run("memory", "edit", id, "likes answers in bullet points"); r.code != 0 || r.str("content") != "likes answers in bullet points" || r.str("kind") != "preference-v0" {
		t.Errorf("editing a legacy row = %d %s, want its content changed and its kind kept", r.code, r.stdout)
	}

	// An older Memo writing the upgraded file: no project_id named.
	db, err := sql.Open("sqlite", filepath.Join(data, "memory.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("INSERT INTO memories (content, kind) VALUES ('written by Memo 1.x', 'fact')"); err != nil {
		t.Fatalf("an older Memo's INSERT into the upgraded file: %v", err)
	}
	db.Close()
	if r := c.run("memory", "list", "--project", a); len(r.memories(t)) != 0 {
		t.Errorf("the project lists %v: legacy rows leaked into it", r.memories(t))
	}
	if r := c.run("memory", "list", "--query", "memo 1.X"); strings.Join(r.memories(t), "|") != "written by Memo 1.x" {
		t.Errorf("the normal chat does not find the older Memo's row: %v", r.memories(t))
	}
}

// TestCLIMemoryBackupFailed: when the backup before the one-time change
// cannot be written, memory.db stays as it was, normal chats keep their
// memory, and project chats get none (exit 3 with the reason).
func TestCLIMemoryBackupFailed(t *testing.T) {
	c := newCLI(t)
	data := filepath.Join(c.home, "data")
	os.MkdirAll(data, 0o700)
	legacyMemoryDB(t, filepath.Join(data, "memory.db"), 3).Close()
	writeFile(t, filepath.Join(data, "backups"), []byte("not a folder"))
	before, _ := os.ReadFile(filepath.Join(data, "memory.db"))
	a, _ := c.setUpProject()

	for _, args := range [][]string{
		{"memory", "list", "--project", a},
		{"memory", "add", "--project", a, "x"},
	} {
		r := c.run(args...)
		if r.code != 3 || !strings.Contains(r.str("error"), "project memory is off") || !strings.Contains(r.str("error"), "back up") {
			t.Errorf("%v with the backup failing = %d %s, want exit 3 with the reason", args[:2], r.code, r.stdout)
		}
	}
	if r := c.run("memory", "list"); r.code != 0 || r.obj["total"] != 3.0 {
		t.Errorf("a normal chat's list with the backup failing = %d %s, want its 3 memories", r.code, r.stdout)
	}
	if after, _ := os.ReadFile(filepath.Join(data, "memory.db")); !bytes.Equal(before, after) {
		t.Error("memory.db changed although its backup could not be made")
	}
}

func TestCLIMemoryPaging(t *testing.T) {
	c := newCLI(t)
	a, _ := c.setUpProject()
	for i := 1; i <= 5; i++ {
		c.run("memory", "add", "--project", a, fmt.Sprintf("fact %d", i))
	}
	c.run("memory", "add", "a global fact")
	var got []string
	before := ""
	for page := 0; page < 4; page++ {
		args := []string{"memory", "list", "--project", a, "--limit", "2"}
		if before != "" {
			args = append(args, "--before", before)
		}
		r := c.run(args...)
		if r.code != 0 || r.obj["total"] != 5.0 {
			t.Fatalf("page %d: %d %s", page, r.code, r.stdout)
		}
		list := r.obj["memories"].([]any)
		if len(list) == 0 {
			break
		}
		for _, m := range list {
			got = append(got, m.(map[string]any)["content"].(string))
		}
		before = fmt.Sprint(int64(list[len(list)-1].(map[string]any)["id"].(float64)))
	}
	if strings.Join(got, "|") != "fact 5|fact 4|fact 3|fact 2|fact 1" {
		t.Errorf("paging with --before gave %v", got)
	}
	if r := c.run("memory", "list", "--project", a, "--query", "FACT 3"); strings.Join(r.memories(t), "|") != "fact 3" || r.obj["total"] != 1.0 {
		t.Errorf("--query FACT 3 gave %s", r.stdout)
	}
}

func TestCLIMemoryBadInput(t *testing.T) {
	c := newCLI(t)
	a, _ := c.setUpProject()
	for _, args := range [][]string{
		{"memory", "list", "--limit", "0"},
		{"memory", "list", "--limit", "1001"},
		{"memory", "list", "--before", "-1"},
		{"memory", "add", "--kind", "diary", "x"},
		{"memory", "add", "--project", a, "   "},
		{"memory", "add"},
		{"memory", "edit", "abc", "x"},
		{"memory", "remove", "0"},
		{"memory", "frobnicate"},
		{"policy", "--memory", "maybe"},
	} {
		if r := c.run(args...); r.code != 2 || r.str("kind") != "invalid" {
			t.Errorf("%v = exit %d %s, want 2", args, r.code, r.stdout)
		}
	}
	if r := c.run("memory", "edit", "999", "x"); r.code != 5 {
		t.Errorf("editing a memory that does not exist = %d %s, want 5", r.code, r.stdout)
	}
}

func TestCLIPolicy(t *testing.T) {
	c := newCLI(t)
	a, _ := c.setUpProject()
	tests := []struct {
		args []string
		want map[string]any
	}{
		{nil, map[string]any{"kind": "normal", "reads": "all", "writes": "global", "global_memory": true, "name": true, "project_memory": false}},
		{[]string{"--project", a}, map[string]any{"kind": "project", "reads": "project", "writes": "project", "global_memory": false, "pinned_facts": false, "name": false, "style_notes": false, "persona": false, "mood": false, "learn_personal": false, "decision_model": false, "project_memory": true, "coding_summary_max": 1500.0}},
		{[]string{"--project", a, "--code-mode"}, map[string]any{"reads": "project", "project_memory": true}},
		{[]string{"--project", a, "--memory", "off"}, map[string]any{"reads": "none", "writes": "none", "project_memory": false}},
		{[]string{"--memory=off"}, map[string]any{"reads": "none", "global_memory": false}},
	}
	for _, tt := range tests {
		r := c.run(append([]string{"policy"}, tt.args...)...)
		if r.code != 0 {
			t.Errorf("policy %v = %d %s", tt.args, r.code, r.stdout)
			continue
		}
		for k, v := range tt.want {
			if r.obj[k] != v {
				t.Errorf("policy %v: %s = %v, want %v", tt.args, k, r.obj[k], v)
			}
		}
	}
}
