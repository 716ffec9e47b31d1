// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"

	"memo.dev/projects/domain"
)

// RefusedWhy is why Memo refuses a rule of the program name, if it does.
// Refused rules (docs/permissions.md §8) approve nearly anything; they are
// listed in catalog/refused.toml. The list is best effort: the real defence
// is the character check and the table of risky arguments, which rules are
// checked against too.
func (c *Catalog) RefusedWhy(name string) (domain.Text, bool) {
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
	RunsAnything   = domain.T("is a shell or an interpreter, which runs anything")
	wrapperRuns    = domain.T("is a wrapper that runs another command")
	reachesNetwork = domain.T("reaches the network or runs containers")
	readsOutside   = domain.T("reads or sends what is outside the project (secrets, the clipboard, the screen)")
	deletesFiles   = domain.T("deletes or overwrites files or changes the system")
)
