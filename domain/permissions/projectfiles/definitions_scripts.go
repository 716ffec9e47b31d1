// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"encoding/json"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"memo.dev/projects/domain"

	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
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
	// aliases are composer's scripts-aliases: another name of a script.
	aliases map[string]string
	err     error
}

// aliasesOf are names with each alias replaced by the script it names.
func (f scriptsFile) aliasesOf(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		if s, ok := f.aliases[n]; ok {
			if _, defined := f.scripts[n]; !defined {
				n = s
			}
		}
		out = append(out, n)
	}
	return out
}

// parseScriptsFile reads the keys Memo needs, exactly as npm and composer
// name them ("Scripts" is not "scripts"); a key twice or in two cases, at
// any depth, makes the file one Memo cannot read, so its lines ask.
func parseScriptsFile(b []byte) any {
	var raw struct {
		Scripts        map[string]json.RawMessage `json:"scripts"`
		Workspaces     json.RawMessage            `json:"workspaces"`
		ScriptsAliases map[string][]string        `json:"scripts-aliases"`
	}
	if err := strictjson.DecodeKnown(b, &raw); err != nil {
		return scriptsFile{err: err}
	}
	f := scriptsFile{scripts: map[string]string{}, aliases: map[string]string{}}
	for script, names := range raw.ScriptsAliases {
		for _, n := range names {
			f.aliases[n] = script
		}
	}
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
	"install": {"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare", "dependencies"},
	"pack":    {"prepack", "prepare", "postpack"},
	"publish": {"prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"},
	"version": {"preversion", "version", "postversion"},
	"composer-install": {"pre-install-cmd", "post-install-cmd", "pre-update-cmd", "post-update-cmd",
		"pre-autoload-dump", "post-autoload-dump", "post-root-package-install"},
}

// composerBuiltins are composer's own commands; any other word after
// composer names a script (or a plugin's command).
var composerBuiltins = map[string]bool{
	"about": true, "archive": true, "audit": true, "browse": true, "home": true, "bump": true,
	"check-platform-reqs": true, "clear-cache": true, "clearcache": true, "cc": true, "config": true,
	"create-project": true, "depends": true, "why": true, "diagnose": true, "dump-autoload": true,
	"dumpautoload": true, "exec": true, "fund": true, "global": true, "help": true, "init": true,
	"install": true, "i": true, "licenses": true, "list": true, "outdated": true, "prohibits": true,
	"why-not": true, "reinstall": true, "remove": true, "rm": true, "require": true, "r": true,
	"run-script": true, "run": true, "search": true, "self-update": true, "selfupdate": true, "show": true,
	"info": true, "status": true, "suggests": true, "update": true, "u": true, "upgrade": true,
	"validate": true,
}

// startScripts are the scripts a rule runs directly; all is true when it
// may run any of them.
func startScripts(t target, file string) (names []string, all bool) {
	sub, ops := cmdline.FirstWord(t.R.Sub), t.R.Operands
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
		if t.R.Kind == catalog.DefinedSub || (sub != "" && !composerBuiltins[sub]) {
			return []string{sub}, false // composer test: a script, run as a command
		}
		return nil, false
	}
	switch sub {
	case "test", "t", "tst":
		if t.Name == "bun" {
			return nil, false // bun's own test runner
		}
		return []string{"test"}, false
	case "start", "stop":
		return []string{sub}, false
	case "restart":
		// npm restart runs restart, or without one stop then start.
		return []string{"restart", "stop", "start"}, false
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
		if t.Name == "yarn" {
			return lifecycle["install"], false // a bare yarn installs
		}
	}
	if t.R.Kind == catalog.DefinedSub {
		return []string{t.R.Sub}, false
	}
	return nil, false
}

// selectsWorkspaces: the command runs scripts of other workspace
// packages: a subcommand that does (yarn workspace, yarn workspaces
// foreach, pnpm recursive), or an option that selects them.
func selectsWorkspaces(t target) bool {
	switch cmdline.FirstWord(t.R.Sub) {
	case "workspace", "workspaces", "recursive", "multi", "m":
		return true
	}
	return len(t.args) > 1 && (t.args[1] == "workspaces" || t.args[1] == "recursive") || workspaceOption(t.args)
}

