// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"

	"memo.dev/projects/domain"
)

// Refused rules (docs/permissions.md §8): rules that approve nearly anything,
// listed in catalog/refused.toml. The list is best effort; the real defence
// is the character check and the table of risky arguments, which rules are
// checked against too.
func (c *catalog) refusedWhy(name string) (domain.Text, bool) {
	if why, ok := c.refused[name]; ok {
		return why, ok
	}
	for _, p := range c.refusedPrefix {
		if strings.HasPrefix(name, p.prefix) {
			return p.why, true
		}
	}
	return domain.Text{}, false
}

// The reasons of the refused list, worded in every language (reasons.go).
var (
	runsAnything   = domain.T("is a shell or an interpreter, which runs anything")
	wrapperRuns    = domain.T("is a wrapper that runs another command")
	reachesNetwork = domain.T("reaches the network or runs containers")
	readsOutside   = domain.T("reads or sends what is outside the project (secrets, the clipboard, the screen)")
	deletesFiles   = domain.T("deletes or overwrites files or changes the system")
)
