// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// The recipe files of just and task, with what they bring in: a
// justfile's `import` and `import?` and its modules (`mod name`,
// `mod? name 'path'`), a Taskfile's `includes`, each pinned (absent when
// missing: a file that appears later asks), each followed in turn. An
// include Memo cannot place (a URL, a template) makes the rule's lines
// ask: what it runs would come from elsewhere. rustup's toolchain files
// beside cargo's aliases.

var justfileNames = []string{"justfile", "Justfile", ".justfile", "JUSTFILE"}

var taskfileNames = []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}

// justfileParts is what Memo reads of a justfile.
type justfileParts struct {
	imports []justRef
	recipes []string
	// fallback: `set fallback` makes just look for a recipe it does not
	// find in the justfiles of the folders above.
	fallback bool
	// workdir is the folder `set working-directory` names; unknown: a
	// recipe's [working-directory] or [no-cd], or a value Memo cannot read
	// (workdirUnread: the value).
	workdir                string
	unknown, workdirUnread bool
}

var justSetting = regexp.MustCompile(`^set[ \t]+([a-z-]+)[ \t]*(:=[ \t]*(.*))?$`)

// justRef is an import (path) or a module (name, and path when given).
type justRef struct {
	module, path string
	optional     bool
}

var justRecipeHeader = regexp.MustCompile(`^@?[A-Za-z_][A-Za-z0-9_-]*([ \t][^:]*)?:([^=]|$)`)

// ParseJustfile reads imports, modules and the recipes' lines (a #!
// recipe's body is a script in its own language, kept in the justfile's
// pin but not read as commands); interpolations become words computed
// when the recipe runs.
func ParseJustfile(text string) justfileParts {
	var j justfileParts
	inRecipe, first, shebang := false, false, false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' {
			inRecipe = false
			fields := strings.Fields(line)
			switch {
			case fields[0] == "import" || fields[0] == "import?":
				if len(fields) > 1 {
					j.imports = append(j.imports, justRef{path: unquoteJust(strings.Join(fields[1:], " ")), optional: fields[0] == "import?"})
				}
			case fields[0] == "mod" || fields[0] == "mod?":
				if len(fields) > 1 {
					ref := justRef{module: fields[1], optional: fields[0] == "mod?"}
					if len(fields) > 2 {
						ref.path = unquoteJust(strings.Join(fields[2:], " "))
					}
					j.imports = append(j.imports, ref)
				}
			case fields[0] == "set":
				if m := justSetting.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
					switch m[1] {
					case "fallback":
						j.fallback = m[2] == "" || strings.TrimSpace(m[3]) == "true"
					case "working-directory":
						j.workdir = unquoteJust(m[3])
						j.workdirUnread = j.workdirUnread || strings.ContainsAny(j.workdir, "{}()`$")
						j.unknown = j.unknown || j.workdirUnread
					}
				}
			case strings.HasPrefix(fields[0], "[") && (strings.Contains(line, "working-directory") || strings.Contains(line, "no-cd")):
				j.unknown = true
			case justRecipeHeader.MatchString(line):
				inRecipe, first, shebang = true, true, false
			}
			continue
		}
		if !inRecipe {
			continue
		}
		body := strings.TrimSpace(line)
		if first && strings.HasPrefix(body, "#!") {
			shebang = true
		}
		first = false
		if shebang || strings.HasPrefix(body, "#") {
			continue
		}
		body = strings.TrimLeft(body, "@-")
		j.recipes = append(j.recipes, interpolated(body))
	}
	return j
}

var interpolation = regexp.MustCompile(`\{\{.*?\}\}`)

// interpolated replaces {{…}} with a word the shell computes.
func interpolated(s string) string { return interpolation.ReplaceAllString(s, "$MEMO_VALUE") }

func unquoteJust(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, " #"); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	for _, q := range []string{`'''`, `"""`, `'`, `"`, "`"} {
		if len(s) >= 2*len(q) && strings.HasPrefix(s, q) && strings.HasSuffix(s, q) {
			return s[len(q) : len(s)-len(q)]
		}
	}
	return s
}

// JustCommands are the commands of a justfile's recipes.
func JustCommands(text, cwd string) ([]Command, []string) {
	var out []Command
	var notes []string
	parts := ParseJustfile(text)
	switch {
	case parts.unknown:
		cwd = "" // Memo cannot tell the folder the recipes run in
	case parts.workdir != "" && filepath.IsAbs(parts.workdir):
		cwd = filepath.Clean(parts.workdir)
	case parts.workdir != "":
		cwd = filepath.Join(cwd, parts.workdir)
	}
	for _, line := range parts.recipes {
		cmds, n := ShellCommands(line, cwd)
		out = append(out, cmds...)
		notes = append(notes, n...)
	}
	return out, notes
}

// recipeFile is one recipe file to read, and the folder its recipes run in.
type recipeFile struct{ path, cwd string }

