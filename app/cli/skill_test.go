// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"archive/tar"
	"bytes"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"memo.dev/projects/domain/skills/skillstest"
)

// tarEntry is one entry of a test archive, under its top folder.
type tarEntry struct {
	name     string
	typ      byte
	body     string
	linkname string
}

// codeloadArchive is shaped like GitHub's: a pax global header, the top
// folder repo-main/, then the entries.
func codeloadArchive(t *testing.T, entries ...tarEntry) []byte {
	t.Helper()
	var es []skillstest.Entry
	for _, e := range entries {
		es = append(es, skillstest.Entry{Name: e.name, Type: e.typ, Body: e.body, Linkname: e.linkname})
	}
	return skillstest.Archive(t, strings.Repeat("ab", 20), "repo-main", es...)
}

// archiveServer answers like codeload.github.com: /{owner}/{repo}/tar.gz/{ref}.
func archiveServer(t *testing.T, archives map[string][]byte) (*httptest.Server, *atomic.Int32) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
		if len(parts) != 4 || parts[2] != "tar.gz" {
			http.NotFound(w, r)
			return
		}
		b, ok := archives[parts[0]+"/"+parts[1]]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/x-gzip")
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv, &requests
}

const (
	pdfSkill  = "---\nname: pdf\ndescription: Work with PDF files.\n---\n# PDF\n"
	docxSkill = "---\nname: docx\ndescription: Word files.\nallowed-tools: Bash(rm:*)\n---\n# Word\n"
)

// listing is every path under dir, "/"-separated, folders with a trailing "/".
func listing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, rel)
		return nil
	})
	return out
}

func skillNames(r result) []string {
	var names []string
	list, _ := r.obj["skills"].([]any)
	for _, s := range list {
		m, _ := s.(map[string]any)
		names = append(names, m["name"].(string)+map[bool]string{true: ":on", false: ":off"}[m["enabled"] == true])
	}
	return names
}

func TestCLISkills(t *testing.T) {
	srv, _ := archiveServer(t, map[string][]byte{
		"o/repo": codeloadArchive(t,
			tarEntry{name: "skills/pdf/SKILL.md", body: pdfSkill},
			tarEntry{name: "skills/pdf/scripts/fill.py", body: "print(1)\n"},
			tarEntry{name: "skills/docx/SKILL.md", body: docxSkill}),
	})
	c := newCLI(t)
	c.env["MEMO_GITHUB_ARCHIVE_BASE"] = srv.URL
	dir := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(dir, 0o755)
	if r := c.run("setup", dir); r.code != 0 {
		t.Fatalf("setup = %d %s", r.code, r.stdout)
	}
	skillsDir := filepath.Join(dir, ".memo", "skills")

	// Several skills: the error names them all.
	r := c.run("skill", "add", dir, "o/repo")
	if r.code != 2 || !strings.Contains(r.str("error"), "skills/pdf") || !strings.Contains(r.str("error"), "skills/docx") {
		t.Errorf("skill add of a repository with two skills = %d %s, want exit 2 naming both", r.code, r.stdout)
	}
	// The dry run reviews and writes nothing.
	r = c.run("skill", "add", dir, "o/repo", "--skill", "docx", "--dry-run")
	if r.code != 0 || r.str("name") != "docx" || r.obj["dry_run"] != true || r.obj["review"] == nil {
		t.Errorf("skill add --dry-run = %d %s", r.code, r.stdout)
	}
	if got := listing(t, skillsDir); len(got) != 0 {
		t.Errorf("a dry run wrote %v", got)
	}
	r = c.run("skill", "add", dir, "o/repo", "--skill=docx")
	if r.code != 0 || r.str("name") != "docx" || r.str("path") != filepath.Join(skillsDir, "docx") {
		t.Fatalf("skill add --skill=docx = %d %s", r.code, r.stdout)
	}
	if tools, _ := r.obj["dropped_tools"].([]any); len(tools) != 1 || tools[0] != "Bash(rm:*)" {
		t.Errorf("skill add dropped_tools = %v, want [Bash(rm:*)]", r.obj["dropped_tools"])
	}
	if w, _ := r.obj["warnings"].([]any); len(w) == 0 {
		t.Errorf("skill add warnings = %v, want the dropped tools said", r.obj["warnings"])
	}
	// A path inside the project and a relative path reach the same project.
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	if r = c.runIn(dir, "skill", "add", "src", "o/repo@pdf"); r.code != 0 || r.str("name") != "pdf" {
		t.Fatalf("skill add src o/repo@pdf = %d %s", r.code, r.stdout)
	}
	if r = c.run("skill", "list", dir); r.code != 0 || !slices.Equal(skillNames(r), []string{"docx:off", "pdf:off"}) {
		t.Errorf("skill list = %d %s, want docx and pdf, off", r.code, r.stdout)
	}
	for _, key := range []string{"name", "description", "enabled", "dropped_tools"} {
		if !strings.Contains(r.stdout, `"`+key+`":`) {
			t.Errorf("skill list lacks %q: %s", key, r.stdout)
		}
	}
	if r = c.run("skill", "on", dir, "pdf"); r.code != 0 || r.obj["enabled"] != true {
		t.Errorf("skill on = %d %s", r.code, r.stdout)
	}
	if r = c.run("skill", "list", dir); !slices.Equal(skillNames(r), []string{"docx:off", "pdf:on"}) {
		t.Errorf("skill list after on = %s", r.stdout)
	}
	if r = c.run("skill", "off", dir, "pdf"); r.code != 0 || r.obj["enabled"] != false {
		t.Errorf("skill off = %d %s", r.code, r.stdout)
	}
	if r = c.run("skill", "add", dir, "o/repo@pdf"); r.code != 4 || r.str("kind") != "conflict" {
		t.Errorf("adding pdf again = %d %s, want exit 4", r.code, r.stdout)
	}
	if r = c.run("skill", "remove", dir, "pdf"); r.code != 0 {
		t.Errorf("skill remove = %d %s", r.code, r.stdout)
	}
	if r = c.run("skill", "remove", dir, "pdf"); r.code != 5 || r.str("kind") != "not_found" {
		t.Errorf("removing pdf again = %d %s, want exit 5", r.code, r.stdout)
	}
	if r = c.run("skill", "on", dir, "pdf"); r.code != 5 {
		t.Errorf("skill on of a removed skill = %d %s, want exit 5", r.code, r.stdout)
	}
	if got := listing(t, skillsDir); !slices.Equal(got, []string{"docx/", "docx/SKILL.md"}) {
		t.Errorf(".memo/skills holds %v, want only docx", got)
	}
}

