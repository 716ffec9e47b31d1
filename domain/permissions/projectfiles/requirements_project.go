// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/permissions/catalog"
)

// A pip install line passes when what it installs is the project's own
// declaration (docs/permissions.md §7 pip): the requirement files it
// reaches are read line by line and must be among what the trust of the
// rule pins; the folders it installs hold a Python project; the groups it
// names are the project's; and no pip.conf in the project (a venv's
// included: pip reads $VIRTUAL_ENV/pip.conf) nor uv configuration names
// another index.

// maxRequirementFiles bounds the requirement files one line reaches.
const maxRequirementFiles = 64

// maxRequirementDepth bounds -r and -c inside requirement files.
const maxRequirementDepth = 8

// pyprojectFiles are the files that make a folder one pip can install.
var pyprojectFiles = []string{"pyproject.toml", "setup.py", "setup.cfg"}

// PipInstallProblem is why a pip install line (pi, read from its words)
// asks in this project under rule, with the file that blocks it when a
// configuration does.
func (p *Project) PipInstallProblem(rule string, pi catalog.PipInstall) (domain.Text, *Block) {
	if b := p.pipConfigBlock(pi.UV); b != nil {
		return b.Reason, b
	}
	for _, dir := range pi.Projects {
		if why := p.pipProjectFolder(dir, pi); !why.IsZero() {
			return why, nil
		}
	}
	for _, g := range pi.Groups {
		if why := p.pipGroup(g); !why.IsZero() {
			return why, nil
		}
	}
	var files []string
	for _, f := range append(append([]string{}, pi.Requirements...), pi.Constraints...) {
		if pi.UV && pyprojectLike(f) {
			// uv pip install -r pyproject.toml installs its dependencies.
			if why := p.pipProjectFile(filepath.Join(p.Dir, f), true, true); !why.IsZero() {
				return why, nil
			}
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return domain.Text{}, nil
	}
	reached, folders, why := p.requirementFiles(files)
	if !why.IsZero() {
		return why, nil
	}
	for _, dir := range folders {
		// -e ./sub inside a requirement file: a project folder as on the line.
		if why := p.pipProjectFolder(dir, pi); !why.IsZero() {
			return why, nil
		}
	}
	if p.pinned == nil || p.pinned.byID == nil {
		return domain.T("the permissions file is not trusted, so nothing pins the requirement files"), nil
	}
	pinned := map[string]bool{}
	defs, _ := p.definitions(rule)
	for _, d := range defs {
		if d.Key == "" && d.Hash != "" {
			pinned[d.File] = true
		}
	}
	for _, f := range reached {
		if !pinned[f] {
			return domain.T("{{.File}}, which this pip line reads, is not among the requirement files the trust of `{{.Rule}}` pins; name `-r {{.File}}` in the rule", "File", f, "Rule", rule), nil
		}
	}
	return domain.Text{}, nil
}

// pyprojectLike: a file uv reads as a project's declaration, not as a
// requirement file.
func pyprojectLike(f string) bool {
	switch strings.ToLower(filepath.Base(f)) {
	case "pyproject.toml", "setup.cfg", "setup.py":
		return true
	}
	return false
}

// requirementFiles reads the requirement and constraint files words name
// (relative to the line's folder) and those they name in turn (relative to
// the naming file's folder): the files reached, relative to the project
// and slash separated, or why one makes the line ask.
// The folders they install (-e and path lines, as pip reads them from its
// working folder) are returned beside them.
func (p *Project) requirementFiles(words []string) ([]string, []string, domain.Text) {
	type item struct {
		path  string      // absolute
		word  string      // as written
		from  domain.Text // the file and line that named it, zero for the line
		depth int
	}
	var queue []item
	for _, w := range words {
		queue = append(queue, item{path: p.abs(p.Dir, w), word: w})
	}
	seen := map[string]bool{}
	var out, folders []string
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		where := func(why domain.Text) domain.Text {
			if it.from.IsZero() {
				return why
			}
			return domain.T("{{.What}}: {{.Reason}}", "What", it.from, "Reason", why)
		}
		rel, ok := RelInside(p.Root, filepath.Clean(it.path))
		if !ok {
			return nil, nil, where(outsideReason(it.word))
		}
		real, ok := p.resolve(rel)
		if !ok || ProtectedPart(real) {
			return nil, nil, where(outsideReason(it.word))
		}
		file := filepath.ToSlash(real)
		if seen[file] {
			continue
		}
		seen[file] = true
		if len(seen) > maxRequirementFiles {
			return nil, nil, domain.T("the requirement files name more than {{.Max}} files, more than Memo reads", "Max", maxRequirementFiles)
		}
		if it.depth > maxRequirementDepth {
			return nil, nil, where(domain.T("the requirement files nest more deeply than Memo reads"))
		}
		abs := filepath.Join(p.Root, real)
		if kind, _, err := p.lstat(abs); err == nil && kind != filekind.File {
			return nil, nil, where(domain.T("{{.File}} is not a file Memo reads as a requirement file", "File", file))
		}
		e, err := p.Cached(abs, maxConfigFile)
		if isNotExist(err) {
			return nil, nil, where(domain.T("the requirement file {{.File}} does not exist", "File", file))
		}
		if err != nil {
			return nil, nil, where(domain.T("Memo cannot read the requirement file {{.File}} ({{.Error}}), so the line asks", "File", file, "Error", domain.Sentence(err)))
		}
		parsed := p.Cache.Parse(e, "requirements", func(b []byte) any {
			lines, problem := ParseRequirements(string(b))
			return parsedRequirements{lines, problem}
		}).(parsedRequirements)
		lines, problem := parsed.lines, parsed.problem
		if !problem.IsZero() {
			if problem.Line == 0 {
				return nil, nil, domain.T("the requirement file {{.File}}: {{.Why}}", "File", file, "Why", problem.Why)
			}
			return nil, nil, domain.T("{{.File}}, line {{.Line}}: {{.Why}}", "File", file, "Line", problem.Line, "Why", problem.Why)
		}
		out = append(out, file)
		dir := filepath.Dir(abs)
		for _, l := range lines {
			place := domain.T("{{.File}}, line {{.Line}}", "File", file, "Line", l.Line)
			switch l.Kind {
			case "r", "c":
				queue = append(queue, item{path: p.abs(dir, l.Value), word: l.Value, from: place, depth: it.depth + 1})
			case "e", "path":
				// pip reads these from its working folder; both it and the
				// file's folder must lead inside the project.
				folders = append(folders, l.Value)
				for _, base := range []string{p.Dir, dir} {
					rel, ok := RelInside(p.Root, filepath.Clean(p.abs(base, l.Value)))
					if ok {
						_, ok = p.resolve(rel)
					}
					if !ok || ProtectedPart(rel) {
						return nil, nil, domain.T("{{.What}}: {{.Reason}}", "What", place, "Reason", outsideReason(l.Value))
					}
				}
			}
		}
	}
	return out, folders, domain.Text{}
}

