// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"bytes"
	"slices"
	"sync"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/verdict"
)

// The service checks with the catalogue the person has: the builtin one and
// their own entries in the data home (docs/permissions.md §12), read at the
// first check so that a command that checks nothing reads none of it.

// serviceCatalog is the catalogue a Service reads once, at its first check,
// and the checker of the rules checked last: each check-command reads the
// file again, and its rules need splitting and accepting only when they
// change.
type serviceCatalog struct {
	load func() (*Catalog, error)

	mu      sync.Mutex
	cat     *catalog.Catalog
	rules   []string
	checker *verdict.Checker
	// file and its parse: the file read last, parsed once per version.
	file  []byte
	perms Permissions
	probs []Problem
}

// parse is Parse, remembered for the bytes parsed last: a check-command
// reads the file every time, and accepting 100 rules again is most of a
// check's cost.
func (s *Service) parse(b []byte) (Permissions, []Problem) {
	k := &s.userCatalog
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.file == nil || !bytes.Equal(k.file, b) {
		perms, probs := Parse(b)
		k.file, k.perms, k.probs = bytes.Clone(b), perms, probs
	}
	p := k.perms
	p.AllowedCommands, p.AllowedTools = slices.Clone(p.AllowedCommands), slices.Clone(p.AllowedTools)
	return p, slices.Clone(k.probs)
}

// checker is the checker of st's rules in effect, with st's catalogue.
func (s *Service) checker(st Status) *verdict.Checker {
	k := &s.userCatalog
	cat := st.catalog()
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.checker == nil || k.cat != cat || !slices.Equal(k.rules, st.Effective.AllowedCommands) {
		k.cat, k.rules, k.checker = cat, slices.Clone(st.Effective.AllowedCommands), verdict.NewCheckerIn(cat, st.Effective.AllowedCommands)
	}
	return k.checker
}

// UseCatalog makes the service check with the builtin catalogue and the
// user's entries in dataHome/catalog, read at its first check. Call it
// before the service is used. Without it the service checks with the
// builtin catalogue alone.
func (s *Service) UseCatalog(dataHome string) {
	s.userCatalog.load = sync.OnceValues(func() (*Catalog, error) { return LoadCatalog(dataHome) })
}

// Catalog is the catalogue the service checks with, and its problems (a
// user file that could not be read, an entry that did not load): what
// `permissions catalog` and doctor report.
func (s *Service) Catalog() (*Catalog, error) {
	if s.userCatalog.load == nil {
		b := catalog.Builtin()
		return &Catalog{c: b, problems: b.LoadProblems}, nil
	}
	return s.userCatalog.load()
}

// cat is the catalogue the checks read. A user file that cannot be read at
// all leaves the builtin catalogue alone: without the user's entries their
// programs have none, which asks more, never less; the problem is
// reported by Catalog.
func (s *Service) cat() *catalog.Catalog {
	c, err := s.Catalog()
	if err != nil {
		return catalog.Builtin()
	}
	return c.c
}
