//go:build unix

package api

import (
	"errors"
	"syscall"
)

var errAddrInUse = syscall.EADDRINUSE

// processAlive reports whether a process with this pid exists (EPERM: it
// exists but belongs to someone else).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