// abs is word as a path from dir (an absolute word as it is).
func (p *Project) abs(dir, word string) string {
	w := filepath.FromSlash(word)
	if filepath.IsAbs(w) || filepath.VolumeName(w) != "" {
		return w
	}
	return filepath.Join(dir, w)
}

// parsedRequirements is a requirement file's reading, kept with its version.
type parsedRequirements struct {
	lines   []ReqLine
	problem ReqProblem
}

// pipProjectFolder: a folder pip install is given holds a Python project,
// whose declared dependencies are requirements by name.
func (p *Project) pipProjectFolder(word string, pi catalog.PipInstall) domain.Text {
	dir := p.abs(p.Dir, word)
	rel, ok := RelInside(p.Root, filepath.Clean(dir))
	if !ok {
		return outsideReason(word)
	}
	if _, ok := p.resolve(rel); !ok {
		return outsideReason(word)
	}
	for _, n := range pyprojectFiles {
		if kind, _, err := p.lstat(filepath.Join(dir, n)); err == nil && kind == filekind.File {
			return p.pipProjectFile(filepath.Join(dir, "pyproject.toml"), !pi.NoDeps, !pi.NoBuildIsolation)
		}
	}
	return domain.T("`{{.Word}}` is no Python project folder of the project (it holds no pyproject.toml, setup.py or setup.cfg)", "Word", word)
}

