// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"
)

// PythonModule reports whether `python -m mod`, run in the line's folder,
// runs a module of the project (docs/permissions.md §8): Python puts that
// folder first on sys.path for -m, so a package `top/__init__.py` or a
// module `top.py` there is the one it imports; or, when the folder holds
// neither and its pyproject.toml names the project `top` (PEP 621's
// [project] or poetry's, compared as Python names: lower case, - and .
// read as _), the package `src/top/` that the project installs from its
// src layout. A dotted name must lead to a file or package inside that
// package. Every path is resolved as a path word is: inside the project,
// no link out of it, not .git or .memo.
func (p *Project) PythonModule(mod string) bool {
	if p == nil {
		return false
	}
	parts := strings.Split(mod, ".")
	top := parts[0]
	base := ""
	switch {
	case p.pyPackage(top):
		base = top
	case len(parts) == 1 && p.pyFile(top+".py"):
		return true
	case !p.exists(top) && !p.exists(top+".py") && p.pyProjectName() == top && p.pyPackage(filepath.Join("src", top)):
		base = filepath.Join("src", top)
	default:
		return false
	}
	for i, part := range parts[1:] {
		next := filepath.Join(base, part)
		if i == len(parts)-2 && p.pyFile(next+".py") {
			return true
		}
		if !p.pyPackage(next) {
			return false
		}
		base = next
	}
	return true
}

// pyPackage: rel is a folder of the project holding __init__.py.
func (p *Project) pyPackage(rel string) bool {
	return p.pyFile(filepath.Join(rel, "__init__.py"))
}

// pyFile: rel, from the line's folder, is a regular file inside the
// project (a link, even one inside, is not read: it fails closed).
func (p *Project) pyFile(rel string) bool {
	if !p.PathProblem(rel).IsZero() {
		return false
	}
	_, fi, err := p.lstat(filepath.Join(p.Dir, rel))
	return err == nil && fi.Mode().IsRegular()
}

// exists: rel, from the line's folder, names anything (a namespace
// folder, a file, a link).
func (p *Project) exists(rel string) bool {
	_, _, err := p.lstat(filepath.Join(p.Dir, rel))
	return err == nil
}

// pyProjectName is the project name of the line's folder's
// pyproject.toml, as a Python name, or "".
func (p *Project) pyProjectName() string {
	m, _ := p.TomlFile(filepath.Join(p.Dir, "pyproject.toml"))
	name := ""
	if proj, ok := m["project"].(map[string]any); ok {
		name, _ = proj["name"].(string)
	}
	if tool, ok := m["tool"].(map[string]any); ok && name == "" {
		if poetry, ok := tool["poetry"].(map[string]any); ok {
			name, _ = poetry["name"].(string)
		}
	}
	return strings.NewReplacer("-", "_", ".", "_").Replace(strings.ToLower(name))
}