// scriptDefs pins the scripts a package manager command reaches, in the
// folder it reads (--prefix, -C, --dir, --cwd, composer's --working-dir)
// and in each workspace member it selects.
func (p *Project) scriptDefs(w *defWalk, file string, t target) ([]Definition, domain.Text) {
	names, all := startScripts(t, file)
	if t.R.Unknown.String() != "" || (len(names) == 0 && !all && t.R.Sub == "") {
		// Options Memo has no entry for (pnpm -r, --if-present in a
		// script): the words are read plainly.
		names, all = rawStartScripts(t, file)
	}
	if len(names) == 0 && !all {
		return nil, domain.Text{}
	}
	start := p.Dir
	if dir, ok := managerFolder(t.args, file); ok {
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(p.Dir, dir)
		}
		if _, inside := RelInside(p.Root, filepath.Clean(dir)); !inside {
			return nil, outsideReason(dir)
		}
		start = filepath.Clean(dir)
	}
	q := *p
	q.Dir = start
	dirs := []string{q.packageDir(file)}
	// An install in a workspace installs every member and runs each one's
	// install scripts (npm, pnpm, yarn and bun alike), members added later
	// too: their scripts are pinned as the root's are.
	selected := file == "package.json" && selectsWorkspaces(t)
	if selected || file == "package.json" && slices.Contains(names, "postinstall") {
		members, cut := q.workspacePackages(dirs[0], file)
		if cut {
			// A member Memo does not read would run its install scripts
			// unpinned.
			return nil, domain.T("the workspace has more folders or members than Memo reads, and the install would run their install scripts")
		}
		dirs = append(dirs, members...)
	}
	if selected && cmdline.FirstWord(t.R.Sub) != "workspace" && (t.Name == "yarn" || t.R.Unknown.String() != "") {
		all = true // yarn workspaces foreach OPTIONS… run NAME: Memo reads no options of foreach
	}
	var out []Definition
	for _, dir := range dirs {
		pkg := filepath.Join(dir, file)
		rel, _ := RelInside(p.Root, pkg)
		rel = filepath.ToSlash(rel)
		f := p.scripts(pkg)
		if f.err != nil {
			out = append(out, definitionOf(w.rule, rel, "", nil, false))
			continue
		}
		kind := "sh"
		if file == "composer.json" {
			kind = "composer"
		}
		for _, n := range reachScripts(f.scripts, f.aliasesOf(names), all) {
			text, ok := f.scripts[n]
			out = append(out, w.from(definitionOf(w.rule, rel, "scripts."+n, []byte(text), ok), kind, dir))
		}
		if file == "package.json" && !all && slices.Contains(names, "start") {
			if _, ok := f.scripts["start"]; !ok {
				// npm start without a start script runs node server.js.
				d, _ := p.fileDefinition(w.rule, filepath.ToSlash(filepath.Join(filepath.Dir(rel), "server.js")), "")
				out = append(out, d)
			}
		}
	}
	return out, domain.Text{}
}

// managerFolder is the folder a package manager command is told to read
// its manifest from, if any.
func managerFolder(args []string, file string) (string, bool) {
	long := []string{"--prefix", "--dir", "--cwd"}
	short := []string{"-C"}
	if file == "composer.json" {
		long, short = []string{"--working-dir"}, []string{"-d"}
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		for _, o := range long {
			if a == o && i+1 < len(args) {
				return args[i+1], true
			}
			if strings.HasPrefix(a, o+"=") {
				return a[len(o)+1:], true
			}
		}
		for _, o := range short {
			if a == o && i+1 < len(args) {
				return args[i+1], true
			}
			if strings.HasPrefix(a, o) && len(a) > len(o) && !strings.HasPrefix(a, "--") {
				return a[len(o):], true
			}
		}
	}
	return "", false
}