// TestCLISkillRefusals: hostile archives, folders that may not hold skills,
// bad sources and usage: the exit status of docs/cli.md §3 and nothing written.
func TestCLISkillRefusals(t *testing.T) {
	srv, requests := archiveServer(t, map[string][]byte{
		"o/symlink": codeloadArchive(t,
			tarEntry{name: "SKILL.md", body: pdfSkill},
			tarEntry{name: "passwd", typ: tar.TypeSymlink, linkname: "/etc/passwd"}),
		"o/dotdot": codeloadArchive(t,
			tarEntry{name: "skills/pdf/SKILL.md", body: pdfSkill},
			tarEntry{name: "skills/pdf/../../../../escaped.txt", body: "out"}),
		"o/hardlink": codeloadArchive(t,
			tarEntry{name: "SKILL.md", body: pdfSkill},
			tarEntry{name: "shadow", typ: tar.TypeLink, linkname: "SKILL.md"}),
		"o/backslash": codeloadArchive(t,
			tarEntry{name: "SKILL.md", body: pdfSkill},
			tarEntry{name: `..\..\escaped.txt`, body: "out"}),
		"o/good": codeloadArchive(t, tarEntry{name: "SKILL.md", body: pdfSkill}),
	})
	c := newCLI(t)
	c.env["MEMO_GITHUB_ARCHIVE_BASE"] = srv.URL
	parent := t.TempDir()
	dir := filepath.Join(parent, "proj")
	os.MkdirAll(dir, 0o755)
	if r := c.run("setup", dir); r.code != 0 {
		t.Fatalf("setup = %d %s", r.code, r.stdout)
	}
	fresh := filepath.Join(parent, "fresh")
	os.MkdirAll(fresh, 0o755)
	memoData := filepath.Join(c.home, "data")
	os.MkdirAll(memoData, 0o755)
	before := listing(t, parent)

	tests := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"skill", "add", dir, "o/symlink"}, 3, "symbolic link"},
		{[]string{"skill", "add", dir, "o/dotdot"}, 3, "dot part"},
		{[]string{"skill", "add", dir, "o/hardlink"}, 3, "hard link"},
		{[]string{"skill", "add", dir, "o/backslash"}, 3, "backslash"},
		{[]string{"skill", "add", dir, "o/symlink", "--dry-run"}, 3, "symbolic link"},
		{[]string{"skill", "add", fresh, "o/good"}, 3, "set the project up first"},
		{[]string{"skill", "list", fresh}, 3, "set the project up first"},
		{[]string{"skill", "on", fresh, "pdf"}, 3, "set the project up first"},
		{[]string{"skill", "add", memoData, "o/good"}, 3, ""},
		{[]string{"skill", "add", c.user, "o/good"}, 3, ""},
		{[]string{"skill", "add", dir, "gitlab.com/o/good"}, 2, ""},
		{[]string{"skill", "add", dir, "o/missing"}, 5, "no such repository"},
		{[]string{"skill", "add", dir, "o/good", "--bogus"}, 2, ""},
		{[]string{"skill", "add", dir}, 2, ""},
		{[]string{"skill", "remove", dir}, 2, ""},
		{[]string{"skill", "remove", dir, "../x"}, 2, ""},
		{[]string{"skill", "frob", dir}, 2, ""},
		{[]string{"skill", "list", filepath.Join(parent, "missing")}, 2, "does not exist"},
	}
	for _, tt := range tests {
		n := requests.Load()
		r := c.run(tt.args...)
		if r.code != tt.code || !strings.Contains(r.str("error"), tt.says) {
			t.Errorf("%v = %d %s, want exit %d saying %q", tt.args[1:], r.code, r.stdout, tt.code, tt.says)
		}
		if tt.args[2] != dir && requests.Load() != n {
			t.Errorf("%v downloaded for a folder that may not hold skills", tt.args[1:])
		}
	}
	if got := listing(t, parent); !slices.Equal(got, before) {
		t.Errorf("refused commands changed the folders:\nbefore %v\nafter  %v", before, got)
	}
	if r := c.run("status", fresh); r.str("id") != "" {
		t.Errorf("a refused skill command registered the fresh folder: %s", r.stdout)
	}
	// A plain-http base that is not this machine is refused before any download.
	c.env["MEMO_GITHUB_ARCHIVE_BASE"] = "http://example.com"
	if r := c.run("skill", "add", dir, "o/good"); r.code != 2 || !strings.Contains(r.str("error"), "plain http") {
		t.Errorf("skill add with an http base = %d %s, want exit 2", r.code, r.stdout)
	}
}

