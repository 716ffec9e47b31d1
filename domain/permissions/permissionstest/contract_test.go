// SPDX-License-Identifier: Apache-2.0

package permissionstest_test

import (
	"errors"
	"testing"

	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/permissions/permissionstest"
)

func TestInMemoryPins(t *testing.T) {
	permissionstest.TestPinStore(t, func(*testing.T) permissions.PinStore { return permissionstest.NewPins() })
}

func TestPinsFailWrites(t *testing.T) {
	p := permissionstest.NewPins()
	locked := errors.New("projects.db is locked")
	p.FailWrites(locked)
	if err := p.SetPin("p_a", permissions.Pin{Hash: "h"}); !errors.Is(err, locked) {
		t.Errorf("SetPin while failing = %v, want %v", err, locked)
	}
	if len(p.All()) != 0 {
		t.Errorf("a failed write stored %v", p.All())
	}
	p.FailWrites(nil)
	if err := p.SetPin("p_a", permissions.Pin{Hash: "h"}); err != nil || len(p.All()) != 1 {
		t.Errorf("SetPin after FailWrites(nil) = %v, pins %v", err, p.All())
	}
}
