// SPDX-License-Identifier: Apache-2.0

package catalog

// IsInterpreter reports whether name is a shell or language runtime Memo accepts in a rule only
// with a script of the project (or python with -m of a module it knows).
func IsInterpreter(name string) bool { return Builtin().IsInterpreter(name) }

func (c *Catalog) IsInterpreter(name string) bool {
	e := c.Entries[name]
	return e != nil && e.Interpreter != notInterpreter
}
