// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// cargo reads .cargo/config.toml (and the older .cargo/config) in the
// line's folder and in every folder above it, up to the file system's root
// — a /tmp/.cargo/config.toml anyone could have written included (the
// user's own $CARGO_HOME, in the home folder, is not the project's). Its
// keys can name the compiler, a wrapper around it, the linker, a runner for
// every binary, environment variables for build scripts, where dependencies
// come from, and aliases. rustup reads rust-toolchain(.toml) the same way:
// a toolchain `path` runs binaries from that folder.

func (p *Project) cargoBlock(r catalog.Reading) *Block {
	for _, dir := range p.upTo(false) {
		for _, name := range []string{filepath.Join(".cargo", "config.toml"), filepath.Join(".cargo", "config")} {
			path := filepath.Join(dir, name)
			m, b := p.TomlFile(path)
			if b != nil {
				return b
			}
			if b := p.cargoConfigBlock(path, m, r); b != nil {
				return b
			}
		}
		if b := p.toolchainBlock(dir); b != nil {
			return b
		}
	}
	return p.cargoPathsBlock()
}

// cargoRunsKeys are the keys (dotted, a * for any table name) that make
// cargo run another program, load code or build from elsewhere.
// The flags keys (rustflags, rustdocflags) are read flag by flag
// (cargoFlagsKeys, harmlessRustflags).
var cargoRunsKeys = []string{
	"build.rustc", "build.rustc-wrapper", "build.rustc-workspace-wrapper", "build.rustdoc",
	"target.*.runner", "target.*.linker",
	"target.*.ar", "host.linker", "host.*.linker", "env", "source", "patch",
	"paths", "credential-provider", "registry.credential-provider", "registry.global-credential-providers",
	"registries.*.credential-provider", "doc.browser", "unstable", "include",
}

func (p *Project) cargoConfigBlock(path string, m map[string]any, r catalog.Reading) *Block {
	if m == nil {
		return nil
	}
	m = applicableTargets(m, r)
	if b := p.cargoFlagsBlock(path, m); b != nil {
		return b
	}
	for _, k := range cargoRunsKeys {
		if key, v, ok := findKey(m, k); ok {
			return &Block{File: p.Display(path), Key: key, Reason: setsKey(p.Display(path), key, shortValue(v))}
		}
	}
	// A target table of anything but the known keys overrides a build
	// script's output (links, flags): the linker reads those.
	if targets, ok := m["target"].(map[string]any); ok {
		for name, t := range targets {
			if tt, ok := t.(map[string]any); ok {
				for k, v := range tt {
					if _, isTable := v.(map[string]any); isTable {
						key := "target." + name + "." + k
						return &Block{File: p.Display(path), Key: key, Reason: setsKey(p.Display(path), key, shortValue(v))}
					}
				}
			}
		}
	}
	if bt, ok := lookupDotted(m, "build.target-dir"); ok {
		if s, ok := bt.(string); ok && !p.PathProblem(s).IsZero() {
			return &Block{File: p.Display(path), Key: "build.target-dir", Reason: setsKey(p.Display(path), "build.target-dir", s)}
		}
	}
	return p.aliasBlock(path, m, r.Sub, 0)
}

// aliasBlock checks the alias the line's subcommand names, as if its words
// were on the line, and the aliases it names in turn (the trust pins them
// too, definitions.go).
func (p *Project) aliasBlock(path string, m map[string]any, sub string, depth int) *Block {
	words, ok := cargoAlias(m, cmdline.FirstWord(sub))
	if !ok {
		return nil
	}
	key := "alias." + cmdline.FirstWord(sub)
	if depth > 8 || len(words) == 0 {
		return &Block{File: p.Display(path), Key: key, Reason: domain.T("{{.Path}} sets {{.Key}}, which Memo cannot follow, so cargo lines ask", "Path", p.Display(path), "Key", key)}
	}
	line := append([]string{"cargo"}, words...)
	if reason := p.configWords(line); !reason.IsZero() {
		return &Block{File: p.Display(path), Key: key, Reason: domain.T("{{.Path}} sets {{.Key}} to `{{.Value}}`: {{.Reason}}", "Path", p.Display(path), "Key", key, "Value", strings.Join(words, " "), "Reason", reason)}
	}
	return p.aliasBlock(path, m, words[0], depth+1)
}