// rawStartScripts reads a package manager command's words plainly: the
// words that are no option and no option's value, then the scripts as
// startScripts names them.
func rawStartScripts(t target, file string) ([]string, bool) {
	valued := map[string]bool{"--filter": true, "-F": true, "-C": true, "--dir": true, "--prefix": true, "-w": true,
		"--workspace": true, "--cwd": true, "--working-dir": true, "-d": true, "--filter-prod": true,
		"--from": true, "--include": true, "--exclude": true, "-j": true, "--jobs": true, "--workspace-concurrency": true}
	var words []string
	for i := 1; i < len(t.args); i++ {
		a := t.args[i]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") {
			if valued[a] {
				i++
			}
			continue
		}
		words = append(words, a)
	}
	for len(words) > 0 && (words[0] == "recursive" || words[0] == "multi" || words[0] == "m" ||
		(words[0] == "workspaces" && t.Name == "yarn") || words[0] == "foreach") {
		words = words[1:]
	}
	if len(words) == 0 {
		if t.Name == "yarn" && len(t.args) == 1 {
			return lifecycle["install"], false
		}
		return nil, len(t.args) > 1 && (t.args[1] == "workspaces" || t.args[1] == "recursive")
	}
	u := t
	u.R = catalog.Reading{Sub: words[0], Operands: words[1:], Kind: catalog.DefinedSub}
	return startScripts(u, file)
}

// workspaceOption: the words name an option that selects workspace
// packages (a rule only ever as it spells them: those are no safe options).
func workspaceOption(words []string) bool {
	for _, w := range words {
		for _, o := range []string{"-w", "--workspace", "--workspaces", "-ws", "--ws", "--filter", "-F", "-r", "--recursive", "--filter-prod", "--include-workspace-root", "-iwr"} {
			if w == o || strings.HasPrefix(w, o+"=") {
				return true
			}
		}
	}
	return false
}

