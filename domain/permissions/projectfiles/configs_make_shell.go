// SPDX-License-Identifier: Apache-2.0

package projectfiles

import "strings"

// plainShell: a SHELL value that runs recipes as a shell would, a plain
// shell alone or followed by shell options that change no program
// (SHELL = bash -x, SHELL := /bin/bash -o pipefail, as sigstore/cosign's
// Makefile sets it).
func plainShell(v string) bool {
	if plainShells[v] {
		return true
	}
	words := strings.Fields(v)
	for k := 1; k <= 2 && k < len(words); k++ {
		if !plainShells[strings.Join(words[:k], " ")] {
			continue
		}
		flags := true
		for _, w := range words[k:] {
			flags = flags && plainShellFlags[w]
		}
		if flags {
			return true
		}
	}
	return false
}
