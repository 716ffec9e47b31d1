// SPDX-License-Identifier: Apache-2.0

//go:build !windows

package console

// Attach does nothing here: only the Windows GUI build starts without a console.
func Attach() {}
