// SPDX-License-Identifier: Apache-2.0

package permissions

import "sync"

// The service checks with the catalogue the person has: the builtin one and
// their own entries in the data home (docs/permissions.md §12), read at the
// first check so that a command that checks nothing reads none of it.

// serviceCatalog is the catalogue a Service reads once, at its first check.
type serviceCatalog struct {
	load func() (*Catalog, error)
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
		b := builtin()
		return &Catalog{c: b, problems: b.loadProblems}, nil
	}
	return s.userCatalog.load()
}

// cat is the catalogue the checks read. A user file that cannot be read at
// all leaves the builtin catalogue alone: without the user's entries their
// programs have none, which asks more, never less; the problem is
// reported by Catalog.
func (s *Service) cat() *catalog {
	c, err := s.Catalog()
	if err != nil {
		return builtin()
	}
	return c.c
}
