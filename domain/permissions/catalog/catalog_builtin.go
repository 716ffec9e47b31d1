// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"sync"
	"sync/atomic"
)

// builtinCatalog is the catalogue embedded in the binary, read once.
var builtinCatalog struct {
	once sync.Once
	c    atomic.Pointer[Catalog]
}

// Builtin is the catalogue embedded in the binary, read at the first call.
// Its examples ran in make test on these very bytes (TestBuiltinCatalogLoads),
// so a process does not run them again, and there are no user entries here
// to run. Entries that do not load are left out (fail closed) and kept as
// LoadProblems; the tests require there are none.
func Builtin() *Catalog {
	builtinCatalog.once.Do(func() {
		c, problems := ReadFiles(BuiltinSources(), nil)
		c.LoadProblems = problems
		builtinCatalog.c.Store(c)
	})
	return builtinCatalog.c.Load()
}

// BuiltinRead reports whether this process has read the builtin catalogue:
// work that checks no rule leaves it unread (docs/permissions.md §12).
func BuiltinRead() bool { return builtinCatalog.c.Load() != nil }
