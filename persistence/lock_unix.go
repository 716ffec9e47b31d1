// SPDX-License-Identifier: Apache-2.0

//go:build unix

package persistence

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// lockFile takes an exclusive advisory lock on path (created if missing),
// waiting at most wait; errLockBusy when it stays held. Separate calls exclude
// each other, in one process or many (flock locks belong to the open file).
func lockFile(path string, wait time.Duration) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	err = poll(wait, func() (bool, error) {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, unix.EWOULDBLOCK), errors.Is(err, unix.EINTR):
			return false, nil
		}
		return false, &os.PathError{Op: "flock", Path: path, Err: err}
	})
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		f.Close()
	}, nil
}