func (p *Project) scripts(pkg string) scriptsFile {
	e, err := p.Cached(pkg, maxConfigFile)
	if err != nil {
		if isNotExist(err) {
			return scriptsFile{scripts: map[string]string{}}
		}
		return scriptsFile{err: err}
	}
	return p.Cache.Parse(e, "scripts", parseScriptsFile).(scriptsFile)
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

// The bounds of a workspace's members Memo reads: a ** walks at most
// maxWorkspaceFolders folders (at any depth, as the package managers'
// globs do), and at most maxWorkspaceMembers members are pinned. A
// workspace past them is cut: its install asks.
const (
	maxWorkspaceFolders = 4000
	maxWorkspaceMembers = 500
)

// workspacePackages are the package folders a workspace names, from
// package.json's workspaces and pnpm-workspace.yaml's packages; cut when
// a pattern reaches past the bounds (more folders than a ** walks, more
// members than Memo pins), where the package managers would not stop.
func (p *Project) workspacePackages(root, file string) (out []string, cut bool) {
	globs := append(slices.Clone(p.scripts(filepath.Join(root, file)).workspaces), p.pnpmPackages(root)...)
	seen := map[string]bool{}
	for _, g := range globs {
		if strings.HasPrefix(g, "!") {
			continue // an exclusion: pinning more members than run asks more, never less
		}
		for _, alt := range ExpandBraces(strings.TrimSuffix(filepath.ToSlash(g), "/")) {
			dirs, deeper := p.expandGlobCut(root, alt)
			cut = cut || deeper
			for _, dir := range dirs {
				// A member is a folder holding a package.json: one added
				// later is a new definition, so its scripts ask.
				if _, _, err := p.lstat(filepath.Join(dir, file)); err != nil || seen[dir] {
					continue
				}
				if len(out) >= maxWorkspaceMembers {
					return nil, true
				}
				seen[dir] = true
				out = append(out, dir)
			}
		}
	}
	sort.Strings(out)
	return out, cut
}

// pnpmPackages are the package patterns of root's pnpm-workspace.yaml.
func (p *Project) pnpmPackages(root string) []string {
	var globs []string
	if e, err := p.Cached(filepath.Join(root, "pnpm-workspace.yaml"), maxConfigFile); err == nil {
		if m, ok := p.Cache.Parse(e, "yaml", yamlMap).(map[string]any); ok {
			if list, ok := m["packages"].([]any); ok {
				for _, g := range list {
					if s, ok := g.(string); ok {
						globs = append(globs, s)
					}
				}
			}
		}
	}
	return globs
}

// expandGlob expands a workspace pattern (packages/*, apps/**) to folders.
func (p *Project) expandGlob(root, glob string) []string {
	dirs, _ := p.expandGlobCut(root, glob)
	return dirs
}

// expandGlobCut is expandGlob, and whether a ** left folders below its
// depth unread.
func (p *Project) expandGlobCut(root, glob string) (dirs []string, cut bool) {
	dirs = []string{root}
	for _, part := range strings.Split(glob, "/") {
		var next []string
		for _, d := range dirs {
			switch {
			case part == "**":
				budget := maxWorkspaceFolders
				next = append(next, p.walkDirs(d, &budget, &cut)...)
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
	return dirs, cut
}

// ExpandBraces expands {a,b} alternatives of a workspace pattern, as the
// package managers' globs do; at most 64 patterns.
func ExpandBraces(glob string) []string {
	out := []string{}
	var expand func(g string)
	expand = func(g string) {
		if len(out) >= 64 {
			return
		}
		open := strings.IndexByte(g, '{')
		if open < 0 {
			out = append(out, g)
			return
		}
		depth := 0
		for i := open; i < len(g); i++ {
			switch g[i] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					for _, alt := range splitTop(g[open+1 : i]) {
						expand(g[:open] + alt + g[i+1:])
					}
					return
				}
			}
		}
		out = append(out, g)
	}
	expand(glob)
	return out
}

// splitTop splits s at the commas outside braces.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// walkDirs is dir and the folders under it, depth levels deep.
func (p *Project) walkDirs(dir string, budget *int, cut *bool) []string {
	out := []string{dir}
	entries, _ := p.listDir(dir)
	for _, e := range entries {
		if e.kind == filekind.Dir && e.name != "node_modules" && !strings.HasPrefix(e.name, ".") {
			if *budget--; *budget < 0 {
				*cut = true // more folders than Memo walks
				return out
			}
			out = append(out, p.walkDirs(filepath.Join(dir, e.name), budget, cut)...)
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
			w = strings.TrimPrefix(w, "@") // composer: @name runs the script name
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

// MembersInstall is the package manager (npm, pnpm) of a rule's words that
// install where the line runs, pinning the install scripts of every
// workspace member (scriptDefs: the lifecycle that holds postinstall), or
// "": a rule that names a folder of its own (-C, --prefix) or wraps the
// manager in another program is none.
func MembersInstall(c *catalog.Catalog, words []string) string {
	targets := RuleTargets(c, words)
	if len(targets) != 1 {
		return ""
	}
	t := targets[0]
	if t.Name != "npm" && t.Name != "pnpm" || !t.R.Unknown.IsZero() {
		return ""
	}
	if _, ok := managerFolder(t.args, "package.json"); ok {
		return ""
	}
	if names, all := startScripts(t, "package.json"); all || !slices.Contains(names, "postinstall") {
		return ""
	}
	return t.Name
}

// MembersPinned reports whether rule, run in the line's folder, is an
// install at the root of a workspace (MembersInstall): the folder holds
// the package.json the install reads and is the root as the manager finds
// it, pnpm by its pnpm-workspace.yaml, which must list the packages (a
// pnpm that reads none there takes every folder for one), npm by
// package.json's workspaces.
// The trust pinned the install scripts of the root and of every member
// there, so an option that narrows the install to some members (pnpm
// --filter, npm -w) runs a subset of what the trust pinned.
func (p *Project) MembersPinned(c *catalog.Catalog, rule string) bool {
	if p == nil {
		return false
	}
	words, reason := cmdline.Words(rule)
	if !reason.IsZero() {
		return false
	}
	manager := MembersInstall(c, words)
	if manager == "" || filepath.Clean(p.packageDir("package.json")) != filepath.Clean(p.Dir) {
		return false
	}
	f := p.scripts(filepath.Join(p.Dir, "package.json"))
	if f.err != nil {
		return false
	}
	if manager == "pnpm" {
		return len(p.pnpmPackages(p.Dir)) > 0
	}
	return len(f.workspaces) > 0
}
