// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/permissions/catalog"
)

// What a project shell script does with its arguments (docs/permissions.md
// §7, Programs without an entry): a script that only hands "$@" to
// commands whose other words are literal forwards its arguments, and its
// line is checked as each of those commands; a script that only compares
// $1, $2 … with literal words takes one of those words. Anything else —
// an argument handed to a command in another way, $*, shift, set --,
// eval, source, a function given the arguments, a folder Memo cannot tell
// — leaves the arguments unknown, and the line asks as for any program
// without an entry. The reading is bounded (maxScriptArgsFile).

// maxScriptArgsFile bounds the script Memo reads for its arguments; a
// larger one's arguments are unknown.
const maxScriptArgsFile = 256 << 10

// ScriptArgs is what a project script does with its positional parameters.
type ScriptArgs struct {
	// File is the script, relative to the root, slash separated.
	File string
	// Unknown says why Memo cannot tell ("" when it can).
	Unknown string
	// Forwards are the commands the script hands "$@" to.
	Forwards []Forward
	// Choices[i] are the literal words $i+1 is compared with.
	Choices [][]string
	// Switches are the words a loop over the arguments takes, each in any
	// place and number (scriptswitches.go), compared as SwitchNorm makes
	// them (NormalizeSwitch).
	Switches   []string
	SwitchNorm string
	// BashOnly: the reading took the script's folder from what only bash
	// has (BASH_SOURCE, pushd): sh x.sh on Debian is dash, where the
	// folder stays.
	BashOnly bool
}

// Forward is one command a script hands its arguments to: its literal
// words, before "$@", and the folder it runs in.
type Forward struct {
	Words []string
	// Dir is the absolute folder the command runs in.
	Dir string
	// Split: the arguments are expanded unquoted ($@), so each is split
	// at blanks.
	Split bool
	// Raw is the command as written, for a label.
	Raw string
	// Env names the variable the command word is read from when the
	// script sets it only to `$(command -v NAME)` (NUKE's "$DOTNET_EXE"):
	// where that did not run, the environment's value would be the
	// program, so the reading holds only while the environment sets none.
	Env string
}

// Known reports whether Memo knows what every argument can do.
func (a ScriptArgs) Known() bool {
	return a.Unknown == "" && (len(a.Forwards) > 0 || len(a.Choices) > 0 || len(a.Switches) > 0)
}

// Summary is the reading as the rule's label says it: a line "forwards
// COMMAND" for each command the script hands its arguments to, else
// "choices N WORD …" for each argument it compares; "" when unknown.
func (a ScriptArgs) Summary() string {
	if !a.Known() {
		return ""
	}
	var out []string
	for _, f := range a.Forwards {
		out = append(out, "forwards "+strings.Join(f.Words, " "))
	}
	if len(out) == 0 && len(a.Switches) > 0 {
		out = append(out, "switches "+strings.Join(a.Switches, " "))
	}
	if len(out) == 0 {
		for i, c := range a.Choices {
			if len(c) > 0 {
				out = append(out, fmt.Sprintf("choices %d %s", i+1, strings.Join(c, " ")))
			}
		}
	}
	return strings.Join(out, "\n")
}

// ScriptArguments reads the project script word names (a program word of
// a line run in p.Dir) for what it does with its arguments.
func (p *Project) ScriptArguments(word string) ScriptArgs {
	if p == nil {
		return ScriptArgs{Unknown: "no project"}
	}
	return p.Memo("scriptargs", word, func(q *Project) any { return q.readScriptArgs(word) }).(ScriptArgs)
}

func (p *Project) readScriptArgs(word string) ScriptArgs {
	abs := word
	if filepath.IsAbs(abs) {
		return ScriptArgs{Unknown: "not a project file"}
	}
	abs = filepath.Join(p.Dir, word)
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	if !ok {
		return ScriptArgs{Unknown: "outside the project"}
	}
	real, ok := p.resolve(rel)
	if !ok {
		return ScriptArgs{Unknown: "a link out of the project"}
	}
	file := filepath.ToSlash(real)
	path := filepath.Join(p.Root, real)
	kind, fi, err := p.lstat(path)
	switch {
	case err != nil:
		return ScriptArgs{File: file, Unknown: "cannot be read"}
	case kind != filekind.File:
		return ScriptArgs{File: file, Unknown: "not a plain file"}
	case fi.Size() > maxScriptArgsFile:
		return ScriptArgs{File: file, Unknown: "larger than Memo reads for its arguments (256 KiB)"}
	}
	b, err := p.Read(path, maxScriptArgsFile)
	if err != nil {
		return ScriptArgs{File: file, Unknown: "cannot be read"}
	}
	text := string(b)
	if why := bashReading(file, text); why != "" {
		return ScriptArgs{File: file, Unknown: why}
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "")
	if err != nil {
		return ScriptArgs{File: file, Unknown: "a syntax error"}
	}
	s := newArgScan(p, word, text, f)
	s.bash = shebangShell(text) == "bash" || shebangShell(text) == ""
	if first, _, _ := strings.Cut(text, "\n"); strings.HasPrefix(first, "#!") && strings.Contains(first, "-e") {
		s.errexit = true
	}
	dir := p.Dir
	if _, ok := s.funcs["command_not_found_handle"]; ok {
		// bash hands a command it cannot find, with its arguments, to it.
		s.fail("defines command_not_found_handle, which bash hands a missing command and its arguments")
	}
	s.script(f.Stmts, &dir)
	out := ScriptArgs{File: file, Unknown: s.unknown}
	if out.Unknown != "" {
		return out
	}
	out.Forwards = s.forwards
	for i := range s.choices {
		slices.Sort(s.choices[i])
		s.choices[i] = slices.Compact(s.choices[i])
	}
	out.Choices = s.choices
	if len(s.switches) > 0 {
		out.Switches = slices.Sorted(slices.Values(s.switches))
		out.SwitchNorm = s.switchNorm
	}
	out.BashOnly = s.bashOnly
	return out
}

