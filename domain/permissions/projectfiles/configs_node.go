// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"memo.dev/projects/domain"
)

// The JavaScript package managers read settings from the project that name
// a program to run or a file to load: .npmrc (npm, pnpm, yarn 1),
// .yarnrc and .yarnrc.yml (yarn; berry reads them in every parent folder),
// pnpm-workspace.yaml (pnpm 10), bunfig.toml (bun) and .env.yarn, whose
// variables yarn sets (NODE_OPTIONS among them). While one sets such a key,
// the manager's lines ask, naming the file and the key.

// maxConfigFile bounds each config read; a larger one blocks.
const maxConfigFile = 256 << 10

// NpmrcKeys run a program, load code or point npm at another config.
var NpmrcKeys = map[string]bool{
	"script-shell": true, "shell": true, "node-options": true, "git": true, "editor": true, "browser": true,
	"viewer": true, "onload-script": true, "init-module": true, "node-gyp": true, "userconfig": true,
	"globalconfig": true, "prefix": true, "pnpmfile": true, "global-pnpmfile": true, "use-node-version": true,
	"npm-path": true, "yarn-path": true, "cache-folder": true, "global-folder": true,
}

// yarnBerryKeys are .yarnrc.yml's; pnpmWorkspaceKeys pnpm-workspace.yaml's.
var (
	// yarnPath and plugins are read by yarnCodeBlock: files of the project pass.
	YarnBerryKeys     = map[string]bool{"injectEnvironmentFiles": true, "cacheFolder": true, "globalFolder": true}
	PnpmWorkspaceKeys = map[string]bool{"pnpmfile": true, "globalPnpmfile": true, "nodeOptions": true, "scriptShell": true, "useNodeVersion": true, "executionEnv": true, "npmPath": true}
)

func (p *Project) nodeBlock(name string) *Block {
	inProject := p.upTo(true)
	for _, dir := range inProject {
		if b := p.iniBlock(filepath.Join(dir, ".npmrc"), NpmrcKeys); b != nil {
			return b
		}
	}
	switch name {
	case "yarn":
		for _, dir := range p.upTo(false) {
			if b := p.yarnCodeBlock(dir); b != nil {
				return b
			}
			if b := p.iniBlock(filepath.Join(dir, ".yarnrc"), yarnrcKeys); b != nil {
				return b
			}
			if b := p.yamlBlock(filepath.Join(dir, ".yarnrc.yml"), YarnBerryKeys); b != nil {
				return b
			}
		}
		for _, dir := range inProject {
			env := filepath.Join(dir, ".env.yarn")
			if _, err := p.Cached(env, maxConfigFile); !isNotExist(err) {
				return &Block{File: p.Display(env), Reason: domain.T("{{.Path}} sets environment variables for every yarn command (NODE_OPTIONS among them can load any code)", "Path", p.Display(env))}
			}
		}
	case "pnpm":
		for _, dir := range p.upTo(false) {
			if b := p.yamlBlock(filepath.Join(dir, "pnpm-workspace.yaml"), PnpmWorkspaceKeys); b != nil {
				return b
			}
		}
	case "bun":
		for _, dir := range inProject {
			if b := p.bunfigBlock(filepath.Join(dir, "bunfig.toml")); b != nil {
				return b
			}
		}
	}
	return nil
}

// upTo are the folders from the line's folder up to the project root
// (inProject) or up to the file system's root.
// Above the project the home folder is left out: what the user keeps there
// ($CARGO_HOME, ~/.yarnrc.yml) is their own configuration, not the
// project's.
func (p *Project) upTo(inProject bool) []string {
	var out []string
	for dir := p.Dir; ; dir = filepath.Dir(dir) {
		_, inside := RelInside(p.Root, dir)
		if inside || (!inProject && dir != p.fs.Home) {
			out = append(out, dir)
		}
		if (inProject && dir == p.Root) || filepath.Dir(dir) == dir {
			return out
		}
	}
}

// configKey is one setting of a config file, as read.
type configKey struct {
	Key, value string
}

