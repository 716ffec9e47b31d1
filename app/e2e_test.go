// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
)

// The real binary, end to end: what only a process shows (processes racing,
// mounts, stderr at start-up, the window, the API server). The commands
// themselves are tested in process, in app/cli.

// binary is the memo-projects built once for these tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "memo-projects-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "memo-projects")
	// The binary is built with the tags this test was (make test: no_emoji),
	// or given: make test builds it once for these tests and the .deb.
	build := exec.Command("go", "build", "-tags", buildTags(), "-o", binary, "..")
	if given := os.Getenv("MEMO_TEST_BINARY"); given != "" {
		build = exec.Command("cp", given, binary)
	}
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building memo-projects:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildTags are the -tags the test binary was built with.
func buildTags() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "-tags" {
				return s.Value
			}
		}
	}
	return ""
}

// binaryCLI runs the binary with a private HOME and data home.
type binaryCLI struct {
	t    *testing.T
	home string // MEMO_HOME
	user string // HOME
}

func newCLI(t *testing.T) *binaryCLI {
	return &binaryCLI{t: t, home: filepath.Join(t.TempDir(), "memo-home"), user: t.TempDir()}
}

type result struct {
	code   int
	stdout string
	stderr string
	obj    map[string]any
}

// command is the binary run with args and the private folders.
func (c *binaryCLI) command(args ...string) *exec.Cmd {
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), "MEMO_HOME="+c.home, "HOME="+c.user, "XDG_CONFIG_HOME="+filepath.Join(c.user, ".config"))
	return cmd
}

// output runs cmd and returns what it printed; stdout is JSON unless text.
func (c *binaryCLI) output(cmd *exec.Cmd, text bool) result {
	c.t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		c.t.Fatalf("running %v: %v", cmd.Args, err)
	}
	if text {
		return r
	}
	if strings.Count(strings.TrimSpace(r.stdout), "\n") != 0 {
		c.t.Errorf("%v printed more than one line:\n%s", cmd.Args[1:], r.stdout)
	}
	if err := json.Unmarshal(out.Bytes(), &r.obj); err != nil {
		c.t.Errorf("%v printed no JSON object (%v):\n%s\nstderr: %s", cmd.Args[1:], err, r.stdout, r.stderr)
	}
	return r
}

func (c *binaryCLI) run(args ...string) result {
	c.t.Helper()
	return c.output(c.command(args...), false)
}

func (r result) str(key string) string { s, _ := r.obj[key].(string); return s }

// TestBinaryAnswers: the built program answers as the in-process tests
// expect: one JSON line, the exit status of docs/cli.md §3, stdin read, --text
// for people with errors on stderr, and nothing on stderr otherwise.
func TestBinaryAnswers(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	if r := c.run("status", dir); r.code != 0 || r.obj["should_ask"] != true || r.str("root") != dir || r.stderr != "" {
		t.Errorf("status = %d %s %s", r.code, r.stdout, r.stderr)
	}
	r := c.run("setup", dir)
	if r.code != 0 || !strings.HasPrefix(r.str("id"), "p_") {
		t.Fatalf("setup = %d %s", r.code, r.stdout)
	}
	if r := c.run("setup", c.user); r.code != 3 || r.str("kind") != "forbidden" {
		t.Errorf("setup of the home folder = %d %s, want exit 3", r.code, r.stdout)
	}
	if r := c.run("frobnicate"); r.code != 2 || r.str("kind") != "invalid" || r.stderr != "" {
		t.Errorf("an unknown command = %d %s %s, want exit 2 and a quiet stderr", r.code, r.stdout, r.stderr)
	}
	save := c.command("permissions", "save", dir, "-")
	save.Stdin = strings.NewReader(`{"version": 1, "allowed_commands": ["go test"]}`)
	if r := c.output(save, false); r.code != 0 || !strings.Contains(r.stdout, `"trusted":true`) {
		t.Errorf("permissions save from stdin = %d %s", r.code, r.stdout)
	}
	if r := c.output(c.command("--text", "status", dir), true); r.code != 0 || !strings.Contains(r.stdout, "root: "+dir+"\n") {
		t.Errorf("--text status = %d %q", r.code, r.stdout)
	}
	missing := filepath.Join(dir, "missing")
	if r := c.output(c.command("--text", "status", missing), true); r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "does not exist") {
		t.Errorf("--text status of a missing folder = %d %q %q, want exit 2 and the sentence on stderr", r.code, r.stdout, r.stderr)
	}
}

