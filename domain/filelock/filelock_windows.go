// SPDX-License-Identifier: Apache-2.0

package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// tryLock locks the file's first byte without waiting; locks belong to the
// handle, so two opens exclude each other in one process too.
func tryLock(f *os.File) (bool, error) {
	var ol windows.Overlapped
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) {
	var ol windows.Overlapped
	windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}

// openProbe opens read-only; Lstat already refused links, and Windows has no
// pipes in a folder to block on.
func openProbe(path string) (*os.File, error) { return os.Open(path) }

// openHold opens path for Hold, creating it; a link or folder there is
// refused (Lstat), and Windows has no pipes in a folder to block on.
func openHold(path string) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: errors.New("not a plain file")}
	}
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
}
