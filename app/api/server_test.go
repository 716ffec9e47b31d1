// SPDX-License-Identifier: Apache-2.0

package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// fakeProjects answers from a table of errors by path, recording calls.
type fakeProjects struct {
	mu    sync.Mutex
	errs  map[string]error
	calls []string
}

func (f *fakeProjects) call(name, path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, name+" "+path)
	return f.errs[path]
}

func (f *fakeProjects) Status(path string) (project.Status, error) {
	if err := f.call("status", path); err != nil {
		return project.Status{}, err
	}
	return project.Status{Root: path, Name: filepath.Base(path), Allowed: true, ShouldAsk: true}, nil
}

func (f *fakeProjects) Setup(path string) (project.SetupResult, error) {
	if err := f.call("setup", path); err != nil {
		return project.SetupResult{}, err
	}
	return project.SetupResult{Root: path, ID: "p_0123456789abcdef0123456789abcdef", Created: []string{"AGENTS.md"}, Skipped: []string{}}, nil
}

func (f *fakeProjects) Decline(path string, declined bool) (project.Status, error) {
	if err := f.call(fmt.Sprintf("decline(%v)", declined), path); err != nil {
		return project.Status{}, err
	}
	return project.Status{Root: path, Declined: declined}, nil
}

func newTestServer(t *testing.T, p Projects) (*Server, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := New(Config{Projects: p, DataDir: dir, PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	s.port = "7777" // what Listen would have bound
	return s, dir
}

type request struct {
	method, path, host, origin, auth string
	site                             string // Sec-Fetch-Site
	body                             string
}

func (s *Server) do(t *testing.T, r request) (int, map[string]any) {
	t.Helper()
	if r.method == "" {
		r.method = http.MethodPost
	}
	if r.host == "" {
		r.host = "127.0.0.1:7777"
	}
	if r.auth == "" {
		r.auth = "Bearer " + s.token
	}
	req := httptest.NewRequest(r.method, r.path, strings.NewReader(r.body))
	req.Host = r.host
	if r.origin != "" {
		req.Header.Set("Origin", r.origin)
	}
	if r.site != "" {
		req.Header.Set("Sec-Fetch-Site", r.site)
	}
	if r.auth != "-" {
		req.Header.Set("Authorization", r.auth)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	var body map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("%s %s: the answer is not JSON: %q", r.method, r.path, rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s %s: Content-Type %q", r.method, r.path, ct)
	}
	return rec.Code, body
}

func TestEndpoints(t *testing.T) {
	// Absolute paths in the host's spelling (C:\work\repo on Windows), and
	// each as a JSON string for the request bodies.
	root := filepath.VolumeName(os.TempDir()) + string(filepath.Separator)
	abs := func(s string) string { return filepath.Join(root, filepath.FromSlash(s)) }
	q := func(s string) string { b, _ := json.Marshal(abs(s)); return string(b) }
	refused := domain.Refused("this is your home folder")
	missing := domain.Invalid("/gone does not exist")
	fake := &fakeProjects{errs: map[string]error{
		abs("home/ann"):  refused,
		abs("gone"):      missing,
		abs("conflict"):  domain.Conflict("another Memo process is busy"),
		abs("notfound"):  domain.NotFound("no such thing"),
		abs("exploding"): errors.New("disk on fire"),
	}}
	s, _ := newTestServer(t, fake)
	tests := []struct {
		name   string
		req    request
		status int
		want   map[string]any // fields that must have these values
	}{
		{"status", request{path: "/api/projects/status", body: `{"path":` + q("work/repo") + `}`}, 200, map[string]any{"root": abs("work/repo"), "should_ask": true}},
		{"setup", request{path: "/api/projects/setup", body: `{"path":` + q("work/repo") + `}`}, 200, map[string]any{"id": "p_0123456789abcdef0123456789abcdef"}},
		{"decline without declined means never", request{path: "/api/projects/decline", body: `{"path":` + q("work/repo") + `}`}, 200, map[string]any{"declined": true}},
		{"decline false undoes", request{path: "/api/projects/decline", body: `{"path":` + q("work/repo") + `,"declined":false}`}, 200, map[string]any{"declined": false}},
		{"guard refusal is 403", request{path: "/api/projects/setup", body: `{"path":` + q("home/ann") + `}`}, 403, map[string]any{"kind": "forbidden", "error": refused.Error()}},
		{"invalid input is 400", request{path: "/api/projects/status", body: `{"path":` + q("gone") + `}`}, 400, map[string]any{"kind": "invalid"}},
		{"conflict is 409", request{path: "/api/projects/setup", body: `{"path":` + q("conflict") + `}`}, 409, map[string]any{"kind": "conflict"}},
		{"not found is 404", request{path: "/api/projects/status", body: `{"path":` + q("notfound") + `}`}, 404, map[string]any{"kind": "not_found"}},
		{"internal is 500", request{path: "/api/projects/status", body: `{"path":` + q("exploding") + `}`}, 500, map[string]any{"kind": "internal"}},
		{"relative path", request{path: "/api/projects/status", body: `{"path":"repo"}`}, 400, map[string]any{"kind": "invalid"}},
		{"no path", request{path: "/api/projects/status", body: `{}`}, 400, map[string]any{"kind": "invalid"}},
		{"unknown field", request{path: "/api/projects/status", body: `{"path":` + q("work/repo") + `,"force":true}`}, 400, map[string]any{"kind": "invalid"}},
		{"not JSON", request{path: "/api/projects/status", body: `path=/work/repo`}, 400, map[string]any{"kind": "invalid"}},
		{"empty body", request{path: "/api/projects/status", body: ``}, 400, map[string]any{"kind": "invalid"}},
		{"two objects", request{path: "/api/projects/status", body: `{"path":` + q("a") + `}{"path":"/b"}`}, 400, map[string]any{"kind": "invalid"}},
		{"wrong type", request{path: "/api/projects/decline", body: `{"path":` + q("a") + `,"declined":"yes"}`}, 400, map[string]any{"kind": "invalid"}},
		{"body over 1 MiB", request{path: "/api/projects/status", body: `{"path":"/` + strings.Repeat("a", MaxBody) + `"}`}, 413, map[string]any{"kind": "invalid"}},
		{"GET is 405", request{method: "GET", path: "/api/projects/status"}, 405, map[string]any{"kind": "invalid"}},
		{"unknown endpoint is 404", request{path: "/api/projects/explode", body: `{}`}, 404, map[string]any{"kind": "not_found"}},
		{"no token is 401", request{path: "/api/projects/status", auth: "-", body: `{"path":` + q("work/repo") + `}`}, 401, nil},
		{"wrong token is 401", request{path: "/api/projects/status", auth: "Bearer nope", body: `{"path":` + q("work/repo") + `}`}, 401, nil},
		{"basic auth is 401", request{path: "/api/projects/status", auth: "Basic " + s.token, body: `{"path":` + q("work/repo") + `}`}, 401, nil},
		{"a browser's Origin is 403", request{path: "/api/projects/setup", origin: "http://evil.example", body: `{"path":` + q("work/repo") + `}`}, 403, map[string]any{"kind": "forbidden"}},
		{"even a null Origin", request{path: "/api/projects/setup", origin: "null", body: `{"path":` + q("work/repo") + `}`}, 403, nil},
		// A browser marks every request with Sec-Fetch-Site, Origin or not
		// (a form's GET, a no-cors fetch): any mark a page can cause is 403.
		{"Sec-Fetch-Site cross-site is 403", request{path: "/api/projects/setup", site: "cross-site", body: `{"path":` + q("work/repo") + `}`}, 403, map[string]any{"kind": "forbidden"}},
		{"Sec-Fetch-Site same-site is 403", request{path: "/api/projects/setup", site: "same-site", body: `{"path":` + q("work/repo") + `}`}, 403, map[string]any{"kind": "forbidden"}},
		{"Sec-Fetch-Site same-origin is 403", request{path: "/api/projects/status", site: "same-origin", body: `{"path":` + q("work/repo") + `}`}, 403, nil},
		{"Sec-Fetch-Site unknown value is 403", request{path: "/api/projects/status", site: "cross-planet", body: `{"path":` + q("work/repo") + `}`}, 403, nil},
		{"Sec-Fetch-Site none (typed by a person) passes", request{path: "/api/projects/status", site: "none", body: `{"path":` + q("work/repo") + `}`}, 200, nil},
		{"rebinding host is 403", request{path: "/api/projects/setup", host: "evil.example:7777", body: `{"path":` + q("work/repo") + `}`}, 403, nil},
		{"loopback host, other port", request{path: "/api/projects/status", host: "127.0.0.1:80", body: `{"path":` + q("work/repo") + `}`}, 403, nil},
		{"host without port", request{path: "/api/projects/status", host: "localhost", body: `{"path":` + q("work/repo") + `}`}, 403, nil},
		{"localhost is fine", request{path: "/api/projects/status", host: "localhost:7777", body: `{"path":` + q("work/repo") + `}`}, 200, nil},
		{"[::1] is fine", request{path: "/api/projects/status", host: "[::1]:7777", body: `{"path":` + q("work/repo") + `}`}, 200, nil},
		{"who listens, without a token", request{method: "GET", path: "/api/server", auth: "-"}, 200, map[string]any{"app": "memo-projects", "pid": float64(os.Getpid())}},
		{"who listens takes GET", request{path: "/api/server", body: `{}`}, 405, nil},
		{"who listens, asked by a page", request{method: "GET", path: "/api/server", auth: "-", origin: "http://evil.example"}, 403, nil},
		{"who listens, asked by a page without Origin", request{method: "GET", path: "/api/server", auth: "-", site: "cross-site"}, 403, nil},
		{"127.0.0.2 is not a name we answer to", request{path: "/api/projects/status", host: "127.0.0.2:7777", body: `{"path":` + q("work/repo") + `}`}, 403, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(fake.calls)
			code, body := s.do(t, tt.req)
			if code != tt.status {
				t.Fatalf("%s: status %d, want %d (%v)", tt.name, code, tt.status, body)
			}
			for k, v := range tt.want {
				if body[k] != v {
					t.Errorf("%s: %s = %v, want %v", tt.name, k, body[k], v)
				}
			}
			if code >= 400 {
				if _, ok := body["error"].(string); !ok {
					t.Errorf("%s: error answer without an error sentence: %v", tt.name, body)
				}
			}
			// Refused before any endpoint: the domain was never asked.
			if (code == 401 || code == 405 || code == 413 || (code == 403 && tt.want["error"] == nil)) && len(fake.calls) != before {
				t.Errorf("%s: the domain was called: %v", tt.name, fake.calls[before:])
			}
		})
	}
}

func TestTokenFile(t *testing.T) {
	dir := t.TempDir()
	s1, err := New(Config{Projects: &fakeProjects{}, DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(TokenFile(dir))
	if err != nil {
		t.Fatal(err)
	}
	// Windows has no mode bits: there the token is kept secret by the ACL of
	// the profile folder the data home lives in.
	unixModes := runtime.GOOS != "windows"
	if unixModes && fi.Mode().Perm() != 0o600 {
		t.Errorf("token file mode %v, want 0600", fi.Mode().Perm())
	}
	if len(s1.token) != 64 {
		t.Errorf("token %q is not 256 bits of hex", s1.token)
	}
	s2, err := New(Config{Projects: &fakeProjects{}, DataDir: dir})
	if err != nil || s2.token != s1.token {
		t.Fatalf("second start: token %q, %v; want the first one kept", s2.token, err)
	}
	// A token file that is a link, or damaged, is an error, not a silent new
	// token. (Windows makes links only for administrators or in Developer
	// Mode: the link case is Unix's.)
	cases := map[string]func(p string) error{
		"short": func(p string) error {
			os.Remove(p)
			return os.WriteFile(p, []byte("abc\n"), 0o600)
		},
	}
	if unixModes {
		cases["symlink"] = func(p string) error {
			os.Remove(p)
			return os.Symlink("/etc/hostname", p)
		}
	}
	for name, setup := range cases {
		d := t.TempDir()
		if err := setup(TokenFile(d)); err != nil {
			t.Fatal(err)
		}
		if _, err := New(Config{Projects: &fakeProjects{}, DataDir: d}); err == nil {
			t.Errorf("%s token file: no error", name)
		}
	}
}

// TestTokenOpenToOthers: a token other users could read (the file or the
// data folder open to the group or to everyone) may be known to them: the
// next start makes a new token, narrows the folder to 0700 and the file to
// 0600, and says so once; the start after that keeps the new token quietly.
func TestTokenOpenToOthers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no mode bits: the profile folder's ACL keeps the token")
	}
	for _, tt := range []struct {
		name             string
		dirMode, tokMode os.FileMode // 0: no token file yet
		newToken         bool
	}{
		{"file readable by everyone", 0o700, 0o644, true},
		{"file readable by the group", 0o700, 0o640, true},
		{"file writable by the group", 0o700, 0o620, true},
		{"folder readable by everyone", 0o755, 0o600, true},
		{"folder open to the group", 0o750, 0o600, true},
		{"folder searchable by others", 0o711, 0o600, true},
		{"both open", 0o777, 0o666, true},
		{"no token yet, folder open", 0o755, 0, false},
		{"closed folder and file", 0o700, 0o600, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			old := strings.Repeat("ab", 32)
			if tt.tokMode != 0 {
				if err := os.WriteFile(TokenFile(dir), []byte(old+"\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				os.Chmod(TokenFile(dir), tt.tokMode)
			}
			os.Chmod(dir, tt.dirMode)
			var told []string
			cfg := Config{Projects: &fakeProjects{}, DataDir: dir, Notify: func(s string) { told = append(told, s) }}
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if tt.tokMode != 0 && (s.token != old) != tt.newToken {
				t.Errorf("%s: token replaced = %v, want %v", tt.name, s.token != old, tt.newToken)
			}
			if b, _ := os.ReadFile(TokenFile(dir)); strings.TrimSpace(string(b)) != s.token {
				t.Errorf("%s: the file holds %q, the server uses %q", tt.name, b, s.token)
			}
			for path, want := range map[string]os.FileMode{dir: 0o700, TokenFile(dir): 0o600} {
				if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != want {
					t.Errorf("%s: %s is %v (%v), want %v", tt.name, path, fi.Mode().Perm(), err, want)
				}
			}
			wantTold := tt.dirMode&0o077 != 0 || tt.tokMode&0o077 != 0
			if (len(told) == 1) != wantTold || len(told) > 1 {
				t.Errorf("%s: told %q, want one notice = %v", tt.name, told, wantTold)
			}
			if tt.newToken && len(told) == 1 && !strings.Contains(told[0], "new token") {
				t.Errorf("%s: the notice %q does not say the token was replaced", tt.name, told[0])
			}
			told = nil
			again, err := New(cfg)
			if err != nil || again.token != s.token || len(told) != 0 {
				t.Errorf("%s: next start: token kept = %v, told %q, %v; want the same token, nothing said", tt.name, again != nil && again.token == s.token, told, err)
			}
		})
	}
}

// TestLiveServerIsAConflict: a second server on a data folder whose
// api.json names a running Memo Projects server (another process: here a
// server in this test that says it is our parent) is refused; with the
// system's own look at that pid's program (the test's parent is not
// memo-projects) the same file is stale and replaced. The other server
// lets its lock go, as a server of an older version, which takes none, does.
func TestLiveServerIsAConflict(t *testing.T) {
	dir := t.TempDir()
	other, stop := serve(t, dir, os.Getppid())
	defer stop()
	other.lock.Release()

	second, err := New(Config{Projects: &fakeProjects{}, DataDir: dir, PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	second.live.executable = func(int) (string, error) { return filepath.Join(t.TempDir(), "memo-projects"), nil }
	if err := second.Listen("127.0.0.1:0"); domain.KindOf(err) != domain.KindConflict || !strings.Contains(err.Error(), other.Addr()) {
		t.Fatalf("second server while one serves: %v, want a conflict naming %s", err, other.Addr())
	}
	if exe, err := processExecutable(os.Getppid()); err != nil || isAppExecutable(exe) {
		t.Skipf("the test's parent is %q (%v): cannot check the look at the program", exe, err)
	}
	third, err := New(Config{Projects: &fakeProjects{}, DataDir: dir, PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	if err := third.Listen("127.0.0.1:0"); err != nil {
		t.Fatalf("api.json naming a pid that runs another program: %v, want it replaced", err)
	}
	if d, _ := ReadDiscovery(dir); d.Addr != third.Addr() {
		t.Errorf("api.json = %+v, want the new server's", d)
	}
	third.ln.Close()
}

// TestStaleDiscovery: an api.json is stale unless its pid is alive, runs a
// memo-projects program (when the system tells), and a Memo Projects
// server with that pid answers on its address.
func TestStaleDiscovery(t *testing.T) {
	const pid = 4242
	memo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == identityPath {
			Write(w, Identity{App: "memo-projects", PID: pid})
			return
		}
		http.NotFound(w, r)
	}))
	defer memo.Close()
	memoOther := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Write(w, Identity{App: "memo-projects", PID: pid + 1})
	}))
	defer memoOther.Close()
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("<html>a web developer's server</html>"))
	}))
	defer web.Close()
	notFound := httptest.NewServer(http.NotFoundHandler())
	defer notFound.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closedAddr := closed.Listener.Addr().String()
	closed.Close()
	addr := func(s *httptest.Server) string { return s.Listener.Addr().String() }

	self, _ := os.Executable()
	exe := func(path string, err error) func(int) (string, error) {
		return func(int) (string, error) { return path, err }
	}
	memoExe := filepath.Join(t.TempDir(), "memo-projects")
	for _, tt := range []struct {
		name    string
		alive   bool
		exe     func(int) (string, error)
		addr    string
		serving bool
	}{
		{"memo server, its pid, its program", true, exe(memoExe, nil), addr(memo), true},
		{"this very program", true, exe(self, nil), addr(memo), true},
		{"program replaced on disk by an upgrade", true, exe(memoExe+" (deleted)", nil), addr(memo), true},
		{"program not shown (another user's)", true, exe("", fs.ErrPermission), addr(memo), true},
		{"pid gone", false, exe(memoExe, nil), addr(memo), false},
		{"pid reused by another program", true, exe(filepath.Join(t.TempDir(), "firefox"), nil), addr(memo), false},
		{"a name that only starts alike", true, exe(memoExe+"-helper", nil), addr(memo), false},
		{"nothing listens there now", true, exe(memoExe, nil), closedAddr, false},
		{"a web server listens there", true, exe(memoExe, nil), addr(web), false},
		{"a server that knows no identity", true, exe(memoExe, nil), addr(notFound), false},
		{"a memo server with another pid", true, exe(memoExe, nil), addr(memoOther), false},
		{"an address that is not loopback", true, exe(memoExe, nil), "192.0.2.1:80", false},
	} {
		live := liveness{alive: func(int) bool { return tt.alive }, executable: tt.exe, ask: askIdentity}
		if got := live.serving(Discovery{Addr: tt.addr, PID: pid}); got != tt.serving {
			t.Errorf("serving(%s) = %v, want %v", tt.name, got, tt.serving)
		}
	}
}