// shebangShell is the shell a #! line names (sh, bash, dash, ash), or ""
// without one.
func shebangShell(text string) string {
	fields, ok := shebangFields(text)
	if !ok {
		return ""
	}
	if len(fields) == 0 {
		return "?"
	}
	return filepath.Base(fields[0])
}

// shebangFields are the words of a text's #! line, past `env` and its
// `-S`; ok is false when the text has no #! line.
func shebangFields(text string) ([]string, bool) {
	first, _, _ := strings.Cut(text, "\n")
	first = strings.TrimSuffix(first, "\r")
	if !strings.HasPrefix(first, "#!") {
		return nil, false
	}
	fields := strings.Fields(first[2:])
	if len(fields) > 0 && catalog.ProgramName(fields[0]) == "env" {
		fields = fields[1:]
		if len(fields) > 0 && fields[0] == "-S" {
			fields = fields[1:]
		}
	}
	return fields, true
}

// bashReading says why a file is not read as a bash or sh script, or "".
// A #! line decides (sh, bash, dash, ash, with at most -e, -u, -x); without
// one bash runs a file it is handed, except a Windows script, which cmd or
// PowerShell runs there.
func bashReading(name, text string) string {
	if strings.ContainsRune(text, 0) {
		return "not a text file"
	}
	fields, ok := shebangFields(text)
	if !ok {
		switch strings.ToLower(filepath.Ext(name)) {
		case "", ".sh", ".bash":
			return ""
		}
		return "not a shell script"
	}
	if len(fields) == 0 {
		return "not a shell script"
	}
	switch filepath.Base(fields[0]) {
	case "sh", "bash", "dash", "ash":
	default:
		return "not a shell script"
	}
	for _, f := range fields[1:] {
		if !strings.HasPrefix(f, "-") || strings.Trim(f[1:], "eux") != "" || f == "-" {
			return "its #! line gives the shell options Memo does not read"
		}
	}
	return ""
}

// argScan is one reading of a script.
type argScan struct {
	p       *Project
	invoked string // $0: the script as the line names it
	text    string
	// funcs are the functions the file defines, true when the body
	// changes folder.
	funcs map[string]bool
	// assigned counts the places each variable is set; vars are the values
	// of those set once, at the top, to words Memo can read.
	assigned map[string]int
	vars     map[string]string
	// found are the variables whose every assignment is
	// `$(command -v NAME)`, one NAME each (commandFound).
	found   map[string]string
	errexit bool
	plusE   bool
	// bash: the #! line names bash, or there is none (bash runs such a
	// file itself); bashOnly: BASH_SOURCE or pushd was read.
	bash, bashOnly bool
	// captured counts the readers of the output of the command being
	// scanned: a command substitution, a process substitution, a pipe.
	captured int
	forwards []Forward
	choices  [][]string
	// switches are the words a top-level loop over the arguments takes
	// (switchLoop), switchNorm how it compares them.
	switches    []string
	switchNorm  string
	switchLoops int
	unknown     string
}

func newArgScan(p *Project, invoked, text string, f *syntax.File) *argScan {
	s := &argScan{p: p, invoked: invoked, text: text, funcs: map[string]bool{}, assigned: map[string]int{}, vars: map[string]string{}, found: map[string]string{}}
	finds := map[string]int{}
	defer func() {
		for name, n := range finds {
			if n != s.assigned[name] || s.found[name] == "" {
				delete(s.found, name)
			}
		}
	}()
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			s.funcs[n.Name.Value] = s.funcs[n.Name.Value] || changesDir(n.Body)
		case *syntax.Assign:
			if n.Name != nil {
				s.assigned[n.Name.Value]++
				if prog, ok := commandFound(n); ok {
					if old, seen := s.found[n.Name.Value]; seen && old != prog {
						prog = ""
					}
					s.found[n.Name.Value] = prog
					finds[n.Name.Value]++
				}
			}
		case *syntax.WordIter:
			s.assigned[n.Name.Value]++
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				if name, ok := wordText(n.Args[0]); ok {
					switch name {
					case "read", "mapfile", "readarray", "getopts", "printf", "unset", "export", "declare", "local", "typeset", "readonly":
						for _, w := range n.Args[1:] {
							if lit, ok := wordText(w); ok {
								s.assigned[lit]++
							}
						}
					case "set":
						for _, w := range n.Args[1:] {
							if lit, ok := wordText(w); ok && (lit == "+e" || strings.HasPrefix(lit, "+") && strings.Contains(lit, "e") || lit == "+o") {
								s.plusE = true
							}
						}
					}
				}
			}
		}
		return true
	})
	return s
}

// fail records the first reason the arguments are unknown.
func (s *argScan) fail(why string) {
	if s.unknown == "" {
		s.unknown = why
	}
}

// changesDir: a cd, pushd or popd stands somewhere in n.
func changesDir(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			if name, ok := wordText(c.Args[0]); ok && (name == "cd" || name == "pushd" || name == "popd") {
				found = true
			}
		}
		return !found
	})
	return found
}

// script scans the script's top-level statements: past a loop over its
// switches, which shifts every word a line may give it, its positional
// parameters are empty, as a function's own are not the script's.
func (s *argScan) script(list []*syntax.Stmt, cwd *string) {
	past := false
	for _, st := range list {
		if s.unknown != "" {
			return
		}
		if w, ok := st.Cmd.(*syntax.WhileClause); ok && !past && plainStmt(st) && s.switchLoop(w, cwd) {
			past = true
			continue
		}
		s.stmt(st, cwd, past)
	}
}

// stmts scans a list run in order; cwd is the folder ("" when unknown),
// inFunc that positional parameters are a function's own.
func (s *argScan) stmts(list []*syntax.Stmt, cwd *string, inFunc bool) {
	for _, st := range list {
		s.stmt(st, cwd, inFunc)
	}
}

