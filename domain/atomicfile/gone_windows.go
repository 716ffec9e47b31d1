package atomicfile

import (
	"errors"

	"golang.org/x/sys/windows"
)

// processGone reports whether no process with pid exists on this machine:
// OpenProcess answers ERROR_INVALID_PARAMETER for a pid nobody holds.
func processGone(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err == nil {
		windows.CloseHandle(h)
		return false
	}
	return errors.Is(err, windows.ERROR_INVALID_PARAMETER)
}