func TestCheckAddr(t *testing.T) {
	for _, tt := range []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"127.0.0.1:0", true},
		{"[::1]:8080", true},
		{"localhost:8080", true},
		// Loopback, but no name the Host check accepts: every request
		// sent there would be refused.
		{"127.1.2.3:8080", false},
		{"127.0.0.2:0", false},
		{"[::ffff:127.0.0.1]:8080", false},
		{"[0:0:0:0:0:0:0:1]:8080", false},
		{"LOCALHOST:8080", false},
		{"0.0.0.0:8080", false},
		{":8080", false},
		{"[::]:8080", false},
		{"192.168.1.2:8080", false},
		{"example.com:8080", false},
		{"127.0.0.1", false},
		{"127.0.0.1:99999", false},
		{"127.0.0.1:http", false},
	} {
		if err := CheckAddr(tt.addr); (err == nil) != tt.ok {
			t.Errorf("CheckAddr(%q) = %v, want ok=%v", tt.addr, err, tt.ok)
		} else if err != nil && domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("CheckAddr(%q) kind %q, want invalid", tt.addr, domain.KindOf(err))
		}
	}
}

// serve starts a server on dir that says it is pid, on a free loopback
// port; stop ends it and returns what Serve returned.
func serve(t *testing.T, dir string, pid int) (s *Server, stop func() error) {
	t.Helper()
	s, err := New(Config{Projects: &fakeProjects{}, DataDir: dir, PID: pid})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx) }()
	return s, func() error { cancel(); return <-done }
}

