// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"strings"

	"memo.dev/projects/domain/permissions/catalog"
)

// Outside words: a rule that names a script or a recipe approves what it
// runs, pinned as written (docs/permissions.md §7). Some of what a pinned
// text runs reaches outside the project all the same — it runs as another
// user, installs into the user's or the system's programs, downloads code
// at a version nobody pinned, or reaches the network or containers — and
// the review should say so before the user trusts it.

// changesUser are the wrappers that run a command as another user.
var changesUser = map[string]bool{"sudo": true, "su": true, "doas": true, "pkexec": true, "run0": true, "gsudo": true, "runuser": true}

// outsideReasons are the parts of the catalogue's reasons (the risk
// tables' data) that say a command reaches outside the project.
var outsideReasons = []string{"outside the project", "from the network", "download", "reaches the network"}

// OutsideCommand reports whether a command a definition runs, its words as
// written, reaches outside the project: a program the catalogue refuses as
// one that reaches the network or runs containers, a wrapper that changes
// the user, or arguments its risk table says install, download or write
// outside (go install, npm install -g, cargo install, go run x@latest).
func OutsideCommand(words []string) bool {
	c := catalog.Builtin()
	name := catalog.ProgramName(words[0])
	if changesUser[name] {
		return true
	}
	if why, ok := c.RefusedWhy(name); ok {
		return strings.Contains(why.String(), "network")
	}
	// RiskyArgs reads the subcommand from the arguments itself.
	reason := c.RiskyArgs(c.Canonical(name), words[1:], "")
	for _, r := range outsideReasons {
		if strings.Contains(reason.String(), r) {
			return true
		}
	}
	return false
}
