// SPDX-License-Identifier: Apache-2.0

//go:build unix

package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive flock without waiting. Locks belong to the open
// file, so two opens exclude each other in one process too.
func tryLock(f *os.File) (bool, error) {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, unix.EWOULDBLOCK):
			return false, nil
		case err != unix.EINTR:
			return false, err
		}
	}
}

func unlock(f *os.File) { unix.Flock(int(f.Fd()), unix.LOCK_UN) }

// openProbe opens read-only (enough for flock), without following a link
// and without blocking on a pipe swapped in after the Lstat.
func openProbe(path string) (*os.File, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// openHold opens path for Hold, creating it, without following a link and
// without blocking on a pipe put there; only a plain file is held.
func openHold(path string) (*os.File, error) {
	fd, err := unix.Open(path, unix.O_RDWR|unix.O_CREAT|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	f := os.NewFile(uintptr(fd), path)
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = &os.PathError{Op: "open", Path: path, Err: errors.New("not a plain file")}
		}
		return nil, err
	}
	return f, nil
}
