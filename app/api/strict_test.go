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

// TestBodiesAreReadExactly: every endpoint reads its body with the strict
// reader (docs/api.md §2): a key in another case, twice, or unknown, at any
// depth, is 400 invalid with a sentence naming it, and nothing is done —
// {"path":A,"Path":B} sets up neither folder.
func TestBodiesAreReadExactly(t *testing.T) {
	home := t.TempDir()
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	reg := projecttest.NewRegistry()
	now := func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }
	projects := project.NewService(rules, reg, projecttest.NewSettings(), now)
	perms := permissions.NewService(projects, reg, permissionstest.NewPins(), home, now)
	t.Cleanup(func() { perms.Close() })
	s, err := New(Config{Projects: projects, Permissions: perms, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	s.port = "7777"
	js := func(v string) string { b, _ := json.Marshal(v); return string(b) }
	set := t.TempDir()
	if _, err := projects.Setup(set); err != nil {
		t.Fatal(err)
	}
	a, b := t.TempDir(), t.TempDir()
	good := `{"version":1,"allowed_commands":["go test"]}`
	tests := []struct{ name, path, body, says string }{
		{"setup, Path beside path", "/api/projects/setup", `{"path":` + js(a) + `,"Path":` + js(b) + `}`, `key "Path" differs from "path" only in case, at the top level`},
		{"setup, PATH alone", "/api/projects/setup", `{"PATH":` + js(b) + `}`, `key "PATH" differs from "path" only in case, at the top level`},
		{"setup, path twice", "/api/projects/setup", `{"path":` + js(a) + `,"path":` + js(b) + `}`, `duplicate key "path" at the top level`},
		{"setup, unknown key", "/api/projects/setup", `{"path":` + js(b) + `,"force":true}`, `unknown key "force" at the top level`},
		{"status, Path", "/api/projects/status", `{"Path":` + js(b) + `}`, `key "Path" differs from "path" only in case`},
		{"decline, Declined beside declined", "/api/projects/decline", `{"path":` + js(b) + `,"declined":false,"Declined":true}`, `key "Declined" differs from "declined" only in case`},
		{"decline, declined twice", "/api/projects/decline", `{"path":` + js(b) + `,"declined":false,"declined":true}`, `duplicate key "declined" at the top level`},
		{"permissions, Path", "/api/projects/permissions", `{"Path":` + js(set) + `}`, `key "Path" differs from "path" only in case`},
		{"trust, path twice", "/api/projects/permissions/trust", `{"path":` + js(set) + `,"path":` + js(set) + `}`, `duplicate key "path" at the top level`},
		{"save, Permissions", "/api/projects/permissions/save", `{"path":` + js(set) + `,"Permissions":` + good + `}`, `key "Permissions" differs from "permissions" only in case`},
		{"save, a key twice inside permissions", "/api/projects/permissions/save", `{"path":` + js(set) + `,"permissions":{"version":1,"allowed_commands":["go test"],"allowed_commands":["make"]}}`, `duplicate key "allowed_commands" in permissions`},
		{"save, a key in two cases inside permissions", "/api/projects/permissions/save", `{"path":` + js(set) + `,"permissions":{"version":1,"allowed_commands":["go test"],"Allowed_Commands":["make"]}}`, `key "Allowed_Commands" differs from "allowed_commands" only in case, in permissions`},
	}
	for _, tt := range tests {
		code, body := s.do(t, request{path: tt.path, body: tt.body})
		msg, _ := body["error"].(string)
		if code != 400 || body["kind"] != "invalid" || !strings.Contains(msg, tt.says) {
			t.Errorf("%s: %d %v; want 400 invalid saying %q", tt.name, code, body, tt.says)
		}
	}
	for _, dir := range []string{a, b} {
		if _, err := os.Stat(filepath.Join(dir, ".memo")); !os.IsNotExist(err) {
			t.Errorf("%s was set up (%v)", dir, err)
		}
		if st, err := projects.Status(dir); err != nil || st.Declined {
			t.Errorf("%s: status %+v, %v; want not declined", dir, st, err)
		}
	}
	if _, err := os.Stat(permissions.Path(set)); !os.IsNotExist(err) {
		t.Errorf("a permissions file was saved (%v)", err)
	}
}

// TestDiscoveryIsReadExactly: api.json is read by the strict reader
// (docs/api.md §1): a key in another case or twice is refused, never read
// as some other pid; a key a later version adds is skipped.
func TestDiscoveryIsReadExactly(t *testing.T) {
	tests := []struct{ name, file, says string }{
		{"PID beside pid", `{"addr":"127.0.0.1:1","pid":1,"PID":2}`, `key "PID" differs from "pid" only in case, at the top level`},
		{"pid twice", `{"addr":"127.0.0.1:1","pid":1,"pid":2}`, `duplicate key "pid" at the top level`},
		{"Addr alone", `{"Addr":"127.0.0.1:1","pid":1}`, ""},
		{"a later key", `{"addr":"127.0.0.1:1","pid":1,"version":2}`, ""},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		os.WriteFile(DiscoveryFile(dir), []byte(tt.file), 0o600)
		d, err := ReadDiscovery(dir)
		switch {
		case tt.says != "" && (err == nil || !strings.Contains(err.Error(), tt.says) || !strings.Contains(err.Error(), "api.json")):
			t.Errorf("ReadDiscovery with %s = %+v, %v; want an error naming api.json and saying %q", tt.name, d, err, tt.says)
		case tt.says == "" && err != nil:
			t.Errorf("ReadDiscovery with %s = %v", tt.name, err)
		case tt.name == "Addr alone" && d.Addr != "":
			t.Errorf("ReadDiscovery read Addr as addr: %+v", d)
		}
	}
}
