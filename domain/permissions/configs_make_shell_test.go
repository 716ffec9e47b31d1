// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"path/filepath"
	"testing"
)

// A makefile's SHELL that is a plain shell with options that change no
// program runs recipes as the shell would; anything else still blocks make.
func TestMakeShellWithPlainOptions(t *testing.T) {
	rules := []string{"make test"}
	for _, shell := range []string{"bash -x", "/bin/bash -o pipefail", "/usr/bin/env bash -eu", "sh -e"} {
		root := repo(t, cleanConfig)
		write(t, filepath.Join(root, "Makefile"), "SHELL = "+shell+"\ntest:\n\tgo test ./...\n", 0o644)
		approvedIn(t, root, "", rules, "make test")
	}
	for _, shell := range []string{"bash -x /tmp/evil", "bash --rcfile /tmp/x", "bash -i", "bash -o history", "/tmp/bash -x", "bash -x -c 'id'"} {
		root := repo(t, cleanConfig)
		write(t, filepath.Join(root, "Makefile"), "SHELL = "+shell+"\ntest:\n\tgo test ./...\n", 0o644)
		blockedBy(t, root, "", rules, "make test", "Makefile", "SHELL")
	}
}