// recipeWalk pins the recipe file program reads (the first of names found
// up from the line's folder) and, breadth first, the files each one
// includes, at most maxMakefiles. next reads one file's includes: the files
// to pin, definitions to add first, and the problem that stops the walk
// once those files are pinned.
func (p *Project) recipeWalk(w *defWalk, program string, names []string,
	next func(f recipeFile, e *cachedFile, top string) ([]recipeFile, []Definition, domain.Text)) ([]Definition, domain.Text) {
	defs, why := p.firstFileUp(w.rule, program, names)
	if len(defs) != 1 || defs[0].Hash == "" {
		return defs, why
	}
	top := filepath.Join(p.Root, filepath.FromSlash(defs[0].File))
	out := []Definition{w.from(defs[0], program, filepath.Dir(top))}
	queue := []recipeFile{{top, filepath.Dir(top)}}
	seen := map[string]bool{top: true}
	for len(queue) > 0 && len(seen) < maxMakefiles {
		f := queue[0]
		queue = queue[1:]
		e, err := p.Cached(f.path, maxConfigFile)
		if err != nil {
			continue
		}
		files, more, problem := next(f, e, top)
		out = append(out, more...)
		for _, g := range files {
			if why := p.pinRecipeFile(w, program, g, seen, &out, &queue); !why.IsZero() {
				return out, why
			}
		}
		if !problem.IsZero() {
			return out, problem
		}
	}
	return out, domain.Text{}
}

// justDefs pins the justfile just reads and what it imports, its modules.
// Imported recipes run in the importing justfile's folder, a module's in
// the module's.
func (p *Project) justDefs(w *defWalk) ([]Definition, domain.Text) {
	return p.recipeWalk(w, "just", justfileNames, func(f recipeFile, e *cachedFile, top string) ([]recipeFile, []Definition, domain.Text) {
		parts := p.Cache.Parse(e, "justfile", func(b []byte) any { return ParseJustfile(string(b)) }).(justfileParts)
		var more []Definition
		if parts.fallback && f.path == top {
			// The justfile of a folder above, for a recipe this one lacks.
			dir := filepath.Dir(filepath.Dir(top))
			if _, inside := RelInside(p.Root, filepath.Dir(top)); !inside || filepath.Dir(top) == p.Root {
				return nil, nil, domain.T("the project has no {{.File}}: {{.Program}} would look for one in the folders above it", "File", "justfile", "Program", "just")
			}
			up := *p
			up.Dir = dir
			defs, why := up.justDefs(w)
			if !why.IsZero() {
				return nil, defs, why
			}
			more = defs
		}
		var files []recipeFile
		for _, ref := range parts.imports {
			path, cwd, problem := p.justTarget(filepath.Dir(f.path), ref, f.cwd)
			if !problem.IsZero() {
				return files, more, problem
			}
			files = append(files, recipeFile{path, cwd})
		}
		return files, more, domain.Text{}
	})
}

// justTarget is the file an import or a module names, from the folder of
// the justfile naming it, and the folder its recipes run in.
func (p *Project) justTarget(dir string, ref justRef, cwd string) (string, string, domain.Text) {
	name := ref.path
	if name == "" {
		name = ref.module
	}
	if strings.HasPrefix(name, "~") || strings.Contains(name, "$MEMO_VALUE") {
		return "", "", domain.T("a justfile names `{{.Path}}`, which Memo cannot follow, so just lines ask", "Path", name)
	}
	path := name
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	path = filepath.Clean(path)
	if _, inside := RelInside(p.Root, path); !inside {
		return "", "", outsideReason(name)
	}
	if ref.module == "" {
		return path, cwd, domain.Text{}
	}
	var candidates []string
	if ref.path == "" {
		candidates = append(candidates, path+".just")
	}
	if kind, _, err := p.lstat(path); err == nil && kind == filekind.Dir || ref.path == "" {
		candidates = append(candidates, filepath.Join(path, "mod.just"))
		for _, n := range justfileNames {
			candidates = append(candidates, filepath.Join(path, n))
		}
	} else {
		candidates = append(candidates, path)
	}
	for _, c := range candidates {
		if _, _, err := p.lstat(c); err == nil {
			return c, filepath.Dir(c), domain.Text{}
		}
	}
	return candidates[0], filepath.Dir(candidates[0]), domain.Text{}
}

