package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
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
	if err := json.Unmarshal(b, &d); err != nil {
		return d, fmt.Errorf("%s is not valid JSON: %w", DiscoveryFile(dataDir), err)
	}
	return d, nil
}

type discovery struct {
	path string
	pid  int
}

// claimDiscovery refuses to start a second server while another one that is
// still running has its discovery file; a file left by a server that is gone
// (killed, crashed) is stale and will be replaced.
func claimDiscovery(dataDir string) (*discovery, error) {
	path := DiscoveryFile(dataDir)
	d, err := ReadDiscovery(dataDir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		// A damaged file says nothing about a live server: replace it.
	case d.PID > 0 && d.PID != os.Getpid() && processAlive(d.PID):
		return nil, domain.Conflict("another Memo Projects API server (pid %d) is listening on %s; stop it first, or let the chat app use it", d.PID, d.Addr)
	}
	return &discovery{path: path}, nil
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
	if json.Unmarshal(b, &cur) == nil && cur.PID != d.pid {
		return
	}
	os.Remove(d.path)
}