// pipProjectFile checks the dependencies a pyproject.toml declares
// ([project] dependencies and optional-dependencies when deps, [build-system]
// requires when build: pip install --no-deps installs neither the first nor
// their dependencies, but still the build backend's requirements, which
// --no-build-isolation leaves out): each must be a
// requirement by name. A folder without one (setup.py alone) passes: its
// code is the project's own.
func (p *Project) pipProjectFile(path string, deps, build bool) domain.Text {
	if filepath.Base(path) != "pyproject.toml" {
		if _, _, err := p.lstat(path); err != nil {
			return domain.T("{{.File}} does not exist", "File", p.Display(path))
		}
		return domain.T("uv reads the dependencies of {{.File}} from code or settings Memo does not read", "File", p.Display(path))
	}
	m, b := p.TomlFile(path)
	if b != nil {
		return b.Reason
	}
	project, _ := m["project"].(map[string]any)
	var reqs []string
	if deps {
		reqs = append(reqs, stringList(project["dependencies"])...)
	}
	// The build backend's own requirements, which pip installs to build.
	if bs, ok := m["build-system"].(map[string]any); ok && build {
		reqs = append(reqs, stringList(bs["requires"])...)
	}
	if opt, ok := project["optional-dependencies"].(map[string]any); ok && deps {
		keys := make([]string, 0, len(opt))
		for k := range opt {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			reqs = append(reqs, stringList(opt[k])...)
		}
	}
	for _, r := range reqs {
		if why := CheckRequirement(r); !why.IsZero() {
			return domain.T("{{.File}} declares `{{.Requirement}}`: {{.Why}}", "File", p.Display(path), "Requirement", r, "Why", why)
		}
	}
	return domain.Text{}
}

