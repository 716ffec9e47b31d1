// SPDX-License-Identifier: Apache-2.0

package ui

// inline runs work on the caller's goroutine, so tests see its effect at once.
func inline() runner { return runner{goroutine: func(f func()) { f() }, settle: &settle{}} }
