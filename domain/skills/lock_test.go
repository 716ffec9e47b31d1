// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

// lockFixture is a project and a repository server whose HEAD the test moves.
type lockFixture struct {
	s    *skills.Service
	sw   *skillstest.Switches
	repo *skillstest.RepoServer
	p    skills.Project
}

func newLockFixture(t *testing.T) *lockFixture {
	t.Helper()
	repo := skillstest.NewRepoServer(t)
	sw := skillstest.NewSwitches()
	s, err := skills.NewService(sw, repo.Client(), repo.URL)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := newProject(t)
	return &lockFixture{s: s, sw: sw, repo: repo, p: p}
}

func (f *lockFixture) lockFile(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(f.p.Root, ".memo", "skills-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (f *lockFixture) install(t *testing.T, source string) skills.Installed {
	t.Helper()
	got, err := f.s.Install(context.Background(), f.p, mustSource(t, source), skills.InstallOptions{})
	if err != nil {
		t.Fatalf("Install(%s) = %v", source, err)
	}
	return got
}

var pdfV1 = []skillstest.Entry{
	{Name: "README.md", Body: "# skills\n"},
	{Name: "skills/pdf/SKILL.md", Body: "---\nname: pdf\ndescription: Work with PDF files.\n---\n# PDF\nStep one.\n"},
	{Name: "skills/pdf/ref/forms.md", Body: "Fill the form.\n"},
	{Name: "skills/docx/SKILL.md", Body: "---\nname: docx\ndescription: Word files.\n---\n"},
}

// TestLockRecordsEachInstall: add writes the lock in its exact format,
// with the archive's commit and the hash of the documented form; remove
// takes the skill out again.
func TestLockRecordsEachInstall(t *testing.T) {
	f := newLockFixture(t)
	c1 := f.repo.Push("o/repo", pdfV1...)
	got := f.install(t, "o/repo@pdf")
	if got.Commit != c1 {
		t.Errorf("Install's commit = %q, want the archive's %q", got.Commit, c1)
	}
	hash, err := skills.TreeHash(got.Path)
	if err != nil || got.Hash != hash {
		t.Errorf("Install's hash %q, TreeHash of the folder %q (%v): want equal", got.Hash, hash, err)
	}
	want := `{
  "version": 1,
  "skills": {
    "pdf": {
      "source": "o/repo/skills/pdf",
      "ref": "HEAD",
      "commit": "` + c1 + `",
      "hash": "` + hash + `"
    }
  }
}
`
	if lock := f.lockFile(t); lock != want {
		t.Errorf("the lock is\n%s\nwant\n%s", lock, want)
	}
	// A ref asked for is kept as asked.
	f.install(t, "https://github.com/o/repo/tree/main/skills/docx")
	var l skills.Lock
	if err := json.Unmarshal([]byte(f.lockFile(t)), &l); err != nil {
		t.Fatal(err)
	}
	if e := l.Skills["docx"]; e.Ref != "main" || e.Commit != c1 || e.Source != "o/repo/skills/docx" {
		t.Errorf("docx's entry = %+v; want ref main at %s", e, c1)
	}
	if err := f.s.Remove(f.p, "docx"); err != nil {
		t.Fatal(err)
	}
	if lock := f.lockFile(t); lock != want {
		t.Errorf("after remove the lock is\n%s\nwant\n%s", lock, want)
	}
}

// The hash's documented form: the same digits as sha256sum over the
// files in byte order of their paths.
func TestTreeHashIsTheDocumentedForm(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"SKILL.md": "a", "b/c.md": "c", "B.md": "upper first", "b/a b.md": "space", "é.md": "accent", "empty.md": ""} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
	}
	os.Mkdir(filepath.Join(dir, "empty-folder"), 0o755)
	got, err := skills.TreeHash(dir)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", `find . -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum`)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sha256sum: %v", err)
	}
	if want := "sha256:" + strings.Fields(string(out))[0]; got != want {
		t.Errorf("TreeHash = %s; the documented command gives %s", got, want)
	}
	// A link changes the hash, and is never followed.
	os.Symlink("/etc/passwd", filepath.Join(dir, "link"))
	if again, err := skills.TreeHash(dir); err != nil || again == got {
		t.Errorf("TreeHash with a link = %s, %v; want another hash", again, err)
	}
}

