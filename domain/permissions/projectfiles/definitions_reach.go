// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// target is one program a rule runs: the program, then what it wraps
// (uv run pytest: uv, then pytest; bash scripts/t.sh: bash, then the
// script).
type target struct {
	Name, Word string
	R          catalog.Reading
	// args are the target's words, the program first.
	args []string
	// Script: the word is a file an interpreter runs.
	Script bool
}

// ruleTargets reads a rule's words into the programs it runs, and those
// of the commands a wrapper is given as strings (concurrently "npm:lint").
func ruleTargets(words []string) []target { return RuleTargets(catalog.Builtin(), words) }

func RuleTargets(c *catalog.Catalog, words []string) []target {
	return appendTargets(c, nil, words, 0)
}

func appendTargets(c *catalog.Catalog, out []target, words []string, depth int) []target {
	script := false
	for ; depth <= catalog.MaxWrapDepth && len(words) > 0; depth++ {
		words = c.WithoutInertSwitches(c.ProgramWords(words)) // python -Im pytest: -m pytest
		name, args := c.ResolveProgram(words)
		r := c.ReadArgs(name, args, catalog.SpelledOptions(words))
		out = append(out, target{Name: name, Word: words[0], R: r, Script: script, args: words})
		for _, l := range r.Lines {
			out = appendTargets(c, out, l.Words, depth+1)
		}
		if r.Wrapped == nil {
			break
		}
		script = c.IsInterpreter(name) && !r.Module
		words = r.Wrapped
	}
	return out
}

// Definitions are what a rule runs in this project, read from the line's
// folder, and why its lines ask whatever the pin says (a script that does
// not exist, a file too large to pin), when that is so.
func (p *Project) Definitions(rule string) ([]Definition, domain.Text) {
	p.Cache.Sync()
	return p.definitions(rule)
}

func (p *Project) definitions(rule string) ([]Definition, domain.Text) {
	type result struct {
		defs    []Definition
		problem domain.Text
	}
	r := p.Memo("defs", rule, func(q *Project) any {
		defs, problem := q.ruleDefinitions(rule)
		return result{defs, problem}
	}).(result)
	return r.defs, r.problem
}

// ruleDefinitions are what the rule's words reach, and what the commands
// written in those definitions reach in turn (definitions_follow.go).
func (p *Project) ruleDefinitions(rule string) ([]Definition, domain.Text) {
	words, reason := cmdline.Words(rule)
	if !reason.IsZero() {
		return nil, reason
	}
	w := newDefWalk(rule)
	defs, problem := p.readDefinitions(w, words)
	return p.followDefinitions(w, defs), problem
}

