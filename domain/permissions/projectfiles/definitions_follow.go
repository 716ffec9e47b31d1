// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/permissions/catalog"
)

// What a pinned definition runs is followed within the project
// (docs/permissions.md §7): each command written in a package.json or
// composer.json script, a makefile's recipes, a justfile's recipes, a
// Taskfile's cmds and a shell script a rule runs is read as a command of
// its own in the folder it runs in (after its `cd`), and what that reaches
// is pinned with the rule too: a script it runs (./scripts/x.sh,
// node scripts/x.js, python tools/y.py), a file it sources, the workspace
// members a `pnpm -r test` runs in, the makefiles of `$(MAKE) -C dir`.
// What Memo cannot follow — a command whose words are computed when it
// runs, a file outside the project — is kept in the definition's
// NotFollowed, which the rule's label says; what a JavaScript or Python
// script imports is not followed either, and the label says so too.

const (
	// maxFollowDepth bounds how deep definitions are followed.
	maxFollowDepth = 6
	// maxFollowed bounds the definitions one rule reaches.
	maxFollowed = 2000
	// maxNotFollowed bounds the commands a definition lists as not followed.
	maxNotFollowed = 8
)

// origin is how a definition's text runs: its kind and the folder its
// commands run in.
type origin struct {
	kind string // "sh", "composer", "make", "just", "task" or "file"
	cwd  string
}

// defWalk is one rule's walk through its definitions.
type defWalk struct {
	rule string
	// depth is 0 for the rule's own words, more for followed commands.
	depth  int
	seen   map[string]bool
	origin map[string]origin
	// forwards is how deep scripts handing their arguments on are read.
	forwards int
}

func newDefWalk(rule string) *defWalk {
	return &defWalk{rule: rule, seen: map[string]bool{}, origin: map[string]origin{}}
}

// from records how d's text runs, so that it is followed.
func (w *defWalk) from(d Definition, kind, cwd string) Definition {
	if _, ok := w.origin[d.ID()]; !ok && d.Hash != "" {
		w.origin[d.ID()] = origin{kind: kind, cwd: cwd}
	}
	return d
}

// followDefinitions adds to defs what the commands in their texts reach,
// in turn; each definition once.
func (p *Project) followDefinitions(w *defWalk, defs []Definition) []Definition {
	index := map[string]int{}
	depth := map[string]int{}
	out := []Definition{}
	add := func(d Definition, level int) {
		if _, dup := index[d.ID()]; dup || len(out) >= maxFollowed {
			return
		}
		index[d.ID()] = len(out)
		depth[d.ID()] = level
		out = append(out, d)
	}
	for _, d := range defs {
		add(d, 0)
	}
	for i := 0; i < len(out); i++ {
		o, ok := w.origin[out[i].ID()]
		level := depth[out[i].ID()]
		if !ok || level >= maxFollowDepth {
			continue
		}
		cmds, notes := p.commandsOf(out[i], o)
		w.depth = level + 1
		var outside []string
		for _, c := range cmds {
			if len(c.words) > 0 && OutsideCommand(c.words) && len(outside) < maxNotFollowed && !slices.Contains(outside, c.raw) {
				outside = append(outside, c.raw)
			}
		}
		out[i].Outside = strings.Join(outside, "\n")
		for _, c := range cmds {
			found, note := p.followCommand(w, c)
			for _, f := range found {
				add(f, level+1)
			}
			if note != "" {
				notes = append(notes, note)
			}
		}
		w.depth = 0
		notes = append(out[i].UnfollowedWords(), notes...)
		slices.Sort(notes)
		notes = slices.Compact(notes)
		if len(notes) > maxNotFollowed {
			notes = notes[:maxNotFollowed]
		}
		out[i].NotFollowed = strings.Join(notes, "\n")
	}
	return out
}

// UnfollowedWords are the commands of NotFollowed.
func (d Definition) UnfollowedWords() []string {
	if d.NotFollowed == "" {
		return nil
	}
	return strings.Split(d.NotFollowed, "\n")
}

// Command is one command of a definition's text: its words up to the
// first one computed when it runs, and the folder it runs in ("" when a
// computed `cd` made it unknown).
type Command struct {
	words []string
	// complete: every word is literal.
	complete bool
	cwd      string
	raw      string
}

// commandsOf reads the commands a definition's text runs.
func (p *Project) commandsOf(d Definition, o origin) ([]Command, []string) {
	text := d.Text
	if text == "" {
		if d.Hash != "" && o.kind != "file" {
			return nil, []string{d.File} // larger than the text a pin keeps: its commands are not read
		}
		return nil, nil
	}
	switch o.kind {
	case "sh":
		return ShellCommands(text, o.cwd)
	case "composer":
		return ComposerCommands(text, o.cwd)
	case "make":
		return MakeCommands(text, o.cwd)
	case "just":
		return JustCommands(text, o.cwd)
	case "task":
		return TaskCommands(text, o.cwd)
	case "file":
		if isShellScript(d.File, text) {
			return ShellCommands(text, o.cwd)
		}
	}
	return nil, nil
}