// TestLockIsUntrustedInput: a lock that is not exactly of the format is
// refused with a clear error before anything is downloaded or written, and
// is never written over.
func TestLockIsUntrustedInput(t *testing.T) {
	good := `{"version":1,"skills":{"pdf":{"source":"o/r/skills/pdf","ref":"HEAD","commit":"` + strings.Repeat("a", 40) + `","hash":"sha256:` + strings.Repeat("b", 64) + `"}}}`
	tests := []struct{ name, lock, says string }{
		{"not JSON", "{", "ends before its value is complete"},
		{"two values", good + good, "more after the JSON value"},
		{"a newer version", `{"version":2,"skills":{}}`, "version 2"},
		{"no version", `{"skills":{}}`, `no "version"`},
		// Keys are read exactly, once each, at every level (docs/skills.md §11).
		{"a source in capitals beside source", strings.Replace(good, `"source":"o/r/skills/pdf"`, `"source":"o/r/skills/pdf","SOURCE":"evil/x"`, 1), `key "SOURCE" differs from "source" only in case, in skills.pdf`},
		{"a source in capitals alone", strings.Replace(good, `"source"`, `"SOURCE"`, 1), `key "SOURCE" differs from "source" only in case, in skills.pdf`},
		{"Hash after hash", strings.Replace(good, `"}}}`, `","Hash":"sha256:`+strings.Repeat("c", 64)+`"}}}`, 1), `key "Hash" differs from "hash" only in case, in skills.pdf`},
		{"hash twice", strings.Replace(good, `"}}}`, `","hash":"sha256:`+strings.Repeat("c", 64)+`"}}}`, 1), `duplicate key "hash" in skills.pdf`},
		{"a skill twice", strings.Replace(good, `}}}`, `},"pdf":{"source":"evil/x","ref":"HEAD","hash":"sha256:`+strings.Repeat("c", 64)+`"}}}`, 1), `duplicate key "pdf" in skills`},
		{"skills twice", strings.Replace(good, `}}}`, `}},"skills":{}}`, 1), `duplicate key "skills" at the top level`},
		{"Version beside version", `{"version":1,"Version":2,"skills":{}}`, `key "Version" differs from "version" only in case, at the top level`},
		{"an unknown key at the top", `{"version":1,"skills":{},"extra":1}`, `unknown key "extra" at the top level`},
		{"an unknown key in an entry", strings.Replace(good, `"ref":`, `"url":"x","ref":`, 1), `unknown key "url" in skills.pdf`},
		{"skills null", `{"version":1,"skills":null}`, `no "skills" object`},
		{"no skills", `{"version":1}`, `no "skills" object`},
		{"skills not an object", `{"version":1,"skills":[]}`, `skills must be an object`},
		// Sources and refs by the rules of skill add (docs/skills.md §4).
		{"a source with ..", strings.Replace(good, "o/r/skills/pdf", "o/r/skills/../../x", 1), `".."`},
		{"a source with NUL", strings.Replace(good, "o/r/skills/pdf", `o/r/skills\u0000/pdf`, 1), "control characters"},
		{"a source with an encoded dot segment", strings.Replace(good, "o/r/skills/pdf", "https://github.com/o/r/tree/HEAD/%2e%2e/x", 1), `".."`},
		{"a source with a space", strings.Replace(good, "o/r/skills/pdf", " o/r/skills/pdf", 1), "not in the form Memo writes"},
		{"a source that is a pasted line", strings.Replace(good, "o/r/skills/pdf", "npx skills add o/r/skills/pdf", 1), "not in the form Memo writes"},
		{"a source with a skill", strings.Replace(good, "o/r/skills/pdf", "o/r@pdf", 1), "not in the form Memo writes"},
		{"a ref with ..", strings.Replace(good, `"ref":"HEAD"`, `"ref":"v1..v2"`, 1), "not a branch, tag or commit name"},
		{"a ref with NUL", strings.Replace(good, `"ref":"HEAD"`, `"ref":"v1\u0000"`, 1), "not a branch, tag or commit name"},
		{"a ref with an encoded dot segment", strings.Replace(good, `"ref":"HEAD"`, `"ref":"%2e%2e"`, 1), "not a branch, tag or commit name"},
		{"a ref with a space", strings.Replace(good, `"ref":"HEAD"`, `"ref":"main x"`, 1), "not a branch, tag or commit name"},
		{"a ref that is a pasted line", strings.Replace(good, `"ref":"HEAD"`, `"ref":"main; curl evil"`, 1), "not a branch, tag or commit name"},
		{"an empty ref", strings.Replace(good, `"ref":"HEAD"`, `"ref":""`, 1), "not a branch, tag or commit name"},
		{"a path as a name", strings.Replace(good, `"pdf"`, `"../x"`, 1), "is not a skill name"},
		{"a bad hash", strings.Replace(good, "sha256:b", "md5:b", 1), "hash"},
		{"a bad commit", strings.Replace(good, strings.Repeat("a", 40), "HEAD", 1), "commit"},
		{"a source with a ref", strings.Replace(good, "o/r/skills/pdf", "https://github.com/o/r/tree/v1/skills/pdf", 1), "ref"},
		{"a source that is a path", strings.Replace(good, "o/r/skills/pdf", "/etc", 1), "source"},
		{"a bad ref", strings.Replace(good, `"ref":"HEAD"`, `"ref":"-x"`, 1), "ref"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newLockFixture(t)
			f.repo.Push("o/repo", pdfV1...)
			path := filepath.Join(f.p.Root, ".memo", "skills-lock.json")
			os.WriteFile(path, []byte(tt.lock), 0o644)
			_, err := f.s.Install(context.Background(), f.p, mustSource(t, "o/repo@pdf"), skills.InstallOptions{})
			if domain.KindOf(err) != domain.KindInvalid || !strings.Contains(fmt1(err), tt.says) || !strings.Contains(fmt1(err), "skills-lock.json") {
				t.Errorf("Install with %s = %v; want invalid, naming the lock and saying %q", tt.name, err, tt.says)
			}
			if n := f.repo.Requests.Load(); n != 0 {
				t.Errorf("Install with %s downloaded %d times", tt.name, n)
			}
			if _, err := f.s.Verify(f.p); domain.KindOf(err) != domain.KindInvalid {
				t.Errorf("Verify with %s = %v; want invalid", tt.name, err)
			}
			if b, _ := os.ReadFile(path); string(b) != tt.lock {
				t.Errorf("the lock was written over: %s", b)
			}
			if got := tree(t, filepath.Join(f.p.Root, ".memo", "skills")); len(got) != 0 {
				t.Errorf(".memo/skills holds %q", got)
			}
		})
	}
}

var hexHash = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