func (s *argScan) stmt(st *syntax.Stmt, cwd *string, inFunc bool) {
	if st == nil || s.unknown != "" {
		return
	}
	for _, r := range st.Redirs {
		for _, w := range []*syntax.Word{r.Word, r.Hdoc} {
			if w != nil {
				s.substs(w, *cwd, inFunc)
				if !inFunc && usesPositional(w) {
					s.fail("uses an argument in a redirection")
				}
			}
		}
	}
	// Output sent to a process substitution or to a place computed when
	// it runs (>&"$fd", a coprocess) is read by another command, as a
	// pipe's is; exec >(…) sends there all that follows.
	readOut := false
	for _, r := range st.Redirs {
		if r.Word != nil && (hasProcSubst(r.Word) || !isLiteral(r.Word)) {
			readOut = true
		}
	}
	if readOut {
		s.captured++
		defer func() { s.captured-- }()
		if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 && wordValue(c.Args[0]) == "exec" && len(c.Args) == 1 {
			s.captured++ // for the rest of the script
		}
	}
	if st.Background {
		inner := *cwd
		s.command(st, &inner, inFunc)
		return
	}
	s.command(st, cwd, inFunc)
}

// hasProcSubst: w holds a process substitution.
func hasProcSubst(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.ProcSubst); ok {
			found = true
		}
		return !found
	})
	return found
}

func (s *argScan) command(st *syntax.Stmt, cwd *string, inFunc bool) {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		s.call(c, cwd, inFunc)
	case *syntax.BinaryCmd:
		s.binary(c, cwd, inFunc)
	case *syntax.Subshell:
		inner := *cwd
		s.stmts(c.Stmts, &inner, inFunc)
	case *syntax.Block:
		s.stmts(c.Stmts, cwd, inFunc)
	case *syntax.IfClause:
		start := *cwd
		if changesDir(c) {
			// Which branch ran, and where the condition left the folder,
			// is known only when it runs.
			start = ""
		}
		for ic := c; ic != nil; ic = ic.Else {
			d := start
			s.stmts(ic.Cond, &d, inFunc)
			d = start
			s.stmts(ic.Then, &d, inFunc)
		}
		if changesDir(c) {
			*cwd = ""
		}
	case *syntax.WhileClause:
		s.loop(c, append(append([]*syntax.Stmt{}, c.Cond...), c.Do...), cwd, inFunc)
	case *syntax.ForClause:
		if wi, ok := c.Loop.(*syntax.WordIter); ok {
			if !wi.InPos.IsValid() && !inFunc {
				s.fail("loops over its arguments")
			}
			for _, w := range wi.Items {
				s.substs(w, *cwd, inFunc)
				if !inFunc && usesPositional(w) {
					s.fail("loops over its arguments")
				}
			}
		} else if cl, ok := c.Loop.(*syntax.CStyleLoop); ok && !inFunc {
			for _, x := range []syntax.ArithmExpr{cl.Init, cl.Cond, cl.Post} {
				if x != nil && usesPositional(x) {
					s.fail("uses an argument in arithmetic")
				}
			}
		}
		s.loop(c, c.Do, cwd, inFunc)
	case *syntax.CaseClause:
		s.caseClause(c, cwd, inFunc)
	case *syntax.FuncDecl:
		d := ""
		s.stmt(c.Body, &d, true)
	case *syntax.ArithmCmd:
		if !inFunc && usesPositional(c.X) {
			s.fail("uses an argument in arithmetic")
		}
		s.substs(c.X, *cwd, inFunc)
	case *syntax.LetClause:
		for _, x := range c.Exprs {
			if !inFunc && usesPositional(x) {
				s.fail("uses an argument in arithmetic")
			}
		}
	case *syntax.TestClause:
		s.substs(c.X, *cwd, inFunc)
		if !inFunc {
			s.testExpr(c.X)
		}
	case *syntax.DeclClause:
		s.decl(c, cwd, inFunc)
	case *syntax.TimeClause:
		s.stmt(c.Stmt, cwd, inFunc)
	case *syntax.CoprocClause:
		inner := *cwd
		s.stmt(c.Stmt, &inner, inFunc)
	case nil:
	default:
		s.fail("a command Memo does not read")
	}
}

// loop scans a loop's statements: a folder changed anywhere in it is
// unknown from its first pass on.
func (s *argScan) loop(n syntax.Node, list []*syntax.Stmt, cwd *string, inFunc bool) {
	if changesDir(n) {
		*cwd = ""
	}
	inner := *cwd
	s.stmts(list, &inner, inFunc)
}

func (s *argScan) binary(c *syntax.BinaryCmd, cwd *string, inFunc bool) {
	switch c.Op {
	case syntax.Pipe, syntax.PipeAll:
		// Each side of a pipe runs in a subshell of its own; what the
		// left side prints, the right side reads.
		l, r := *cwd, *cwd
		s.captured++
		s.stmt(c.X, &l, inFunc)
		s.captured--
		s.stmt(c.Y, &r, inFunc)
		return
	}
	// X runs; Y runs after it when X succeeded (&&) or failed (||).
	before := *cwd
	s.stmt(c.X, cwd, inFunc)
	after := *cwd
	y := after
	if c.Op == syntax.OrStmt {
		y = before
	}
	if changesDir(c.X) && !isCall(c.X) {
		y = ""
	}
	s.stmt(c.Y, &y, inFunc)
	switch {
	case !changesDir(c):
		*cwd = before
	case c.Op == syntax.OrStmt && isCall(c.X) && exits(c.Y) && !changesDir(c.Y):
		*cwd = after // cd dir || exit 1: past it the folder is dir
	default:
		*cwd = ""
	}
}

// isCall: st is one simple command.
func isCall(st *syntax.Stmt) bool {
	_, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(st.Redirs) == 0
}