// isShellScript: a file a shell runs, by its name or its #! line.
func isShellScript(name, text string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".sh", ".bash", ".zsh", ".ksh", ".dash":
		return true
	}
	first, _, _ := strings.Cut(text, "\n")
	if !strings.HasPrefix(first, "#!") {
		return false
	}
	for _, f := range strings.Fields(first[2:]) {
		if strings.HasPrefix(f, "-") || f == "env" || strings.HasSuffix(f, "/env") {
			continue
		}
		switch catalog.ProgramName(f) {
		case "sh", "bash", "zsh", "ksh", "dash", "ash", "mksh":
			return true
		}
		return false
	}
	return false
}

// ShellCommands reads the commands of a shell text, each with the folder
// it runs in after the `cd`s before it.
func ShellCommands(text, cwd string) ([]Command, []string) {
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	f, err := parser.Parse(strings.NewReader(text), "")
	if err != nil {
		return nil, []string{FirstLine(strings.TrimSpace(text), 60)}
	}
	s := &shellScan{text: text}
	dir := cwd
	s.stmts(f.Stmts, &dir)
	return s.out, nil
}

type shellScan struct {
	text string
	out  []Command
}

func (s *shellScan) stmts(list []*syntax.Stmt, cwd *string) {
	for _, st := range list {
		s.stmt(st, cwd)
	}
}

func (s *shellScan) stmt(st *syntax.Stmt, cwd *string) {
	if st == nil {
		return
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		s.call(c, cwd)
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			// Each side of a pipe runs in a subshell of its own.
			l, r := *cwd, *cwd
			s.stmt(c.X, &l)
			s.stmt(c.Y, &r)
			return
		}
		s.stmt(c.X, cwd)
		s.stmt(c.Y, cwd)
	case *syntax.Subshell:
		inner := *cwd
		s.stmts(c.Stmts, &inner)
	case *syntax.Block:
		s.stmts(c.Stmts, cwd)
	case *syntax.IfClause:
		for ic := c; ic != nil; ic = ic.Else {
			s.stmts(ic.Cond, cwd)
			s.stmts(ic.Then, cwd)
		}
	case *syntax.WhileClause:
		s.stmts(c.Cond, cwd)
		s.stmts(c.Do, cwd)
	case *syntax.ForClause:
		s.stmts(c.Do, cwd)
	case *syntax.CaseClause:
		for _, it := range c.Items {
			s.stmts(it.Stmts, cwd)
		}
	case *syntax.FuncDecl:
		s.stmt(c.Body, cwd)
	case *syntax.TimeClause:
		s.stmt(c.Stmt, cwd)
	case *syntax.CoprocClause:
		s.stmt(c.Stmt, cwd)
	}
}

func (s *shellScan) call(c *syntax.CallExpr, cwd *string) {
	// Commands substituted inside its words run too, in a subshell.
	for _, w := range c.Args {
		syntax.Walk(w, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				inner := *cwd
				s.stmts(n.Stmts, &inner)
				return false
			case *syntax.ProcSubst:
				inner := *cwd
				s.stmts(n.Stmts, &inner)
				return false
			}
			return true
		})
	}
	if len(c.Args) == 0 {
		return
	}
	cmd := Command{complete: true, cwd: *cwd, raw: s.source(c)}
	for _, w := range c.Args {
		lit, ok := wordText(w)
		if !ok {
			cmd.complete = false
			break
		}
		cmd.words = append(cmd.words, lit)
	}
	if len(cmd.words) > 0 && (cmd.words[0] == "cd" || cmd.words[0] == "pushd") {
		switch {
		case !cmd.complete || len(cmd.words) != 2 || cmd.words[1] == "-" || *cwd == "":
			*cwd = ""
		case filepath.IsAbs(cmd.words[1]):
			*cwd = filepath.Clean(cmd.words[1])
		default:
			*cwd = filepath.Join(*cwd, cmd.words[1])
		}
		return
	}
	s.out = append(s.out, cmd)
}

// source is a command's text as written, shortened for a label.
func (s *shellScan) source(c *syntax.CallExpr) string {
	a, b := c.Pos().Offset(), c.End().Offset()
	if a >= b || int(b) > len(s.text) {
		return ""
	}
	return FirstLine(strings.Join(strings.Fields(s.text[a:b]), " "), 80)
}

