// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
)

// projectModuleName: `python -m mod` may run a module of the project
// (docs/permissions.md §8): mod is a plain dotted Python name without an
// entry, whose top level is neither the standard library's (http.server,
// code, pdb) nor a program Memo knows, refuses or reads as an interpreter.
// A rule naming it is accepted; a line passes only where the project holds
// it (projectModule).
func projectModuleName(c *catalog.Catalog, mod string) bool {
	parts := strings.Split(mod, ".")
	for _, p := range parts {
		if !pyIdentifier(p) {
			return false
		}
	}
	top := parts[0]
	lower := strings.ToLower(top)
	if strings.HasPrefix(top, "_") || c.PythonStdlib[top] || c.PythonStdlib[lower] || c.IsInterpreter(lower) || c.Bare[lower] {
		return false
	}
	for _, n := range []string{lower, strings.ReplaceAll(lower, "_", "-")} {
		if _, ok := c.Entries[n]; ok {
			return false // a tool Memo knows (pre_commit is pre-commit's module)
		}
	}
	if _, ok := c.Entries[strings.ToLower(mod)]; ok {
		return false
	}
	if _, refused := c.RefusedWhy(lower); refused || catalog.InterpreterLike(lower, false) {
		return false
	}
	return true
}

// pyIdentifier: w is an ASCII Python identifier.
func pyIdentifier(w string) bool {
	if w == "" || '0' <= w[0] && w[0] <= '9' {
		return false
	}
	return strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == ""
}

// projectModule tells why a line's `python -m mod` of a module without an
// entry asks: it must be the project's own (Project.PythonModule), and the
// interpreter's only option -m, since -I, -P, -E and the like change where
// Python looks for it.
func (in *inspector) projectModule(own []string, r catalog.Reading) domain.Text {
	c := in.catalog()
	if !r.Module || len(r.Wrapped) == 0 || !projectModuleName(c, r.Wrapped[0]) || in.rule {
		return domain.Text{}
	}
	mod := r.Wrapped[0]
	unknown := domain.T("`-m {{.Module}}` runs a module Memo does not know", "Module", mod)
	if len(own) != 1 || own[0] != "-m" && own[0] != "-m"+mod {
		return unknown
	}
	if !in.project.PythonModule(mod) {
		return unknown
	}
	return domain.Text{}
}
