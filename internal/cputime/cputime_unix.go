// SPDX-License-Identifier: Apache-2.0

//go:build unix

// Package cputime reads the process's CPU time, for benchmarks that report
// what a line costs in CPU beside the wall clock.
package cputime

import (
	"syscall"
	"time"
)

// Process is the process's user and system time so far.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