// readDefinitions reads the definitions one command's words reach, in the
// project's line folder (p.Dir): a rule, or a command a definition runs.
func (p *Project) readDefinitions(w *defWalk, words []string) ([]Definition, domain.Text) {
	rule := w.rule
	var defs []Definition
	var problem domain.Text
	add := func(d []Definition, why domain.Text) {
		defs = append(defs, d...)
		if problem.IsZero() {
			problem = why
		}
	}
	targets := ruleTargets(words)
	for i, t := range targets {
		if t.Script && i > 0 && targets[i-1].Name == "node" {
			t.Word = p.nodeEntry(t.Word) // node Makefile runs Makefile.js
		}
		if t.Script || strings.ContainsAny(t.Word, `/\`) {
			d, why := p.followedScript(w, t.Word, t.Script)
			shell := !t.Script || targets[i-1].Name == "bash" || targets[i-1].Name == "sh" || targets[i-1].Name == "dash"
			if shell && len(d) == 1 && w.depth == 0 && w.forwards == 0 && projectWord(t.Word) {
				d[0].Arguments = p.ScriptArguments(t.Word).Summary() // for the rule's labels
			}
			if len(d) == 1 && d[0].Arguments == "" && w.depth == 0 && w.forwards == 0 {
				// A Python script's command line, as the line's check reads
				// it (verdict's pyScript).
				switch {
				case t.Script && isPython(targets[i-1].Name):
					d[0].Arguments = p.PyScriptArguments(t.Word, true).Summary()
				case !t.Script && projectWord(t.Word) && i > 0 && targets[i-1].Name == "uv" && strings.HasSuffix(strings.ToLower(t.Word), ".py"):
					d[0].Arguments = p.PyScriptArguments(t.Word, true).Summary()
				case !t.Script && projectWord(t.Word):
					d[0].Arguments = p.PyScriptArguments(t.Word, false).Summary()
				}
			}
			add(d, why)
			if shell {
				// What the script hands its arguments to is pinned as a rule
				// naming it would pin; a problem of it makes only the lines
				// that hand it arguments ask (verdict's scriptArgs).
				d, _ := p.forwardedDefs(w, t.Word)
				add(d, domain.Text{})
			}
		}
		switch t.Name {
		case "npm", "pnpm", "yarn", "bun":
			add(p.scriptDefs(w, "package.json", t))
			if t.Name == "bun" && t.R.Kind == catalog.DefinedSub && bunFile(t.R.Sub) {
				add(p.followedScript(w, t.R.Sub, false)) // bun x.ts runs the file when no script has its name
			}
		case "composer":
			add(p.scriptDefs(w, "composer.json", t))
		case "make":
			add(p.makefileDefs(w, t.args))
		case "just":
			add(p.justDefs(w))
		case "task":
			add(p.taskDefs(w))
		case "cargo":
			add(p.aliasDefs(rule, t.R.Sub), domain.Text{})
			add(p.toolchainDefs(rule), domain.Text{})
			if strings.HasPrefix(t.R.Sub, "nextest") || strings.HasSuffix(t.R.Sub, " nextest") {
				// nextest's config runs commands of its own (setup and
				// wrapper scripts): pinned whole, at the workspace root and
				// in the line's folder.
				add(p.wholeFiles(rule, p.nextestConfigs()...), domain.Text{})
			}
		case "nix", "nix-shell", "direnv", "mise", "goreleaser", "tbump":
			// A wrapper's own configuration runs before the command: a
			// flake's shellHook, shell.nix, .envrc, mise.toml's hooks and
			// [env] sources; goreleaser's config its hooks, builds and
			// publishers, tbump's its before_commit and after_push commands
			// (configs in its entry). Pinned whole; the file a rule names
			// with the program's config option instead of them.
			if e := catalog.Builtin().Entries[t.Name]; e != nil {
				switch f, ok := namedConfig(t.args, configOptions[t.Name]); {
				case ok:
					add(p.namedConfigDefs(rule, f))
				case t.Name == "goreleaser" || t.Name == "tbump" || t.Name == "nix-shell":
					// They read their configuration in the folder they run
					// in only (nix-shell its shell.nix or default.nix): the
					// line's, which a cd may make another.
					add(p.folderFiles(rule, e.Wrap.Configs...), domain.Text{})
				default:
					add(p.wholeFiles(rule, e.Wrap.Configs...), domain.Text{})
				}
			}
		case "nyc":
			// nyc finds its configuration from the line's folder up: each
			// folder's, inside the project, is pinned.
			if e := catalog.Builtin().Entries[t.Name]; e != nil {
				for _, dir := range p.upTo(true) {
					q := *p
					q.Dir = dir
					add(q.folderFiles(rule, e.Wrap.Configs...), domain.Text{})
				}
			}
		case "pdm", "hatch":
			// pdm run and hatch run run a script the project defines
			// (tool.pdm.scripts, the hatch envs' scripts) when the name is
			// one: the files that can define it are pinned whole.
			if cmdline.FirstWord(t.R.Sub) == "run" {
				add(p.wholeFiles(rule, "pyproject.toml", "hatch.toml"), domain.Text{})
			}
		case "pip":
			// pip install -r reads requirement files, which the trust pins:
			// those the rule names and the project's by their usual names.
			if t.R.Sub == "install" {
				add(p.requirementDefs(rule, t.args[1:], false), domain.Text{})
			}
		case "uv":
			if t.R.Sub == "pip install" {
				add(p.requirementDefs(rule, t.args[1:], true), domain.Text{})
			}
		case "tox":
			add(p.wholeFiles(rule, "tox.ini"), domain.Text{})
		case "pre-commit":
			add(p.wholeFiles(rule, ".pre-commit-config.yaml"), domain.Text{})
		case "prek":
			// prek reads prek.toml and .pre-commit-config.yml as well as
			// pre-commit's file: each is pinned (absent ones absent).
			add(p.wholeFiles(rule, ".pre-commit-config.yaml", ".pre-commit-config.yml", "prek.toml"), domain.Text{})
		case "mvn", "mvnw":
			add(p.wholeFiles(rule, ".mvn/maven.config", ".mvn/jvm.config", ".mvn/extensions.xml",
				".mvn/wrapper/maven-wrapper.properties", ".mvn/wrapper/maven-wrapper.jar"), domain.Text{})
		case "gradle", "gradlew":
			add(p.wholeFiles(rule, "gradle/wrapper/gradle-wrapper.properties", "gradle/wrapper/gradle-wrapper.jar"), domain.Text{})
		case "dotnet":
			// dotnet tool run NAME, and dotnet NAME for a subcommand the
			// SDK does not have, run the local tool the manifest names
			// (restored from NuGet at the version it pins); dotnet looks
			// for it from the line's folder up.
			if t.R.Sub == "tool run" || catalog.Builtin().Entries["dotnet"].ExternalSub(cmdline.FirstWord(t.R.Sub)) {
				add(p.firstFileUp(rule, "dotnet", dotnetToolManifests))
			}
			if cmdline.FirstWord(t.R.Sub) == "nuke" {
				// NUKE runs the targets its build project defines (nuke.go).
				add(p.nukeDefs(rule), domain.Text{})
			}
			if cmdline.FirstWord(t.R.Sub) == "run" {
				// dotnet run --project of a NUKE build project runs the
				// targets it defines, by the names after the line's --.
				if w, ok := dotnetRunProject(t.args); ok {
					add(p.nukeRunDefs(rule, w), domain.Text{})
				}
			}
			if cmdline.FirstWord(t.R.Sub) == "cake" {
				// Cake runs the tasks its script defines, by the names the
				// line gives (cake.go): the script is pinned.
				if i := slices.Index(t.args, "cake"); i >= 0 {
					add(p.cakeDefs(rule, t.args[i+1:]), domain.Text{})
				}
			}
		case "go":
			if cmdline.FirstWord(t.R.Sub) == "run" && len(t.R.Operands) > 0 {
				add(p.goPackage(rule, t.R.Operands[0]))
			}
			if t.R.Sub == "tool" && len(t.R.Wrapped) > 0 {
				add(p.goTool(rule, t.R.Wrapped[0]))
			}
		}
	}
	return defs, problem
}

// scriptFile pins a program or script file of the project by its bytes. A
// program outside the project (/usr/bin/x) is the system's; a script an
// interpreter runs must be the project's and must exist.
func (p *Project) scriptFile(rule, word string, script bool) ([]Definition, domain.Text) {
	abs := word
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(p.Dir, word)
	}
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	if !ok {
		if script {
			return nil, outsideReason(word)
		}
		return nil, domain.Text{}
	}
	real, ok := p.resolve(rel)
	if !ok {
		return nil, outsideReason(word)
	}
	d, why := p.fileDefinition(rule, filepath.ToSlash(real), "")
	if d.Hash == "" && why.IsZero() {
		why = domain.T("the script {{.File}} does not exist", "File", filepath.ToSlash(real))
	}
	return []Definition{d}, why
}

// BuiltProgram reports whether word, the program word of a line, names a
// file of the project that is a compiled program (ELF, Mach-O, PE) or is
// not there yet, which the project's build writes (build/ninja_test before
// cmake --build): no script, whose words a person or Memo would read.
// One not there yet has a compiled program's name: no extension, or .exe
// (build/run_tests.sh, build/t.py, build/t.bat are scripts to come, whose
// words nothing read).
func (p *Project) BuiltProgram(word string) bool {
	if p == nil {
		return false
	}
	rel, ok := RelInside(p.Root, filepath.Clean(filepath.Join(p.Dir, filepath.FromSlash(word))))
	if !ok {
		return false
	}
	real, ok := p.resolve(rel)
	if !ok {
		return false
	}
	_, _, err := p.lstat(filepath.Join(p.Root, real))
	switch {
	case isNotExist(err):
		ext := strings.ToLower(filepath.Ext(real))
		return ext == "" || ext == ".exe"
	case err != nil:
		return false
	}
	return p.compiledProgram(real)
}

// compiledProgram: the project file rel is a compiled program (ELF,
// Mach-O, PE), which its build writes, not a script a person reads.
func (p *Project) compiledProgram(rel string) bool {
	// Kept with what it read (memo.go): the window asks again every 0.4 s,
	// and a built program is read whole, not cached as configs are.
	return p.Memo("compiled", rel, func(q *Project) any { return q.readCompiled(rel) }).(bool)
}

func (p *Project) readCompiled(rel string) bool {
	b, err := p.readDefinition(filepath.Join(p.Root, rel))
	if err != nil {
		return false
	}
	for _, magic := range []string{"\x7fELF", "\xfe\xed\xfa\xce", "\xfe\xed\xfa\xcf", "\xce\xfa\xed\xfe", "\xcf\xfa\xed\xfe", "\xca\xfe\xba\xbe", "MZ"} {
		if strings.HasPrefix(string(b), magic) {
			return true
		}
	}
	return false
}

// fileDefinition reads one file of the project (rel, slash separated) as a
// definition.
func (p *Project) fileDefinition(rule, rel, key string) (Definition, domain.Text) {
	path := filepath.Join(p.Root, filepath.FromSlash(rel))
	b, err := p.readDefinition(path)
	switch {
	case isNotExist(err):
		return definitionOf(rule, rel, key, nil, false), domain.Text{}
	case err != nil:
		return definitionOf(rule, rel, key, nil, false), domain.T("Memo cannot read {{.File}}, which this rule runs ({{.Error}}), so its lines ask", "File", rel, "Error", domain.Sentence(err))
	}
	return definitionOf(rule, rel, key, b, true), domain.Text{}
}

// readDefinition reads a definition file: through the cache when small, as
// configs are; a large one (a built program) is read and hashed each time
// rather than kept.
func (p *Project) readDefinition(path string) ([]byte, error) {
	_, fi, err := p.lstat(path)
	if err != nil {
		return nil, err
	}
	if fi.Size() > 1<<20 {
		return p.fs.ReadFile(path, MaxDefinitionFile)
	}
	return p.Read(path, MaxDefinitionFile)
}

// wholeFiles pins files of the project root by their bytes (absent ones as
// absent).
// configOptions are the options naming the configuration a program reads
// instead of its configs (goreleaser -f, tbump -c): a rule may spell one
// (the entry's selects), and the file it names is then what is pinned.
var configOptions = map[string][]string{"goreleaser": {"-f", "--config"}, "tbump": {"-c", "--config"}}

// namedConfig finds the value of one of opts among a rule's words: the
// next word, or glued (-fx.yaml, --config=x.yaml).
func namedConfig(words, opts []string) (string, bool) {
	for i, w := range words {
		if w == "--" {
			break
		}
		for _, o := range opts {
			switch {
			case w == o && i+1 < len(words):
				return words[i+1], true
			case strings.HasPrefix(o, "--") && strings.HasPrefix(w, o+"="):
				return w[len(o)+1:], true
			case !strings.HasPrefix(o, "--") && strings.HasPrefix(w, o) && len(w) > len(o):
				return w[len(o):], true
			}
		}
	}
	return "", false
}

// namedConfigDefs pins the configuration file a rule names, from the
// line's folder; one outside the project asks.
func (p *Project) namedConfigDefs(rule, file string) ([]Definition, domain.Text) {
	path := filepath.FromSlash(file)
	if !filepath.IsAbs(path) {
		path = filepath.Join(p.Dir, path)
	}
	rel, ok := RelInside(p.Root, filepath.Clean(path))
	if !ok {
		return nil, outsideReason(file)
	}
	d, why := p.fileDefinition(rule, filepath.ToSlash(rel), "")
	return []Definition{d}, why
}

func (p *Project) wholeFiles(rule string, rels ...string) []Definition {
	var out []Definition
	for _, rel := range rels {
		d, _ := p.fileDefinition(rule, rel, "")
		out = append(out, d)
	}
	return out
}

// folderFiles are the files names in the line's folder, each pinned whole
// (absent ones absent), as wholeFiles pins those of the project's root.
func (p *Project) folderFiles(rule string, names ...string) []Definition {
	rels := make([]string, 0, len(names))
	for _, n := range names {
		rel, ok := RelInside(p.Root, filepath.Join(p.Dir, n))
		if !ok {
			continue
		}
		rels = append(rels, filepath.ToSlash(rel))
	}
	return p.wholeFiles(rule, rels...)
}

// firstFileUp finds the recipe file a task runner reads: the first of names
// in the line's folder or a folder above it, inside the project. None in
// the project asks: the runner would look above it.
func (p *Project) firstFileUp(rule, program string, names []string) ([]Definition, domain.Text) {
	for _, dir := range p.upTo(true) {
		for _, n := range names {
			path := filepath.Join(dir, n)
			if _, _, err := p.lstat(path); err == nil {
				rel, _ := RelInside(p.Root, path)
				d, why := p.fileDefinition(rule, filepath.ToSlash(rel), "")
				return []Definition{d}, why
			}
		}
	}
	return []Definition{definitionOf(rule, names[0], "", nil, false)},
		domain.T("the project has no {{.File}}: {{.Program}} would look for one in the folders above it", "File", names[0], "Program", program)
}

// goPackage pins the Go files go run is given: a file, or the .go files of
// a package folder.
func (p *Project) goPackage(rule, pkg string) ([]Definition, domain.Text) {
	if strings.HasSuffix(pkg, ".go") {
		return p.scriptFile(rule, pkg, true)
	}
	dir := filepath.Join(p.Dir, pkg)
	rel, ok := RelInside(p.Root, dir)
	if !ok {
		return nil, outsideReason(pkg)
	}
	entries, err := p.listDir(dir)
	if err != nil || entries == nil {
		return nil, domain.T("the package {{.File}} does not exist", "File", filepath.ToSlash(rel))
	}
	var out []Definition
	for _, e := range entries {
		if strings.HasSuffix(e.name, ".go") && !strings.HasSuffix(e.name, "_test.go") {
			d, why := p.fileDefinition(rule, filepath.ToSlash(filepath.Join(rel, e.name)), "")
			if !why.IsZero() {
				return nil, why
			}
			out = append(out, d)
		}
	}
	return out, domain.Text{}
}

// goTool pins what go tool NAME runs: the tool directive of the main
// module's go.mod (the first from the line's folder up, in the project)
// whose path ends in NAME, with the require and replace lines of the
// module that holds it — the version go builds, go.sum verifying it. Any
// other change to go.mod leaves the rule as trusted; a change to these
// lines (another module, version or replacement) asks. A NAME no tool
// directive declares is pinned as absent: go would refuse to run it, and a
// declaration added later asks.
func (p *Project) goTool(rule, name string) ([]Definition, domain.Text) {
	key := "tool " + name
	for _, path := range p.goFiles() {
		if filepath.Base(path) == "go.work" {
			// In a workspace go tool runs the tools every module it uses
			// declares, which this pin of one go.mod does not hold.
			rel, ok := RelInside(p.Root, path)
			if !ok {
				rel = path
			}
			rel = filepath.ToSlash(rel)
			return []Definition{definitionOf(rule, rel, key, nil, false)}, domain.T("{{.File}} makes go tool run the tools of every module it uses, which Memo does not pin, so go tool lines ask", "File", rel)
		}
	}
	for _, dir := range p.upTo(true) {
		path := filepath.Join(dir, "go.mod")
		e, err := p.Cached(path, maxConfigFile)
		if isNotExist(err) {
			continue
		}
		rel, _ := RelInside(p.Root, path)
		rel = filepath.ToSlash(rel)
		if err != nil {
			return []Definition{definitionOf(rule, rel, key, nil, false)}, domain.T("Memo cannot read {{.File}}, which this rule runs ({{.Error}}), so its lines ask", "File", rel, "Error", domain.Sentence(err))
		}
		lines, ok := goToolLines(ParseGoMod(string(e.data)), name)
		if !ok {
			return []Definition{definitionOf(rule, rel, key, nil, false)}, domain.Text{}
		}
		return []Definition{definitionOf(rule, rel, key, []byte(lines), true)}, domain.Text{}
	}
	return []Definition{definitionOf(rule, "go.mod", key, nil, false)},
		domain.T("the project has no {{.File}}: {{.Program}} would look for one in the folders above it", "File", "go.mod", "Program", "go")
}

// goToolLines are the directives that choose what go tool NAME builds: the
// tool line (its path's last element, or the element before a /vN major
// version, is NAME; or the path is NAME), and the require and replace
// lines of the longest module path holding it, as go resolves them.
func goToolLines(dirs []goDirective, name string) (string, bool) {
	tool := ""
	for _, d := range dirs {
		if d.Verb != "tool" || len(d.Words) == 0 {
			continue
		}
		if path := d.Words[0]; path == name || goToolName(path) == name {
			if tool != "" {
				return "", false // two tools of that name: go refuses
			}
			tool = path
		}
	}
	if tool == "" {
		return "", false
	}
	module := ""
	for _, d := range dirs {
		if (d.Verb == "require" || d.Verb == "module") && len(d.Words) > 0 {
			if m := d.Words[0]; (tool == m || strings.HasPrefix(tool, m+"/")) && len(m) > len(module) {
				module = m
			}
		}
	}
	var b strings.Builder
	b.WriteString("tool " + tool + "\n")
	for _, d := range dirs {
		if len(d.Words) > 0 && d.Words[0] == module && (d.Verb == "require" || d.Verb == "replace" || d.Verb == "module") {
			b.WriteString(d.Verb + " " + strings.Join(d.Words, " ") + "\n")
		}
	}
	return b.String(), true
}

// goToolName is the name go tool knows a tool path by: its last element,
// or the one before a major version suffix (example.com/x/v2 is x).
func goToolName(path string) string {
	parts := strings.Split(path, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		return parts[len(parts)-2]
	}
	return last
}

// aliasDefs pins the cargo alias a subcommand names, in whichever config
// sets it, and the aliases it names in turn; a subcommand that is no alias
// is pinned as absent, since an alias added later would run instead of an
// installed cargo-<sub>.
func (p *Project) aliasDefs(rule, sub string) []Definition {
	name := cmdline.FirstWord(sub)
	if _, builtin := catalog.CompiledEntries()["cargo"].Subs[name]; name == "" || builtin {
		return nil // a built-in subcommand: aliases cannot replace it
	}
	var out []Definition
	for depth := 0; depth < 8 && name != ""; depth++ {
		file, words, found := p.findAlias(name)
		if !found {
			out = append(out, definitionOf(rule, ".cargo/config.toml", "alias."+name, nil, false))
			return out
		}
		out = append(out, definitionOf(rule, file, "alias."+name, []byte(strings.Join(words, " ")), true))
		if len(words) == 0 {
			break
		}
		name = words[0]
		if _, builtin := catalog.CompiledEntries()["cargo"].Subs[name]; builtin {
			break
		}
	}
	return out
}

// findAlias finds an alias in the cargo configs from the line's folder up.
func (p *Project) findAlias(name string) (file string, words []string, found bool) {
	for _, dir := range p.upTo(false) {
		for _, n := range []string{filepath.Join(".cargo", "config.toml"), filepath.Join(".cargo", "config")} {
			path := filepath.Join(dir, n)
			m, _ := p.TomlFile(path)
			if w, ok := cargoAlias(m, name); ok {
				return p.Display(path), w, true
			}
		}
	}
	return "", nil, false
}

// AliasPassesArgs reports whether the cargo alias name runs a project
// program and ends with `--` (xtask = "run --package xtask --"): the words
// after the alias on a line are that program's arguments, as after cargo
// run's `--`. The alias itself is checked as a line and pinned.
func (p *Project) AliasPassesArgs(name string) bool {
	_, words, found := p.findAlias(name)
	return found && len(words) > 1 && words[0] == "run" && words[len(words)-1] == "--"
}

// CargoRunAlias is the words of the cargo alias name when it runs a
// project program without ending with `--` (dev = "run --package uv-dev
// --features dev"): a line's words after the alias follow them as on
// cargo run's line, where its first operand and what follows are the
// program's. The alias itself is checked as a line and pinned.
func (p *Project) CargoRunAlias(name string) ([]string, bool) {
	_, words, found := p.findAlias(name)
	if !found || len(words) == 0 || words[0] != "run" && words[0] != "r" || words[len(words)-1] == "--" {
		return nil, false
	}
	return words, true
}

// bunFile: a word bun runs as a file rather than a script's name.
func bunFile(word string) bool {
	switch strings.ToLower(filepath.Ext(word)) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return true
	}
	return strings.ContainsAny(word, `/\`)
}

// dotnetToolManifests are the names of the local tools' manifest, in the
// order dotnet reads them in each folder.
var dotnetToolManifests = []string{".config/dotnet-tools.json", "dotnet-tools.json"}

// nextestConfigs are the project's nextest configs: .config/nextest.toml at
// the root and, when the line runs in a folder of its own, there.
func (p *Project) nextestConfigs() []string {
	out := []string{".config/nextest.toml"}
	if rel, ok := RelInside(p.Root, p.Dir); ok && rel != "." {
		out = append(out, filepath.ToSlash(filepath.Join(rel, ".config", "nextest.toml")))
	}
	return out
}

// isPython: the program is a Python interpreter (python, python3, pypy).
func isPython(name string) bool {
	e := catalog.Builtin().Entries[name]
	return e != nil && e.Interpreter == catalog.PythonInterpreter
}

// dotnetRunProject is the project a dotnet run line names with --project
// before its --.
func dotnetRunProject(args []string) (string, bool) {
	for i, a := range args {
		switch {
		case a == "--":
			return "", false
		case a == "--project" && i+1 < len(args):
			return args[i+1], true
		case strings.HasPrefix(a, "--project="):
			return strings.TrimPrefix(a, "--project="), true
		}
	}
	return "", false
}
