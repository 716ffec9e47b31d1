// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"encoding/json"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/strictjson"
)

// The scripts a package manager rule reaches: the one it names with its
// pre and post scripts, the lifecycle scripts of installing and packing,
// and every script whose name a reached script's text mentions (npm run
// lint, run-s build:*). A rule that runs any script (npm run) reaches all;
// one that selects workspace packages (--filter, -w, yarn workspace)
// reaches the same scripts in each of them.

// scriptsFile is what Memo reads of a package.json or composer.json.
type scriptsFile struct {
	scripts    map[string]string
	workspaces []string
	err        error
}

// parseScriptsFile reads the keys Memo needs, exactly as npm and composer
// name them ("Scripts" is not "scripts"); a key twice or in two cases, at
// any depth, makes the file one Memo cannot read, so its lines ask.
func parseScriptsFile(b []byte) any {
	var raw struct {
		Scripts    map[string]json.RawMessage `json:"scripts"`
		Workspaces json.RawMessage            `json:"workspaces"`
	}
	if err := strictjson.DecodeKnown(b, &raw); err != nil {
		return scriptsFile{err: err}
	}
	f := scriptsFile{scripts: map[string]string{}}
	for name, v := range raw.Scripts {
		var s string
		var list []string
		switch {
		case strictjson.Decode(v, &s) == nil:
			f.scripts[name] = s
		case strictjson.Decode(v, &list) == nil: // composer: a list of commands
			f.scripts[name] = strings.Join(list, "\n")
		default:
			f.scripts[name] = string(v)
		}
	}
	var globs []string
	var obj struct {
		Packages []string `json:"packages"`
	}
	if len(raw.Workspaces) > 0 && strictjson.Decode(raw.Workspaces, &globs) != nil && strictjson.DecodeKnown(raw.Workspaces, &obj) == nil {
		globs = obj.Packages
	}
	f.workspaces = globs
	return f
}

// lifecycle are the scripts a package manager runs around its own work.
var lifecycle = map[string][]string{
	"install": {"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"},
	"pack":    {"prepack", "prepare", "postpack"},
	"publish": {"prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"},
	"version": {"preversion", "version", "postversion"},
	"composer-install": {"pre-install-cmd", "post-install-cmd", "pre-update-cmd", "post-update-cmd",
		"pre-autoload-dump", "post-autoload-dump", "post-root-package-install"},
}

// startScripts are the scripts a rule runs directly; all is true when it
// may run any of them.
func startScripts(t target, file string) (names []string, all bool) {
	sub, ops := firstWord(t.r.sub), t.r.operands
	if file == "composer.json" {
		switch sub {
		case "install", "i", "update", "u", "dump-autoload", "dumpautoload":
			return lifecycle["composer-install"], false
		case "run-script", "run":
			if len(ops) == 0 {
				return nil, true
			}
			return ops[:1], false
		}
		if t.r.kind == definedSub {
			return []string{sub}, false
		}
		return nil, false
	}
	switch sub {
	case "test", "t", "tst":
		if t.name == "bun" {
			return nil, false // bun's own test runner
		}
		return []string{"test"}, false
	case "start", "stop", "restart":
		return []string{sub}, false
	case "run", "run-script", "rum", "urn":
		if len(ops) == 0 {
			return nil, true
		}
		return ops[:1], false
	case "ci", "install", "i", "install-test", "it", "cit", "clean-install", "install-ci-test", "rebuild", "rb",
		"update", "up", "upgrade", "dedupe", "audit fix":
		names := append([]string{}, lifecycle["install"]...)
		if sub == "install-test" || sub == "it" || sub == "cit" || sub == "install-ci-test" {
			names = append(names, "test")
		}
		return names, false
	case "pack":
		return lifecycle["pack"], false
	case "publish":
		return lifecycle["publish"], false
	case "version":
		return lifecycle["version"], false
	case "workspace": // yarn workspace <package> <script>
		if len(ops) > 1 {
			return ops[1:2], false
		}
		return nil, true
	case "":
		if t.name == "yarn" {
			return lifecycle["install"], false // a bare yarn installs
		}
	}
	if t.r.kind == definedSub {
		return []string{t.r.sub}, false
	}
	return nil, false
}

// selectsWorkspaces: the rule runs scripts of other workspace packages.
func selectsWorkspaces(t target) bool {
	return firstWord(t.r.sub) == "workspace" || firstWord(t.r.sub) == "workspaces"
}

// scriptDefs pins the scripts a package manager rule reaches.
func (p *Project) scriptDefs(rule, file string, t target) []Definition {
	names, all := startScripts(t, file)
	if len(names) == 0 && !all {
		return nil
	}
	dirs := []string{p.packageDir(file)}
	if selectsWorkspaces(t) || workspaceOption(rule) {
		dirs = append(dirs, p.workspacePackages(dirs[0], file)...)
	}
	var out []Definition
	for _, dir := range dirs {
		pkg := filepath.Join(dir, file)
		rel, _ := relInside(p.Root, pkg)
		rel = filepath.ToSlash(rel)
		f := p.scripts(pkg)
		if f.err != nil {
			out = append(out, definitionOf(rule, rel, "", nil, false))
			continue
		}
		for _, n := range reachScripts(f.scripts, names, all) {
			text, ok := f.scripts[n]
			out = append(out, definitionOf(rule, rel, "scripts."+n, []byte(text), ok))
		}
	}
	return out
}

