// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// definedPyScript: the line is `pdm run NAME` or `hatch run [ENV:]NAME` and
// NAME is a script the project's root pyproject.toml (or hatch.toml)
// defines — a file the trust pins whole for such a rule — so the words
// after NAME are that script's arguments, as npm run's are: they are
// path-checked, not read as the options of a program named NAME (pdm run
// test -n auto runs the project's `test` script, not /usr/bin/test).
func (in *inspector) definedPyScript(name string, r catalog.Reading) bool {
	p := in.project
	if p == nil || p.Dir != p.Root || len(r.Wrapped) == 0 || cmdline.FirstWord(r.Sub) != "run" {
		return false
	}
	script := r.Wrapped[0]
	switch name {
	case "pdm":
		m, b := p.TomlFile(filepath.Join(p.Root, "pyproject.toml"))
		return b == nil && hasTable(m, "tool", "pdm", "scripts", script)
	case "hatch":
		env, s, ok := strings.Cut(script, ":")
		if !ok {
			env, s = "default", script
		}
		if m, b := p.TomlFile(filepath.Join(p.Root, "pyproject.toml")); b == nil && hasTable(m, "tool", "hatch", "envs", env, "scripts", s) {
			return true
		}
		m, b := p.TomlFile(filepath.Join(p.Root, "hatch.toml"))
		return b == nil && hasTable(m, "envs", env, "scripts", s)
	}
	return false
}

// hasTable: m holds the key path (each level a table, the last any value).
func hasTable(m map[string]any, keys ...string) bool {
	for i, k := range keys {
		v, ok := m[k]
		if !ok {
			return false
		}
		if i == len(keys)-1 {
			return true
		}
		if m, ok = v.(map[string]any); !ok {
			return false
		}
	}
	return false
}