// exits: st ends the script (exit, return, or a block ending so).
func exits(st *syntax.Stmt) bool {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			name, _ := wordText(c.Args[0])
			return name == "exit" || name == "return"
		}
	case *syntax.Block:
		return len(c.Stmts) > 0 && exits(c.Stmts[len(c.Stmts)-1])
	}
	return false
}

func (s *argScan) caseClause(c *syntax.CaseClause, cwd *string, inFunc bool) {
	s.substs(c.Word, *cwd, inFunc)
	if !inFunc {
		switch k, n := positional(c.Word); k {
		case posNone, posCount:
		case posN:
			for _, it := range c.Items {
				for _, pat := range it.Patterns {
					lit, ok := wordText(pat)
					switch {
					case ok && lit == "*" && isUnquoted(pat):
						// The default branch: it makes no word a choice.
					case ok && !globbing(pat) && !usesPositional(pat):
						s.choose(n, lit)
					default:
						s.fail("compares an argument with a pattern")
					}
				}
			}
		default:
			s.fail("uses its arguments as the subject of a case")
		}
	}
	start := *cwd
	if changesDir(c) {
		start = ""
	}
	for _, it := range c.Items {
		d := start
		s.stmts(it.Stmts, &d, inFunc)
	}
	if changesDir(c) {
		*cwd = ""
	}
}

// choose records that $n is compared with word.
func (s *argScan) choose(n int, word string) {
	for len(s.choices) < n {
		s.choices = append(s.choices, nil)
	}
	s.choices[n-1] = append(s.choices[n-1], word)
}

func (s *argScan) decl(c *syntax.DeclClause, cwd *string, inFunc bool) {
	for _, a := range c.Args {
		if a.Name == nil {
			if lit, ok := wordText(a.Value); !ok || !strings.HasPrefix(lit, "-") && !strings.HasPrefix(lit, "+") {
				s.fail("declares a variable whose name is computed")
			}
			continue
		}
		s.assign(a, *cwd, inFunc)
	}
}

// assign checks one variable assignment: a variable that changes what
// programs run or how words split, or a value holding an argument, makes
// the arguments unknown.
func (s *argScan) assign(a *syntax.Assign, cwd string, inFunc bool) {
	name := a.Name.Value
	if empty := a.Value == nil || len(a.Value.Parts) == 0 || isLiteral(a.Value) && wordValue(a.Value) == ""; name == "CDPATH" && empty && a.Array == nil {
		// CDPATH="" cd …: the idiom that makes cd go where it says.
	} else if riskyShellVariable(name) {
		s.fail("sets " + name)
	}
	for _, w := range assignWords(a) {
		s.substs(w, cwd, inFunc)
		if !inFunc && usesPositional(w) {
			s.fail("stores an argument in a variable")
		}
	}
	if a.Index != nil && !inFunc && usesPositional(a.Index) {
		s.fail("uses an argument in arithmetic")
	}
}

func assignWords(a *syntax.Assign) []*syntax.Word {
	var out []*syntax.Word
	if a.Value != nil {
		out = append(out, a.Value)
	}
	if a.Array != nil {
		for _, e := range a.Array.Elems {
			if e.Value != nil {
				out = append(out, e.Value)
			}
		}
	}
	return out
}

// riskyShellVariable: setting it changes which program a word runs, how
// the script's words split, where cd goes, or what a program loads.
func riskyShellVariable(name string) bool {
	switch name {
	case "PATH", "IFS", "CDPATH", "PWD", "OLDPWD", "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "GLOBIGNORE", "BASH_ALIASES", "BASH_CMDS", "FUNCNEST":
		return true
	}
	return !catalog.Builtin().VariableRisk([]string{name + "="}).IsZero()
}

// substs scans the commands substituted inside a node: they run, with
// the script's arguments, in a subshell.
func (s *argScan) substs(n syntax.Node, cwd string, inFunc bool) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			inner := cwd
			s.captured++
			s.stmts(n.Stmts, &inner, inFunc)
			s.captured--
			return false
		case *syntax.ProcSubst:
			inner := cwd
			s.captured++
			s.stmts(n.Stmts, &inner, inFunc)
			s.captured--
			return false
		}
		return true
	})
}

// shellBuiltins are bash's builtins: arguments handed to one are never
// forwarded (read, printf -v and declare set variables; eval and source
// run code).
var shellBuiltins = map[string]bool{
	".": true, ":": true, "[": true, "alias": true, "bg": true, "bind": true, "break": true, "builtin": true,
	"caller": true, "cd": true, "command": true, "compgen": true, "complete": true, "compopt": true,
	"continue": true, "declare": true, "dirs": true, "disown": true, "echo": true, "enable": true, "eval": true,
	"exec": true, "exit": true, "export": true, "false": true, "fc": true, "fg": true, "getopts": true,
	"hash": true, "help": true, "history": true, "jobs": true, "kill": true, "let": true, "local": true,
	"logout": true, "mapfile": true, "popd": true, "printf": true, "pushd": true, "pwd": true, "read": true,
	"readarray": true, "readonly": true, "return": true, "set": true, "shift": true, "shopt": true,
	"source": true, "suspend": true, "test": true, "times": true, "trap": true, "true": true, "type": true,
	"typeset": true, "ulimit": true, "umask": true, "unalias": true, "unset": true, "wait": true,
}

