// SPDX-License-Identifier: Apache-2.0

//go:build !windows

package atomicfile

// transient: elsewhere an open file never blocks a rename, and a permission
// error is lasting.
func transient(error) bool { return false }
