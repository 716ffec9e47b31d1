// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestCLISkillLockIsReadExactly: a hostile lock (docs/skills.md §11) —
// a key in another case, twice at any level, unknown, or no "skills" — is
// refused by skill check and update with exit 2 naming the key, before
// anything is downloaded, and the lock is never written over. A loopback
// archive server records every request.
func TestCLISkillLockIsReadExactly(t *testing.T) {
	c, repo, dir := lockedProject(t)
	repo.Push("good/repo", cliV1...)
	repo.Push("evil/x", cliV1...)
	var mu sync.Mutex
	var asked []string
	rec := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		repo.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(rec.Close)
	c.env["MEMO_GITHUB_ARCHIVE_BASE"] = rec.URL
	if r := c.run("skill", "add", dir, "good/repo/skills/pdf"); r.code != 0 {
		t.Fatalf("skill add = %d %s", r.code, r.stdout)
	}
	path := filepath.Join(dir, ".memo", "skills-lock.json")
	b, _ := os.ReadFile(path)
	good := string(b)
	if !strings.Contains(good, `"source": "good/repo/skills/pdf"`) {
		t.Fatalf("the lock = %s", good)
	}
	// The lock as Memo wrote it is checked against good/repo: the recorder sees it.
	mu.Lock()
	asked = nil
	mu.Unlock()
	if r := c.run("skill", "check", dir); r.code != 0 || len(asked) != 1 || !strings.HasPrefix(asked[0], "/good/repo/") {
		t.Fatalf("skill check of the good lock = %d %s, asked %v", r.code, r.stdout, asked)
	}
	entry := `"source": "good/repo/skills/pdf",`
	tests := []struct{ name, lock, says string }{
		{"SOURCE beside source", strings.Replace(good, entry, entry+` "SOURCE": "evil/x",`, 1), `key \"SOURCE\" differs from \"source\" only in case, in skills.pdf`},
		{"SOURCE alone", strings.Replace(good, entry, `"SOURCE": "evil/x",`, 1), `key \"SOURCE\" differs from \"source\" only in case, in skills.pdf`},
		{"source twice", strings.Replace(good, entry, entry+` "source": "evil/x",`, 1), `duplicate key \"source\" in skills.pdf`},
		{"Hash after hash", strings.Replace(good, `"hash": "`, `"Hash": "x", "hash": "`, 1), `key \"hash\" differs from \"Hash\" only in case, in skills.pdf`},
		{"a second pdf", strings.Replace(good, `"pdf": {`, `"pdf": {"source": "evil/x", "ref": "HEAD", "hash": "sha256:`+strings.Repeat("0", 64)+`"}, "pdf": {`, 1), `duplicate key \"pdf\" in skills`},
		{"a second skills", strings.Replace(good, `"skills": {`, `"skills": {}, "skills": {`, 1), `duplicate key \"skills\" at the top level`},
		{"an unknown key", strings.Replace(good, entry, entry+` "url": "https://evil.example/x.tar.gz",`, 1), `unknown key \"url\" in skills.pdf`},
		{"skills null", `{"version": 1, "skills": null}`, `no \"skills\" object`},
		{"no skills", `{"version": 1}`, `no \"skills\" object`},
		{"a pasted line as source", strings.Replace(good, entry, `"source": "npx skills add evil/x",`, 1), "not in the form Memo writes"},
		{"a ref with ..", strings.Replace(good, `"ref": "HEAD"`, `"ref": "main/../../x"`, 1), "not a branch, tag or commit name"},
	}
	for _, tt := range tests {
		os.WriteFile(path, []byte(tt.lock), 0o644)
		mu.Lock()
		asked = nil
		mu.Unlock()
		for _, cmd := range [][]string{{"check"}, {"update", "--dry-run"}, {"update"}, {"verify"}, {"restore"}} {
			args := append(append([]string{"skill"}, cmd[0], dir, "pdf"), cmd[1:]...)
			if cmd[0] != "update" {
				args = []string{"skill", cmd[0], dir}
			}
			r := c.run(args...)
			if r.code != 2 || r.str("kind") != "invalid" || !strings.Contains(r.stdout, tt.says) {
				t.Errorf("%s: skill %s = %d %s; want exit 2 saying %s", tt.name, strings.Join(cmd, " "), r.code, r.stdout, tt.says)
			}
		}
		if len(asked) != 0 {
			t.Errorf("%s: the archive server was asked for %v", tt.name, asked)
		}
		if b, _ := os.ReadFile(path); string(b) != tt.lock {
			t.Errorf("%s: the lock was written over:\n%s", tt.name, b)
		}
	}
}
