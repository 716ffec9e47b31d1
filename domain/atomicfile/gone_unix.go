// SPDX-License-Identifier: Apache-2.0

//go:build unix

package atomicfile

import (
	"errors"

	"golang.org/x/sys/unix"
)

// processGone reports whether no process with pid exists on this machine.
// Signal 0 checks without sending; EPERM means it exists under another user.
func processGone(pid int) bool {
	return errors.Is(unix.Kill(pid, 0), unix.ESRCH)
}