func (s *argScan) call(c *syntax.CallExpr, cwd *string, inFunc bool) {
	for _, a := range c.Assigns {
		s.assign(a, *cwd, inFunc)
	}
	if len(c.Args) == 0 {
		if !inFunc {
			// NAME=value at the top: its value is known from here on when
			// it is the only place the name is set.
			for _, a := range c.Assigns {
				if a.Value != nil && a.Array == nil && !a.Append && a.Index == nil && s.assigned[a.Name.Value] == 1 {
					if v, ok := s.value(a.Value, *cwd); ok {
						s.vars[a.Name.Value] = v
					}
				}
			}
		}
		return
	}
	for _, w := range c.Args {
		s.substs(w, *cwd, inFunc)
	}
	args := c.Args
	name, _ := wordText(args[0])
	switch name {
	case "eval":
		s.fail("runs eval")
		return
	case "source", ".":
		s.fail("sources another file, which sees its arguments")
		return
	case "alias", "enable":
		s.fail("defines " + name + "es")
		return
	case "hash":
		if len(args) > 1 {
			s.fail("changes which program a name runs")
			return
		}
	case "trap":
		s.trap(args[1:])
		return
	case "set":
		s.set(args[1:], inFunc)
		return
	case "shift", "getopts":
		if !inFunc {
			s.fail("runs " + name)
		}
		return
	case "cd", "pushd", "popd":
		s.cd(name, args[1:], cwd)
		return
	case "[", "test":
		if !inFunc {
			s.testWords(args[1:], name == "[")
		}
		return
	}
	if changes, ok := s.funcs[name]; ok {
		for _, w := range args[1:] {
			if !inFunc && usesPositional(w) {
				s.fail("hands its arguments to the function " + name)
				return
			}
		}
		if changes {
			*cwd = "" // the function changes the folder when it runs
		}
		return
	}
	if inFunc {
		return // a function's own arguments
	}
	// exec CMD and command CMD run CMD.
	for len(args) > 1 {
		w, _ := wordText(args[0])
		if w != "exec" && w != "command" {
			break
		}
		if next, _ := wordText(args[1]); strings.HasPrefix(next, "-") {
			break
		}
		args = args[1:]
	}
	uses := false
	for _, w := range args {
		uses = uses || usesPositional(w)
	}
	if !uses {
		return
	}
	last := args[len(args)-1]
	k, _ := positional(last)
	if (k != posAt && k != posAtSplit) || len(args) < 2 {
		s.fail("hands an argument to a command in a way Memo does not read")
		return
	}
	words := make([]string, 0, len(args)-1)
	env := ""
	for i, w := range args[:len(args)-1] {
		v, ok := s.value(w, *cwd)
		if !ok && i == 0 {
			v, env, ok = s.foundCommand(w)
		}
		if !ok {
			s.fail("hands its arguments to a command whose words are computed")
			return
		}
		words = append(words, v)
	}
	if s.captured > 0 {
		// Its output, which the arguments choose, becomes the script's
		// data: a shell may read it as code (cat "$@" | sh, $(basename
		// "$@")), which no check of the command's own line sees.
		s.fail("hands its arguments to a command whose output the script reads or pipes on")
		return
	}
	if shellBuiltins[words[0]] || s.funcs[words[0]] {
		s.fail("hands its arguments to the shell's " + words[0])
		return
	}
	if *cwd == "" {
		s.fail("hands its arguments to a command in a folder Memo cannot tell")
		return
	}
	dir, ok := s.existingDir(*cwd)
	if !ok {
		s.fail("hands its arguments to a command in a folder the project does not hold")
		return
	}
	for i, w := range words {
		if filepath.IsAbs(w) {
			r, ok := relWord(dir, w)
			if !ok {
				s.fail("hands its arguments to a command naming a path outside the project")
				return
			}
			words[i] = r
		}
	}
	s.forwards = append(s.forwards, Forward{Words: words, Dir: dir, Split: k == posAtSplit, Raw: s.source(c), Env: env})
}

// commandFound reads an assignment X=$(command -v NAME) (quoted or not,
// export's too): NAME, a program's plain name, which the substitution
// prints the path bash runs it from, or nothing when there is none.
func commandFound(a *syntax.Assign) (string, bool) {
	if a.Value == nil || a.Array != nil || a.Append || a.Index != nil || len(a.Value.Parts) != 1 {
		return "", false
	}
	part := a.Value.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if dq.Dollar || len(dq.Parts) != 1 {
			return "", false
		}
		part = dq.Parts[0]
	}
	cs, ok := part.(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return "", false
	}
	st := cs.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(st.Redirs) > 0 || st.Background || st.Negated || len(call.Assigns) > 0 || len(call.Args) != 3 {
		return "", false
	}
	var ws []string
	for _, w := range call.Args {
		if !isUnquoted(w) {
			return "", false
		}
		ws = append(ws, wordValue(w))
	}
	if ws[0] != "command" || ws[1] != "-v" || !plainProgram(ws[2]) {
		return "", false
	}
	return ws[2], true
}

// plainProgram: a program's bare name (dotnet, python3), which the
// shell looks up in PATH.
func plainProgram(w string) bool {
	if w == "" || w[0] == '-' || w[0] == '.' {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._+-", r)) {
			return false
		}
	}
	return true
}