// unreadable is the block of a config Memo cannot read for certain.
func (p *Project) unreadable(path string, err error) *Block {
	return &Block{File: p.Display(path), Reason: domain.T("Memo cannot read {{.Path}} ({{.Error}}), which can make the program run another, so its lines ask", "Path", p.Display(path), "Error", domain.Sentence(err))}
}

func setsKey(path, key, value string) domain.Text {
	return domain.T("{{.Path}} sets {{.Key}} ({{.Value}}), which can make the program run another or load code, so its lines ask", "Path", path, "Key", key, "Value", value)
}

// iniBlock reads an ini-like file (key=value, or key "value" in .yarnrc,
// --command.option value lines too) for the keys.
func (p *Project) iniBlock(path string, keys map[string]bool) *Block {
	e, err := p.Cached(path, maxConfigFile)
	if isNotExist(err) {
		return nil
	}
	if err != nil {
		return p.unreadable(path, err)
	}
	for _, kv := range p.Cache.Parse(e, "ini", func(b []byte) any { return parseINI(string(b)) }).([]configKey) {
		if keys[kv.Key] {
			return &Block{File: p.Display(path), Key: kv.Key, Reason: setsKey(p.Display(path), kv.Key, kv.value)}
		}
	}
	return nil
}

// parseINI reads keys loosely, which can only find more: a key's scope
// (//registry/:) and a CLI-style prefix (--install.) are dropped, case and
// `_` are folded.
func parseINI(text string) []configKey {
	var out []configKey
	for _, line := range strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || line[0] == '#' || line[0] == ';' || line[0] == '[' {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			key, value, _ = strings.Cut(line, " ")
		}
		key = strings.TrimSpace(strings.Trim(strings.TrimSpace(key), `"'`))
		if i := strings.LastIndex(key, ":"); i >= 0 {
			key = key[i+1:]
		}
		key = strings.TrimLeft(key, "-")
		if i := strings.LastIndex(key, "."); i >= 0 {
			key = key[i+1:]
		}
		key = strings.ReplaceAll(strings.ToLower(key), "_", "-")
		out = append(out, configKey{Key: key, value: strings.Trim(strings.TrimSpace(value), `"'`)})
	}
	return out
}

// yamlBlock reads a YAML mapping for the keys (at its top level).
func (p *Project) yamlBlock(path string, keys map[string]bool) *Block {
	e, err := p.Cached(path, maxConfigFile)
	if isNotExist(err) {
		return nil
	}
	if err != nil {
		return p.unreadable(path, err)
	}
	parsed := p.Cache.Parse(e, "yaml", yamlMap)
	m, ok := parsed.(map[string]any)
	if !ok {
		return p.unreadable(path, parsed.(error))
	}
	for k, v := range m {
		if keys[k] && !emptyValue(v) {
			return &Block{File: p.Display(path), Key: k, Reason: setsKey(p.Display(path), k, shortValue(v))}
		}
	}
	return nil
}

// bunfigBlock: bunfig.toml's preload scripts run before every bun run or
// test, and [run] shell chooses the shell of the scripts.
func (p *Project) bunfigBlock(path string) *Block {
	m, b := p.TomlFile(path)
	if b != nil || m == nil {
		return b
	}
	for _, k := range []string{"preload", "test.preload", "run.preload", "run.shell", "install.globalDir", "install.globalBinDir"} {
		v, ok := lookupDotted(m, k)
		if !ok || emptyValue(v) || (k == "run.shell" && (v == "bun" || v == "system")) {
			continue
		}
		return &Block{File: p.Display(path), Key: k, Reason: setsKey(p.Display(path), k, shortValue(v))}
	}
	return nil
}

// yamlMap parses a YAML mapping, or returns the error.
func yamlMap(b []byte) any {
	var m map[string]any
	if err := yaml.Unmarshal(b, &m); err != nil {
		return err
	}
	return m
}

func emptyValue(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// shortValue is a value as a reason shows it.
func shortValue(v any) string {
	s := strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(fmtValue(v), "\n", " "), "\t", " "))
	if len(s) > 80 {
		s = s[:77] + "…"
	}
	return s
}
