// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const userTool = `
[mytool]
does = ["reads-project"]
options = "--fast"

[[mytool.example]]
rule = "mytool"
approve = ["mytool --fast src"]
`

// permissions catalog lists the builtin programs and the user's own, and
// --check says whether a user file loads, its examples passing.
func TestCLIPermissionsCatalog(t *testing.T) {
	c := newCLI(t)
	r := c.run("permissions", "catalog")
	if r.code != 0 {
		t.Fatalf("catalog = %d %s", r.code, r.stdout)
	}
	entries, _ := r.obj["entries"].([]any)
	sources := map[string]string{}
	for _, e := range entries {
		m := e.(map[string]any)
		sources[m["program"].(string)] = m["source"].(string)
	}
	if sources["git"] != "builtin" || sources["cargo"] != "builtin" || len(entries) < 80 {
		t.Errorf("catalog lists %d programs, git from %q: %s", len(entries), sources["git"], r.stdout[:min(len(r.stdout), 400)])
	}
	if p, _ := r.obj["problems"].([]any); len(p) != 0 {
		t.Errorf("builtin problems: %v", p)
	}
	if r.str("user_dir") != filepath.Join(c.home, "catalog") {
		t.Errorf("user_dir = %q", r.str("user_dir"))
	}

	dir := filepath.Join(c.home, "catalog")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "mine.toml"), []byte(userTool))
	r = c.run("permissions", "catalog")
	found := false
	for _, e := range r.obj["entries"].([]any) {
		m := e.(map[string]any)
		if m["program"] == "mytool" {
			found = m["source"] == "user" && m["file"] == filepath.Join(dir, "mine.toml")
		}
	}
	if !found {
		t.Errorf("the user's mytool is not listed as theirs: %s", r.stdout)
	}

	good := filepath.Join(c.user, "good.toml")
	writeFile(t, good, []byte(strings.ReplaceAll(userTool, "mytool", "othertool")))
	if r := c.run("permissions", "catalog", "--check", good); r.code != 0 || !strings.Contains(r.stdout, `"program":"othertool"`) || strings.Contains(r.stdout, "mytool") {
		t.Errorf("--check good = %d %s", r.code, r.stdout)
	}
	for name, tc := range map[string]struct{ text, want string }{
		"failing example": {strings.Replace(userTool, "--fast src", "--slow src", 1), "the example says it is approved"},
		"refused program": {strings.ReplaceAll(userTool, "mytool", "curl"), "refused as a rule"},
		"builtin program": {strings.ReplaceAll(userTool, "mytool", "git"), "known to Memo already"},
		"unknown key":     {userTool + "\n[mytool.risky]\nexecs = true\n", "unknown keys"},
	} {
		bad := filepath.Join(c.user, "bad.toml")
		writeFile(t, bad, []byte(strings.ReplaceAll(tc.text, "mytool", "badtool")))
		if strings.Contains(tc.text, "curl") || strings.Contains(tc.text, "[git]") {
			writeFile(t, bad, []byte(tc.text))
		}
		if r := c.run("permissions", "catalog", "--check", bad); r.code != 2 || r.str("kind") != "invalid" || !strings.Contains(r.str("error"), tc.want) {
			t.Errorf("%s: --check = %d %s, want exit 2 saying %q", name, r.code, r.stdout, tc.want)
		}
	}
}
