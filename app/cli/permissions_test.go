// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const (
	permsGood    = "{\n  \"version\": 1,\n  \"allowed_commands\": [\"go test\", \"git status\"],\n  \"allowed_tools\": [\"read_file\"]\n}\n"
	permsChanged = "{\n  \"version\": 1,\n  \"allowed_commands\": [\"go test\", \"git log\"],\n  \"allowed_tools\": [\"read_file\"]\n}\n"
	permsBad     = `{"version": 2, "allowed_commands": ["bash", "go test; rm -rf ~"], "allowed_tools": ["run_command"], "extra": 1}`
)

// raw runs a command with stdin and returns its exit status and stdout as
// they are (permissions diff --text prints no JSON).
func (c *cli) raw(stdin string, args ...string) (int, string) {
	c.t.Helper()
	code, stdout, _ := c.exec("", stdin, args...)
	return code, stdout
}

func permsFile(dir string) string { return filepath.Join(dir, ".memo", "permissions.json") }

// status is the status object of `permissions PATH`.
func (r result) status() map[string]any { s, _ := r.obj["status"].(map[string]any); return s }

func (r result) granted(key string) []any {
	p, _ := r.obj["permissions"].(map[string]any)
	l, _ := p[key].([]any)
	return l
}

func TestCLIPermissionsLifecycle(t *testing.T) {
	c := newCLI(t)
	dir, _ := c.setUpProject()

	r := c.run("permissions", dir)
	if r.code != 0 || r.status()["exists"] != false || r.status()["trusted"] != false || r.status()["state"] != "no_file" {
		t.Fatalf("permissions(no file) = %d %s", r.code, r.stdout)
	}
	for _, key := range []string{"permissions", "status", "problems"} {
		if _, ok := r.obj[key]; !ok {
			t.Errorf("permissions output lacks %q: %s", key, r.stdout)
		}
	}
	if r := c.run("permissions", "trust", dir); r.code != 5 || r.str("kind") != "not_found" {
		t.Errorf("trust(no file) = %d %s, want 5 not_found", r.code, r.stdout)
	}

	// A file that appears (a clone, a model) grants nothing until trusted.
	writeFile(t, permsFile(dir), []byte(permsGood))
	r = c.run("permissions", dir)
	hash := r.status()["hash"]
	if r.status()["exists"] != true || r.status()["trusted"] != false || r.status()["state"] != "not_trusted" || len(r.granted("allowed_commands")) != 0 {
		t.Fatalf("permissions(untrusted) = %s", r.stdout)
	}
	if r := c.run("check-command", dir, "go test ./..."); r.code != 0 || r.obj["approved"] != false || !strings.Contains(r.str("reason"), "not trusted") {
		t.Errorf("check-command before trust = %d %s", r.code, r.stdout)
	}
	if code, out := c.raw("", "--text", "permissions", "diff", dir); code != 0 || !strings.HasPrefix(out, "--- /dev/null\n+++ current/.memo/permissions.json\n@@ -0,0 +1,5 @@\n+{\n") {
		t.Errorf("diff --text before any trust = %d\n%s", code, out)
	}

	if r := c.run("permissions", "trust", dir); r.code != 0 || r.status()["trusted"] != true || r.status()["hash"] != hash {
		t.Fatalf("trust = %d %s", r.code, r.stdout)
	}
	if r := c.run("permissions", dir); r.status()["state"] != "trusted" || len(r.granted("allowed_commands")) != 2 {
		t.Errorf("permissions(trusted) = %s", r.stdout)
	}
	if r := c.run("permissions", "diff", dir); r.code != 0 || r.str("diff") != "" || r.str("state") != "trusted" {
		t.Errorf("diff of the trusted file = %d %s, want an empty diff", r.code, r.stdout)
	}
	checks := []struct {
		line     string
		approved bool
		rule     string
		reason   string
	}{
		{"go test ./...", true, "go test", ""},
		{"git status", true, "git status", ""},
		{"go test ./... ; rm -rf ~", false, "", ";"},
		{"go test ./... && curl x", false, "", "the command `go test ./...`"}, // a compound line names the command that asks
		{"go testing", false, "", ""},
		{"go test -exec=sh ./...", false, "", "-exec"},
		{"go test $(rm -rf ~)", false, "", "$"},
		{"env go test", false, "", ""},
	}
	for _, ch := range checks {
		r := c.run("check-command", dir, ch.line)
		// An unapproved line may still name the rule whose words it starts with.
		if r.code != 0 || r.obj["approved"] != ch.approved || (ch.approved && r.str("rule") != ch.rule) || !strings.Contains(r.str("reason"), ch.reason) {
			t.Errorf("check-command(%q) = %d %s; want approved %v rule %q reason with %q", ch.line, r.code, r.stdout, ch.approved, ch.rule, ch.reason)
		}
		for _, key := range []string{"approved", "rule", "reason"} {
			if _, ok := r.obj[key]; !ok {
				t.Errorf("check-command(%q) lacks %q: %s", ch.line, key, r.stdout)
			}
		}
	}
	tools := []struct {
		tool     string
		approved bool
	}{{"read_file", true}, {"write_file", false}, {"run_command", false}, {"delete_file", false}}
	for _, tc := range tools {
		r := c.run("check-tool", dir, tc.tool)
		if r.code != 0 || r.obj["approved"] != tc.approved {
			t.Errorf("check-tool(%s) = %d %s, want approved %v", tc.tool, r.code, r.stdout, tc.approved)
		}
		if _, ok := r.obj["reason"]; !ok {
			t.Errorf("check-tool(%s) lacks reason: %s", tc.tool, r.stdout)
		}
	}

	// Changed after trust: ignored again; the diff shows the change.
	writeFile(t, permsFile(dir), []byte(permsChanged))
	r = c.run("permissions", dir)
	newHash, _ := r.status()["hash"].(string)
	if r.status()["state"] != "changed" || r.status()["trusted"] != false || len(r.granted("allowed_commands")) != 0 {
		t.Errorf("permissions(changed) = %s", r.stdout)
	}
	if r := c.run("check-command", dir, "go test ./..."); r.obj["approved"] != false {
		t.Errorf("check-command after a change = %s, want not approved", r.stdout)
	}
	code, out := c.raw("", "--text", "permissions", "diff", dir)
	if code != 0 || !strings.Contains(out, "--- trusted/.memo/permissions.json\n") || !strings.Contains(out, "\n-  \"allowed_commands\": [\"go test\", \"git status\"],\n+  \"allowed_commands\": [\"go test\", \"git log\"],\n") {
		t.Errorf("diff --text after a change = %d\n%s", code, out)
	}
	if r := c.run("permissions", "diff", dir); r.str("diff") != out || r.str("state") != "changed" || r.str("hash") != newHash {
		t.Errorf("diff as JSON = %s; want the same text as --text", r.stdout)
	}

	// --hash trusts only the version reviewed.
	if r := c.run("permissions", "trust", dir, "--hash", hash.(string)); r.code != 4 || r.str("kind") != "conflict" {
		t.Errorf("trust --hash OLD = %d %s, want 4 conflict", r.code, r.stdout)
	}
	if r := c.run("permissions", dir); r.status()["trusted"] != false {
		t.Errorf("a refused trust --hash trusted the file: %s", r.stdout)
	}
	if r := c.run("permissions", "trust", dir, "--hash="+newHash); r.code != 0 || r.status()["trusted"] != true {
		t.Errorf("trust --hash NEW = %d %s", r.code, r.stdout)
	}
	if r := c.run("check-command", dir, "git log -3"); r.obj["approved"] != true || r.str("rule") != "git log" {
		t.Errorf("check-command after trusting the change = %s", r.stdout)
	}
}