// foundCommand reads a command word "$X" whose variable the script sets
// only to `$(command -v NAME)`: the program NAME, and X, which the
// environment must leave unset.
func (s *argScan) foundCommand(w *syntax.Word) (string, string, bool) {
	if len(w.Parts) != 1 {
		return "", "", false
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if dq.Dollar || len(dq.Parts) != 1 {
			return "", "", false
		}
		part = dq.Parts[0]
	} else {
		return "", "", false // unquoted, it would be split and matched
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil || pe.Names != 0 {
		return "", "", false
	}
	prog, ok := s.found[pe.Param.Value]
	if !ok || riskyShellVariable(pe.Param.Value) {
		return "", "", false
	}
	return prog, pe.Param.Value, true
}

// existingDir is cwd when it is a folder inside the project, through its
// links.
func (s *argScan) existingDir(cwd string) (string, bool) {
	rel, ok := RelInside(s.p.Root, cwd)
	if !ok {
		return "", false
	}
	real, ok := s.p.resolve(rel)
	if !ok || ProtectedPart(real) {
		return "", false
	}
	abs := filepath.Join(s.p.Root, real)
	if kind, _, err := s.p.lstat(abs); err != nil || kind != filekind.Dir {
		return "", false
	}
	return abs, true
}

// relWord is an absolute path inside the project as a word relative to
// dir (./x for a file in it).
func relWord(dir, abs string) (string, bool) {
	r, err := filepath.Rel(dir, abs)
	if err != nil {
		return "", false
	}
	r = filepath.ToSlash(r)
	if filepath.IsLocal(r) && !strings.HasPrefix(r, "./") {
		r = "./" + r
	}
	if r == "./." {
		r = "."
	}
	return r, true
}

// source is a command's text as written, shortened for a label.
func (s *argScan) source(c *syntax.CallExpr) string {
	a, b := c.Pos().Offset(), c.End().Offset()
	if a >= b || int(b) > len(s.text) {
		return ""
	}
	return FirstLine(strings.Join(strings.Fields(s.text[a:b]), " "), 80)
}

// cd follows a change of folder: a word Memo can read, else unknown.
func (s *argScan) cd(name string, args []*syntax.Word, cwd *string) {
	var ws []string
	for _, w := range args {
		v, ok := s.value(w, *cwd)
		if !ok {
			*cwd = ""
			return
		}
		ws = append(ws, v)
	}
	for len(ws) > 0 && (ws[0] == "--" || ws[0] == "-P" || ws[0] == "-L") {
		ws = ws[1:]
	}
	if name == "pushd" {
		// dash has no pushd: the folder stays.
		if !s.bash {
			*cwd = ""
			return
		}
		s.bashOnly = true
	}
	switch {
	case name == "popd" || len(ws) != 1 || ws[0] == "-" || strings.HasPrefix(ws[0], "-") || strings.HasPrefix(ws[0], "+") || *cwd == "":
		*cwd = ""
	case filepath.IsAbs(ws[0]):
		*cwd = filepath.Clean(ws[0])
	default:
		*cwd = filepath.Join(*cwd, ws[0])
	}
}

// trap: a handler is code the shell runs later, with the script's
// arguments; one that changes folder midway (ERR, DEBUG, RETURN) leaves
// it unknown, unless an ERR handler runs only as errexit ends the script.
func (s *argScan) trap(args []*syntax.Word) {
	var ws []string
	for _, w := range args {
		v, ok := wordText(w)
		if !ok {
			s.fail("sets a trap Memo cannot read")
			return
		}
		ws = append(ws, v)
	}
	if len(ws) > 0 && ws[0] == "--" {
		ws = ws[1:]
	}
	if len(ws) < 2 || strings.HasPrefix(ws[0], "-") {
		return // trap -p, trap -l, trap SIG: nothing set
	}
	handler := ws[0]
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(handler), "")
	if err != nil {
		s.fail("sets a trap Memo cannot read")
		return
	}
	cds := changesDir(f)
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Excl || positionalName(n.Param.Value) {
				s.fail("sets a trap that uses its arguments")
			}
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				name, _ := wordText(n.Args[0])
				cds = cds || s.funcs[name]
				if name == "eval" || name == "source" || name == "." {
					s.fail("sets a trap that runs " + name)
				}
			}
		}
		return true
	})
	if !cds || s.unknown != "" {
		return
	}
	for _, sig := range ws[1:] {
		switch strings.TrimPrefix(strings.ToUpper(sig), "SIG") {
		case "DEBUG", "RETURN":
			s.fail("sets a trap that changes folder midway")
		case "ERR":
			if !s.errexit || s.plusE {
				s.fail("sets a trap that changes folder midway")
			}
		}
	}
}

// set: options (errexit is followed); new positional parameters make the
// arguments unknown.
func (s *argScan) set(args []*syntax.Word, inFunc bool) {
	for i := 0; i < len(args); i++ {
		v, ok := wordText(args[i])
		switch {
		case !ok:
			s.fail("runs set with computed words")
			return
		case v == "-o" || v == "+o":
			if i+1 < len(args) {
				if o, _ := wordText(args[i+1]); o == "errexit" && v == "-o" {
					s.errexit = true
				}
			}
			i++
		case len(v) > 1 && (v[0] == '-' || v[0] == '+') && v != "--" && strings.Trim(v[1:], "abefhkmnoptuvxBCEHPT") == "":
			if v[0] == '-' && strings.Contains(v, "e") {
				s.errexit = true
			}
			if strings.Contains(v, "o") {
				// -euo pipefail: o takes the next word, an option's name.
				if i+1 >= len(args) {
					return
				}
				if o, _ := wordText(args[i+1]); o == "errexit" && v[0] == '-' {
					s.errexit = true
				}
				i++
			}
		default:
			if !inFunc {
				s.fail("sets its arguments anew (set --)")
			}
			return
		}
	}
}

// testWords reads a [ … ] or test command: a comparison of $N with a
// literal word makes that word a choice; -z, -n and $# comparisons only
// read; anything else done with an argument is unknown.
func (s *argScan) testWords(args []*syntax.Word, bracket bool) {
	if bracket && len(args) > 0 {
		args = args[:len(args)-1] // the closing ]
	}
	var clause []*syntax.Word
	flush := func() {
		s.testClause(clause)
		clause = nil
	}
	for _, w := range args {
		lit, ok := wordText(w)
		if ok && isUnquoted(w) && (lit == "-a" || lit == "-o") {
			flush()
			continue
		}
		if ok && isUnquoted(w) && lit == "!" && len(clause) == 0 {
			continue
		}
		clause = append(clause, w)
	}
	flush()
}

