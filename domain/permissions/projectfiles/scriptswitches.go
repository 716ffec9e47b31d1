// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// A project script's loop over its switches (docs/permissions.md §7,
// Programs without an entry: project scripts):
//
//	while [[ $# > 0 ]]; do
//	  opt="$1"            # or Arcade's "$(echo "${1/#--/-}" | tr "[:upper:]" "[:lower:]")"
//	  case "$opt" in
//	    -build|-b) build=true ;;
//	    -configuration|-c) configuration=$2; shift ;;
//	    *) properties+=("$1") ;;
//	  esac
//	  shift
//	done
//
// takes, in any order and number, each word of a branch whose body reads
// nothing more of the line (no $1, $2, "$@", no shift of its own, no
// break or continue): such a word only runs the branch, which is the
// script's own pinned text. A branch that takes a value (shift 2, "$2"),
// a word an earlier branch's word or pattern matches (in any case: shopt
// -s nocasematch), and the default take no word: a line giving one asks. Every word a line gives being taken, the loop shifts them all,
// so the script's later uses of its arguments see none. Any other shape
// of loop, or arguments read before it, is read as before.

// The normalizations of a loop's word (ScriptArgs.SwitchNorm).
const (
	// switchArcade: "$(echo "${1/#--/-}" | tr "[:upper:]" "[:lower:]")",
	// Arcade's eng/common scripts: --x is -x, in lower case.
	switchArcade = "arcade"
)

// loopCounts are the conditions, quotes left out, of a loop that runs
// while arguments are left.
var loopCounts = []string{
	"[[ $# > 0 ]]", "[[ $# -gt 0 ]]", "[[ $# -ne 0 ]]", "[[ $# != 0 ]]",
	"[ $# -gt 0 ]", "[ $# -ne 0 ]", "[ $# != 0 ]", "test $# -gt 0",
	"(( $# > 0 ))", "(( $# ))",
}

// loopBuiltins are the builtins a switch loop's reading relies on: a
// script that defines a function of one of these names (shift() { :; },
// [() { false; }) may run its loop without shifting its words away, or
// not at all, so "$@" after it would see them.
var loopBuiltins = []string{"shift", "test", "["}

// arcadeNorm is Arcade's normalization, as written.
const arcadeNorm = `"$(echo "${1/#--/-}" | tr "[:upper:]" "[:lower:]")"`

// nodeText is n's text as written, blanks collapsed.
func (s *argScan) nodeText(n syntax.Node) string {
	a, b := n.Pos().Offset(), n.End().Offset()
	if a >= b || int(b) > len(s.text) {
		return ""
	}
	return strings.Join(strings.Fields(s.text[a:b]), " ")
}

