// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"

	"memo.dev/projects/domain"
)

// LocalBinRunner reports whether the program runs a bin of the project by name (the
// subcommand that does, for a package manager).
func LocalBinRunner(name string, r Reading) bool { return Builtin().LocalBinRunner(name, r) }

// LocalBinRunner reads local_bin in the program's entry (npx, bunx) or in the
// subcommand's (pnpm exec).
func (c *Catalog) LocalBinRunner(name string, r Reading) bool {
	e := c.Entries[name]
	if e == nil {
		return false
	}
	if s, ok := e.Subs[r.Sub]; ok && r.Sub != "" {
		return s.localBin
	}
	return e.localBin && r.Sub == ""
}

// OwnTool tells why the word a wrapping subcommand runs is one of its own
// tools (go tool compile), not a program of that name, or nothing.
func (c *Catalog) OwnTool(name string, r Reading) domain.Text {
	e := c.Entries[name]
	if e == nil || len(r.Wrapped) == 0 {
		return domain.Text{}
	}
	if s, ok := e.Subs[r.Sub]; ok && r.Sub != "" {
		if why, own := s.ownTools[r.Wrapped[0]]; own {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", strings.TrimSpace(name+" "+r.Sub+" "+r.Wrapped[0]), "Why", why)
		}
	}
	return domain.Text{}
}

// LocalBinName tells why NAME is not a plain bin name a rule may approve.
func (c *Catalog) LocalBinName(runner, name string) domain.Text {
	plain := name != "" && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "-")
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			plain = false
		}
	}
	if !plain {
		return domain.T("`{{.Word}}` is not the plain name of a program the project installs; {{.Runner}} would fetch or run it from elsewhere", "Word", name, "Runner", runner)
	}
	if n := c.Canonical(ProgramName(name)); c.IsInterpreter(n) || c.Bare[n] {
		return domain.T("`{{.Runner}} {{.Word}}` runs a program that runs anything", "Runner", runner, "Word", name)
	}
	return domain.Text{}
}
