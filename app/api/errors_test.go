// SPDX-License-Identifier: Apache-2.0

package api

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/texttest"
)

// TestErrorsInPlainWords: every error answer says what went wrong in the
// caller's words; the decoder's, the library's or the system's own text is
// in "detail", never in "error", and a refusal carries its reason code
// (docs/api.md §7). Each case names what the detail must hold.
func TestErrorsInPlainWords(t *testing.T) {
	root := filepath.VolumeName(os.TempDir()) + string(filepath.Separator)
	abs := func(s string) string { return filepath.Join(root, filepath.FromSlash(s)) }
	q := func(s string) string { b, _ := json.Marshal(abs(s)); return string(b) }
	home := guard.Rules{OS: guard.Linux, Home: abs("home/ann"), TempDir: "/tmp"}.CheckPath(abs("home/ann"))
	fake := &fakeProjects{errs: map[string]error{
		abs("home/ann"): home.Err(),
		abs("broken"):   domain.T("{{.Path}} is not a SQLite database", "Path", "/d/projects.db").Because(errors.New("internal"), errors.New("file is not a database (26)")),
	}}
	s, _ := newTestServer(t, fake)
	tests := []struct {
		name       string
		path, body string
		status     int
		says       string // in "error"
		detail     string // in "detail"
		code       string // "reason_code"
	}{
		{"a number for declined", "/api/projects/decline", `{"path":` + q("a") + `,"declined":1}`, 400, `declined must be true or false`, "unmarshal JSON number", ""},
		{"a string for declined", "/api/projects/decline", `{"path":` + q("a") + `,"declined":"yes"}`, 400, `declined must be true or false`, "unmarshal JSON string", ""},
		{"a number for the path", "/api/projects/status", `{"path":5}`, 400, `path must be a string`, "unmarshal JSON number", ""},
		{"a list for the path", "/api/projects/setup", `{"path":["/a"]}`, 400, `path must be a string`, "unmarshal JSON array", ""},
		{"a list for the body", "/api/projects/status", `[1]`, 400, "the JSON value must be an object", "unmarshal JSON array", ""},
		{"a string for the body", "/api/projects/status", `"/a"`, 400, "the JSON value must be an object", "unmarshal JSON string", ""},
		{"a byte order mark", "/api/projects/status", "\ufeff" + `{"path":` + q("a") + `}`, 400, "byte order mark", "invalid character", ""},
		{"not JSON", "/api/projects/status", `path=/a`, 400, "the JSON is not valid at line 1, column 1", "invalid character 'p'", ""},
		{"cut short", "/api/projects/status", `{"path":`, 400, "the JSON ends before its value is complete", "unexpected EOF", ""},
		{"an unknown field", "/api/projects/status", `{"path":` + q("a") + `,"force":true}`, 400, `unknown key "force"`, "", ""},
		{"a guard refusal", "/api/projects/setup", `{"path":` + q("home/ann") + `}`, 403, "pick a project folder inside your home folder", "", string(guard.CodeHome)},
		{"a damaged database", "/api/projects/status", `{"path":` + q("broken") + `}`, 500, "is not a SQLite database", "(26)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := s.do(t, request{path: tt.path, body: tt.body})
			msg, _ := body["error"].(string)
			detail, _ := body["detail"].(string)
			if code != tt.status || !strings.Contains(msg, tt.says) || !strings.Contains(detail, tt.detail) || body["reason_code"] != orNil(tt.code) {
				t.Errorf("%s %s = %d %v; want %d saying %q, the detail holding %q, reason_code %q", tt.path, tt.body, code, body, tt.status, tt.says, tt.detail, tt.code)
			}
			if tech := texttest.Technical(msg); tech != "" {
				t.Errorf("%s %s: the sentence %q holds %s; it belongs in the detail", tt.path, tt.body, msg, tech)
			}
			if tt.detail == "" && detail != "" {
				t.Errorf("%s %s: detail %q, want none", tt.path, tt.body, detail)
			}
		})
	}
}

// orNil is a JSON field's value when the answer holds s, nil when s is "".
func orNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}
