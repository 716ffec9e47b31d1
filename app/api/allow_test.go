// SPDX-License-Identifier: Apache-2.0

package api

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/permissions/permissionstest"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
)

// TestPermissionsAllowEndpoint: .../allow without a hash proposes (nothing
// written); with the proposal's hash it saves the rule and trusts it;
// with another hash it is 409; a line no rule can approve is 403 with the
// reason, one approved already 409.
func TestPermissionsAllowEndpoint(t *testing.T) {
	home := t.TempDir()
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	reg := projecttest.NewRegistry()
	now := func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }
	projects := project.NewService(rules, reg, projecttest.NewSettings(), now)
	pins := permissionstest.NewPins()
	perms := permissions.NewService(projects, reg, pins, home, now)
	t.Cleanup(func() { perms.Close() })
	s, err := New(Config{Projects: projects, Permissions: perms, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	s.port = "7777"
	root := t.TempDir()
	if _, err := projects.Setup(root); err != nil {
		t.Fatal(err)
	}
	root, _ = filepath.EvalSymlinks(root)
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	allow := func(line, hash string) (int, map[string]any) {
		body := `{"path":` + js(root) + `,"line":` + js(line)
		if hash != "" {
			body += `,"hash":` + js(hash)
		}
		return s.do(t, request{path: "/api/projects/permissions/allow", body: body + `}`})
	}

	code, got := allow("go test ./...", "")
	hash, _ := got["hash"].(string)
	if code != 200 || got["rule"] != "go test ./..." || got["saved"] != false || hash == "" {
		t.Fatalf("proposal: %d %v", code, got)
	}
	if _, ok := got["labels"].([]any); !ok {
		t.Errorf("proposal without labels: %v", got)
	}
	if _, err := os.Stat(permissions.Path(root)); err == nil {
		t.Error("a proposal wrote the file")
	}
	if code, got := allow("go test ./...", strings.Repeat("0", 64)); code != 409 || got["kind"] != "conflict" {
		t.Errorf("another hash: %d %v, want 409", code, got)
	}
	code, got = allow("go test ./...", hash)
	st, _ := got["status"].(map[string]any)
	if code != 200 || got["saved"] != true || st["state"] != "trusted" {
		t.Fatalf("confirmed: %d %v", code, got)
	}
	if v, _ := perms.CheckCommand(root, "go test ./..."); !v.Approved {
		t.Errorf("after allow: %+v", v)
	}
	for line, want := range map[string]struct {
		code int
		kind string
	}{
		"go test ./...":            {409, "conflict"},
		"go test ./... ; rm -rf ~": {403, "forbidden"},
		"bash -c 'go test'":        {403, "forbidden"},
	} {
		code, got := allow(line, "")
		if msg, _ := got["error"].(string); code != want.code || got["kind"] != want.kind || msg == "" {
			t.Errorf("allow %q: %d %v, want %d %s", line, code, got, want.code, want.kind)
		}
	}
}