// stringList is a TOML array's strings.
func stringList(v any) []string {
	var out []string
	if list, ok := v.([]any); ok {
		for _, e := range list {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// pipGroup checks a --group value: a dependency group of the line's
// pyproject.toml (or the one before the colon), whose requirements (and
// the groups it includes) are requirements by name.
func (p *Project) pipGroup(value string) domain.Text {
	path, name := "pyproject.toml", value
	if i := strings.LastIndexByte(value, ':'); i >= 0 {
		path, name = value[:i], value[i+1:]
	}
	abs := p.abs(p.Dir, path)
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	if ok {
		_, ok = p.resolve(rel)
	}
	if !ok {
		return outsideReason(path)
	}
	m, b := p.TomlFile(abs)
	if b != nil {
		return b.Reason
	}
	groups, _ := m["dependency-groups"].(map[string]any)
	seen := map[string]bool{}
	queue := []string{name}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		if seen[normalGroup(g)] {
			continue
		}
		seen[normalGroup(g)] = true
		var list []any
		found := false
		for k, v := range groups {
			if normalGroup(k) == normalGroup(g) {
				list, _ = v.([]any)
				found = true
			}
		}
		if !found {
			return domain.T("{{.File}} declares no dependency group `{{.Group}}`", "File", p.Display(abs), "Group", g)
		}
		for _, e := range list {
			switch v := e.(type) {
			case string:
				if why := CheckRequirement(v); !why.IsZero() {
					return domain.T("{{.File}} declares `{{.Requirement}}`: {{.Why}}", "File", p.Display(abs), "Requirement", v, "Why", why)
				}
			case map[string]any:
				inc, ok := v["include-group"].(string)
				if !ok || len(v) != 1 {
					return domain.T("{{.File}}: a dependency group holds a table Memo does not read", "File", p.Display(abs))
				}
				queue = append(queue, inc)
			default:
				return domain.T("{{.File}}: a dependency group holds a table Memo does not read", "File", p.Display(abs))
			}
		}
	}
	return domain.Text{}
}

// normalGroup is a group name as PEP 735 compares them.
func normalGroup(s string) string {
	return strings.NewReplacer("_", "-", ".", "-").Replace(strings.ToLower(s))
}

// pipConfigNames are the files pip reads its settings from in a folder
// (a venv's pip.conf on Linux and macOS, pip.ini on Windows).
var pipConfigNames = []string{"pip.conf", "pip.ini"}

// maxPipConfigEntries bounds the folder entries read looking for one.
const maxPipConfigEntries = 20000

// pipConfigBlock: a pip.conf or pip.ini anywhere in the project's first
// levels (a venv the repository ships, .venv/pip.conf, is read by pip when
// active, and may name another index); for uv, a uv.toml or a [tool.uv]
// table that names an index or a place to fetch from.
func (p *Project) pipConfigBlock(uv bool) *Block {
	b := p.Memo("pipconf", "", func(q *Project) any { return q.readPipConfigs() }).(*Block)
	if b != nil || !uv {
		return b
	}
	for _, dir := range p.upTo(true) {
		for _, n := range []string{"uv.toml", "pyproject.toml"} {
			path := filepath.Join(dir, n)
			m, blk := p.TomlFile(path)
			if blk != nil {
				return blk
			}
			if n == "pyproject.toml" {
				tool, _ := m["tool"].(map[string]any)
				m, _ = tool["uv"].(map[string]any)
			}
			for _, k := range []string{"index-url", "extra-index-url", "index", "find-links", "pip", "allow-insecure-host", "sources"} {
				if _, ok := m[k]; ok {
					return &Block{File: p.Display(path), Key: k, Reason: domain.T("{{.File}} sets {{.Key}}, which can make uv fetch packages from another place than the package index, so uv pip install asks", "File", p.Display(path), "Key", k)}
				}
			}
		}
	}
	return nil
}

func (p *Project) readPipConfigs() *Block {
	type level struct {
		dir   string
		depth int
	}
	queue := []level{{p.Root, 0}}
	read := 0
	for len(queue) > 0 {
		l := queue[0]
		queue = queue[1:]
		entries, err := p.listDir(l.dir)
		if err != nil {
			return p.unreadable(l.dir, err)
		}
		for _, e := range entries {
			if read++; read > maxPipConfigEntries {
				return &Block{File: ".", Reason: domain.T("the project holds more files than Memo searches for a pip.conf, so pip install asks")}
			}
			for _, n := range pipConfigNames {
				if strings.EqualFold(e.name, n) {
					path := filepath.Join(l.dir, e.name)
					return &Block{File: p.Display(path), Reason: domain.T("{{.File}} is a pip configuration, which pip reads (in a virtual environment, when it is active) and which can name another index or a program, so pip install asks", "File", p.Display(path))}
				}
			}
			if e.kind == filekind.Dir && l.depth < 3 && e.name != ".git" && e.name != "node_modules" && e.name != ".memo" {
				queue = append(queue, level{filepath.Join(l.dir, e.name), l.depth + 1})
			}
		}
	}
	return nil
}

// requirementDefs pins, for a pip install rule, the requirement files its
// lines may reach: those the rule names (-r, -c) and the project's by
// their usual names — requirements*.txt, *-requirements.txt,
// constraints*.txt, *.txt and *.in under a requirements folder, at the
// root and one level down — with those they name in turn. A line that
// reads another file asks until the rule names it.
func (p *Project) requirementDefs(rule string, args []string, uv bool) []Definition {
	pi, _, ok := catalog.ReadPipInstall(args, uv)
	if !ok {
		return nil
	}
	var words []string
	for _, f := range append(append([]string{}, pi.Requirements...), pi.Constraints...) {
		if !(uv && pyprojectLike(f)) {
			words = append(words, f)
		}
	}
	words = append(words, p.usualRequirementFiles()...)
	var out []Definition
	seen := map[string]bool{}
	for _, w := range words {
		reached, _, _ := p.requirementFiles([]string{w})
		if len(reached) == 0 {
			// Missing (pinned absent), outside, or with a problem its
			// lines ask for: pin what the word names when it is inside.
			abs := p.abs(p.Dir, w)
			if rel, ok := RelInside(p.Root, filepath.Clean(abs)); ok && !seen[filepath.ToSlash(rel)] {
				seen[filepath.ToSlash(rel)] = true
				d, _ := p.fileDefinition(rule, filepath.ToSlash(rel), "")
				out = append(out, d)
			}
			continue
		}
		for _, f := range reached {
			if !seen[f] {
				seen[f] = true
				d, _ := p.fileDefinition(rule, f, "")
				out = append(out, d)
			}
		}
	}
	return out
}

// usualRequirementFiles are the project's requirement files by their usual
// names, from the root (absolute paths).
func (p *Project) usualRequirementFiles() []string {
	var out []string
	var walk func(dir string, depth int, all bool)
	walk = func(dir string, depth int, all bool) {
		entries, _ := p.listDir(dir)
		for _, e := range entries {
			lower := strings.ToLower(e.name)
			switch {
			case e.kind == filekind.File && (all && (strings.HasSuffix(lower, ".txt") || strings.HasSuffix(lower, ".in")) || requirementName(lower)):
				out = append(out, filepath.Join(dir, e.name))
			case e.kind == filekind.Dir && depth < 1 && !strings.HasPrefix(e.name, ".") && e.name != "node_modules":
				walk(filepath.Join(dir, e.name), depth+1, strings.HasPrefix(lower, "requirements") || lower == "reqs")
			case e.kind == filekind.Dir && depth < 2 && (strings.HasPrefix(lower, "requirements") || lower == "reqs"):
				walk(filepath.Join(dir, e.name), depth+1, true)
			}
			if len(out) >= maxRequirementFiles {
				return
			}
		}
	}
	walk(p.Root, 0, false)
	return out
}

// requirementName: a file named as a requirement or constraint file.
func requirementName(lower string) bool {
	if !strings.HasSuffix(lower, ".txt") && !strings.HasSuffix(lower, ".in") {
		return false
	}
	return strings.Contains(lower, "requirements") || strings.HasPrefix(lower, "constraints") || strings.HasSuffix(strings.TrimSuffix(strings.TrimSuffix(lower, ".txt"), ".in"), "-constraints")
}

// VenvPipConfig is the pip.conf or pip.ini of the venv inside the
// project whose program the word names (.venv/bin/pip,
// env/Scripts/python.exe), which that pip reads; nil when none.
func (p *Project) VenvPipConfig(word string) *Block {
	w := filepath.FromSlash(strings.ReplaceAll(word, `\`, "/"))
	if !strings.ContainsRune(w, filepath.Separator) {
		return nil
	}
	venv := filepath.Dir(filepath.Dir(p.abs(p.Dir, w)))
	if _, ok := RelInside(p.Root, filepath.Clean(venv)); !ok {
		return nil
	}
	for _, n := range pipConfigNames {
		path := filepath.Join(venv, n)
		if _, _, err := p.lstat(path); err == nil {
			return &Block{File: p.Display(path), Reason: domain.T("{{.File}} is a pip configuration, which pip reads (in a virtual environment, when it is active) and which can name another index or a program, so pip install asks", "File", p.Display(path))}
		}
	}
	return nil
}
