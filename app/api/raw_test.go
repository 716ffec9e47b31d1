// SPDX-License-Identifier: Apache-2.0

package api

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// TestRawRequests sends request forms a client such as http.Client never
// sends (it cleans paths) over a bare connection to a listening server:
// every answer is JSON with an error and a kind, and comes after the
// checks: without the token, an unclean path, OPTIONS * and CONNECT are 401
// like any request, never a bare redirect or net/http's plain text.
// Requests net/http cannot read at all get the status it chose, as JSON.
func TestRawRequests(t *testing.T) {
	dir := t.TempDir()
	s, stop := serve(t, dir, os.Getpid())
	defer stop()
	host := s.Addr()
	auth := "Authorization: Bearer " + s.token + "\r\n"
	body := `{"path":"/work/x"}`
	post := func(target, headers string) string {
		return "POST " + target + " HTTP/1.1\r\nHost: " + host + "\r\n" + headers + "Content-Type: application/json\r\nContent-Length: 18\r\n\r\n" + body
	}
	for _, tt := range []struct {
		name, req string
		status    int
		kind      string
	}{
		{"a clean path", post("/api/projects/status", auth), 200, ""},
		{"dot segment", post("/api/projects/./status", auth), 404, "not_found"},
		{"dot segment, no token", post("/api/projects/./status", ""), 401, "unauthorized"},
		{"double slash", post("//api/projects/status", auth), 404, "not_found"},
		{"only a double slash", post("//", auth), 404, "not_found"},
		{"dot-dot", post("/api/x/../projects/status", auth), 404, "not_found"},
		{"dot-dot, no token", post("/api/x/../projects/status", ""), 401, "unauthorized"},
		{"trailing slash", post("/api/projects/status/", auth), 404, "not_found"},
		{"dot segment of the identity", "GET /api/./server HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 401, "unauthorized"},
		{"OPTIONS *, no token", "OPTIONS * HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 401, "unauthorized"},
		{"OPTIONS *, another Host", "OPTIONS * HTTP/1.1\r\nHost: evil.example\r\n\r\n", 403, "forbidden"},
		{"OPTIONS *, from a page", "OPTIONS * HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://evil.example\r\n\r\n", 403, "forbidden"},
		{"OPTIONS *, with the token", "OPTIONS * HTTP/1.1\r\nHost: " + host + "\r\n" + auth + "\r\n", 404, "not_found"},
		{"CONNECT, no token", "CONNECT " + host + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 401, "unauthorized"},
		{"CONNECT elsewhere", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 403, "forbidden"},
		{"CONNECT, with the token", "CONNECT " + host + " HTTP/1.1\r\nHost: " + host + "\r\n" + auth + "\r\n", 404, "not_found"},
		{"an unknown method", "BREW /api/projects/status HTTP/1.1\r\nHost: " + host + "\r\n" + auth + "\r\n", 405, "invalid"},
		{"an unknown method, no token", "BREW /api/projects/status HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 401, "unauthorized"},
		{"a bad percent escape", "GET /%zz HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 400, "invalid"},
		{"a bad percent escape in an endpoint", post("/api/projects/%zzstatus", auth), 400, "invalid"},
		{"a method that is not a word", "G@T /api/server HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 400, "invalid"},
		{"no Host", "GET /api/server HTTP/1.1\r\n\r\n", 400, "invalid"},
		{"two Hosts", "GET /api/server HTTP/1.1\r\nHost: " + host + "\r\nHost: " + host + "\r\n\r\n", 400, "invalid"},
		{"headers over the limit", "GET /api/server HTTP/1.1\r\nHost: " + host + "\r\nX-Big: " + strings.Repeat("a", 20<<10) + "\r\n\r\n", 431, "invalid"},
		{"an unknown transfer encoding", "POST /api/projects/status HTTP/1.1\r\nHost: " + host + "\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "invalid"},
		{"an HTTP version it does not speak", "GET /api/server HTTP/2.0\r\nHost: " + host + "\r\n\r\n", 505, "invalid"},
		{"an Expect it does not know", "GET /api/server HTTP/1.1\r\nHost: " + host + "\r\nExpect: tea\r\n\r\n", 417, "invalid"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, raw := rawRequest(t, host, tt.req)
			if resp.StatusCode != tt.status {
				t.Fatalf("%s: status %d, want %d: %q", tt.name, resp.StatusCode, tt.status, raw)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("%s: Content-Type %q: %q", tt.name, ct, raw)
			}
			var got map[string]any
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatalf("%s: the answer is not JSON: %q", tt.name, raw)
			}
			if tt.kind != "" {
				if e, _ := got["error"].(string); got["kind"] != tt.kind || e == "" {
					t.Errorf("%s: %v; want kind %s with a sentence", tt.name, got, tt.kind)
				}
			}
		})
	}
}

// rawRequest writes req on a new connection to addr and reads one answer.
func rawRequest(t *testing.T, addr, req string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: strings.Fields(req)[0]})
	if err != nil {
		t.Fatalf("no answer to %.60q: %v", req, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp, raw
}