// switchLoop reads a top-level while loop as a loop over switches; false
// when it has another shape (the loop is then scanned as any other).
func (s *argScan) switchLoop(c *syntax.WhileClause, cwd *string) bool {
	if c.Until || len(c.Cond) != 1 || !plainStmt(c.Cond[0]) {
		return false
	}
	// "$#" and "0" quoted or not; no other quote ([[ "$# > 0" ]] is
	// always true).
	cond := strings.NewReplacer(`"$#"`, "$#", `"0"`, "0").Replace(s.nodeText(c.Cond[0].Cmd))
	if !slices.Contains(loopCounts, cond) {
		return false
	}
	for _, f := range loopBuiltins {
		if _, ok := s.funcs[f]; ok {
			return false // the script's own shift or test: the loop may leave its words for "$@"
		}
	}
	body := c.Do
	norm, opt := "", ""
	if len(body) > 0 && plainStmt(body[0]) {
		if ce, ok := body[0].Cmd.(*syntax.CallExpr); ok && len(ce.Args) == 0 && len(ce.Assigns) == 1 {
			a := ce.Assigns[0]
			if a.Value == nil || a.Array != nil || a.Append || a.Index != nil || a.Naked || s.assigned[a.Name.Value] != 1 || riskyShellVariable(a.Name.Value) {
				return false
			}
			switch v := s.nodeText(a.Value); {
			case v == arcadeNorm:
				if _, ok := s.funcs["echo"]; ok {
					return false // the script's own echo
				}
				if _, ok := s.funcs["tr"]; ok {
					return false
				}
				norm = switchArcade
			default:
				if k, n := positional(a.Value); k != posN || n != 1 {
					return false
				}
			}
			opt, body = a.Name.Value, body[1:]
		}
	}
	trailing := false
	if len(body) == 2 && isShiftOne(body[1]) {
		trailing, body = true, body[:1]
	}
	if len(body) != 1 || !plainStmt(body[0]) {
		return false
	}
	cc, ok := body[0].Cmd.(*syntax.CaseClause)
	if !ok {
		return false
	}
	if opt != "" {
		if name, ok := paramName(cc.Word); !ok || name != opt {
			return false
		}
	} else if k, n := positional(cc.Word); k != posN || n != 1 {
		return false
	}
	// Arguments read before the loop saw every word; after it, none.
	if len(s.forwards) > 0 || len(s.choices) > 0 || s.switchLoops > 0 {
		s.fail("reads its arguments outside its loop over them")
		return true
	}
	s.substs(cc.Word, *cwd, false)
	if changesDir(c) {
		*cwd = ""
	}
	var taken []string
	// earlier are the branches before: a word one of them matches — its
	// words, its patterns, in any case (shopt -s nocasematch) — runs that
	// branch, not a later one. all: a pattern Memo does not read.
	var earlier []string
	var globs []*regexp.Regexp
	all := false
	reached := func(w string) bool {
		if all || slices.ContainsFunc(earlier, func(e string) bool { return strings.EqualFold(e, w) }) {
			return true
		}
		return slices.ContainsFunc(globs, func(g *regexp.Regexp) bool { return g.MatchString(w) })
	}
	for _, it := range cc.Items {
		if it.Op != syntax.Break {
			s.fail("falls through a branch of its loop over its arguments")
			return true
		}
		var words, here []string
		for _, pat := range it.Patterns {
			lit, ok := wordText(pat)
			switch {
			case ok && !globbing(pat) && !usesPositional(pat):
				if !reached(lit) {
					words = append(words, lit)
				}
				here = append(here, lit)
			case isUnquoted(pat) && !usesPositional(pat):
				if re, err := pattern.Regexp(lit, 0); err == nil {
					if g, err := regexp.Compile("(?is)^(" + re + ")$"); err == nil {
						globs = append(globs, g)
						continue
					}
				}
				all = true
			default:
				all = true
			}
		}
		earlier = append(earlier, here...)
		stmts := it.Stmts
		if !trailing {
			if len(stmts) == 0 || !isShiftOne(stmts[len(stmts)-1]) {
				continue // shifts no word, or more than one: takes none
			}
			stmts = stmts[:len(stmts)-1]
		}
		if len(words) == 0 || !switchBody(stmts, opt) {
			continue
		}
		d := *cwd
		s.stmts(stmts, &d, false)
		taken = append(taken, words...)
	}
	if s.unknown != "" {
		return true
	}
	s.switchLoops++
	s.switches = append(s.switches, taken...)
	s.switchNorm = norm
	if len(taken) == 0 {
		s.fail("takes no switch in its loop over its arguments")
	}
	return true
}

// plainStmt: st runs in the foreground, negated by nothing, redirected
// nowhere.
func plainStmt(st *syntax.Stmt) bool {
	return st != nil && !st.Background && !st.Negated && !st.Coprocess && len(st.Redirs) == 0
}

// isShiftOne: st is `shift` or `shift 1`.
func isShiftOne(st *syntax.Stmt) bool {
	if !plainStmt(st) {
		return false
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 || len(ce.Args) > 2 || wordValue(ce.Args[0]) != "shift" || !isUnquoted(ce.Args[0]) {
		return false
	}
	return len(ce.Args) == 1 || isLiteral(ce.Args[1]) && wordValue(ce.Args[1]) == "1"
}

// paramName is the variable a word is, whole ($x, "$x", "${x}").
func paramName(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if dq.Dollar || len(dq.Parts) != 1 {
			return "", false
		}
		part = dq.Parts[0]
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil || pe.Param == nil {
		return "", false
	}
	return pe.Param.Value, true
}

// switchBody: a branch body that reads nothing of the line past its word:
// no positional parameter, not the loop's variable, no shift, set,
// break, continue, getopts (the body is scanned as the script's own
// commands besides).
func switchBody(stmts []*syntax.Stmt, opt string) bool {
	ok := true
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ParamExp:
				if n.Excl || n.Param == nil || positionalName(n.Param.Value) || opt != "" && n.Param.Value == opt {
					ok = false
				}
			case *syntax.CallExpr:
				if len(n.Args) > 0 {
					switch name, lit := wordText(n.Args[0]); {
					case !lit:
					case name == "shift", name == "set", name == "break", name == "continue", name == "getopts":
						ok = false
					}
				}
			case *syntax.FuncDecl:
				ok = false
			}
			return ok
		})
	}
	return ok
}

// NormalizeSwitch is a line's word as a loop over switches compares it
// (ScriptArgs.SwitchNorm); false when Memo cannot tell what the script's
// normalization makes of it.
func NormalizeSwitch(norm, word string) (string, bool) {
	switch norm {
	case "":
		return word, true
	case switchArcade:
		w := word
		if strings.HasPrefix(w, "--") {
			w = w[1:]
		}
		// echo takes -n, -e, -E (and their mixes) as its options, and
		// $(…) drops trailing newlines: only plain words are read.
		if len(w) > 1 && w[0] == '-' && strings.Trim(w[1:], "neE") == "" {
			return "", false
		}
		for _, r := range w {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=+,@?", r)) {
				return "", false
			}
		}
		return strings.ToLower(w), true
	}
	return "", false
}
