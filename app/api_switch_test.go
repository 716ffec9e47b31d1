// SPDX-License-Identifier: Apache-2.0

package app

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"memo.dev/projects/app/api"
	"memo.dev/projects/domain/project"
)

type fakeAPISettings struct {
	mu   sync.Mutex
	on   bool
	addr string
}

func (f *fakeAPISettings) APIServer() (bool, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.on, f.addr, nil
}

func (f *fakeAPISettings) SetAPIServer(on bool, addr string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.on, f.addr = on, addr
	return nil
}

type noProjects struct{}

func (noProjects) Status(string) (project.Status, error)        { return project.Status{}, nil }
func (noProjects) Setup(string) (project.SetupResult, error)    { return project.SetupResult{}, nil }
func (noProjects) Decline(string, bool) (project.Status, error) { return project.Status{}, nil }

func TestAPISwitch(t *testing.T) {
	data := t.TempDir()
	set := &fakeAPISettings{}
	sw := newAPISwitch(api.Config{Projects: noProjects{}, DataDir: data, PID: os.Getpid()}, set)
	if st := sw.State(); st.Listening || st.Problem != nil {
		t.Fatalf("before Start: %+v", st)
	}
	st := sw.Start()
	if !st.Listening || st.TokenFile != filepath.Join(data, "api-token") || !strings.HasPrefix(st.Addr, "127.0.0.1:") {
		t.Fatalf("Start = %+v", st)
	}
	if on, addr, _ := set.APIServer(); !on || addr != st.Addr {
		t.Errorf("switch not remembered: on=%v addr=%q", on, addr)
	}
	if _, err := os.Stat(api.DiscoveryFile(data)); err != nil {
		t.Errorf("no discovery file while listening: %v", err)
	}
	resp, err := http.Post("http://"+st.Addr+"/api/projects/status", "application/json", strings.NewReader(`{"path":"/x"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a call without the token: %d, want 401", resp.StatusCode)
	}
	if again := sw.Start(); again.Addr != st.Addr {
		t.Errorf("a second Start moved the server: %+v", again)
	}

	stopped := sw.Stop()
	if stopped.Listening || stopped.Problem != nil {
		t.Fatalf("Stop = %+v", stopped)
	}
	if on, addr, _ := set.APIServer(); on || addr != st.Addr {
		t.Errorf("after Stop: on=%v addr=%q; want off, port kept", on, addr)
	}
	if _, err := net.Dial("tcp", st.Addr); err == nil {
		t.Error("still listening after Stop")
	}

	// The port it had is taken meanwhile: say so, and take a free one next time.
	ln, err := net.Listen("tcp", st.Addr)
	if err != nil {
		t.Skipf("the port was taken by someone else meanwhile: %v", err)
	}
	defer ln.Close()
	busy := sw.Start()
	if busy.Listening || !busy.PortInUse || busy.Addr != st.Addr {
		t.Fatalf("Start on a taken port = %+v; want port in use", busy)
	}
	if _, addr, _ := set.APIServer(); addr != "" {
		t.Errorf("the taken port is still remembered: %q", addr)
	}
	next := sw.Start()
	if !next.Listening || next.Addr == st.Addr {
		t.Fatalf("Start after a taken port = %+v; want a free port", next)
	}
	// Closing the window stops the server but keeps the switch on.
	if err := sw.shutdown(); err != nil {
		t.Fatal(err)
	}
	if on, _, _ := set.APIServer(); !on {
		t.Error("closing the window turned the switch off")
	}
	sw2 := newAPISwitch(api.Config{Projects: noProjects{}, DataDir: data, PID: os.Getpid()}, set)
	sw2.Resume()
	defer sw2.shutdown()
	if st := sw2.State(); !st.Listening {
		t.Errorf("Resume at the next launch: %+v", st)
	}
}

// TestAPISwitchBesideServe: the window's switch and `serve` take the same
// lock. While serve serves, the switch does not listen and says who does
// (not "port in use", and the switch keeps its port); once serve stops the
// switch listens, and a serve started then is exit 4.
func TestAPISwitchBesideServe(t *testing.T) {
	home := filepath.Join(t.TempDir(), "memo")
	s := startServe(t, home)
	set := &fakeAPISettings{on: true, addr: "127.0.0.1:0"}
	sw := newAPISwitch(api.Config{Projects: noProjects{}, DataDir: s.data, PID: os.Getpid()}, set)
	st := sw.Start()
	if st.Listening || st.PortInUse || !errors.Is(st.Problem, api.ErrAnotherServer) ||
		!strings.Contains(st.Problem.Error(), s.addr) || !strings.Contains(st.Problem.Error(), fmt.Sprintf("pid %d", s.cmd.Process.Pid)) {
		t.Fatalf("Start beside serve = %+v; want not listening, the serve (pid %d, %s) named", st, s.cmd.Process.Pid, s.addr)
	}
	if on, addr, _ := set.APIServer(); !on || addr != "127.0.0.1:0" {
		t.Errorf("the switch after a refused start: on=%v addr=%q; want it kept", on, addr)
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	s.cmd.Wait()

	if st := sw.Start(); !st.Listening {
		t.Fatalf("Start once serve stopped = %+v", st)
	}
	defer sw.shutdown()
	cmd := exec.Command(binary, "--home", home, "serve")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 4 || !strings.Contains(string(out), `"kind":"conflict"`) {
		t.Fatalf("serve while the window's switch serves: %v %s; want exit 4, a conflict", err, out)
	}
}