// taskDefs pins the Taskfile task reads and the Taskfiles it includes.
// An included Taskfile's tasks run in the including one's folder unless
// the include sets dir.
func (p *Project) taskDefs(w *defWalk) ([]Definition, domain.Text) {
	return p.recipeWalk(w, "task", taskfileNames, func(f recipeFile, e *cachedFile, top string) ([]recipeFile, []Definition, domain.Text) {
		m, _ := p.Cache.Parse(e, "yaml", yamlMap).(map[string]any)
		includes, _ := m["includes"].(map[string]any)
		var files []recipeFile
		for _, name := range sortedKeys(includes) {
			file, dir := "", ""
			switch v := includes[name].(type) {
			case string:
				file = v
			case map[string]any:
				file, _ = v["taskfile"].(string)
				dir, _ = v["dir"].(string)
			}
			if file == "" || strings.Contains(file, "{{") || strings.Contains(file, "://") || strings.HasPrefix(file, "~") || strings.Contains(dir, "{{") {
				rel, _ := RelInside(p.Root, top)
				return files, nil, domain.T("{{.File}} includes `{{.Path}}`, which Memo cannot follow, so task lines ask", "File", filepath.ToSlash(rel), "Path", file)
			}
			path := file
			if !filepath.IsAbs(path) {
				path = filepath.Join(filepath.Dir(f.path), path)
			}
			path = filepath.Clean(path)
			if _, inside := RelInside(p.Root, path); !inside {
				return files, nil, outsideReason(file)
			}
			kind, _, err := p.lstat(path)
			ext := strings.ToLower(filepath.Ext(path))
			if err == nil && kind == filekind.Dir || err != nil && ext != ".yml" && ext != ".yaml" {
				found := filepath.Join(path, taskfileNames[0])
				for _, n := range taskfileNames {
					if _, _, err := p.lstat(filepath.Join(path, n)); err == nil {
						found = filepath.Join(path, n)
						break
					}
				}
				path = found
			}
			cwd := f.cwd
			if dir != "" {
				cwd = filepath.Join(filepath.Dir(f.path), dir)
			}
			files = append(files, recipeFile{path, cwd})
		}
		return files, nil, domain.Text{}
	})
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TaskCommands are the commands of a Taskfile's tasks (cmds, a cmd's
// cmd and defer), each in its task's dir.
func TaskCommands(text, cwd string) ([]Command, []string) {
	m, ok := yamlMap([]byte(text)).(map[string]any)
	if !ok {
		return nil, nil
	}
	tasks, _ := m["tasks"].(map[string]any)
	var out []Command
	var notes []string
	run := func(line, dir string) {
		cmds, n := ShellCommands(interpolated(line), dir)
		out = append(out, cmds...)
		notes = append(notes, n...)
	}
	for _, name := range sortedKeys(tasks) {
		dir := cwd
		var cmds []any
		switch t := tasks[name].(type) {
		case string:
			cmds = []any{t}
		case []any:
			cmds = t
		case map[string]any:
			if d, ok := t["dir"].(string); ok && d != "" {
				if strings.Contains(d, "{{") {
					dir = ""
				} else if !filepath.IsAbs(d) {
					dir = filepath.Join(cwd, d)
				}
			}
			cmds, _ = t["cmds"].([]any)
			if c, ok := t["cmd"].(string); ok {
				cmds = append(cmds, c)
			}
		}
		for _, c := range cmds {
			switch c := c.(type) {
			case string:
				run(c, dir)
			case map[string]any:
				for _, k := range []string{"cmd", "defer"} {
					if s, ok := c[k].(string); ok {
						run(s, dir)
					}
				}
				if d, ok := c["defer"].(map[string]any); ok {
					if s, ok := d["cmd"].(string); ok {
						run(s, dir)
					}
				}
			}
		}
	}
	return out, notes
}

var phpCallback = regexp.MustCompile(`^[A-Za-z_\\][A-Za-z0-9_\\]*::[A-Za-z_][A-Za-z0-9_]*$`)

// ComposerCommands are the commands of a composer script: @php and
// @composer run those programs, @name another script (reached already), a
// Class::method callback is PHP of the project's autoload, not followed.
func ComposerCommands(text, cwd string) ([]Command, []string) {
	var out []Command
	var notes []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "@php "), strings.HasPrefix(line, "@composer "):
			line = line[1:]
		case strings.HasPrefix(line, "@"):
			continue
		case phpCallback.MatchString(line):
			notes = append(notes, line)
			continue
		}
		cmds, n := ShellCommands(line, cwd)
		out = append(out, cmds...)
		notes = append(notes, n...)
	}
	return out, notes
}

// toolchainDefs pins the toolchain files rustup reads for cargo, from the
// line's folder up to the first folder holding one (rust-toolchain,
// without extension, or rust-toolchain.toml), absent ones as absent: a
// toolchain file added later chooses another compiler.
func (p *Project) toolchainDefs(rule string) []Definition {
	var out []Definition
	for _, dir := range p.upTo(true) {
		found := false
		for _, n := range []string{"rust-toolchain", "rust-toolchain.toml"} {
			rel, _ := RelInside(p.Root, filepath.Join(dir, n))
			d, _ := p.fileDefinition(rule, filepath.ToSlash(rel), "")
			found = found || d.Hash != ""
			out = append(out, d)
		}
		if found {
			break
		}
	}
	return out
}

// pinRecipeFile pins a recipe file an import or include names, once, and
// queues it to be read in turn when it exists (a missing one is pinned
// absent).
func (p *Project) pinRecipeFile(w *defWalk, kind string, f recipeFile, seen map[string]bool, out *[]Definition, queue *[]recipeFile) domain.Text {
	if seen[f.path] {
		return domain.Text{}
	}
	seen[f.path] = true
	rel, _ := RelInside(p.Root, f.path)
	d, why := p.fileDefinition(w.rule, filepath.ToSlash(rel), "")
	if !why.IsZero() {
		return why
	}
	*out = append(*out, w.from(d, kind, f.cwd))
	if d.Hash != "" {
		*queue = append(*queue, f)
	}
	return domain.Text{}
}