func (s *argScan) testClause(ws []*syntax.Word) {
	any := false
	for _, w := range ws {
		any = any || usesPositional(w)
	}
	if !any {
		return
	}
	switch len(ws) {
	case 1:
		if k, _ := positional(ws[0]); k == posN || k == posCount {
			return // [ "$1" ]: is it empty
		}
	case 2:
		op, _ := wordText(ws[0])
		if k, _ := positional(ws[1]); (op == "-z" || op == "-n") && (k == posN || k == posCount) {
			return
		}
	case 3:
		op, _ := wordText(ws[1])
		ka, na := positional(ws[0])
		kb, nb := positional(ws[2])
		switch op {
		case "=", "==", "!=":
			switch {
			case ka == posN && kb == posNone && isLiteral(ws[2]) && !globbing(ws[2]):
				w, _ := wordText(ws[2])
				s.choose(na, w)
				return
			case kb == posN && ka == posNone && isLiteral(ws[0]) && !globbing(ws[0]):
				w, _ := wordText(ws[0])
				s.choose(nb, w)
				return
			case ka == posCount && (kb == posNone || kb == posCount), kb == posCount && ka == posNone:
				return
			}
		case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
			if (ka == posCount || ka == posNone) && (kb == posCount || kb == posNone) {
				return
			}
		}
	}
	s.fail("tests an argument in a way Memo does not read")
}

// testExpr reads a [[ … ]] expression as testWords does.
func (s *argScan) testExpr(x syntax.TestExpr) {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.AndTest, syntax.OrTest:
			s.testExpr(x.X)
			s.testExpr(x.Y)
			return
		}
		xw, _ := x.X.(*syntax.Word)
		yw, _ := x.Y.(*syntax.Word)
		if xw == nil || yw == nil {
			s.fail("tests an argument in a way Memo does not read")
			return
		}
		if !usesPositional(xw) && !usesPositional(yw) {
			return
		}
		ka, na := positional(xw)
		kb, _ := positional(yw)
		switch x.Op {
		case syntax.TsMatch, syntax.TsMatchShort, syntax.TsNoMatch:
			switch {
			case ka == posN && kb == posNone && isLiteral(yw) && !globbing(yw):
				w, _ := wordText(yw)
				s.choose(na, w)
				return
			case ka == posCount && kb == posNone:
				return
			}
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			// Arithmetic: only the count, never an argument's text.
			if (ka == posCount || ka == posNone && isLiteral(xw)) && (kb == posCount || kb == posNone && isLiteral(yw)) {
				return
			}
		}
		s.fail("tests an argument in a way Memo does not read")
	case *syntax.UnaryTest:
		if x.Op == syntax.TsNot {
			s.testExpr(x.X)
			return
		}
		w, _ := x.X.(*syntax.Word)
		if w == nil || !usesPositional(w) {
			return
		}
		if k, _ := positional(w); (x.Op == syntax.TsEmpStr || x.Op == syntax.TsNempStr) && (k == posN || k == posCount) {
			return
		}
		s.fail("tests an argument in a way Memo does not read")
	case *syntax.ParenTest:
		s.testExpr(x.X)
	case *syntax.Word:
		if k, _ := positional(x); usesPositional(x) && k != posN && k != posCount {
			s.fail("tests an argument in a way Memo does not read")
		}
	}
}

// The kinds of a word's use of the positional parameters.
const (
	posNone    = iota // none
	posN              // $1, "${2}", ${1:-}: one parameter
	posCount          // $#
	posAt             // "$@", "${@}"
	posAtSplit        // $@ unquoted
	posOther          // anything else: $*, "x$1", ${@:2}, ${1:-x}, ${!x} …
)

// positional is how word w, as a whole, uses the positional parameters,
// and which one for posN.
func positional(w *syntax.Word) (int, int) {
	if !usesPositional(w) {
		return posNone, 0
	}
	if len(w.Parts) != 1 {
		return posOther, 0
	}
	part := w.Parts[0]
	quoted := false
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if dq.Dollar || len(dq.Parts) != 1 {
			return posOther, 0
		}
		part, quoted = dq.Parts[0], true
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 {
		return posOther, 0
	}
	if pe.Exp != nil && (pe.Exp.Word != nil && len(pe.Exp.Word.Parts) > 0 || pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull) {
		return posOther, 0
	}
	switch v := pe.Param.Value; {
	case v == "@" && quoted:
		return posAt, 0
	case v == "@":
		return posAtSplit, 0
	case v == "#" && pe.Exp == nil:
		return posCount, 0
	case v != "" && strings.Trim(v, "0123456789") == "" && v != "0" && len(v) < 4:
		n := 0
		for _, r := range v {
			n = n*10 + int(r-'0')
		}
		if n == 0 || n > 64 {
			return posOther, 0
		}
		return posN, n
	}
	return posOther, 0
}

// usesPositional: n expands a positional parameter (or what holds one),
// outside the commands substituted in it, which are read as commands.
func usesPositional(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.ParamExp:
			if n.Excl || n.Param == nil || positionalName(n.Param.Value) {
				found = true
			}
		}
		return !found
	})
	return found
}

// positionalName: a parameter that holds the script's arguments or one of
// them ($1, $@, $*, $#, $_, BASH_ARGV).
func positionalName(v string) bool {
	switch v {
	case "@", "*", "#", "_", "BASH_ARGV", "BASH_ARGC":
		return true
	}
	return v != "" && v != "0" && strings.Trim(v, "0123456789") == ""
}

// wordValue is a literal word's text.
func wordValue(w *syntax.Word) string {
	v, _ := wordText(w)
	return v
}

// isLiteral: w is literal text and quotes.
func isLiteral(w *syntax.Word) bool {
	_, ok := wordText(w)
	return ok
}

// isUnquoted: w is one bare literal.
func isUnquoted(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	_, ok := w.Parts[0].(*syntax.Lit)
	return ok
}