// wordText is a word made of literal text and quotes, unquoted.
func wordText(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			b.WriteString(part.Value)
		case *syntax.SglQuoted:
			if part.Dollar {
				return "", false
			}
			b.WriteString(part.Value)
		case *syntax.DblQuoted:
			for _, q := range part.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// runnerNames are the programs whose definitions Memo reads: a command
// of theirs Memo cannot read in full is not followed, and said so.
var runnerNames = map[string]bool{
	"npm": true, "pnpm": true, "yarn": true, "bun": true, "composer": true, "make": true, "just": true,
	"task": true, "cargo": true, "source": true, ".": true,
}

// followable: a command starting with word may run a definition.
func followable(word string) bool {
	name := catalog.ProgramName(word)
	return runnerNames[name] || runnerNames[word] || catalog.IsInterpreter(name) || strings.ContainsAny(word, `/\`)
}

// followWrapped follows the command a wrapper Memo reads no further runs
// (cross-env X=1 node x.js, env, nice, dotenv --): from the first later
// word that is an interpreter or a runner, or a ./path after only
// assignments and options.
func (p *Project) followWrapped(w *defWalk, c Command) ([]Definition, string) {
	// A ./path is a program after a wrapper or an assignment, not an
	// operand (jest ./src, eslint --fix ./lib).
	plain, assigned := true, wrapperNames[catalog.ProgramName(c.words[0])]
	for i := 1; i < len(c.words); i++ {
		word := c.words[i]
		name := catalog.ProgramName(word)
		if !strings.Contains(word, "=") && (runnerNames[name] || catalog.IsInterpreter(name) || plain && assigned && strings.HasPrefix(word, "./")) {
			inner := c
			inner.words = c.words[i:]
			return p.followCommand(w, inner)
		}
		plain = plain && (strings.Contains(word, "=") || strings.HasPrefix(word, "-"))
		assigned = assigned || strings.Contains(word, "=") && !strings.HasPrefix(word, "-")
	}
	return nil, ""
}

// wrapperNames run the command their words give, after their options.
var wrapperNames = map[string]bool{
	"env": true, "nice": true, "nohup": true, "time": true, "timeout": true, "cross-env": true, "dotenv": true,
	"exec": true, "command": true, "xvfb-run": true, "stdbuf": true, "ionice": true, "chrt": true, "taskset": true,
}

// followCommand reads one command of a definition as a line of its own,
// in its folder: the definitions it reaches, or the command as written
// when Memo cannot follow it.
func (p *Project) followCommand(w *defWalk, c Command) ([]Definition, string) {
	if len(c.words) == 0 {
		return nil, c.raw // the program itself is computed
	}
	name := catalog.ProgramName(c.words[0])
	if tasks, ok := monorepoTasks(name, c.words); ok {
		// turbo, lerna and nx run the package.json scripts of every
		// workspace member: read as npm run TASK --workspaces.
		if len(tasks) == 0 || !c.complete {
			return nil, c.raw
		}
		var defs []Definition
		for _, task := range tasks {
			found, _ := p.followCommand(w, Command{words: []string{"npm", "run", task, "--workspaces"}, complete: true, cwd: c.cwd, raw: c.raw})
			defs = append(defs, found...)
		}
		return defs, ""
	}
	if !followable(c.words[0]) {
		return p.followWrapped(w, c)
	}
	if c.cwd == "" {
		return nil, c.raw
	}
	if _, inside := RelInside(p.Root, c.cwd); !inside {
		return nil, c.raw
	}
	key := c.cwd + "\x00" + strings.Join(c.words, "\x00")
	if w.seen[key] {
		return nil, ""
	}
	w.seen[key] = true
	sub := *p
	sub.Dir = c.cwd
	var defs []Definition
	var problem domain.Text
	if c.words[0] == "source" || c.words[0] == "." {
		if len(c.words) < 2 {
			return nil, c.raw
		}
		defs, problem = sub.followedScript(w, c.words[1], true)
	} else if text, ok := shellString(name, c.words); ok {
		// sh -c 'cd web && ./build.sh': the string is commands of its own.
		if !c.complete {
			return nil, c.raw
		}
		cmds, notes := ShellCommands(text, c.cwd)
		for _, inner := range cmds {
			found, note := p.followCommand(w, inner)
			defs = append(defs, found...)
			if note != "" {
				notes = append(notes, note)
			}
		}
		if len(notes) > 0 {
			return defs, notes[0]
		}
		return defs, ""
	} else {
		defs, problem = sub.readDefinitions(w, c.words)
	}
	if len(defs) == 0 && problem.IsZero() && c.complete {
		return p.followWrapped(w, c) // /usr/bin/env node x.js
	}
	if len(defs) == 0 {
		return nil, c.raw
	}
	if !c.complete && (catalog.IsInterpreter(name) || runnerNames[name]) {
		return defs, c.raw
	}
	return defs, ""
}

// followedScript pins a script a command runs. Followed from a definition
// (not the rule's own words), a program the project installed
// (node_modules, .venv, vendor/bin) is not the project's own file, and a
// file that is no text (a program the build made) is not pinned: the
// command is listed as not followed.
func (p *Project) followedScript(w *defWalk, word string, script bool) ([]Definition, domain.Text) {
	defs, why := p.scriptFile(w.rule, word, script)
	if w.depth == 0 && !script && len(defs) == 1 && (p.absent(defs[0].File) || why.IsZero() && defs[0].Text == "" && p.compiledProgram(defs[0].File)) {
		// The rule's program is one the project builds (./caddy after
		// make): its bytes change with every build, so it is not pinned;
		// absent, the line runs nothing. It is pinned as absent, so a
		// script (text) written there later is a change the rule asks
		// about; the label says it is not followed.
		return []Definition{{Rule: w.rule, File: defs[0].File, NotFollowed: word}}, domain.Text{}
	}
	if w.depth > 0 {
		if len(defs) == 1 && installedPath(defs[0].File) {
			return nil, domain.Text{}
		}
		if len(defs) == 1 {
			if kind, _, err := p.lstat(filepath.Join(p.Root, filepath.FromSlash(defs[0].File))); err == nil && kind == filekind.Dir {
				return nil, domain.Text{} // a folder: an operand, not a script
			}
		}
		if len(defs) == 1 && defs[0].Hash != "" && defs[0].Text == "" {
			return nil, domain.T("`{{.Word}}` is not a script Memo can read", "Word", word)
		}
	}
	for _, d := range defs {
		w.from(d, "file", p.Dir)
	}
	return defs, why
}

// absent: the project file rel (slash separated) is not there at all; one
// Memo cannot read is not absent.
func (p *Project) absent(rel string) bool {
	_, _, err := p.lstat(filepath.Join(p.Root, filepath.FromSlash(rel)))
	return isNotExist(err)
}

// installedPath: a file a package manager installed.
func installedPath(rel string) bool {
	parts := strings.Split(rel, "/")
	for i, part := range parts {
		if part == "node_modules" || part == ".venv" || (part == "vendor" && i+1 < len(parts) && parts[i+1] == "bin") {
			return true
		}
	}
	return false
}

// shellString is the command string of `sh -c STRING` (bash, zsh, dash;
// -c bundled as in -ec).
func shellString(name string, words []string) (string, bool) {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh":
	default:
		return "", false
	}
	for i := 1; i < len(words)-1; i++ {
		a := words[i]
		if !strings.HasPrefix(a, "-") || strings.HasPrefix(a, "--") {
			return "", false
		}
		if strings.Contains(a, "c") {
			return words[i+1], true
		}
	}
	return "", false
}

// monorepoTasks are the package.json scripts a turbo, lerna or nx command
// runs in the workspace members (ok: the program is one of those; no
// tasks: Memo cannot tell which).
func monorepoTasks(name string, words []string) ([]string, bool) {
	var plain []string
	var targets []string
	for i := 1; i < len(words); i++ {
		a := words[i]
		switch {
		case a == "-t" || a == "--target" || a == "--targets":
			if i+1 < len(words) {
				targets = append(targets, strings.Split(words[i+1], ",")...)
				i++
			}
		case strings.HasPrefix(a, "--target=") || strings.HasPrefix(a, "--targets="):
			_, v, _ := strings.Cut(a, "=")
			targets = append(targets, strings.Split(v, ",")...)
		case strings.HasPrefix(a, "-"):
		default:
			plain = append(plain, a)
		}
	}
	switch name {
	case "turbo":
		if len(plain) > 0 && plain[0] == "run" {
			plain = plain[1:]
		}
		return plain, true
	case "lerna":
		if len(plain) > 1 && plain[0] == "run" {
			return plain[1:2], true
		}
		return nil, true
	case "nx":
		switch {
		case len(plain) > 0 && (plain[0] == "run-many" || plain[0] == "affected"):
			return targets, true
		case len(plain) > 1 && plain[0] == "run":
			parts := strings.Split(plain[1], ":")
			if len(parts) > 1 {
				return parts[1:2], true
			}
			return nil, true
		case len(plain) > 0:
			return plain[:1], true // nx TARGET PROJECT
		}
		return nil, true
	}
	return nil, false
}

func FirstLine(s string, n int) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > n {
		s = s[:n-1] + "…"
	}
	return s
}
