// SPDX-License-Identifier: Apache-2.0

package catalog

import "strings"

// IsInterpreter reports whether name is a shell or language runtime Memo accepts in a rule only
// with a script of the project (or python with -m of a module it knows).
func IsInterpreter(name string) bool { return Builtin().IsInterpreter(name) }

func (c *Catalog) IsInterpreter(name string) bool {
	e := c.Entries[name]
	return e != nil && e.Interpreter != notInterpreter
}

// WithoutInertSwitches is words without the interpreter's leading inert
// switches (inert_switches: python -B -u -m pytest is python -m pytest,
// and -Bm is -B -m): they quiet the interpreter or skip its caches, and
// change neither what runs nor what it reads, so a rule and a line are
// matched and judged as if they were absent. The isolating ones
// (isolating_switches: -I, -P, -E, -s, -S) change where Python finds a
// module — the project's folder leaves sys.path — so they are read as
// absent only before -m of a module with an entry (python -Im pytest),
// which Memo approves wherever it is installed; before a script or the
// project's own module they stay, and the line is judged with them. Any
// other option before the script or the module (-c, -X, -W, -x) stops the
// reading: it stays and is judged. words itself when nothing is dropped.
func (c *Catalog) WithoutInertSwitches(words []string) []string {
	if len(words) < 2 {
		return words
	}
	e := c.Entries[c.Canonical(ProgramName(words[0]))]
	if e == nil || e.inertSwitches == "" {
		return words
	}
	letter := byte(0) // the module flag's letter (python -m), when one
	if len(e.module) == 2 && e.module[0] == '-' {
		letter = e.module[1]
	}
	i, isolating := 1, false
	module := "" // the module flag left of a bundle (-Im pytest: -m)
	for ; i < len(words); i++ {
		w := words[i]
		if len(w) < 2 || w[0] != '-' || w[1] == '-' {
			break
		}
		j := 1
		for ; j < len(w); j++ {
			if strings.IndexByte(e.isolatingSwitches, w[j]) >= 0 {
				isolating = true
			} else if strings.IndexByte(e.inertSwitches, w[j]) < 0 {
				break
			}
		}
		if j == len(w) {
			continue // -I, -Bu, -OO
		}
		if j > 1 && w[j] == letter {
			module = "-" + w[j:] // -Im pytest, -Impytest: the module flag stays
		}
		break
	}
	if i == 1 && module == "" {
		return words
	}
	out := append([]string{words[0]}, module)
	if module == "" {
		out = out[:1]
	} else {
		i++
	}
	out = append(out, words[i:]...)
	if isolating && !c.entryModule(e, out) {
		return words
	}
	return out
}

// entryModule: words run, with the entry's module flag, a module Memo has
// an entry for (python -m pytest), which is no interpreter.
func (c *Catalog) entryModule(e *compiled, words []string) bool {
	if e.module == "" || len(words) < 2 || !strings.HasPrefix(words[1], e.module) {
		return false
	}
	mod := words[1][len(e.module):]
	if mod == "" && len(words) > 2 {
		mod = words[2]
	}
	return c.ModuleHasEntry(mod)
}

// ModuleHasEntry reports whether mod, a module an interpreter runs with -m, has an entry
// of its own (pytest, mypy) and is no interpreter (python -m bash is not).
func (c *Catalog) ModuleHasEntry(mod string) bool {
	name := strings.ToLower(mod)
	m, ok := c.Entries[name]
	return ok && m != nil && mod != "" && !c.IsInterpreter(name)
}
