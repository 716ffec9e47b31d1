// SPDX-License-Identifier: Apache-2.0

//go:build unix

package api

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"syscall"
)

var errAddrInUse = syscall.EADDRINUSE

// processAlive reports whether a process with this pid exists (EPERM: it
// exists but belongs to someone else).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// processExecutable is the program file a process runs, where the system
// tells (Linux's /proc; another user's process is not shown).
func processExecutable(pid int) (string, error) {
	if runtime.GOOS != "linux" {
		return "", errors.ErrUnsupported
	}
	return os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
}
