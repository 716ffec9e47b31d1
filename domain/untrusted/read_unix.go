// SPDX-License-Identifier: Apache-2.0

//go:build unix

package untrusted

import (
	"os"

	"golang.org/x/sys/unix"
)

// openNoFollow opens path for reading without following a final symbolic link
// and without blocking (a FIFO opened for reading waits for a writer otherwise).
func openNoFollow(path string) (*os.File, error) {
	for {
		fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC|unix.O_NOCTTY, 0)
		switch {
		case err == unix.EINTR:
			continue
		// Linux and macOS say ELOOP for a link under O_NOFOLLOW, the BSDs EMLINK.
		case err == unix.ELOOP || err == unix.EMLINK:
			return nil, ErrSymlink
		case err != nil:
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
