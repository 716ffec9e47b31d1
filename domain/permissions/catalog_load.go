// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/verdict"
)

// loadCatalog reads the builtin files and then the user's, and runs every
// entry's examples: an entry whose examples fail is dropped, and the
// examples run again until all that remain pass.
func loadCatalog(files, user []catalog.SourceFile) (*catalog.Catalog, []catalog.Problem) {
	return loadCatalogExamples(files, user, true)
}

// readCatalog is loadCatalog running only the user entries' examples: the
// builtin ones run in make test (TestBuiltinCatalogLoads) on the bytes
// embedded, so a process pays for them no more (docs/permissions.md §12).
func readCatalog(files, user []catalog.SourceFile) (*catalog.Catalog, []catalog.Problem) {
	return loadCatalogExamples(files, user, false)
}

func loadCatalogExamples(files, user []catalog.SourceFile, all bool) (*catalog.Catalog, []catalog.Problem) {
	c, problems := catalog.ReadFiles(files, user)
	for {
		failed := runExamples(c, all)
		if len(failed) == 0 {
			break
		}
		for _, p := range failed {
			c.Drop(p.Program)
		}
		problems = append(problems, failed...)
	}
	return c, problems
}

// runExamples checks every entry's examples (all false: the user entries'
// alone) against this catalogue, without a project: the programs whose
// examples fail.
func runExamples(c *catalog.Catalog, all bool) []catalog.Problem {
	var failed []catalog.Problem
	seen := map[*catalog.Known]bool{}
	var ks []*catalog.Known
	for _, k := range c.Known {
		if !seen[k] && (all || k.User) {
			seen[k] = true
			ks = append(ks, k)
		}
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].Name < ks[j].Name })
	for _, k := range ks {
		for _, x := range k.Examples {
			if why := exampleFails(c, x); why != "" {
				failed = append(failed, catalog.Problem{File: k.File, Program: k.Name, Reason: why})
				break
			}
		}
	}
	return failed
}

// exampleFails says how an example fails, or "".
func exampleFails(c *catalog.Catalog, x catalog.Example) string {
	if why := verdict.AcceptRuleIn(c, x.Rule); !why.IsZero() {
		return fmt.Sprintf("example rule %q is refused: %s", x.Rule, why)
	}
	v := verdict.NewCheckerIn(c, []string{x.Rule}).Check(x.Line, nil)
	switch {
	case x.Approve && !v.Approved:
		return fmt.Sprintf("rule %q: %q asks (%s), the example says it is approved", x.Rule, x.Line, v.Reason)
	case !x.Approve && v.Approved:
		return fmt.Sprintf("rule %q: %q is approved, the example says it asks (%s)", x.Rule, x.Line, x.Reason)
	case !x.Approve && !strings.Contains(v.Reason.String(), x.Reason):
		return fmt.Sprintf("rule %q: %q asks (%s), the example's reason is %q", x.Rule, x.Line, v.Reason, x.Reason)
	}
	return ""
}

// Catalog is what Memo knows about programs: the builtin entries and the
// user's own from the data home (docs/permissions.md §12).
type Catalog struct {
	c        *catalog.Catalog
	problems []catalog.Problem
}

// CatalogEntry is one program the catalogue knows, for `permissions catalog`.
type CatalogEntry struct {
	Program  string   `json:"program"`
	Aliases  []string `json:"aliases"`
	Source   string   `json:"source"`
	File     string   `json:"file"`
	Options  bool     `json:"options"` // its safe options are known (default deny)
	Risky    bool     `json:"risky"`   // it has a table of risky arguments
	Examples int      `json:"examples"`
	// Definitions is the project file whose definitions its rules run
	// (package.json scripts, the Makefile), "" when none.
	Definitions string `json:"definitions,omitempty"`
}

// UserCatalogDir is where a user keeps entries for their own tools.
func UserCatalogDir(dataHome string) string { return filepath.Join(dataHome, "catalog") }

// LoadCatalog reads the builtin catalogue and the user's entries in
// dataHome/catalog/*.toml ("" reads none), plus extra files (an entry
// being written, `permissions catalog --check`). Files that do not load
// are problems, never errors: what loads is used.
func LoadCatalog(dataHome string, extra ...string) (*Catalog, error) {
	var user []catalog.SourceFile
	var paths []string
	if dataHome != "" {
		found, err := filepath.Glob(filepath.Join(UserCatalogDir(dataHome), "*.toml"))
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		paths = append(paths, found...)
	}
	paths = append(paths, extra...)
	var unread []catalog.Problem
	for _, p := range paths {
		b, err := readUserFile(p)
		if err != nil {
			// Its tables are left out (their programs ask as programs
			// without an entry), and the problem says why.
			unread = append(unread, catalog.Problem{File: p, Reason: err.Error()})
			continue
		}
		user = append(user, catalog.SourceFile{Path: p, Data: b, User: true})
	}
	if len(user) == 0 {
		b := catalog.Builtin()
		return &Catalog{c: b, problems: append(slices.Clone(b.LoadProblems), unread...)}, nil
	}
	c, problems := readCatalog(catalog.BuiltinSources(), user)
	return &Catalog{c: c, problems: append(unread, problems...)}, nil
}

// maxUserFile bounds a user catalogue file: the builtin files are a few
// KiB each.
const maxUserFile = 1 << 20

// readUserFile reads a user catalogue file: a regular file (through a link:
// it is the user's own folder, dotfiles are often links), never a FIFO or
// device that would block the first check, at most maxUserFile bytes.
func readUserFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", catalog.ErrCatalog, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a regular file", catalog.ErrCatalog, path)
	}
	if fi.Size() > maxUserFile {
		return nil, fmt.Errorf("%w: %s is larger than %d KiB", catalog.ErrCatalog, path, maxUserFile>>10)
	}
	return os.ReadFile(path)
}

// Problems are the files and entries that did not load, and why.
func (c *Catalog) Problems() []catalog.Problem { return slices.Clone(c.problems) }

// Entries lists the programs known, by name.
func (c *Catalog) Entries() []CatalogEntry {
	seen := map[*catalog.Known]bool{}
	out := []CatalogEntry{}
	for _, k := range c.c.Known {
		if seen[k] {
			continue
		}
		seen[k] = true
		e, opts := c.c.Entries[k.Name]
		_, risky := c.c.Programs[k.Name]
		ce := CatalogEntry{Program: k.Name, Aliases: append([]string{}, k.Aliases...), Source: k.Source,
			File: k.File, Options: opts, Risky: risky, Examples: len(k.Examples)}
		if opts {
			ce.Definitions = e.Definitions
		}
		out = append(out, ce)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Program < out[j].Program })
	return out
}

// NewChecker is NewChecker with this catalogue.
func (c *Catalog) NewChecker(rules []string) *verdict.Checker {
	return verdict.NewCheckerIn(c.c, rules)
}

// AcceptRule is AcceptRule with this catalogue.
func (c *Catalog) AcceptRule(rule string) domain.Text { return verdict.AcceptRuleIn(c.c, rule) }
