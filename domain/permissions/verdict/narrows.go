// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
)

// narrowed tells why a line gives values of a narrowing option (the
// entry's narrows: tox -e) that its rule does not: a rule that names
// environments approves those alone, as a rule that names make targets
// does (docs/permissions.md §7). A rule that gives none of these options
// leaves them free.
func narrowed(c *catalog.Catalog, rule, words []string) domain.Text {
	name, _ := c.ResolveProgram(words)
	e := c.Entries[name]
	if e == nil || len(e.Narrows) == 0 {
		return domain.Text{}
	}
	allowed, given := narrowValues(e.Narrows, rule)
	if !given {
		return domain.Text{}
	}
	values, _ := narrowValues(e.Narrows, words)
	for _, v := range values {
		if !slices.Contains(allowed, v) {
			return domain.T("`{{.Value}}` is not among the values the rule gives {{.Option}}; name it in the rule", "Value", v, "Option", e.Narrows[0])
		}
	}
	return domain.Text{}
}

// narrowValues are the values words give the options opts, each split at
// commas (tox -e lint,py), and whether any of the options is given. A
// short option is read glued (-elint) and at the end of a bundle (-re
// lint) too.
func narrowValues(opts, words []string) ([]string, bool) {
	var out []string
	given := false
	add := func(v string) {
		given = true
		out = append(out, strings.Split(v, ",")...)
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			break
		}
		for _, o := range opts {
			next := ""
			if i+1 < len(words) {
				next = words[i+1]
			}
			switch {
			case w == o && next == "":
				// the option last, with no value (a rule `tox -e`): it
				// names none, and narrows nothing
			case w == o:
				add(next)
				i++
			case strings.HasPrefix(w, o+"="):
				add(w[len(o)+1:])
			case len(o) == 2 && !strings.HasPrefix(w, "--") && strings.HasPrefix(w, "-") && strings.IndexByte(w, o[1]) > 0:
				if v := w[strings.IndexByte(w, o[1])+1:]; v != "" {
					add(v)
				} else {
					add(next)
					i++
				}
			default:
				continue
			}
			break
		}
	}
	return out, given
}
