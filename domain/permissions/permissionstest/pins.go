// SPDX-License-Identifier: Apache-2.0

// Package permissionstest provides an in-memory permissions.PinStore for the
// tests of the packages that use the permissions service, and the cases
// every PinStore must pass (TestPinStore).
package permissionstest

import (
	"bytes"
	"maps"
	"sync"

	"memo.dev/projects/domain/permissions"
)

// Pins is an in-memory permissions.PinStore.
type Pins struct {
	mu   sync.Mutex
	m    map[string]permissions.Pin
	fail error
}

var _ permissions.PinStore = (*Pins)(nil)

// NewPins returns an empty store.
func NewPins() *Pins { return &Pins{m: map[string]permissions.Pin{}} }

// Pin returns the project's pin; ok is false when nothing was trusted.
func (p *Pins) Pin(projectID string) (permissions.Pin, bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pin, ok := p.m[projectID]
	pin.Bytes = bytes.Clone(pin.Bytes)
	return pin, ok, nil
}

// SetPin records the project's pin, replacing the one before; it fails with
// the error given to FailWrites while one is set.
func (p *Pins) SetPin(projectID string, pin permissions.Pin) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fail != nil {
		return p.fail
	}
	pin.Bytes = bytes.Clone(pin.Bytes)
	if pin.Bytes == nil {
		pin.Bytes = []byte{} // an empty file is a file
	}
	p.m[projectID] = pin
	return nil
}

// FailWrites makes every write fail with err, as a locked or failing
// projects.db would; nil lets writes through again.
func (p *Pins) FailWrites(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fail = err
}

// All is every pin, by project id.
func (p *Pins) All() map[string]permissions.Pin {
	p.mu.Lock()
	defer p.mu.Unlock()
	return maps.Clone(p.m)
}