// cargoAlias is an alias's words: a string split on spaces, or a list.
func cargoAlias(m map[string]any, name string) ([]string, bool) {
	aliases, _ := m["alias"].(map[string]any)
	v, ok := aliases[name]
	if !ok {
		return nil, false
	}
	switch v := v.(type) {
	case string:
		return strings.Fields(v), true
	case []any:
		var out []string
		for _, w := range v {
			s, ok := w.(string)
			if !ok {
				return nil, true
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, true
}

// toolchainBlock: a toolchain named by path runs that folder's binaries,
// in rust-toolchain.toml or in the legacy rust-toolchain without extension
// (TOML, or one line naming the toolchain; rustup prefers it when both
// are there, so both are read).
func (p *Project) toolchainBlock(dir string) *Block {
	for _, name := range []string{"rust-toolchain", "rust-toolchain.toml"} {
		path := filepath.Join(dir, name)
		if name == "rust-toolchain" {
			if b := p.legacyToolchainBlock(path); b != nil {
				return b
			}
			continue
		}
		m, b := p.TomlFile(path)
		if b != nil {
			return b
		}
		if v, ok := lookupDotted(m, "toolchain.path"); ok && !emptyValue(v) {
			return &Block{File: p.Display(path), Key: "toolchain.path", Reason: setsKey(p.Display(path), "toolchain.path", shortValue(v))}
		}
	}
	return nil
}

// legacyToolchainBlock reads rust-toolchain: one line is a toolchain's
// name (a path there runs that folder's binaries); more is TOML.
func (p *Project) legacyToolchainBlock(path string) *Block {
	e, err := p.Cached(path, maxConfigFile)
	if isNotExist(err) {
		return nil
	}
	if err != nil {
		return p.unreadable(path, err)
	}
	text := strings.TrimSpace(string(e.data))
	if !strings.ContainsAny(text, "\n=[") {
		if strings.ContainsAny(text, `/\`) {
			return &Block{File: p.Display(path), Key: "toolchain", Reason: setsKey(p.Display(path), "toolchain", text)}
		}
		return nil
	}
	m, b := p.TomlFile(path)
	if b != nil {
		return b
	}
	if v, ok := lookupDotted(m, "toolchain.path"); ok && !emptyValue(v) {
		return &Block{File: p.Display(path), Key: "toolchain.path", Reason: setsKey(p.Display(path), "toolchain.path", shortValue(v))}
	}
	return nil
}

// TomlFile reads a TOML file through the cache: nil when missing, a block
// when it cannot be read or parsed.
func (p *Project) TomlFile(path string) (map[string]any, *Block) {
	e, err := p.Cached(path, maxConfigFile)
	if isNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, p.unreadable(path, err)
	}
	parsed := p.Cache.Parse(e, "toml", func(b []byte) any {
		var m map[string]any
		if _, err := toml.Decode(string(b), &m); err != nil {
			return err
		}
		return m
	})
	if err, ok := parsed.(error); ok {
		return nil, p.unreadable(path, err)
	}
	return parsed.(map[string]any), nil
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// lookupDotted finds a.b.c in nested tables.
func lookupDotted(m map[string]any, dotted string) (any, bool) {
	var v any = m
	for _, part := range strings.Split(dotted, ".") {
		t, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = t[part]; !ok {
			return nil, false
		}
	}
	return v, true
}

// findKey is lookupDotted where a * part matches any table name: the key
// found, spelled out, and its value.
func findKey(m map[string]any, pattern string) (string, any, bool) {
	parts := strings.Split(pattern, ".")
	var walk func(v any, i int, spelled []string) (string, any, bool)
	walk = func(v any, i int, spelled []string) (string, any, bool) {
		if i == len(parts) {
			return strings.Join(spelled, "."), v, !emptyValue(v)
		}
		t, ok := v.(map[string]any)
		if !ok {
			return "", nil, false
		}
		if parts[i] != "*" {
			next, ok := t[parts[i]]
			if !ok {
				return "", nil, false
			}
			return walk(next, i+1, append(spelled, parts[i]))
		}
		names := make([]string, 0, len(t))
		for n := range t {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if k, val, ok := walk(t[n], i+1, append(append([]string{}, spelled...), n)); ok {
				return k, val, ok
			}
		}
		return "", nil, false
	}
	return walk(m, 0, nil)
}

func fmtValue(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = fmtValue(x)
		}
		return strings.Join(parts, " ")
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return "{" + strings.Join(keys, ", ") + "}"
	}
	return fmt.Sprint(v)
}
