// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
)

// A Cargo.toml dependency given by `path` builds that folder's crate —
// and runs its build script and proc macros — on every cargo line that
// builds. One inside the project is the project's own code; one outside
// blocks cargo lines. Read: the manifests from the line's folder up to the
// project root and the workspace members they list (a literal folder or
// one `*`), their [dependencies], [dev-dependencies],
// [build-dependencies] (also per target and [workspace.dependencies]),
// [patch.*] and [replace], and workspace members outside the project.

var cargoDepTables = []string{"dependencies", "dev-dependencies", "build-dependencies", "dev_dependencies", "build_dependencies"}

// cargoManifests are the Cargo.toml files of the line: its folder's and
// those above it in the project, and the members of a workspace among them.
func (p *Project) cargoManifests() []string {
	var out []string
	seen := map[string]bool{}
	add := func(path string) {
		if !seen[path] {
			seen[path] = true
			out = append(out, path)
		}
	}
	for _, dir := range p.upTo(true) {
		path := filepath.Join(dir, "Cargo.toml")
		m, _ := p.TomlFile(path)
		if m == nil {
			continue
		}
		add(path)
		members, _ := lookupDotted(m, "workspace.members")
		list, _ := members.([]any)
		for _, x := range list {
			s, ok := x.(string)
			if !ok {
				continue
			}
			for _, d := range p.expandMember(dir, s) {
				add(filepath.Join(d, "Cargo.toml"))
			}
		}
	}
	return out
}

// expandMember: a workspace member, literal or with a `*` as its last part.
func (p *Project) expandMember(dir, member string) []string {
	base, last := filepath.Split(filepath.FromSlash(member))
	if !strings.Contains(last, "*") {
		return []string{filepath.Join(dir, member)}
	}
	parent := filepath.Join(dir, base)
	entries, err := p.listDir(parent)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if ok, _ := filepath.Match(last, e.name); ok {
			out = append(out, filepath.Join(parent, e.name))
		}
	}
	return out
}

// cargoPathsBlock: a manifest builds a crate outside the project.
func (p *Project) cargoPathsBlock() *Block {
	for _, path := range p.cargoManifests() {
		m, b := p.TomlFile(path)
		if b != nil {
			return b
		}
		dir := filepath.Dir(path)
		for _, d := range cargoPathDeps(m) {
			if !p.inProject(dir, d.path) {
				return &Block{File: p.Display(path), Key: d.key, Reason: domain.T("{{.Path}} builds {{.Value}} ({{.Key}}), a crate outside the project whose build script cargo would run, so cargo lines ask", "Path", p.Display(path), "Key", d.key, "Value", d.path)}
			}
		}
	}
	return nil
}

type cargoPathDep struct{ key, path string }

// cargoPathDeps are the path dependencies of a manifest, sorted by key.
func cargoPathDeps(m map[string]any) []cargoPathDep {
	var out []cargoPathDep
	fromTable := func(prefix string, t map[string]any) {
		for name, v := range t {
			if dep, ok := v.(map[string]any); ok {
				if s, ok := dep["path"].(string); ok {
					out = append(out, cargoPathDep{prefix + "." + name + ".path", s})
				}
			}
		}
	}
	tableAt := func(dotted string) map[string]any {
		v, _ := lookupDotted(m, dotted)
		t, _ := v.(map[string]any)
		return t
	}
	for _, k := range cargoDepTables {
		fromTable(k, tableAt(k))
		fromTable("workspace."+k, tableAt("workspace."+k))
		for name, t := range tableAt("target") {
			if tt, ok := t.(map[string]any); ok {
				sub, _ := tt[k].(map[string]any)
				fromTable("target."+name+"."+k, sub)
			}
		}
	}
	fromTable("replace", tableAt("replace"))
	for src, t := range tableAt("patch") {
		if tt, ok := t.(map[string]any); ok {
			fromTable("patch."+src, tt)
		}
	}
	if members, ok := lookupDotted(m, "workspace.members"); ok {
		list, _ := members.([]any)
		for _, x := range list {
			if s, ok := x.(string); ok && !strings.Contains(s, "*") {
				out = append(out, cargoPathDep{"workspace.members", s})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}
