// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// servedAPI is a running `memo-projects serve`.
type servedAPI struct {
	cmd   *exec.Cmd
	addr  string
	token string
	data  string
}

func startServe(t *testing.T, home string, args ...string) *servedAPI {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"--home", home, "serve"}, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil {
		t.Fatalf("serve printed no first line: %v\nstderr: %s", err, stderr.String())
	}
	var out struct {
		Addr      string `json:"addr"`
		TokenFile string `json:"token_file"`
	}
	if err := json.Unmarshal(line, &out); err != nil || out.Addr == "" {
		t.Fatalf("serve's first line is not the expected JSON: %q (%v)", line, err)
	}
	token, err := os.ReadFile(out.TokenFile)
	if err != nil {
		t.Fatalf("token file %q: %v", out.TokenFile, err)
	}
	return &servedAPI{cmd: cmd, addr: out.Addr, token: strings.TrimSpace(string(token)), data: filepath.Join(home, "data")}
}

func (s *servedAPI) call(t *testing.T, endpoint string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", "http://"+s.addr+endpoint, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", endpoint, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s answered no JSON: %q", endpoint, raw)
	}
	return resp.StatusCode, out
}

// TestServe runs the built binary's API end to end: setup, status, the
// permissions save and trust, a guard refusal, then a clean stop on SIGTERM
// that removes the discovery file.
func TestServe(t *testing.T) {
	home := filepath.Join(t.TempDir(), "memo")
	s := startServe(t, home)
	if fi, err := os.Stat(filepath.Join(s.data, "api.json")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("api.json while listening: %v %v", fi, err)
	}
	repo := t.TempDir()
	if code, out := s.call(t, "/api/projects/setup", map[string]any{"path": repo}); code != 200 || !strings.HasPrefix(fmt.Sprint(out["id"]), "p_") {
		t.Fatalf("setup: %d %v", code, out)
	}
	if code, out := s.call(t, "/api/projects/status", map[string]any{"path": repo}); code != 200 || out["set_up"] != true {
		t.Fatalf("status: %d %v", code, out)
	}
	perms := map[string]any{"version": 1, "allowed_commands": []string{"go test"}, "allowed_tools": []string{"read_file"}}
	if code, out := s.call(t, "/api/projects/permissions/save", map[string]any{"path": repo, "permissions": perms}); code != 200 {
		t.Fatalf("permissions/save: %d %v", code, out)
	}
	code, out := s.call(t, "/api/projects/permissions", map[string]any{"path": repo})
	if st, _ := out["status"].(map[string]any); code != 200 || st["trusted"] != true {
		t.Fatalf("permissions after save: %d %v", code, out)
	}
	bad := map[string]any{"version": 1, "allowed_commands": []string{"bash"}, "allowed_tools": []string{"run_command"}}
	if code, out := s.call(t, "/api/projects/permissions/save", map[string]any{"path": repo, "permissions": bad}); code != 400 || out["problems"] == nil {
		t.Fatalf("invalid save: %d %v; want 400 with the problems", code, out)
	}
	foreign := t.TempDir()
	if err := os.MkdirAll(filepath.Join(foreign, ".memo", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{foreign, filepath.Join(foreign, ".memo", "x")} {
		if code, out := s.call(t, "/api/projects/setup", map[string]any{"path": p}); code != 403 || out["kind"] != "forbidden" {
			t.Fatalf("setup of %s (a foreign .memo): %d %v; want 403", p, code, out)
		}
	}
	if code, _ := s.call(t, "/api/projects/status", map[string]any{"path": "relative"}); code != 400 {
		t.Fatalf("relative path: %d; want 400", code)
	}

	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve after SIGTERM: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	if _, err := os.Stat(filepath.Join(s.data, "api.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("api.json after a clean stop: %v", err)
	}
}

// TestServeBesideOtherProcesses: the API and other Memo processes (the
// window, the command line) share one registry. Commands that write while
// the API answers must never meet "database is locked".
func TestServeBesideOtherProcesses(t *testing.T) {
	home := filepath.Join(t.TempDir(), "memo")
	s := startServe(t, home)
	repos := make([]string, 6)
	for i := range repos {
		repos[i] = t.TempDir()
	}
	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for i, repo := range repos {
		wg.Add(2)
		go func() { // the API, many calls
			defer wg.Done()
			for range 15 {
				if code, out := s.call(t, "/api/projects/status", map[string]any{"path": repo}); code != 200 {
					errs <- fmt.Sprintf("API status: %d %v", code, out)
				}
			}
			if code, out := s.call(t, "/api/projects/setup", map[string]any{"path": repo}); code != 200 {
				errs <- fmt.Sprintf("API setup: %d %v", code, out)
			}
		}()
		go func() { // another process writing the same registry
			defer wg.Done()
			for _, args := range [][]string{{"register", repos[(i+1)%len(repos)]}, {"decline", repo, "--undo"}, {"setup", repos[(i+2)%len(repos)]}} {
				cmd := exec.Command(binary, append([]string{"--home", home}, args...)...)
				out, err := cmd.CombinedOutput()
				if err != nil {
					errs <- fmt.Sprintf("%v: %v %s", args, err, out)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestServeTellsLiveFromStale: api.json whose pid is alive but runs another
// program (a pid the system reused) does not keep serve from starting; a
// second serve beside a running one on the same data home is a conflict.
func TestServeTellsLiveFromStale(t *testing.T) {
	home := filepath.Join(t.TempDir(), "memo")
	data := filepath.Join(home, "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	other := exec.Command("sleep", "60")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Process.Kill(); other.Wait() })
	// It names an address where something else listens, as after a reboot.
	web := httptest.NewServer(http.NotFoundHandler())
	defer web.Close()
	stale, _ := json.Marshal(map[string]any{"addr": web.Listener.Addr().String(), "pid": other.Process.Pid, "started": time.Now()})
	if err := os.WriteFile(filepath.Join(data, "api.json"), stale, 0o600); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, home)
	b, err := os.ReadFile(filepath.Join(data, "api.json"))
	if err != nil || !strings.Contains(string(b), s.addr) || !strings.Contains(string(b), fmt.Sprint(s.cmd.Process.Pid)) {
		t.Fatalf("api.json = %s (%v); want the new server's address and pid", b, err)
	}

	second := exec.Command(binary, "--home", home, "serve")
	second.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := second.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 4 || !strings.Contains(string(out), `"kind":"conflict"`) || !strings.Contains(string(out), s.addr) {
		t.Fatalf("second serve beside a running one: %v %s; want exit 4, a conflict naming %s", err, out, s.addr)
	}
}

// TestServeOnePerDataHome: four `serve` started at the same instant on one
// data home: exactly one serves and api.json names it; the three others exit
// 4, a conflict naming the winner's pid and address, and serve nothing.
func TestServeOnePerDataHome(t *testing.T) {
	home := filepath.Join(t.TempDir(), "memo")
	const n = 4
	type run struct {
		cmd *exec.Cmd
		out bytes.Buffer
		err error // what Wait returned, once it is in ended
	}
	runs := make([]*run, n)
	ended := make(chan int, n)
	for i := range runs {
		r := &run{cmd: exec.Command(binary, "--home", home, "serve")}
		r.cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		r.cmd.Stdout, r.cmd.Stderr = &r.out, &r.out
		runs[i] = r
	}
	for i, r := range runs {
		if err := r.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { r.err = r.cmd.Wait(); ended <- i }()
	}
	t.Cleanup(func() {
		for _, r := range runs {
			r.cmd.Process.Kill()
		}
	})
	// Three end by themselves; the one left serves.
	lost := map[int]bool{}
	for len(lost) < n-1 {
		select {
		case i := <-ended:
			lost[i] = true
		case <-time.After(30 * time.Second):
			t.Fatalf("after 30 s %d serve ended, want %d: %v", len(lost), n-1, lost)
		}
	}
	var winner *run
	for i, r := range runs {
		if !lost[i] {
			winner = r
		}
	}
	d := waitDiscovery(t, filepath.Join(home, "data"), winner.cmd.Process.Pid)
	for i := range lost {
		var exit *exec.ExitError
		out := runs[i].out.String()
		if !errors.As(runs[i].err, &exit) || exit.ExitCode() != 4 || !strings.Contains(out, `"kind":"conflict"`) ||
			!strings.Contains(out, d.Addr) || !strings.Contains(out, fmt.Sprintf("pid %d", d.PID)) {
			t.Errorf("a second serve: %v %s; want exit 4, a conflict naming pid %d on %s", runs[i].err, out, d.PID, d.Addr)
		}
	}
	if err := winner.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ended:
		if winner.err != nil {
			t.Fatalf("the server after SIGTERM: %v %s", winner.err, winner.out.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop on SIGTERM")
	}
	if _, err := os.Stat(filepath.Join(home, "data", "api.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("api.json after the one server stopped: %v", err)
	}
}

type discovered struct {
	Addr string `json:"addr"`
	PID  int    `json:"pid"`
}

// waitDiscovery waits for data/api.json to name pid.
func waitDiscovery(t *testing.T, data string, pid int) discovered {
	t.Helper()
	var d discovered
	for start := time.Now(); time.Since(start) < 15*time.Second; time.Sleep(20 * time.Millisecond) {
		b, err := os.ReadFile(filepath.Join(data, "api.json"))
		if err == nil && json.Unmarshal(b, &d) == nil && d.PID == pid {
			return d
		}
	}
	t.Fatalf("api.json never named pid %d", pid)
	return d
}

// TestServeRefusesAddressesItWouldNotAnswer: a loopback address whose Host
// the API refuses (127.0.0.2, another spelling of ::1) is exit 2 before
// anything listens, not a server that refuses every request.
func TestServeRefusesAddressesItWouldNotAnswer(t *testing.T) {
	for _, addr := range []string{"127.0.0.2:0", "127.1.2.3:0", "[::ffff:127.0.0.1]:0", "[0:0:0:0:0:0:0:1]:0"} {
		home := filepath.Join(t.TempDir(), "memo")
		// A serve that takes the address keeps serving: the deadline makes
		// that a failure, not a hang.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cmd := exec.CommandContext(ctx, binary, "--home", home, "serve", "--addr", addr)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		out, err := cmd.Output()
		cancel()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(out), `"kind":"invalid"`) {
			t.Errorf("serve --addr %s: %v %s; want exit 2", addr, err, out)
		}
		if _, err := os.Stat(filepath.Join(home, "data", "api.json")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("serve --addr %s left api.json: %v", addr, err)
		}
	}
}

// TestServeRegistryDeletedWhileServing: projects.db deleted under a running
// server: setup is not "forbidden, read-only"; it says the registry is gone
// and to restart or put back a copy.
func TestServeRegistryDeletedWhileServing(t *testing.T) {
	home := filepath.Join(t.TempDir(), "memo")
	s := startServe(t, home)
	if code, out := s.call(t, "/api/projects/setup", map[string]any{"path": t.TempDir()}); code != 200 {
		t.Fatalf("setup: %d %v", code, out)
	}
	if err := os.Remove(filepath.Join(s.data, "projects.db")); err != nil {
		t.Fatal(err)
	}
	code, out := s.call(t, "/api/projects/setup", map[string]any{"path": t.TempDir()})
	msg, _ := out["error"].(string)
	if code != 500 || out["kind"] != "internal" || !strings.Contains(msg, "deleted or replaced") || !strings.Contains(msg, "restart") || strings.Contains(msg, "read-only") {
		t.Fatalf("setup after projects.db was deleted: %d %v; want 500 saying the registry is gone, restart or restore", code, out)
	}
}