// TestParseSkillOptions builds the skill commands with a fake action and
// checks the options the command line gives them.
func TestParseSkillOptions(t *testing.T) {
	type add = skillAddOptions
	adds := []struct {
		args []string
		want add
	}{
		{[]string{"dir", "o/r"}, add{Path: "dir", Source: "o/r"}},
		{[]string{"dir", "o/r", "--skill", "pdf"}, add{Path: "dir", Source: "o/r", Skill: "pdf"}},
		{[]string{"--skill=pdf", "dir", "o/r"}, add{Path: "dir", Source: "o/r", Skill: "pdf"}},
		{[]string{"dir", "-s", "pdf", "o/r", "--dry-run"}, add{Path: "dir", Source: "o/r", Skill: "pdf", DryRun: true}},
		{[]string{"dir", "npx skills add o/r --skill pdf"}, add{Path: "dir", Source: "npx skills add o/r --skill pdf"}},
		{[]string{"--dry-run", "--", "-dir", "o/r"}, add{Path: "-dir", Source: "o/r", DryRun: true}},
	}
	for _, tt := range adds {
		var got *skillAddOptions
		cmd := newSkillAddCmd(&Factory{}, func(o *skillAddOptions) error { got = o; return nil })
		cmd.SetArgs(tt.args)
		cmd.SetOut(new(bytes.Buffer))
		if err := cmd.Execute(); err != nil || got == nil {
			t.Errorf("skill add %q: %v (ran: %v)", tt.args, err, got != nil)
			continue
		}
		if got.Path != tt.want.Path || got.Source != tt.want.Source || got.Skill != tt.want.Skill || got.DryRun != tt.want.DryRun {
			t.Errorf("skill add %q parsed to %+v, want %+v", tt.args, *got, tt.want)
		}
	}
	for _, on := range []bool{true, false} {
		var got *skillNameOptions
		cmd := newSkillSwitchCmd(&Factory{}, on, func(o *skillNameOptions) error { got = o; return nil })
		cmd.SetArgs([]string{"dir", "pdf"})
		cmd.SetOut(new(bytes.Buffer))
		if err := cmd.Execute(); err != nil || got == nil || got.Path != "dir" || got.Name != "pdf" {
			t.Errorf("skill on=%v dir pdf: %v, parsed %+v", on, err, got)
		}
		if want := map[bool]string{true: "on", false: "off"}[on]; cmd.Name() != want {
			t.Errorf("the switch command for %v is named %q, want %q", on, cmd.Name(), want)
		}
	}
}
