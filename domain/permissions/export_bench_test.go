// SPDX-License-Identifier: Apache-2.0

package permissions

// ProcessCPU is cpuTime for the benchmarks of package permissions_test.
var ProcessCPU = cpuTime