// TestServeForReal listens on loopback, calls the API with a real client,
// and checks the discovery file's life: written while listening (0600),
// removed on a clean stop, a stale one replaced, a live one refused.
func TestServeForReal(t *testing.T) {
	dir := t.TempDir()
	// A stale file: a pid that cannot be running.
	stale := Discovery{Addr: "127.0.0.1:1", PID: 1 << 30, Started: time.Now()}
	b, _ := json.Marshal(stale)
	if err := os.WriteFile(DiscoveryFile(dir), b, 0o600); err != nil {
		t.Fatal(err)
	}
	s, stop := serve(t, dir, os.Getpid())

	d, err := ReadDiscovery(dir)
	if err != nil || d.Addr != s.Addr() || d.PID != os.Getpid() {
		t.Fatalf("discovery = %+v, %v; want %s and our pid", d, err, s.Addr())
	}
	if fi, _ := os.Stat(DiscoveryFile(dir)); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("api.json mode %v, want 0600", fi.Mode().Perm()) // Windows: the profile's ACL
	}

	x := filepath.Join(filepath.VolumeName(dir)+string(filepath.Separator), "work", "x")
	reqBody, _ := json.Marshal(map[string]string{"path": x})
	req, _ := http.NewRequest("POST", "http://"+d.Addr+"/api/projects/status", bytes.NewReader(reqBody))
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var got struct{ Root string }
	if resp.StatusCode != 200 || json.Unmarshal(body, &got) != nil || got.Root != x {
		t.Fatalf("real call: %d %s", resp.StatusCode, body)
	}

	// The first server says who it is, without a token.
	if id, err := askIdentity(d.Addr); err != nil || id != (Identity{App: "memo-projects", PID: os.Getpid()}) {
		t.Errorf("GET %s = %+v, %v; want memo-projects and our pid", identityPath, id, err)
	}
	// Put ours back, and check that the port in use is a clear conflict.
	b, _ = json.Marshal(d)
	os.WriteFile(DiscoveryFile(dir), b, 0o600)
	s3, _ := New(Config{Projects: &fakeProjects{}, DataDir: t.TempDir(), PID: os.Getpid()})
	if err := s3.Listen(d.Addr); domain.KindOf(err) != domain.KindConflict || !strings.Contains(err.Error(), d.Addr) {
		t.Errorf("port in use: %v, want a conflict naming %s", err, d.Addr)
	}

	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(DiscoveryFile(dir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("api.json left after a clean stop: %v", err)
	}
	if _, err := net.DialTimeout("tcp", d.Addr, time.Second); err == nil {
		t.Errorf("still listening after stop")
	}
}

