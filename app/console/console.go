// SPDX-License-Identifier: Apache-2.0

// Package console connects the Windows GUI build to the console it was
// started from, so its command line prints where it was typed.
package console

// attachWanted decides whether the Windows GUI build attaches to the console
// it was started from: only to run a command (the window needs none), and only
// when stdout or stderr go nowhere (a pipe or file given by the caller, or the
// console of memo-projects.com, is kept).
func attachWanted(args []string, hasStdout, hasStderr bool) bool {
	return len(args) > 0 && (!hasStdout || !hasStderr)
}
