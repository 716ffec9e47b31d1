// SPDX-License-Identifier: Apache-2.0

package cmdline

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memo.dev/projects/domain"
)

// Compound lines (docs/permissions.md §3): commands joined by `&&`, `||`,
// `;` and pipes, each with harmless redirections (/dev/null, `2>&1`) or
// redirections to or from a file, which the checker judges (Files). The line is read
// with bash's grammar, never split as a string: each command's words are
// its words' own text, joined by spaces, so that each is a line of its own
// that passes every gate of a plain command (Words, QuotedWords). Anything
// else the grammar builds (a subshell, a group, a function, `!`, `time`,
// background, a coprocess, another descriptor, `<>`, a here-document, a
// target that is not one plain word) makes the line no compound line: it
// is judged as before, and asks.

// MaxCommands bounds the commands of a compound line.
const MaxCommands = 8

// Command is one command of a compound line.
type Command struct {
	// Line is the command's words as written (quotes kept), joined by
	// spaces: a plain command line bash splits into the same words.
	Line string
	// Stage is its place in its pipeline: 0 the first (reads the line's
	// own input), more for a command reading the previous one's output.
	Stage int
	// Pipeline is the index of the pipeline it belongs to.
	Pipeline int
	// Files are its redirections to or from a file (not /dev/null), in
	// order: the checker decides whether each passes.
	Files []FileRedirect
}

// FileRedirect is a redirection of a command to or from a file: `>`,
// `>>`, `>|`, `1>`, `2>`, `&>`, `&>>` (Write) or `<`, `0<` (reading). The
// target is one unquoted word of the strict character set: no expansion,
// quote, pattern or `~` (Plain).
type FileRedirect struct {
	Op    string
	Path  string
	Write bool
}

// Compound is a line read as commands.
type Compound struct {
	Commands []Command
	// Pipelines is how many pipelines the list holds.
	Pipelines int
	// AndOnly: every list operator is `&&` (no `||`): a command
	// runs only when every one before it succeeded.
	AndOnly bool
}

// Files reports whether a command of the line redirects to or from a file.
func (c Compound) Files() bool {
	for _, cmd := range c.Commands {
		if len(cmd.Files) > 0 {
			return true
		}
	}
	return false
}

// TooManyCommands is why a compound line of more than MaxCommands asks.
var TooManyCommands = domain.T("the line holds more than {{.Max}} commands", "Max", MaxCommands)

// SplitCompound reads line as a compound line. ok is false when the line is
// one plain command (judged as before) or not a compound line Memo reads
// (it asks as before, with the character check's reason); reason is set
// when it is a compound line that asks as a whole (too many commands).
func SplitCompound(line string) (c Compound, ok bool, reason domain.Text) {
	if len(line) > MaxLineLength || strings.ContainsAny(line, "\n\r\t") {
		return Compound{}, false, domain.Text{}
	}
	parser := parsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(line), "")
	parsers.Put(parser)
	if err != nil || len(f.Stmts) == 0 || len(f.Last) > 0 {
		return Compound{}, false, domain.Text{}
	}
	// `A ; B` runs B whether A succeeded or not: a list as `||` is, so
	// no `cd` may stand in it (AndOnly), and each command is judged as in
	// one of `&&`.
	r := &compoundReader{line: line, covered: make([]bool, len(line)), c: Compound{AndOnly: true}}
	for i, st := range f.Stmts {
		if i > 0 {
			r.c.AndOnly = false
			if !r.coverOp(int(f.Stmts[i-1].End().Offset()), int(st.Pos().Offset()), "") {
				return Compound{}, false, domain.Text{}
			}
		}
		if st.Semicolon.IsValid() {
			if i == len(f.Stmts)-1 {
				return Compound{}, false, domain.Text{} // a `;` that ends the line: asks as before
			}
			r.cover(int(st.Semicolon.Offset()), int(st.Semicolon.Offset())+1)
		} else if i < len(f.Stmts)-1 {
			return Compound{}, false, domain.Text{} // statements apart without `;`
		}
		if !r.list(st) {
			return Compound{}, false, domain.Text{}
		}
	}
	if len(r.c.Commands) == 1 && !r.redirected {
		return Compound{}, false, domain.Text{} // one plain command
	}
	// What no word, operator or redirection of the tree covers must be
	// blank: a comment or anything the tree does not show asks.
	for i := range line {
		if !r.covered[i] && line[i] != ' ' {
			return Compound{}, false, domain.Text{}
		}
	}
	if len(r.c.Commands) > MaxCommands {
		return Compound{}, true, TooManyCommands
	}
	return r.c, true, domain.Text{}
}

type compoundReader struct {
	line       string
	covered    []bool
	c          Compound
	redirected bool
}

func (r *compoundReader) cover(from, to int) {
	for i := max(from, 0); i < to && i < len(r.covered); i++ {
		r.covered[i] = true
	}
}

