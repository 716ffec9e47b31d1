// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
)

// resolvedProgram is a line's program and arguments, resolved once for
// all the rules tried against it.
type resolvedProgram struct {
	done bool
	name string
	args []string
}

// optionsBetween reports whether words start with the rule's words in order
// with only options of the program between them, and how many words that
// covers. Each option skipped must be one the entry knows (global, or the
// rule's subcommand's once it is passed), with the values it takes: a
// value is never read as one of the rule's words.
func optionsBetween(c *catalog.Catalog, words, rule []string, resolved *resolvedProgram) (int, bool) {
	if len(rule) < 2 || len(words) <= len(rule) || words[0] != rule[0] {
		return 0, false
	}
	if !resolved.done {
		resolved.name, resolved.args = c.ResolveProgram(words)
		resolved.done = true
	}
	name, args := resolved.name, resolved.args
	e := c.Entries[name]
	if e == nil || !e.OptionsBetween || len(args) != len(words)-1 {
		return 0, false
	}
	sets := []*catalog.OptSet{e.Global}
	external := false // past an external subcommand (cargo foo): its options are its own
	i := 1
	for j := 1; j < len(rule); j++ {
		for i < len(words) && words[i] != rule[j] {
			a := words[i]
			if a == "--" || !catalog.IsOptionWord(a, e.Numeric) || external {
				return 0, false
			}
			if e.Selects != nil {
				if _, _, sel, _ := e.Option([]*catalog.OptSet{e.Selects}, a, words[i+1:]); sel {
					return 0, false // the rule must name what it selects
				}
			}
			optSets := sets
			if len(sets) == 1 && j == 1 && e.Lead != nil {
				optSets = []*catalog.OptSet{e.Lead, e.Global} // before the subcommand: git -c k=v, -C dir
			}
			_, n, known, _ := e.Option(optSets, a, words[i+1:])
			if !known || i+n >= len(words) {
				return 0, false
			}
			i += 1 + n
		}
		if i >= len(words) {
			return 0, false
		}
		if s, ok := e.Subs[rule[j]]; ok && len(sets) == 1 {
			sets = append(sets, s.Opts)
		} else if j == 1 && e.ExternalSub(rule[j]) {
			external = true
		}
		i++
	}
	return i, true
}

// selectsBeyond: an option that chooses the workspace packages or the
// folder the command runs in (pnpm --filter, -C; npm -w) passes only among
// the words the rule covers (words[:prefix]), where the trust pinned what
// it reaches; anywhere else it runs scripts no one reviewed.
func selectsBeyond(words, args []string, prefix int, r catalog.Reading) domain.Text {
	off := len(words) - len(args)
	for _, k := range r.Selects {
		if off+k >= prefix {
			return domain.T("`{{.Word}}` runs the command in workspace packages or a folder the rule does not name; name it in the rule", "Word", args[k])
		}
	}
	return domain.Text{}
}
