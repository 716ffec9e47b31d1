// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"

	"golang.org/x/sys/windows"
)

// processGone reports whether no process with pid runs on this machine.
// OpenProcess answers ERROR_INVALID_PARAMETER for a pid nobody holds; a
// process that has exited stays openable while any handle to it is open (its
// parent's, a debugger's), so its exit code tells it apart from a live one.
func processGone(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return errors.Is(err, windows.ERROR_INVALID_PARAMETER)
	}
	defer windows.CloseHandle(h)
	var code uint32
	if err := windows.GetExitCodeProcess(h, &code); err != nil {
		return false
	}
	const stillActive = 259 // STILL_ACTIVE: a process that exits with 259 is kept until old
	return code != stillActive
}