// TestCLIConcurrentSetupsOneID races processes, as two chat windows opening one
// folder would.
func TestCLIConcurrentSetupsOneID(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	const n = 6
	ids := make(chan string, n)
	var wg sync.WaitGroup
	for i := range n {
		cmd := "setup"
		if i%2 == 1 {
			cmd = "register"
		}
		wg.Go(func() {
			r := c.run(cmd, dir)
			if r.code != 0 {
				t.Errorf("concurrent %s = %d %s", cmd, r.code, r.stdout)
			}
			ids <- r.str("id")
		})
	}
	wg.Wait()
	close(ids)
	final := c.run("status", dir).str("id")
	for id := range ids {
		if id != final {
			t.Errorf("a concurrent call got id %s, the folder ended with %s", id, final)
		}
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, ".memo-setup-*")); len(matches) != 0 {
		t.Errorf("temporary folders left behind: %v", matches)
	}
}

// TestCLISameFolderThroughABindMount: one folder reached by a second path is
// the same project, not a copy (a copy would get the original's id rewritten).
// unshare gives the test its own mount namespace, as root or not.
func TestCLISameFolderThroughABindMount(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	orig, other := filepath.Join(dir, "orig"), filepath.Join(dir, "other")
	os.MkdirAll(orig, 0o755)
	os.MkdirAll(other, 0o755)
	id := c.run("setup", orig).str("id")
	script := fmt.Sprintf("mount --bind %q %q && exec %q register %q", orig, other, binary, other)
	cmd := exec.Command("unshare", "--mount", "--map-root-user", "sh", "-c", script)
	cmd.Env = append(os.Environ(), "MEMO_HOME="+c.home, "HOME="+c.user)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("register through a bind mount: %v\n%s", err, out)
	}
	var r map[string]any
	json.Unmarshal(out, &r)
	if r["event"] != "known" || r["id"] != id {
		t.Errorf("register through a bind mount = %s, want known with id %s", out, id)
	}
	if got := c.run("status", orig).str("id"); got != id {
		t.Errorf("the original's id changed from %s to %s", id, got)
	}
}

// TestCLIConcurrentOpensOfACopy: two windows opening a copied project at once
// end with one new id, in the file and the registry alike.
func TestCLIConcurrentOpensOfACopy(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	orig, cp := filepath.Join(dir, "orig"), filepath.Join(dir, "copy")
	os.MkdirAll(orig, 0o755)
	id := c.run("setup", orig).str("id")
	if out, err := exec.Command("cp", "-a", orig, cp).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	ids := make(chan string, 6)
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() { ids <- c.run("register", cp).str("id") })
	}
	wg.Wait()
	close(ids)
	final := c.run("status", cp).str("id")
	if final == id || final == "" {
		t.Fatalf("the copy kept the original's id %s (or has none: %q)", id, final)
	}
	for got := range ids {
		if got != final {
			t.Errorf("a concurrent open got id %s, the copy ended with %s", got, final)
		}
	}
	if r := c.run("register", cp); r.str("event") != "known" || r.str("id") != final {
		t.Errorf("opening the copy again = %s, want known %s (registry and file disagree?)", r.stdout, final)
	}
}

// absentDisplay is an X display number no server answers on this machine
// (no socket, no lock file), so the test never reaches a real Xvfb.
func absentDisplay(t *testing.T) string {
	for n := 150; n < 1000; n++ {
		_, sockErr := os.Lstat(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
		_, lockErr := os.Lstat(fmt.Sprintf("/tmp/.X%d-lock", n))
		if os.IsNotExist(sockErr) && os.IsNotExist(lockErr) {
			return fmt.Sprintf(":%d", n)
		}
	}
	t.Fatal("every display number from 150 to 999 is taken")
	return ""
}

// TestCLIWindowWithoutADisplay: no crash, a sentence, when the window cannot
// open (a server, an SSH session, a display that is not there).
func TestCLIWindowWithoutADisplay(t *testing.T) {
	c := newCLI(t)
	for _, display := range []string{"", absentDisplay(t)} { // none set; set but nothing there
		var env []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
				env = append(env, kv)
			}
		}
		if display != "" {
			env = append(env, "DISPLAY="+display)
		}
		cmd := exec.Command(binary, "open", t.TempDir())
		cmd.Env = append(env, "MEMO_HOME="+c.home, "HOME="+c.user)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, _ := cmd.Output()
		var obj map[string]any
		if err := json.Unmarshal(out, &obj); err != nil || cmd.ProcessState.ExitCode() != 1 || !strings.Contains(fmt.Sprint(obj["error"]), "window") {
			t.Errorf("open with DISPLAY=%q = exit %d %s, want exit 1 and a sentence about the window", display, cmd.ProcessState.ExitCode(), out)
		}
		if strings.Contains(stderr.String(), "goroutine ") {
			t.Errorf("open with DISPLAY=%q crashed:\n%s", display, stderr.String())
		}
	}
}
