// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
)

// make runs the makefiles of its folder (-C dir) or those -f names, and
// every file they include — by a plain name, through a variable the
// makefiles set, or by a pattern (`include mk/*.mk`,
// `-include $(wildcard *.mk)`), each read from make's folder. An include
// Memo cannot expand (a variable set nowhere, $(shell …)) is listed as
// not followed. The recipes' commands are followed (definitions_follow.go):
// `$(MAKE) -C sub test` pins sub's makefiles.

// makefileDefs pins the makefiles one make command reads.
func (p *Project) makefileDefs(w *defWalk, args []string) ([]Definition, domain.Text) {
	dir, files := makeFolder(p.Dir, args)
	if _, inside := RelInside(p.Root, dir); !inside {
		return nil, outsideReason(dir)
	}
	var queue []string
	named := map[string]bool{}
	for _, f := range files {
		queue = append(queue, filepath.Join(dir, f))
		named[filepath.Join(dir, f)] = true
	}
	if len(files) == 0 {
		for _, n := range makefileNames {
			queue = append(queue, filepath.Join(dir, n))
			named[filepath.Join(dir, n)] = true
		}
	}
	var out []Definition
	seen := map[string]bool{}
	vars := map[string]string{}
	for len(queue) > 0 && len(seen) < maxMakefiles {
		path := queue[0]
		queue = queue[1:]
		rel, ok := RelInside(p.Root, path)
		if !ok {
			return out, outsideReason(path)
		}
		if seen[rel] {
			continue
		}
		seen[rel] = true
		d, _ := p.fileDefinition(w.rule, filepath.ToSlash(rel), "")
		if d.Hash == "" && !named[path] {
			continue
		}
		if e, err := p.Cached(path, maxConfigFile); err == nil {
			mf := p.Cache.Parse(e, "makefile", func(b []byte) any { return parseMakefile(string(b)) }).(makefile)
			vars = makeVars(vars, mf)
			included, unresolved := p.makeIncludes(dir, mf, vars)
			queue = append(queue, included...)
			d.NotFollowed = strings.Join(unresolved, "\n")
		}
		out = append(out, w.from(d, "make", dir))
	}
	return out, domain.Text{}
}

// makeFolder reads the folder make runs in (-C, --directory, cumulative)
// and the makefiles -f names, from its words (the program first).
func makeFolder(dir string, args []string) (string, []string) {
	var files []string
	value := func(i int, a, short, long string) (string, int, bool) {
		switch {
		case a == short || a == long:
			if i+1 < len(args) {
				return args[i+1], i + 1, true
			}
			return "", i, false
		case strings.HasPrefix(a, long+"="):
			return a[len(long)+1:], i, true
		case len(short) == 2 && strings.HasPrefix(a, short) && !strings.HasPrefix(a, "--"):
			return a[2:], i, true
		}
		return "", i, false
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if v, j, ok := value(i, a, "-C", "--directory"); ok {
			if !filepath.IsAbs(v) {
				v = filepath.Join(dir, v)
			}
			dir, i = filepath.Clean(v), j
			continue
		}
		for _, long := range []string{"--file", "--makefile"} {
			if v, j, ok := value(i, a, "-f", long); ok {
				files = append(files, v)
				i = j
				break
			}
		}
	}
	return dir, files
}

// makeVars adds the variables a makefile sets to vars (+= appends).
func makeVars(vars map[string]string, mf makefile) map[string]string {
	out := map[string]string{}
	for k, v := range vars {
		out[k] = v
	}
	for _, a := range mf.assigns {
		v := strings.TrimSpace(a.value)
		if a.appends {
			v = strings.TrimSpace(out[a.name] + " " + v)
		}
		out[a.name] = v
	}
	return out
}

// MaxExpanded bounds the text variables expand to (a variable that names
// itself twice doubles at each round).
const MaxExpanded = 64 << 10

