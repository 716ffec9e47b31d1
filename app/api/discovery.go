// SPDX-License-Identifier: Apache-2.0

package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/filelock"
	"memo.dev/projects/domain/strictjson"
	"memo.dev/projects/domain/untrusted"
)

const discoveryName = "api.json"

// Discovery is data/api.json: where a listening server is, so that the chat
// app can find its port.
type Discovery struct {
	Addr    string    `json:"addr"`
	PID     int       `json:"pid"`
	Started time.Time `json:"started"`
}

// ReadDiscovery reads data/api.json; fs.ErrNotExist when no server said it listens.
func ReadDiscovery(dataDir string) (Discovery, error) {
	var d Discovery
	b, err := untrusted.ReadFile(DiscoveryFile(dataDir), 64<<10)
	if err != nil {
		return d, err
	}
	// Exact keys, each once; keys a later version adds are skipped.
	if err := strictjson.DecodeKnown(b, &d); err != nil {
		return Discovery{}, domain.T("{{.Path}} is not one Memo can read: {{.Error}}", "Path", DiscoveryFile(dataDir), "Error", domain.Sentence(err)).Wrap(domain.ErrInvalid, err)
	}
	return d, nil
}

type discovery struct {
	path string
	pid  int
}

// Identity is what GET /api/server answers, without a token: that a Memo
// Projects API server listens here, and its pid. It lets a starting server
// tell a live one from a stale api.json whose pid now belongs to another
// program.
type Identity struct {
	App string `json:"app"`
	PID int    `json:"pid"`
}

// appName is Identity.App, and the program's file name.
const appName = "memo-projects"

// liveness is how a starting server finds out whether the server an
// api.json names still runs; tests replace its parts.
type liveness struct {
	alive      func(pid int) bool
	executable func(pid int) (string, error)
	ask        func(addr string) (Identity, error)
}

func systemLiveness() liveness {
	return liveness{alive: processAlive, executable: processExecutable, ask: askIdentity}
}

// serving reports whether d names a Memo Projects API server that runs now:
// its pid is alive, runs a memo-projects program (where the system tells),
// and a Memo Projects server with that pid answers on its address. A pid
// the system reused for another program, or a server gone from that
// address, is not one.
func (l liveness) serving(d Discovery) bool {
	if d.PID <= 0 || !l.alive(d.PID) {
		return false
	}
	if exe, err := l.executable(d.PID); err == nil && !isAppExecutable(exe) {
		return false
	}
	id, err := l.ask(d.Addr)
	return err == nil && id.App == appName && id.PID == d.PID
}

// isAppExecutable reports whether exe is a memo-projects program: this one,
// or one named memo-projects (another install, or this one replaced on
// disk by an upgrade while it runs: Linux then adds " (deleted)").
func isAppExecutable(exe string) bool {
	if self, err := os.Executable(); err == nil && self == exe {
		return true
	}
	name := strings.TrimSuffix(filepath.Base(exe), " (deleted)")
	name = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(name), ".exe"), ".com")
	return name == appName
}

// askIdentity asks the server at addr who it is, briefly: a live server
// answers at once.
func askIdentity(addr string) (Identity, error) {
	var id Identity
	if err := CheckAddr(addr); err != nil {
		return id, err
	}
	client := &http.Client{Timeout: 2 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get("http://" + addr + identityPath)
	if err != nil {
		return id, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return id, fmt.Errorf("%s answered %s", addr, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if err != nil {
		return id, err
	}
	err = strictjson.DecodeKnown(b, &id)
	return id, err
}

// claimDiscovery refuses to start a second server while another one is
// serving from this data folder; a file left by a server that is gone
// (killed, crashed; its pid perhaps reused since) is stale and will be
// replaced.
func claimDiscovery(dataDir string, live liveness) (*discovery, error) {
	path := DiscoveryFile(dataDir)
	d, err := ReadDiscovery(dataDir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		// A damaged file says nothing about a live server: replace it.
	case d.PID != os.Getpid() && live.serving(d):
		return nil, servingConflict(d)
	}
	return &discovery{path: path}, nil
}

// ErrAnotherServer is the cause of the conflict of a server started while
// another serves the same data home (errors.Is finds it).
var ErrAnotherServer = errors.New("another API server serves this data home")

func servingConflict(d Discovery) error {
	return domain.Wrap(domain.ErrConflict, ErrAnotherServer, "another Memo Projects API server (pid %d) is listening on %s for this data home; stop it first, or let the chat app use it", d.PID, d.Addr)
}

// lockName is the server lock in the data folder: whoever holds it serves.
const lockName = "api.lock"

// serverWait bounds how long a server that finds the lock held waits for the
// holder's api.json, to name it: a starting server writes it within
// milliseconds of taking the lock.
const serverWait = 5 * time.Second

// holdDataHome takes data/api.lock, which a server holds for as long as it
// listens: of servers started at the same instant exactly one takes it. The
// others are a conflict naming the winner (pid, address) as its api.json
// says, once it is written; a holder that goes away (its start failed)
// lets the lock go, and the next try takes it.
func holdDataHome(dataDir string, live liveness, wait time.Duration) (*filelock.Lock, error) {
	path := filepath.Join(dataDir, lockName)
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the data folder %s: %w", dataDir, err)
	}
	deadline := time.Now().Add(wait)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		l, ok, err := filelock.Hold(path)
		switch {
		case err != nil:
			return nil, fmt.Errorf("cannot take the API server lock %s: %w", path, err)
		case ok:
			return l, nil
		}
		if d, err := ReadDiscovery(dataDir); err == nil && live.serving(d) {
			return nil, servingConflict(d)
		}
		if time.Now().After(deadline) {
			return nil, domain.Wrap(domain.ErrConflict, ErrAnotherServer, "another Memo Projects API server is starting for this data home (it holds %s, and its %s does not name it yet); try again, or stop it", path, discoveryName)
		}
		time.Sleep(pause)
	}
}

func (d *discovery) write(v Discovery) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(d.path, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("cannot write %s: %w", d.path, err)
	}
	d.pid = v.PID
	return nil
}

// remove deletes the discovery file on a clean stop, unless another server
// has written its own since.
func (d *discovery) remove() {
	if d == nil {
		return
	}
	b, err := untrusted.ReadFile(d.path, 64<<10)
	if err != nil {
		return
	}
	var cur Discovery
	if strictjson.DecodeKnown(b, &cur) == nil && cur.PID != d.pid {
		return
	}
	os.Remove(d.path)
}
