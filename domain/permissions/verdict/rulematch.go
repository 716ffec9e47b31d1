// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
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
//
// On a rule that installs pinning every workspace member's install
// scripts (projectfiles.MembersInstall), an option that only narrows the
// members (the entry's member_filters: pnpm --filter '!docs' install) is
// skipped too; between are the places in words of those it skipped, which
// selectsBeyond judges as it judges one after the rule's words.
func optionsBetween(c *catalog.Catalog, words, rule []string, resolved *resolvedProgram) (n int, between []int, ok bool) {
	if len(rule) < 2 || len(words) <= len(rule) || words[0] != rule[0] {
		return 0, nil, false
	}
	if !resolved.done {
		resolved.name, resolved.args = c.ResolveProgram(words)
		resolved.done = true
	}
	name, args := resolved.name, resolved.args
	e := c.Entries[name]
	if e == nil || !e.OptionsBetween || len(args) != len(words)-1 {
		return 0, nil, false
	}
	sets := []*catalog.OptSet{e.Global}
	external := false // past an external subcommand (cargo foo): its options are its own
	i := 1
	for j := 1; j < len(rule); j++ {
		for i < len(words) && words[i] != rule[j] {
			a := words[i]
			if a == "--" || !catalog.IsOptionWord(a, e.Numeric) || external {
				return 0, nil, false
			}
			if e.Selects != nil {
				if _, n, sel, _ := e.Option([]*catalog.OptSet{e.Selects}, a, words[i+1:]); sel {
					if !e.NarrowsToMembers(a, words[i+1:]) || projectfiles.MembersInstall(c, rule) == "" {
						return 0, nil, false // the rule must name what it selects
					}
					between = append(between, i)
					i += 1 + n
					continue
				}
			}
			optSets := sets
			if len(sets) == 1 && j == 1 && e.Lead != nil {
				optSets = []*catalog.OptSet{e.Lead, e.Global} // before the subcommand: git -c k=v, -C dir
			}
			_, n, known, _ := e.Option(optSets, a, words[i+1:])
			if !known || i+n >= len(words) {
				return 0, nil, false
			}
			i += 1 + n
		}
		if i >= len(words) {
			return 0, nil, false
		}
		if s, ok := e.Subs[rule[j]]; ok && len(sets) == 1 {
			sets = append(sets, s.Opts)
		} else if j == 1 && e.ExternalSub(rule[j]) {
			external = true
		}
		i++
	}
	return i, between, true
}

// selectsBeyond: an option that chooses the workspace packages or the
// folder the command runs in (pnpm --filter, -C; npm -w) passes only among
// the words the rule covers (words[:prefix]), where the trust pinned what
// it reaches; anywhere else it runs scripts no one reviewed. One that only
// narrows the members an install at a workspace's root runs in (pnpm
// --filter '!docs', npm -w packages/a: NarrowsToMembers) passes anywhere,
// since the rule's trust pinned the install scripts of every member
// (projectfiles.MembersPinned); -C and --dir, another folder, still ask.
// The options optionsBetween skipped (between) are not the rule's words.
func (in *inspector) selectsBeyond(name string, words, args []string, prefix, depth int, r catalog.Reading) domain.Text {
	off := len(words) - len(args)
	e := in.catalog().Entries[name]
	for _, k := range r.Selects {
		skipped := depth == 0 && slices.Contains(in.between, off+k)
		if off+k < prefix && !skipped {
			continue
		}
		if depth == 0 && e != nil && e.NarrowsToMembers(args[k], args[k+1:]) && in.membersPinned() {
			continue
		}
		return domain.T("`{{.Word}}` runs the command in workspace packages or a folder the rule does not name; name it in the rule", "Word", args[k])
	}
	return domain.Text{}
}

// membersPinned: the line's rule is an install at a workspace's root whose
// trust pinned every member's install scripts (projectfiles.MembersPinned);
// never without a project or for a rule being accepted.
func (in *inspector) membersPinned() bool {
	return !in.rule && in.project != nil && in.ruleText != "" && in.project.MembersPinned(in.catalog(), in.ruleText)
}

// withoutNarrowValues are own (a program's arguments) without the value
// words of the member filters that narrow the workspace members
// (NarrowsToMembers: pnpm i --filter '!docs'): a selector pnpm matches
// against its packages, never a package to add or a subcommand, which the
// table of risky arguments would read it as (installOperands). Their
// shape holds no option, so no risky option hides among them.
func withoutNarrowValues(c *catalog.Catalog, name string, own []string, r catalog.Reading) []string {
	e := c.Entries[name]
	if e == nil || e.MemberFilters == nil || len(r.Selects) == 0 {
		return own
	}
	drop := map[int]bool{}
	for _, k := range r.Selects {
		if k < len(own) && e.NarrowValue(own[k], own[k+1:]) == 0 {
			drop[k+1] = true
		}
	}
	if len(drop) == 0 {
		return own
	}
	out := make([]string, 0, len(own))
	for i, a := range own {
		if !drop[i] {
			out = append(out, a)
		}
	}
	return out
}