// globbing: w has an unquoted pattern character.
func globbing(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if l, ok := part.(*syntax.Lit); ok && strings.ContainsAny(l.Value, `*?[]\`) {
			return true
		}
		if _, ok := part.(*syntax.ExtGlob); ok {
			return true
		}
	}
	return false
}

// value is a word's text when Memo can read it: literal text, $0, the
// script's folder ($(dirname "$0"), $(cd "$(dirname "$0")"; pwd), with
// BASH_SOURCE too), $PWD, and variables set once to such words.
func (s *argScan) value(w *syntax.Word, cwd string) (string, bool) {
	var b strings.Builder
	var part func(p syntax.WordPart) bool
	part = func(p syntax.WordPart) bool {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "*?[]{}~\\") {
				return false
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return false
			}
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
					continue
				}
				if !part(q) {
					return false
				}
			}
		case *syntax.ParamExp:
			v, ok := s.param(p, cwd)
			if !ok {
				return false
			}
			b.WriteString(v)
		case *syntax.CmdSubst:
			v, ok := s.substValue(p, cwd)
			if !ok {
				return false
			}
			b.WriteString(v)
		default:
			return false
		}
		return true
	}
	for _, p := range w.Parts {
		if !part(p) {
			return "", false
		}
	}
	return b.String(), true
}

// param is a parameter's value when Memo knows it.
func (s *argScan) param(pe *syntax.ParamExp, cwd string) (string, bool) {
	if pe.Excl || pe.Length || pe.Width || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil || pe.Names != 0 || pe.Param == nil {
		return "", false
	}
	name := pe.Param.Value
	if name == "BASH_SOURCE" {
		// Only bash sets it: dash, /bin/sh on Debian, leaves it empty
		// (cd "$(dirname "${BASH_SOURCE[0]}")" fails and the folder stays).
		if !s.bash {
			return "", false
		}
		s.bashOnly = true
	}
	if pe.Index != nil {
		if name != "BASH_SOURCE" {
			return "", false
		}
		if l, ok := pe.Index.(*syntax.Word); !ok || !isLiteral(l) {
			return "", false
		} else if v, _ := wordText(l); v != "0" {
			return "", false
		}
		return s.invoked, true
	}
	switch name {
	case "0", "BASH_SOURCE":
		return s.invoked, true
	case "PWD":
		if cwd == "" || s.assigned["PWD"] > 0 {
			return "", false
		}
		return cwd, true
	}
	if v, ok := s.vars[name]; ok {
		return v, true
	}
	return "", false
}

// substValue reads the substitutions that name the script's folder:
// $(dirname X), $(cd X; pwd), $(cd X && pwd), $(pwd).
func (s *argScan) substValue(c *syntax.CmdSubst, cwd string) (string, bool) {
	var calls []*syntax.CallExpr
	for _, st := range c.Stmts {
		if len(st.Redirs) > 0 || st.Background || st.Negated {
			return "", false
		}
		switch x := st.Cmd.(type) {
		case *syntax.CallExpr:
			calls = append(calls, x)
		case *syntax.BinaryCmd:
			l, lok := x.X.Cmd.(*syntax.CallExpr)
			r, rok := x.Y.Cmd.(*syntax.CallExpr)
			if x.Op != syntax.AndStmt || !lok || !rok || len(x.X.Redirs)+len(x.Y.Redirs) > 0 {
				return "", false
			}
			calls = append(calls, l, r)
		default:
			return "", false
		}
	}
	words := func(c *syntax.CallExpr, at string) ([]string, bool) {
		if len(c.Assigns) > 0 {
			return nil, false
		}
		var out []string
		for _, w := range c.Args {
			v, ok := s.value(w, at)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	}
	switch len(calls) {
	case 1:
		ws, ok := words(calls[0], cwd)
		if !ok || len(ws) == 0 {
			return "", false
		}
		switch {
		case ws[0] == "dirname" && len(ws) == 2 && !strings.HasPrefix(ws[1], "-"):
			return filepath.Dir(ws[1]), true
		case ws[0] == "dirname" && len(ws) == 3 && ws[1] == "--":
			return filepath.Dir(ws[2]), true
		case ws[0] == "pwd" && (len(ws) == 1 || len(ws) == 2 && (ws[1] == "-P" || ws[1] == "-L")):
			return s.physical(cwd)
		}
	case 2:
		ws, ok := words(calls[0], cwd)
		if !ok || len(ws) < 2 || ws[0] != "cd" {
			return "", false
		}
		d := cwd
		s.cd("cd", calls[0].Args[1:], &d)
		pw, ok := words(calls[1], d)
		if !ok || len(pw) == 0 || pw[0] != "pwd" || !(len(pw) == 1 || len(pw) == 2 && (pw[1] == "-P" || pw[1] == "-L")) {
			return "", false
		}
		return s.physical(d)
	}
	return "", false
}

// physical is a folder of the project as pwd prints it, through its
// links; false when it is unknown or outside the project.
func (s *argScan) physical(dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	return s.existingDir(dir)
}

// InDir is the project for a line run in dir, a folder inside it (the
// folder a script runs a command in).
func (p *Project) InDir(dir string) *Project {
	q := *p
	q.Dir = filepath.Clean(dir)
	q.Git = q.repoGit
	return &q
}

// forwardedDefs are the definitions of the commands the project script
// word hands its arguments to, read in the folders they run in, as a rule
// naming each would pin them; a script handing them on is read the same
// way, each once, to maxFollowDepth.
func (p *Project) forwardedDefs(w *defWalk, word string) ([]Definition, domain.Text) {
	if !projectWord(word) {
		return nil, domain.Text{}
	}
	a := p.ScriptArguments(word)
	key := "forwards\x00" + a.File
	if !a.Known() || w.seen[key] || w.forwards >= maxFollowDepth {
		return nil, domain.Text{}
	}
	w.seen[key] = true
	w.forwards++
	defer func() { w.forwards-- }()
	var out []Definition
	for _, f := range a.Forwards {
		d, _ := p.InDir(f.Dir).readDefinitions(w, f.Words)
		out = append(out, d...)
	}
	return out, domain.Text{}
}

// projectWord: a program word naming a file of the project by a relative
// path (./build, scripts/test.sh).
func projectWord(word string) bool {
	w := strings.ReplaceAll(word, `\`, "/")
	return strings.Contains(w, "/") && !strings.HasPrefix(w, "/") && filepath.IsLocal(filepath.FromSlash(w))
}
