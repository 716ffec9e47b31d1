// SPDX-License-Identifier: Apache-2.0

//go:build !unix

package permissions

import "time"

// cpuTime is not measured here: the benchmark reports wall time only.
func cpuTime() time.Duration { return 0 }
