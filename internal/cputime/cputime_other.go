// SPDX-License-Identifier: Apache-2.0

//go:build !unix

// Package cputime reads the process's CPU time, for benchmarks that report
// what a line costs in CPU beside the wall clock.
package cputime

import "time"

// Process is not measured here: the benchmarks report wall time only.
func Process() time.Duration { return 0 }
