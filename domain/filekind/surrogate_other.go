// SPDX-License-Identifier: Apache-2.0

//go:build !windows

package filekind

// isSurrogate: only Windows has reparse points.
func isSurrogate(string) (bool, error) { return false, nil }
