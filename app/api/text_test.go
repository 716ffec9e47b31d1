// SPDX-License-Identifier: Apache-2.0

package api

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A body that is not UTF-8 text is refused with 400 before any endpoint
// asks the domain anything: raw bytes that are not UTF-8 anywhere in it, and
// \u escapes of half a UTF-16 pair, which encoding/json would turn into
// U+FFFD (a path naming another folder). A name that really holds U+FFFD,
// raw or escaped, and a proper pair, are names like any other.
func TestBodiesThatAreNotUTF8Text(t *testing.T) {
	fake := &fakeProjects{errs: map[string]error{}}
	s, _ := newTestServer(t, fake)
	root := filepath.VolumeName(os.TempDir()) + string(filepath.Separator)
	dir := strings.ReplaceAll(filepath.Join(root, "work"), `\`, `\\`)
	for _, tt := range []struct {
		name   string
		body   string
		status int
		path   string // the path the domain is asked about, when 200
	}{
		{"raw bytes that are not UTF-8 in the path", `{"path":"` + dir + `/caf` + "\xe9" + `"}`, 400, ""},
		{"a cut sequence", `{"path":"` + dir + `/x` + "\xc3" + `"}`, 400, ""},
		{"not UTF-8 outside the strings", `{"path":"` + dir + `/x"}` + " \xff", 400, ""},
		{"a lone high surrogate", `{"path":"` + dir + `/a\ud800"}`, 400, ""},
		{"a lone low surrogate", `{"path":"` + dir + `/a\uDC00b"}`, 400, ""},
		{"a high surrogate before a letter", `{"path":"` + dir + `/a\ud800\u0041"}`, 400, ""},
		{"two high surrogates", `{"path":"` + dir + `/a\ud83d\ud83d"}`, 400, ""},
		{"a surrogate at the end of the body", `{"path":"` + dir + `/a\ud83d`, 400, ""},
		{"a surrogate pair", `{"path":"` + dir + `/a\ud83d\ude00"}`, 200, filepath.Join(root, "work", "a😀")},
		{"a real U+FFFD, escaped", `{"path":"` + dir + `/a\ufffd"}`, 200, filepath.Join(root, "work", "a\uFFFD")},
		{"a real U+FFFD, raw", `{"path":"` + dir + `/a` + "\uFFFD" + `"}`, 200, filepath.Join(root, "work", "a\uFFFD")},
		{"an escaped backslash before u", `{"path":"` + dir + `/a\\ud800"}`, 200, filepath.Join(root, "work", `a\ud800`)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := len(fake.calls)
			code, body := s.do(t, request{path: "/api/projects/status", body: tt.body})
			if code != tt.status {
				t.Fatalf("status %d, want %d (%v)", code, tt.status, body)
			}
			if code == 400 {
				if body["kind"] != "invalid" || !strings.Contains(body["error"].(string), "UTF-") {
					t.Errorf("answer %v; want kind invalid, saying why", body)
				}
				if len(fake.calls) != before {
					t.Errorf("the domain was asked: %v", fake.calls[before:])
				}
				return
			}
			got := strings.TrimPrefix(fake.calls[len(fake.calls)-1], "status ")
			if filepath.Clean(got) != filepath.Clean(tt.path) {
				t.Errorf("the domain was asked about %q, want %q", got, tt.path)
			}
		})
	}
}
