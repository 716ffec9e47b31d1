// SPDX-License-Identifier: Apache-2.0

package permissions

import "memo.dev/projects/domain"

// matchBetween finds the first rule a line matches when options stand
// between the words the rule names (options_between in the program's
// entry): `pnpm --filter web test` and `pnpm test --filter web` under
// `pnpm test`, `npm --no-git-tag-version version minor` under
// `npm version`. It returns the rule and how many of the line's words it
// covers. The options skipped never choose what runs (an entry's selects
// are never skipped: the rule must name them), so the line runs the
// definitions the rule's trust pinned.
func (c *Checker) matchBetween(words []string) (*rule, int) {
	cat := c.cat
	if cat == nil {
		cat = builtin()
	}
	for i := range c.rules {
		if n, ok := cat.optionsBetween(words, c.rules[i].words); ok {
			return &c.rules[i], n
		}
	}
	return nil, 0
}

// optionsBetween reports whether words start with the rule's words in order
// with only options of the program between them, and how many words that
// covers. Each option skipped must be one the entry knows (global, or the
// rule's subcommand's once it is passed), with the values it takes: a
// value is never read as one of the rule's words.
func (c *catalog) optionsBetween(words, rule []string) (int, bool) {
	if len(rule) < 2 || len(words) <= len(rule) || words[0] != rule[0] {
		return 0, false
	}
	name, args := c.resolveProgram(words)
	e := c.entries[name]
	if e == nil || !e.optionsBetween || len(args) != len(words)-1 {
		return 0, false
	}
	sets := []*optSet{e.global}
	external := false // past an external subcommand (cargo foo): its options are its own
	i := 1
	for j := 1; j < len(rule); j++ {
		for i < len(words) && words[i] != rule[j] {
			a := words[i]
			if a == "--" || !isOptionWord(a, e.numeric) || external {
				return 0, false
			}
			if e.selects != nil {
				if _, _, sel, _ := e.option([]*optSet{e.selects}, a, words[i+1:]); sel {
					return 0, false // the rule must name what it selects
				}
			}
			_, n, known, _ := e.option(sets, a, words[i+1:])
			if !known || i+n >= len(words) {
				return 0, false
			}
			i += 1 + n
		}
		if i >= len(words) {
			return 0, false
		}
		if s, ok := e.subs[rule[j]]; ok && len(sets) == 1 {
			sets = append(sets, s.opts)
		} else if !ok && j == 1 && e.other == spelledSub && !isOptionWord(rule[j], e.numeric) {
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
func selectsBeyond(words, args []string, prefix int, r reading) domain.Text {
	off := len(words) - len(args)
	for _, k := range r.selects {
		if off+k >= prefix {
			return domain.T("`{{.Word}}` runs the command in workspace packages or a folder the rule does not name; name it in the rule", "Word", args[k])
		}
	}
	return domain.Text{}
}