// TestOneServerPerDataHome: servers of one data home started at the same
// instant: exactly one listens, every other is a conflict naming it (pid and
// address, from its api.json) and listens nowhere. Once it stops, the next
// one starts. A held lock whose holder has written no api.json yet is a
// conflict too, after the wait.
func TestOneServerPerDataHome(t *testing.T) {
	dir := t.TempDir()
	const n = 4
	servers := make([]*Server, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, n)
	for i := range n {
		s, err := New(Config{Projects: &fakeProjects{}, DataDir: dir, PID: os.Getpid()})
		if err != nil {
			t.Fatal(err)
		}
		servers[i] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			// As serve does: the winner answers at once.
			if errs[i] = s.Listen("127.0.0.1:0"); errs[i] == nil {
				go func() { done <- s.Serve(ctx) }()
			}
		}()
	}
	close(start)
	wg.Wait()
	var winner *Server
	for i, err := range errs {
		if err == nil {
			if winner != nil {
				t.Fatalf("two servers listen: %s and %s", winner.Addr(), servers[i].Addr())
			}
			winner = servers[i]
		}
	}
	if winner == nil {
		t.Fatalf("no server listens: %v", errs)
	}
	for i, err := range errs {
		if err == nil {
			continue
		}
		if domain.KindOf(err) != domain.KindConflict || !errors.Is(err, ErrAnotherServer) || !strings.Contains(err.Error(), winner.Addr()) || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) {
			t.Errorf("server %d: %v; want a conflict naming pid %d on %s", i, err, os.Getpid(), winner.Addr())
		}
		if servers[i].Addr() != "" {
			t.Errorf("server %d listens on %s beside the winner", i, servers[i].Addr())
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	next, stop := serve(t, dir, os.Getpid())
	if d, err := ReadDiscovery(dir); err != nil || d.Addr != next.Addr() {
		t.Errorf("after the winner stopped, api.json = %+v, %v; want the next server's %s", d, err, next.Addr())
	}

	// Held, but no api.json names the holder yet.
	os.Remove(DiscoveryFile(dir))
	if l, err := holdDataHome(dir, systemLiveness(), 50*time.Millisecond); domain.KindOf(err) != domain.KindConflict || !errors.Is(err, ErrAnotherServer) || !strings.Contains(err.Error(), "starting") {
		l.Release()
		t.Errorf("lock held, no api.json: %v; want a conflict saying a server is starting", err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}

// TestDeletedTokenIsWrittenAgain: the token file deleted while the server
// runs (data/ too) is written again, with the token the server checks, so
// that a client started later can authenticate; the server says so once.
func TestDeletedTokenIsWrittenAgain(t *testing.T) {
	for _, what := range []string{"the token file", "the data folder"} {
		dir := filepath.Join(t.TempDir(), "data")
		var mu sync.Mutex
		var told []string
		s, err := New(Config{Projects: &fakeProjects{}, DataDir: dir, PID: os.Getpid(), Notify: func(m string) { mu.Lock(); told = append(told, m); mu.Unlock() }})
		if err != nil {
			t.Fatal(err)
		}
		s.tokenEvery = 10 * time.Millisecond
		if err := s.Listen("127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- s.Serve(ctx) }()
		gone := TokenFile(dir)
		if what == "the data folder" {
			gone = dir
		}
		if err := os.RemoveAll(gone); err != nil {
			t.Fatal(err)
		}
		var b []byte
		for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
			if b, err = os.ReadFile(TokenFile(dir)); err == nil {
				break
			}
		}
		cancel()
		<-done
		if strings.TrimSpace(string(b)) != s.token {
			t.Fatalf("%s deleted while serving: the token file holds %q (%v), want the server's token", what, b, err)
		}
		if fi, err := os.Stat(TokenFile(dir)); err != nil || fi.Mode().Perm() != 0o600 && runtime.GOOS != "windows" {
			t.Errorf("%s deleted: the token file written again is %v (%v), want 0600", what, fi.Mode(), err)
		}
		mu.Lock()
		if len(told) != 1 || !strings.Contains(told[0], "wrote it again") {
			t.Errorf("%s deleted: told %q, want one notice", what, told)
		}
		mu.Unlock()
	}
}

// TestCloseGivesTheDataHomeUp: a server that listened but will not serve
// (the window could not remember its switch) lets the address, api.json
// and the lock go, so that the next server starts.
func TestCloseGivesTheDataHomeUp(t *testing.T) {
	dir := t.TempDir()
	s, err := New(Config{Projects: &fakeProjects{}, DataDir: dir, PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(DiscoveryFile(dir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("api.json after Close: %v", err)
	}
	next, stop := serve(t, dir, os.Getpid())
	if next.Addr() == "" {
		t.Fatal("no next server")
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}
