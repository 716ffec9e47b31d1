// SPDX-License-Identifier: Apache-2.0

package app

import (
	"context"
	"errors"
	"sync"
	"time"

	"memo.dev/projects/app/api"
	"memo.dev/projects/domain"
	"memo.dev/projects/ui"
)

// apiSettings is where the switch and the last address are kept.
type apiSettings interface {
	APIServer() (on bool, addr string, err error)
	SetAPIServer(on bool, addr string) error
}

// apiSwitch runs the loopback API inside the running window (Settings'
// switch). It keeps the port it got across launches, so a script that
// remembered it keeps working; the chat app reads data/api.json anyway.
type apiSwitch struct {
	cfg      api.Config
	settings apiSettings

	mu     sync.Mutex
	srv    *api.Server
	cancel context.CancelFunc
	done   chan error
	last   ui.APIState
}

var _ ui.APIServer = (*apiSwitch)(nil)

func newAPISwitch(cfg api.Config, settings apiSettings) *apiSwitch {
	return &apiSwitch{cfg: cfg, settings: settings, last: ui.APIState{TokenFile: api.TokenFile(cfg.DataDir)}}
}

// State is the server's condition now.
func (a *apiSwitch) State() ui.APIState {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.last
}

// Resume starts the server at launch when it was switched on last time.
func (a *apiSwitch) Resume() {
	if on, _, err := a.settings.APIServer(); err == nil && on {
		a.Start()
	}
}

// Start listens on the remembered address, or any free loopback port.
func (a *apiSwitch) Start() ui.APIState {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.srv != nil {
		return a.last
	}
	_, addr, err := a.settings.APIServer()
	if err != nil {
		return a.fail(err, "")
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	srv, err := api.New(a.cfg)
	if err != nil {
		return a.fail(err, addr)
	}
	if err := srv.Listen(addr); err != nil {
		// Another server of this data home (serve, another window) holds
		// its lock: say so, and keep the port, which is not in use.
		if domain.KindOf(err) == domain.KindConflict && !errors.Is(err, api.ErrAnotherServer) {
			// Forget the port: the next try takes a free one.
			a.settings.SetAPIServer(false, "")
			a.last = ui.APIState{Addr: addr, TokenFile: api.TokenFile(a.cfg.DataDir), PortInUse: true, Problem: err}
			return a.last
		}
		return a.fail(err, addr)
	}
	if err := a.settings.SetAPIServer(true, srv.Addr()); err != nil {
		srv.Close()
		return a.fail(err, addr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	a.srv, a.cancel, a.done = srv, cancel, done
	go func() { done <- srv.Serve(ctx) }()
	a.last = ui.APIState{Listening: true, Addr: srv.Addr(), TokenFile: api.TokenFile(a.cfg.DataDir)}
	return a.last
}

func (a *apiSwitch) fail(err error, addr string) ui.APIState {
	a.last = ui.APIState{Addr: addr, TokenFile: api.TokenFile(a.cfg.DataDir), Problem: err}
	return a.last
}

// Stop stops serving (requests in flight finish) and remembers the switch
// as off, keeping the port for next time.
func (a *apiSwitch) Stop() ui.APIState {
	err := a.shutdown()
	a.mu.Lock()
	defer a.mu.Unlock()
	addr := a.last.Addr
	if serr := a.settings.SetAPIServer(false, addr); err == nil {
		err = serr
	}
	a.last = ui.APIState{Addr: addr, TokenFile: api.TokenFile(a.cfg.DataDir)}
	if err != nil {
		a.last.Problem = err
	}
	return a.last
}

// shutdown stops the server without changing the switch: the app is closing,
// and the server comes back at the next launch.
func (a *apiSwitch) shutdown() error {
	a.mu.Lock()
	srv, cancel, done := a.srv, a.cancel, a.done
	a.srv, a.cancel, a.done = nil, nil, nil
	a.mu.Unlock()
	if srv == nil {
		return nil
	}
	cancel()
	select {
	case err := <-done:
		return err
	case <-time.After(15 * time.Second):
		return errors.New("the API server did not stop in time")
	}
}
