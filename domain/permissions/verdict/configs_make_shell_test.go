// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// A makefile's SHELL that is a plain shell with options that change no
// program runs recipes as the shell would; anything else still blocks make.
func TestMakeShellWithPlainOptions(t *testing.T) {
	rules := []string{"make test"}
	for _, shell := range []string{"bash -x", "/bin/bash -o pipefail", "/usr/bin/env bash -eu", "sh -e"} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, "Makefile"), "SHELL = "+shell+"\ntest:\n\tgo test ./...\n", 0o644)
		approvedIn(t, root, "", rules, "make test")
	}
	for _, shell := range []string{"bash -x /tmp/evil", "bash --rcfile /tmp/x", "bash -i", "bash -o history", "/tmp/bash -x", "bash -x -c 'id'"} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, "Makefile"), "SHELL = "+shell+"\ntest:\n\tgo test ./...\n", 0o644)
		blockedBy(t, root, "", rules, "make test", "Makefile", "SHELL")
	}
}