// MakeExpand expands the variables of s that vars sets, $(wildcard X) to
// X, and $(MAKE) to make; what it cannot expand stays as written.
func MakeExpand(s string, vars map[string]string) string {
	for range 8 {
		var b strings.Builder
		changed := false
		for i := 0; i < len(s); i++ {
			if s[i] != '$' || i+1 >= len(s) {
				b.WriteByte(s[i])
				continue
			}
			if s[i+1] == '$' {
				b.WriteString("$$")
				i++
				continue
			}
			open := s[i+1]
			if open != '(' && open != '{' {
				b.WriteByte(s[i])
				continue
			}
			end := matchingParen(s, i+1)
			if end < 0 {
				b.WriteString(s[i:])
				break
			}
			inner := s[i+2 : end]
			switch {
			case inner == "MAKE" || inner == "MAKE_COMMAND":
				b.WriteString("make")
				changed = true
			case strings.HasPrefix(inner, "wildcard "):
				b.WriteString(strings.TrimSpace(inner[len("wildcard "):]))
				changed = true
			default:
				if v, ok := vars[inner]; ok {
					b.WriteString(v)
					changed = true
				} else {
					b.WriteString(s[i : end+1])
				}
			}
			i = end
		}
		s = b.String()
		if !changed || len(s) > MaxExpanded {
			break
		}
	}
	return s
}

// matchingParen is the index of the bracket closing the one at open.
func matchingParen(s string, open int) int {
	want := byte(')')
	if s[open] == '{' {
		want = '}'
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case s[open]:
			depth++
		case want:
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// makeWords splits make text into words, a $(…) call one word.
func makeWords(s string) []string {
	var out []string
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '(' || c == '{':
			depth++
		case (c == ')' || c == '}') && depth > 0:
			depth--
		case (c == ' ' || c == '\t') && depth == 0:
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
			continue
		}
		b.WriteByte(c)
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// makeIncludes are the files a makefile includes, from make's folder dir,
// and the include words Memo cannot expand.
func (p *Project) makeIncludes(dir string, mf makefile, vars map[string]string) (paths, unresolved []string) {
	for _, inc := range mf.includes {
		paths = append(paths, filepath.Join(dir, inc))
	}
	for _, pat := range mf.patterns {
		for _, word := range makeWords(MakeExpand(pat, vars)) {
			switch {
			case strings.Contains(word, "$"):
				unresolved = append(unresolved, "include "+pat)
			case strings.ContainsAny(word, "*?["):
				base := dir
				if filepath.IsAbs(word) {
					base, word = "/", strings.TrimPrefix(word, "/")
				}
				paths = append(paths, p.expandGlob(base, filepath.ToSlash(word))...)
			default:
				paths = append(paths, filepath.Join(dir, word))
			}
		}
	}
	return paths, unresolved
}

// MakeCommands are the commands of a makefile's recipes, its variables
// expanded, run in make's folder.
func MakeCommands(text, cwd string) ([]Command, []string) {
	mf := parseMakefile(text)
	vars := makeVars(nil, mf)
	var out []Command
	var notes []string
	for _, line := range mf.recipes {
		line = strings.TrimLeft(trimEchoPrefix(line, vars), "@-+ \t")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.ReplaceAll(MakeExpand(line, vars), "$$", "$")
		cmds, n := ShellCommands(line, cwd)
		out = append(out, cmds...)
		notes = append(notes, n...)
	}
	return out, notes
}

// trimEchoPrefix drops the prefixes of a recipe line: @, - and +, and a
// variable glued before the command that only chooses whether make echoes
// it (Q = @, Q = $(if $(V),,@), as zstd's $(Q)$(MAKE) -C lib): what runs
// is the rest.
func trimEchoPrefix(line string, vars map[string]string) string {
	for range 4 {
		line = strings.TrimLeft(line, "@-+ \t")
		if !strings.HasPrefix(line, "$(") && !strings.HasPrefix(line, "${") {
			return line
		}
		end := matchingParen(line, 1)
		if end < 0 {
			return line
		}
		v, ok := vars[line[2:end]]
		if !ok || !echoPrefix(v) {
			return line
		}
		line = line[end+1:]
	}
	return line
}

// echoPrefix: a value made of recipe prefixes alone (@, -, +, nothing), or
// $(if COND,A,B) choosing between two such.
func echoPrefix(v string) bool {
	v = strings.TrimSpace(v)
	if strings.Trim(v, "@-+") == "" {
		return true
	}
	inner, ok := strings.CutPrefix(v, "$(if ")
	if !ok || matchingParen(v, 1) != len(v)-1 {
		return false
	}
	args := makeArgs(strings.TrimSuffix(inner, ")"))
	if len(args) < 2 || len(args) > 3 {
		return false
	}
	for _, a := range args[1:] {
		if strings.Trim(strings.TrimSpace(a), "@-+") != "" {
			return false
		}
	}
	return true
}

// makeArgs splits a make function's arguments at the commas outside
// brackets.
func makeArgs(s string) []string {
	var out []string
	start := 0
	for _, i := range topLevelCuts(s, ',') {
		out = append(out, s[start:i])
		start = i + 1
	}
	return append(out, s[start:])
}
