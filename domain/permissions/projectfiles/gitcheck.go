// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"memo.dev/projects/domain"
)

// GitCheck tells why a line that runs git must ask in this repository (""
// when it need not): its configuration sets a program-running key, or it
// holds an executable hook that the git subcommand may run. subcommand is ""
// for programs that run git themselves (go, npm …). RepoGit makes one.
type GitCheck func(subcommand string) domain.Text