// coverOp marks the operator text between two statements: only operator
// characters and spaces may stand there.
func (r *compoundReader) coverOp(from, to int, ops string) bool {
	for i := max(from, 0); i < to && i < len(r.line); i++ {
		c := r.line[i]
		if c != ' ' && strings.IndexByte(ops, c) < 0 {
			return false
		}
		r.covered[i] = true
	}
	return true
}

// list reads a statement of the list: `&&`, `||`, or a pipeline.
func (r *compoundReader) list(st *syntax.Stmt) bool {
	if !plainStmt(st) {
		return false
	}
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && len(st.Redirs) == 0 && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) {
		if b.Op == syntax.OrStmt {
			r.c.AndOnly = false
		}
		return r.list(b.X) && r.coverOp(int(b.X.End().Offset()), int(b.Y.Pos().Offset()), "&|") && r.list(b.Y)
	}
	r.c.Pipelines++
	return r.pipe(st, 0, false) >= 0
}

// pipe reads a pipeline's stages from stage on: the next stage, or -1.
// piped: the command's output goes to the next stage.
func (r *compoundReader) pipe(st *syntax.Stmt, stage int, piped bool) int {
	if !plainStmt(st) {
		return -1
	}
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && len(st.Redirs) == 0 {
		if b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
			return -1
		}
		next := r.pipe(b.X, stage, true)
		if next < 0 || !r.coverOp(int(b.X.End().Offset()), int(b.Y.Pos().Offset()), "|&") {
			return -1
		}
		return r.pipe(b.Y, next, piped)
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return -1
	}
	var files []FileRedirect
	for _, rd := range st.Redirs {
		if !harmlessRedirect(rd) {
			f, ok := fileRedirect(rd)
			if !ok {
				return -1
			}
			files = append(files, f)
		}
		r.redirected = true
		r.cover(int(rd.Pos().Offset()), int(rd.End().Offset()))
	}
	var parts []string
	for _, a := range call.Assigns {
		parts = append(parts, r.text(a.Pos(), a.End()))
	}
	for _, w := range call.Args {
		parts = append(parts, r.text(w.Pos(), w.End()))
	}
	r.c.Commands = append(r.c.Commands, Command{Line: strings.Join(parts, " "), Stage: stage, Pipeline: r.c.Pipelines - 1, Files: files})
	return stage + 1
}

func (r *compoundReader) text(from, to syntax.Pos) string {
	a, b := int(from.Offset()), int(to.Offset())
	r.cover(a, b)
	if a < 0 || b > len(r.line) || a > b {
		return ""
	}
	return r.line[a:b]
}

// plainStmt: no negation, background, coprocess or comment.
func plainStmt(st *syntax.Stmt) bool {
	return st != nil && !st.Negated && !st.Background && !st.Coprocess && len(st.Comments) == 0
}

// harmlessRedirect: stdin, stdout or stderr to or from /dev/null, or a
// duplication of stdout or stderr onto the other (`2>&1`, `>&2`; before
// a pipe the same as `|&`), which writes no file. Any other target — a
// file, another descriptor, a here-document or string — is not harmless.
func harmlessRedirect(rd *syntax.Redirect) bool {
	if rd.Hdoc != nil || rd.Word == nil {
		return false
	}
	n := ""
	if rd.N != nil {
		n = rd.N.Value
	}
	target, ok := bareLit(rd.Word)
	if !ok {
		return false
	}
	switch rd.Op {
	case syntax.DplOut:
		return (n == "" || n == "1" || n == "2") && (target == "1" || target == "2")
	case syntax.RdrOut, syntax.AppOut:
		return (n == "" || n == "1" || n == "2") && target == "/dev/null"
	case syntax.RdrAll, syntax.AppAll:
		return n == "" && target == "/dev/null"
	case syntax.RdrIn:
		return (n == "" || n == "0") && target == "/dev/null"
	}
	return false
}

// fileRedirect reads a redirection to or from a file: stdout or stderr
// written (`>`, `>>`, `>|`, `1>`, `2>`, `&>`, `&>>`) or stdin read (`<`),
// the target one unquoted word of the strict set (Plain: no `$`, quote,
// pattern, `~`, brace). Another descriptor (`3>`, `>&3`, `>&file`), `<>`,
// here-documents and strings are no file redirection.
func fileRedirect(rd *syntax.Redirect) (FileRedirect, bool) {
	if rd.Hdoc != nil || rd.Word == nil {
		return FileRedirect{}, false
	}
	n := ""
	if rd.N != nil {
		n = rd.N.Value
	}
	target, ok := bareLit(rd.Word)
	if !ok || target == "" || !Plain(target) {
		return FileRedirect{}, false
	}
	f := FileRedirect{Op: n + rd.Op.String(), Path: target, Write: true}
	switch rd.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.ClbOut:
		return f, n == "" || n == "1" || n == "2"
	case syntax.RdrAll, syntax.AppAll:
		return f, n == ""
	case syntax.RdrIn:
		f.Write = false
		return f, n == "" || n == "0"
	}
	return FileRedirect{}, false
}

// bareLit is a word of one unquoted literal part.
func bareLit(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return l.Value, true
}