func TestCLIPermissionsSave(t *testing.T) {
	c := newCLI(t)
	dir, _ := c.setUpProject()

	// Invalid from stdin: exit 2, every problem with its place, nothing written.
	code, out := c.raw(permsBad, "permissions", "save", dir, "-")
	var e struct {
		Error    string `json:"error"`
		Kind     string `json:"kind"`
		Problems []struct {
			Where   string `json:"where"`
			Problem string `json:"problem"`
		} `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil || code != 2 || e.Kind != "invalid" {
		t.Fatalf("save(invalid) = %d %s (%v)", code, out, err)
	}
	wheres := map[string]bool{}
	for _, p := range e.Problems {
		wheres[p.Where] = true
		if !strings.Contains(e.Error, p.Problem) {
			t.Errorf("the error sentence does not name the problem %q", p.Problem)
		}
	}
	for _, w := range []string{"version", "allowed_commands[0]", "allowed_commands[1]", "allowed_tools[0]", "extra"} {
		if !wheres[w] {
			t.Errorf("save(invalid) problems %v do not name %s", e.Problems, w)
		}
	}
	if _, err := os.Stat(permsFile(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an invalid save wrote the file (%v)", err)
	}

	// Valid from a file: written byte for byte and trusted.
	src := filepath.Join(t.TempDir(), "perms.json")
	writeFile(t, src, []byte(permsGood))
	r := c.run("permissions", "save", dir, src)
	if r.code != 0 || r.status()["trusted"] != true || r.status()["state"] != "trusted" {
		t.Fatalf("save(valid) = %d %s", r.code, r.stdout)
	}
	if b, _ := os.ReadFile(permsFile(dir)); string(b) != permsGood {
		t.Errorf("saved %q, want %q", b, permsGood)
	}
	// From stdin too; then a save too large for a permissions file.
	if code, out := c.raw(permsChanged, "permissions", "save", dir, "-"); code != 0 || !strings.Contains(out, `"trusted":true`) {
		t.Errorf("save(stdin) = %d %s", code, out)
	}
	if code, out := c.raw(strings.Repeat(" ", 300<<10)+permsGood, "permissions", "save", dir, "-"); code != 2 || !strings.Contains(out, `"kind":"invalid"`) {
		t.Errorf("save(300 KiB) = %d %s, want 2 invalid", code, out)
	}
	if b, _ := os.ReadFile(permsFile(dir)); string(b) != permsChanged {
		t.Errorf("a refused save changed the file to %q", b)
	}
	if r := c.run("permissions", "save", dir); r.code != 2 || r.str("kind") != "invalid" {
		t.Errorf("save without FILE = %d %s", r.code, r.stdout)
	}
	if r := c.run("permissions", "save", dir, filepath.Join(t.TempDir(), "missing.json")); r.code != 5 {
		t.Errorf("save of a missing FILE = %d %s, want 5", r.code, r.stdout)
	}
}

// TestCLIPermissionsOfACopyStartUntrusted: a copied folder (its .memo, id
// and permissions file included) is trusted nowhere until trusted itself.
func TestCLIPermissionsOfACopyStartUntrusted(t *testing.T) {
	c := newCLI(t)
	dir, _ := c.setUpProject()
	writeFile(t, permsFile(dir), []byte(permsGood))
	if r := c.run("permissions", "trust", dir); r.code != 0 {
		t.Fatalf("trust = %d %s", r.code, r.stdout)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	if out, err := exec.Command("cp", "-a", dir, clone).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	r := c.run("permissions", clone)
	if r.code != 0 || r.status()["trusted"] != false || len(r.granted("allowed_commands")) != 0 {
		t.Errorf("permissions(copy) = %d %s", r.code, r.stdout)
	}
	if r := c.run("check-command", clone, "go test ./..."); r.obj["approved"] != false {
		t.Errorf("check-command(copy) = %s, want not approved", r.stdout)
	}
	// Trusting the copy opens it (it gets its own id) and pins it there.
	if r := c.run("permissions", "trust", clone); r.code != 0 || r.status()["trusted"] != true {
		t.Fatalf("trust(copy) = %d %s", r.code, r.stdout)
	}
	if r := c.run("check-command", clone, "go test ./..."); r.obj["approved"] != true {
		t.Errorf("check-command(trusted copy) = %s", r.stdout)
	}
	if r := c.run("check-command", dir, "go test ./..."); r.obj["approved"] != true {
		t.Errorf("the original lost its trust: %s", r.stdout)
	}
}