// workspaceOption: the rule names an option that selects workspace
// packages (only ever as the rule spells it: those are no safe options).
func workspaceOption(rule string) bool {
	words, _ := Words(rule)
	for _, w := range words {
		for _, o := range []string{"-w", "--workspace", "--workspaces", "--filter", "-F", "-r", "--recursive", "--filter-prod"} {
			if w == o || strings.HasPrefix(w, o+"=") {
				return true
			}
		}
	}
	return false
}

func (p *Project) scripts(pkg string) scriptsFile {
	e, err := p.cached(pkg, maxConfigFile)
	if err != nil {
		if isNotExist(err) {
			return scriptsFile{scripts: map[string]string{}}
		}
		return scriptsFile{err: err}
	}
	return p.cache.parse(e, "scripts", parseScriptsFile).(scriptsFile)
}

// packageDir is the folder whose manifest the manager reads: the nearest
// one holding it, from the line's folder up to the project root.
func (p *Project) packageDir(file string) string {
	for _, dir := range p.upTo(true) {
		if _, _, err := p.lstat(filepath.Join(dir, file)); err == nil {
			return dir
		}
	}
	return p.Dir
}

// workspacePackages are the package folders a workspace names, from
// package.json's workspaces and pnpm-workspace.yaml's packages.
func (p *Project) workspacePackages(root, file string) []string {
	globs := p.scripts(filepath.Join(root, file)).workspaces
	if e, err := p.cached(filepath.Join(root, "pnpm-workspace.yaml"), maxConfigFile); err == nil {
		if m, ok := p.cache.parse(e, "yaml", yamlMap).(map[string]any); ok {
			if list, ok := m["packages"].([]any); ok {
				for _, g := range list {
					if s, ok := g.(string); ok {
						globs = append(globs, s)
					}
				}
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, g := range globs {
		if strings.HasPrefix(g, "!") {
			continue
		}
		for _, dir := range p.expandGlob(root, strings.TrimSuffix(filepath.ToSlash(g), "/")) {
			if !seen[dir] && len(out) < 500 {
				seen[dir] = true
				out = append(out, dir)
			}
		}
	}
	sort.Strings(out)
	return out
}

// expandGlob expands a workspace pattern (packages/*, apps/**) to folders.
func (p *Project) expandGlob(root, glob string) []string {
	dirs := []string{root}
	for _, part := range strings.Split(glob, "/") {
		var next []string
		for _, d := range dirs {
			switch {
			case part == "**":
				next = append(next, p.walkDirs(d, 4)...)
			case strings.ContainsAny(part, "*?["):
				entries, _ := p.listDir(d)
				for _, e := range entries {
					if ok, _ := path.Match(part, e.name); ok && e.name != "node_modules" && !strings.HasPrefix(e.name, ".") {
						next = append(next, filepath.Join(d, e.name))
					}
				}
			default:
				next = append(next, filepath.Join(d, part))
			}
		}
		dirs = next
	}
	return dirs
}

// walkDirs is dir and the folders under it, depth levels deep.
func (p *Project) walkDirs(dir string, depth int) []string {
	out := []string{dir}
	if depth == 0 {
		return out
	}
	entries, _ := p.listDir(dir)
	for _, e := range entries {
		if e.kind == filekind.Dir && e.name != "node_modules" && !strings.HasPrefix(e.name, ".") {
			out = append(out, p.walkDirs(filepath.Join(dir, e.name), depth-1)...)
		}
	}
	return out
}

// reachScripts are the scripts reached from names with their pre and post
// scripts (those of a pre or post script are not run), and the names a
// reached script's text mentions, followed in turn; sorted. Absent names
// are kept: a script added there later would run too.
func reachScripts(scripts map[string]string, names []string, all bool) []string {
	if all {
		names = nil
		for n := range scripts {
			names = append(names, n)
		}
	}
	type item struct {
		name    string
		prePost bool
	}
	seen := map[string]bool{}
	var queue []item
	for _, n := range names {
		queue = append(queue, item{n, false})
	}
	for len(queue) > 0 && len(seen) < 4096 {
		it := queue[0]
		queue = queue[1:]
		if seen[it.name] {
			continue
		}
		seen[it.name] = true
		if !it.prePost {
			queue = append(queue, item{"pre" + it.name, true}, item{"post" + it.name, true})
		}
		text, ok := scripts[it.name]
		if !ok {
			continue
		}
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(" \t\n&|;()<>\"'`$=", r) }) {
			if _, ok := scripts[w]; ok {
				queue = append(queue, item{w, false})
				continue
			}
			if strings.Contains(w, "*") {
				for s := range scripts {
					if ok, _ := path.Match(w, s); ok {
						queue = append(queue, item{s, false})
					}
				}
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
