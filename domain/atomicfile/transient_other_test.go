// SPDX-License-Identifier: Apache-2.0

//go:build !windows

package atomicfile

import (
	"io/fs"
	"testing"
)

// Here a permission error is lasting and never retried.
func TestTransientNeverHere(t *testing.T) {
	if transient(fs.ErrPermission) || transient(errHeld) {
		t.Error("a permission error is retried on a system where open files never block a rename")
	}
}
