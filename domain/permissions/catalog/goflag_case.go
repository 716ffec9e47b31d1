// SPDX-License-Identifier: Apache-2.0

package catalog

import "strings"

// withoutCaseTwins drops from args, for a program that reads options as
// Go's flag package does (names as spelled), each word naming exactly a
// safe option of its entry (the program's or the subcommand's) that a risky
// option matches only in another case: go test -c compiles the test
// binary, it is not go -C (another folder). The risky table compares names
// in any case, which costs a question at worst; here the program is known
// to read the word as its own option. A name that is itself risky as
// spelled is never dropped.
func (c *Catalog) withoutCaseTwins(name string, args []string, sub string, p Program) []string {
	e := c.Entries[name]
	if e == nil || e.Style != GoFlag || p.Style != GoFlag {
		return args
	}
	sets := []*OptSet{e.Global}
	if s, ok := e.Subs[sub]; ok {
		sets = append(sets, s.Opts)
	}
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if !caseTwin(a, sets, p) {
			out = append(out, a)
		}
	}
	return out
}

// caseTwin: the option word a names a safe option of sets exactly, and a
// risky option of p only in another case.
func caseTwin(a string, sets []*OptSet, p Program) bool {
	if !strings.HasPrefix(a, "-") {
		return false
	}
	n, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
	safe := false
	for _, s := range sets {
		if _, ok := s.lookupLong(n); ok {
			safe = true
		}
	}
	if !safe {
		return false
	}
	twin := false
	for _, r := range p.Long {
		if r.Name == n {
			return false
		}
		if strings.EqualFold(r.Name, n) {
			twin = true
		}
	}
	return twin
}
