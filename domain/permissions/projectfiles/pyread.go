// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"slices"
	"strconv"
	"strings"

	"memo.dev/projects/domain"
)

// pyReader reads a script's tokens for the calls that build its parser.
// Names are tracked for the whole file (Python's scopes are not read): a
// name bound twice to a parser, or a parser used in any way the reader
// does not know, leaves the arguments unknown.
type pyReader struct {
	toks []pyToken
	vars map[string]*pyVal
	why  domain.Text
	// parsers, clicks and typers are the top commands made (each kind
	// must have one, and only one kind may be used).
	parsers, clicks []*PyCommand
	typers          []*pyTyper
	choices         [][]string
	decorators      [][]pyToken
	// optparse: the parser is optparse's OptionParser.
	optparse bool
	// argvRest are the uses of sys.argv[1:] read: the script's words as
	// its parser has checked them, allowed beside one argparse or
	// optparse parser only.
	argvRest []string
	// cur reads the tokens of the decorator being read.
	cur *pyReader
}

type pyValKind int

const (
	valParser    pyValKind = iota + 1 // an argparse parser (or an argument group of one)
	valSubs                           // the subparsers of a parser
	valClick                          // a click command or group (a function)
	valTyper                          // a typer app
	valOptParser                      // an optparse OptionParser
)

type pyVal struct {
	kind  pyValKind
	cmd   *PyCommand
	group bool // a click group
	typer *pyTyper
}

// pyTyper is a typer app: its commands and whether it has a callback.
type pyTyper struct {
	commands []*PyCommand
	callback bool
	// callbackParams: the callback has parameters (which may be
	// positional arguments before the subcommand).
	callbackParams bool
}

func (r *pyReader) fail(t domain.Text) {
	if r.why.IsZero() {
		r.why = t
	}
}

func (r *pyReader) failBuild(what string) {
	r.fail(domain.T("builds its command-line parser in a way Memo does not read (`{{.What}}`)", "What", what))
}

func (r *pyReader) result() PyArgs {
	if !r.why.IsZero() {
		return PyArgs{Why: r.why}
	}
	kinds := 0
	for _, n := range []int{len(r.parsers), len(r.clicks), len(r.typers), len(r.choices)} {
		if n > 0 {
			kinds++
		}
	}
	if len(r.parsers) > 1 || len(r.clicks) > 1 || len(r.typers) > 1 || kinds > 1 {
		return PyArgs{Why: domain.T("it builds more than one command line")}
	}
	if len(r.argvRest) > 0 && len(r.parsers) != 1 {
		return PyArgs{Why: domain.T("it reads sys.argv in a way Memo does not read (`{{.What}}`)", "What", r.argvRest[0])}
	}
	switch {
	case len(r.parsers) == 1 && r.optparse:
		return PyArgs{Parser: "optparse", Root: r.parsers[0]}
	case len(r.parsers) == 1:
		subsAndPositionals(r.parsers[0], 0)
		return PyArgs{Parser: "argparse", Root: r.parsers[0]}
	case len(r.clicks) == 1:
		return PyArgs{Parser: "click", Root: r.clicks[0]}
	case len(r.typers) == 1:
		t := r.typers[0]
		if !t.callback && len(t.commands) == 1 {
			// typer runs a lone command as the program itself: its name
			// is no word of the line.
			return PyArgs{Parser: "typer", Root: &PyCommand{Opaque: true}}
		}
		return PyArgs{Parser: "typer", Root: &PyCommand{Opaque: t.callbackParams, Slots: []PySlot{{Subs: t.commands}}}}
	case len(r.choices) > 0:
		return PyArgs{Parser: "sys.argv", Choices: r.choices}
	}
	return PyArgs{Why: domain.T("it defines no command-line parser Memo reads")}
}

// parserNames are the modules and classes whose calls the reader knows:
// a class made of them, a function or a variable of their name makes its
// reading unknown.
var parserNames = map[string]bool{
	"sys": true, "argv": true, "argparse": true, "ArgumentParser": true, "click": true, "typer": true,
	"optparse": true, "OptionParser": true, "OptionGroup": true,
	"Typer": true, "Group": true, "Command": true, "BooleanOptionalAction": true, "Choice": true,
}

// namesParserKind: the tokens [i, j) name one of parserNames.
func (r *pyReader) namesParserKind(i, j int) bool {
	for k := i; k < j && k < len(r.toks); k++ {
		if r.toks[k].kind == pyName && parserNames[r.toks[k].text] {
			return true
		}
	}
	return false
}

// subsAndPositionals: an argparse parser that has both subparsers and
// other positional arguments reads them in the order they were added when
// the script runs, which the file's order need not be (a function adds
// one later): Memo reads no positional word of it.
func subsAndPositionals(c *PyCommand, depth int) {
	if depth > 32 {
		c.Slots = []PySlot{{Variable: true}}
		return
	}
	subs := false
	for _, s := range c.Slots {
		for _, sub := range s.Subs {
			subsAndPositionals(sub, depth+1)
		}
		if s.Subs != nil {
			subs = true
		}
	}
	if subs && len(c.Slots) > 1 {
		c.Slots = []PySlot{{Variable: true}}
	}
}

// read walks the tokens once.
func (r *pyReader) read() {
	r.scan(0, len(r.toks), true)
	if r.why.IsZero() && r.clickDecorated() {
		r.failBuild("@")
	}
}

// scan reads the tokens [from, to): at the top, line by line (decorators,
// definitions, imports, assignments); inside a call's brackets, for the
// uses of argv and of the parsers there.
func (r *pyReader) scan(from, to int, top bool) {
	lineStart := top
	for i := from; i < to && r.why.IsZero(); {
		t := r.toks[i]
		if t.kind == pyNewline {
			lineStart = top
			i++
			continue
		}
		start := lineStart
		lineStart = false
		switch {
		case start && t.kind == pyOp && t.text == "@":
			end := r.lineEnd(i)
			for k := i + 1; k < end; k++ {
				if t := r.toks[k]; t.kind == pyName && (t.text == "argv" || t.text == "orig_argv") || t.kind == pyString && t.text == "argv" {
					r.fail(domain.T("it reads sys.argv in a way Memo does not read (`{{.What}}`)", "What", r.snippet(k, k+4)))
				} else if t.kind == pyName && !r.checkName(k) {
					break
				}
			}
			r.decorators = append(r.decorators, r.toks[i+1:end])
			i = end
			continue
		case start && t.kind == pyName && (t.text == "def" || t.text == "async"):
			i = r.def(i)
			continue
		case start && t.kind == pyName && t.text == "class":
			if r.clickDecorated() || r.namesParserKind(i, r.lineEnd(i)) {
				// A class made of a parser's may read its words its own way.
				r.failBuild("class")
			}
			r.decorators = nil
		case start && t.kind == pyName && (t.text == "import" || t.text == "from"):
			i = r.imports(i)
			continue
		case start && t.kind == pyName && r.isOp(i+1, "="):
			if parserNames[t.text] {
				r.failBuild(t.text + " =")
				return
			}
			v, next := r.chain(i + 2)
			if old, ok := r.vars[t.text]; ok && v != old {
				r.fail(domain.T("it sets `{{.Name}}`, which holds its parser, more than once", "Name", t.text))
			}
			if v != nil {
				r.vars[t.text] = v
			}
			i = max(next, i+2)
			continue
		}
		if start && r.decorators != nil {
			if r.clickDecorated() {
				r.failBuild("@")
			}
			r.decorators = nil
		}
		switch {
		case t.kind == pyName && (t.text == "argv" || t.text == "orig_argv"):
			r.argv(i)
			i++
			continue
		case t.kind == pyName && (t.text == "parse_known_args" || t.text == "parse_known_intermixed_args" || t.text == "REMAINDER"):
			r.fail(domain.T("it hands on the arguments its parser does not know (`{{.What}}`)", "What", t.text))
			return
		case t.kind == pyFString && (strings.Contains(t.text, "argv") || strings.Contains(t.text, "parse_known") || strings.Contains(t.text, "REMAINDER")):
			r.fail(domain.T("it reads sys.argv in a way Memo does not read (`{{.What}}`)", "What", "f-string"))
			return
		case t.kind == pyString && t.text == "argv":
			r.fail(domain.T("it reads sys.argv in a way Memo does not read (`{{.What}}`)", "What", `"argv"`))
			return
		case t.kind == pyName && !r.isOp(i-1, "."):
			_, next := r.chain(i)
			i = max(next, i+1)
			continue
		}
		i++
	}
}

func (r *pyReader) isOp(i int, op string) bool {
	return i >= 0 && i < len(r.toks) && r.toks[i].kind == pyOp && r.toks[i].text == op
}

func (r *pyReader) isName(i int, name string) bool {
	return i >= 0 && i < len(r.toks) && r.toks[i].kind == pyName && r.toks[i].text == name
}

// lineEnd is the index of the newline that ends the logical line at i.
func (r *pyReader) lineEnd(i int) int {
	for i < len(r.toks) && r.toks[i].kind != pyNewline {
		i++
	}
	return i
}

// close is the index after the bracket that closes the one at i.
func (r *pyReader) close(i int) int {
	depth := 0
	for ; i < len(r.toks); i++ {
		t := r.toks[i]
		if t.kind != pyOp {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(r.toks)
}

// imports reads an import line: sys and its argv may not be renamed.
func (r *pyReader) imports(i int) int {
	end := r.lineEnd(i)
	line := r.toks[i:end]
	names := map[string]bool{}
	for _, t := range line {
		if t.kind == pyName {
			names[t.text] = true
		}
	}
	if names["as"] && (names["sys"] || names["argv"] || names["argparse"] || names["click"] || names["typer"] || names["ArgumentParser"] || names["optparse"] || names["OptionParser"]) {
		r.fail(domain.T("it imports sys, argparse, click or typer under another name"))
	}
	if r.isName(i, "from") && i+1 < end {
		from := r.toks[i+1].text
		if r.isOp(i+2, ".") || !slices.Contains([]string{"sys", "argparse", "optparse", "click", "typer", "__future__"}, from) {
			// from mylib import ArgumentParser: not argparse's.
			for k := i + 1; k < end; k++ {
				if r.toks[k].kind == pyName && parserNames[r.toks[k].text] && r.toks[k].text != "sys" {
					r.failBuild("from " + from + " import " + r.toks[k].text)
					break
				}
			}
		}
	}
	return end
}

// argv reads one use of argv: sys.argv[N] compared with literal words,
// len(sys.argv) and sys.argv[0] only read; anything else is unknown.
func (r *pyReader) argv(i int) {
	if r.isName(i-1, "import") || r.isOp(i-1, ",") && r.inImport(i) {
		return
	}
	at := i
	if r.isOp(i-1, ".") && r.isName(i-2, "sys") {
		at = i - 2
	}
	if r.isOp(at-1, "(") && r.isName(at-2, "len") && r.isOp(i+1, ")") {
		return
	}
	other := domain.T("it reads sys.argv in a way Memo does not read (`{{.What}}`)", "What", r.snippet(at, i+4))
	if r.isOp(i+1, "[") && i+4 < len(r.toks) && r.toks[i+2].kind == pyNumber && r.toks[i+2].text == "1" && r.isOp(i+3, ":") && r.isOp(i+4, "]") {
		// sys.argv[1:], the words a parser has read (ninja's
		// configure.py writes them down to run itself again): only
		// beside one argparse or optparse parser (result).
		r.argvRest = append(r.argvRest, r.snippet(at, i+4))
		return
	}
	if !r.isOp(i+1, "[") || i+3 >= len(r.toks) || r.toks[i+2].kind != pyNumber || !r.isOp(i+3, "]") {
		r.fail(other)
		return
	}
	n, err := strconv.Atoi(r.toks[i+2].text)
	if err != nil || n < 0 || n > 64 {
		r.fail(other)
		return
	}
	if n == 0 {
		return
	}
	var words []string
	j := i + 4
	switch {
	case r.isOp(j, "==") || r.isOp(j, "!="):
		if j+1 >= len(r.toks) || r.toks[j+1].kind != pyString || j+2 < len(r.toks) && r.toks[j+2].kind == pyString {
			r.fail(other)
			return
		}
		words = []string{r.toks[j+1].text}
	case r.isName(j, "in") || r.isName(j, "not") && r.isName(j+1, "in"):
		if r.isName(j, "not") {
			j++
		}
		list, ok := r.literalList(j+1, r.close(j+1))
		if !ok {
			r.fail(other)
			return
		}
		words = list
	case (r.isOp(at-1, "==") || r.isOp(at-1, "!=")) && at >= 2 && r.toks[at-2].kind == pyString && !(at >= 3 && r.toks[at-3].kind == pyString):
		words = []string{r.toks[at-2].text}
	default:
		r.fail(other)
		return
	}
	for len(r.choices) < n {
		r.choices = append(r.choices, nil)
	}
	for _, w := range words {
		if w != "" && !strings.HasPrefix(w, "-") && !strings.ContainsRune(w, 0) && !slices.Contains(r.choices[n-1], w) {
			r.choices[n-1] = append(r.choices[n-1], w)
		}
	}
	slices.Sort(r.choices[n-1])
}

func (r *pyReader) inImport(i int) bool {
	for j := i; j >= 0 && r.toks[j].kind != pyNewline; j-- {
		if r.isName(j, "import") {
			return true
		}
	}
	return false
}

// snippet is the tokens [i, j) as text, for a reason.
func (r *pyReader) snippet(i, j int) string {
	var b strings.Builder
	for k := max(i, 0); k < min(j, len(r.toks)) && r.toks[k].kind != pyNewline; k++ {
		b.WriteString(pyQuote(r.toks[k]))
	}
	s := b.String()
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// pyArg is one argument of a call: a keyword's, or a positional one.
type pyArg struct {
	key        string
	start, end int
}

// callArgs splits the arguments of the call whose "(" is at i; ok is
// false for *args and **kwargs.
func (r *pyReader) callArgs(i int) ([]pyArg, int, bool) {
	end := r.close(i)
	var out []pyArg
	depth := 0
	start := i + 1
	flush := func(k int) bool {
		if k == start {
			return true
		}
		a := pyArg{start: start, end: k}
		if r.isOp(start, "*") || r.isOp(start, "**") {
			return false
		}
		if k-start >= 2 && r.toks[start].kind == pyName && r.isOp(start+1, "=") {
			a.key, a.start = r.toks[start].text, start+2
		}
		out = append(out, a)
		return true
	}
	for k := i + 1; k < end-1; k++ {
		t := r.toks[k]
		if t.kind != pyOp {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ",":
			if depth == 0 {
				if !flush(k) {
					return nil, end, false
				}
				start = k + 1
			}
		}
	}
	if !flush(end - 1) {
		return nil, end, false
	}
	return out, end, true
}

// literal is the string an argument is (adjacent strings joined).
func (r *pyReader) literal(a pyArg) (string, bool) {
	if a.end <= a.start {
		return "", false
	}
	var b strings.Builder
	for k := a.start; k < a.end; k++ {
		if r.toks[k].kind != pyString {
			return "", false
		}
		b.WriteString(r.toks[k].text)
	}
	return b.String(), true
}

// literalList reads a list, tuple or set of string literals between i
// (its bracket) and end.
func (r *pyReader) literalList(i, end int) ([]string, bool) {
	if i >= len(r.toks) || !(r.isOp(i, "[") || r.isOp(i, "(") || r.isOp(i, "{")) || end > len(r.toks) {
		return nil, false
	}
	var out []string
	want := true
	for k := i + 1; k < end-1; k++ {
		switch t := r.toks[k]; {
		case t.kind == pyString && want:
			out = append(out, t.text)
			want = false
		case t.kind == pyString && k > i+1 && r.toks[k-1].kind == pyString:
			out[len(out)-1] += t.text
		case r.isOp(k, ",") && !want:
			want = true
		default:
			return nil, false
		}
	}
	return out, true
}

func (r *pyReader) argList(a pyArg) ([]string, bool) {
	if a.end <= a.start || r.close(a.start) != a.end {
		return nil, false
	}
	return r.literalList(a.start, a.end)
}

// isTokens: the argument is exactly these tokens' texts.
func (r *pyReader) isTokens(a pyArg, texts ...string) bool {
	if a.end-a.start != len(texts) {
		return false
	}
	for k, s := range texts {
		if r.toks[a.start+k].text != s || r.toks[a.start+k].kind == pyString {
			return false
		}
	}
	return true
}

// chain reads a name and its trailers (.attr, (call)) from i: the parser
// value it ends with (nil for none) and where it ends.
func (r *pyReader) chain(i int) (*pyVal, int) {
	if i >= len(r.toks) || r.toks[i].kind != pyName {
		return nil, i
	}
	var path []string
	var v *pyVal
	k := i
	if !r.checkName(k) {
		return nil, k + 1
	}
	path = append(path, r.toks[k].text)
	k++
	if base := r.vars[path[0]]; base != nil {
		v = base
		path = nil
	}
	for k < len(r.toks) {
		switch {
		case r.isOp(k, ".") && k+1 < len(r.toks) && r.toks[k+1].kind == pyName:
			if !r.checkName(k + 1) {
				return nil, k + 2
			}
			path = append(path, r.toks[k+1].text)
			k += 2
		case r.isOp(k, "("):
			args, end, ok := r.callArgs(k)
			r.scan(k+1, end-1, false)
			if !ok && (v != nil || r.known(path)) {
				r.failBuild(strings.Join(path, ".") + "(*…)")
				return nil, end
			}
			nv, ok := r.call(v, path, args)
			if !ok {
				return nil, end
			}
			v, path = nv, nil
			k = end
		default:
			if v != nil && len(path) == 1 && r.isOp(k, "=") && settableAttrs[path[0]] {
				return nil, k // subparsers.required = True
			}
			if v != nil && len(path) > 0 {
				r.failBuild(strings.Join(path, "."))
				return nil, k
			}
			if v != nil && len(path) == 0 && k == i+1 {
				// A parser's name alone, handed on or stored.
				if !r.isOp(k, "=") || r.isOp(i-1, ".") {
					r.fail(domain.T("it hands its parser `{{.Name}}` to code Memo does not read", "Name", r.toks[i].text))
					return nil, k
				}
			}
			return v, k
		}
	}
	return v, k
}

// checkName reads a name of a chain: argv is read as its uses are, and
// the names that hand on unknown arguments leave them unknown. false: the
// chain is not read further.
func (r *pyReader) checkName(k int) bool {
	switch r.toks[k].text {
	case "argv", "orig_argv":
		r.argv(k)
		return false
	case "parse_known_args", "parse_known_intermixed_args", "REMAINDER":
		r.fail(domain.T("it hands on the arguments its parser does not know (`{{.What}}`)", "What", r.toks[k].text))
		return false
	}
	return true
}

// settableAttrs are the attributes of a parser or its subparsers a
// script may set without changing which words it takes.
var settableAttrs = map[string]bool{
	"required": true, "dest": true, "metavar": true, "help": true, "title": true,
	"description": true, "epilog": true, "usage": true, "prog": true, "formatter_class": true,
}

// known: the dotted name is a constructor the reader knows.
func (r *pyReader) known(path []string) bool {
	switch strings.Join(path, ".") {
	case "argparse.ArgumentParser", "ArgumentParser", "optparse.OptionParser", "OptionParser", "typer.Typer", "click.group", "click.command":
		return true
	}
	return false
}

// call is a method or constructor call on v (nil for a module's): the
// value it returns, ok false when the chain ends there.
func (r *pyReader) call(v *pyVal, path []string, args []pyArg) (*pyVal, bool) {
	name := strings.Join(path, ".")
	if v == nil {
		switch name {
		case "argparse.ArgumentParser", "ArgumentParser":
			cmd := &PyCommand{Options: map[string]*PyOption{}}
			if !r.parserKwargs(args, "prog", "usage", "description", "epilog", "formatter_class", "argument_default", "add_help", "allow_abbrev", "exit_on_error", "suggest_on_error", "color") {
				return nil, false
			}
			r.parsers = append(r.parsers, cmd)
			return &pyVal{kind: valParser, cmd: cmd}, true
		case "optparse.OptionParser", "OptionParser":
			// optparse: options only (the other words are its leftover
			// args, which Memo reads as before), -h and --help its own.
			cmd := &PyCommand{Options: map[string]*PyOption{}}
			if !r.parserKwargs(args, "usage", "description", "epilog", "add_help_option", "prog", "version") {
				return nil, false
			}
			if len(args) > 1 {
				r.failBuild("OptionParser(…)")
				return nil, false
			}
			r.parsers = append(r.parsers, cmd)
			r.optparse = true
			return &pyVal{kind: valOptParser, cmd: cmd}, true
		case "typer.Typer":
			for _, a := range args {
				if a.key == "chain" || a.key == "cls" || a.key == "context_settings" || a.key == "" {
					r.failBuild("typer.Typer(" + a.key + "…)")
					return nil, false
				}
			}
			t := &pyTyper{}
			r.typers = append(r.typers, t)
			return &pyVal{kind: valTyper, typer: t}, true
		case "typer.run":
			r.typers = append(r.typers, &pyTyper{commands: []*PyCommand{{Opaque: true}}})
			return nil, false
		}
		if len(path) > 0 && (path[0] == "click" || path[0] == "typer") && name != "click.echo" && name != "typer.echo" && name != "click.secho" && name != "typer.secho" {
			switch path[len(path)-1] {
			case "Group", "Command", "group", "command", "add_typer", "add_command", "CommandCollection", "MultiCommand":
				r.failBuild(name)
			}
		}
		return nil, false
	}
	if len(path) == 0 && (v.kind == valClick || v.kind == valTyper) {
		// cli() and app() run the command line; a positional argument or
		// args= parses other words.
		for _, a := range args {
			if a.key == "" || a.key == "args" {
				r.fail(domain.T("it parses words other than its arguments (`{{.What}}`)", "What", "args"))
			}
		}
		return nil, false
	}
	if len(path) != 1 {
		r.failBuild(name)
		return nil, false
	}
	switch v.kind {
	case valParser:
		switch path[0] {
		case "add_argument":
			r.addArgument(v.cmd, args)
			return nil, false
		case "add_argument_group", "add_mutually_exclusive_group":
			return &pyVal{kind: valParser, cmd: v.cmd}, true
		case "add_subparsers":
			for _, a := range args {
				switch a.key {
				case "dest", "help", "title", "description", "metavar", "required", "prog":
				default:
					r.failBuild("add_subparsers(" + a.key + "…)")
					return nil, false
				}
			}
			for _, s := range v.cmd.Slots {
				if s.Subs != nil {
					r.failBuild("add_subparsers")
					return nil, false
				}
			}
			v.cmd.Slots = append(v.cmd.Slots, PySlot{Subs: []*PyCommand{}})
			return &pyVal{kind: valSubs, cmd: v.cmd}, true
		case "parse_args", "parse_intermixed_args":
			if len(args) > 0 && !(len(args) == 1 && r.isTokens(args[0], "sys", ".", "argv", "[", "1", ":", "]")) {
				r.fail(domain.T("it parses words other than its arguments (`{{.What}}`)", "What", path[0]+"(…)"))
			}
			return nil, false
		case "set_defaults", "print_help", "print_usage", "format_help", "format_usage", "error", "exit":
			return nil, false
		}
	case valOptParser:
		switch path[0] {
		case "add_option":
			r.addOptparseOption(v.cmd, args)
			return nil, false
		case "parse_args":
			if len(args) > 0 && !(len(args) == 1 && r.isTokens(args[0], "sys", ".", "argv", "[", "1", ":", "]")) {
				r.fail(domain.T("it parses words other than its arguments (`{{.What}}`)", "What", path[0]+"(…)"))
			}
			return nil, false
		case "set_defaults", "set_usage", "print_help", "print_usage", "print_version", "format_help", "get_usage", "error", "exit":
			return nil, false
		}
	case valSubs:
		if path[0] == "add_parser" {
			if len(args) == 0 || args[0].key != "" {
				r.failBuild("add_parser")
				return nil, false
			}
			n, ok := r.literal(args[0])
			if !ok {
				r.failBuild("add_parser(" + r.snippet(args[0].start, args[0].end) + ")")
				return nil, false
			}
			sub := &PyCommand{Names: []string{n}, Options: map[string]*PyOption{}}
			for _, a := range args[1:] {
				if a.key == "aliases" {
					list, ok := r.argList(a)
					if !ok {
						r.failBuild("aliases=")
						return nil, false
					}
					sub.Names = append(sub.Names, list...)
				}
			}
			if !r.parserKwargs(args[1:], "aliases", "help", "prog", "usage", "description", "epilog", "formatter_class", "argument_default", "add_help", "allow_abbrev", "exit_on_error", "deprecated") {
				return nil, false
			}
			sub.Names = slices.DeleteFunc(sub.Names, func(s string) bool { return s == "" || strings.HasPrefix(s, "-") || strings.ContainsRune(s, 0) })
			for i := range v.cmd.Slots {
				if v.cmd.Slots[i].Subs != nil {
					v.cmd.Slots[i].Subs = append(v.cmd.Slots[i].Subs, sub)
				}
			}
			return &pyVal{kind: valParser, cmd: sub}, true
		}
	}
	r.failBuild(name)
	return nil, false
}

// parserKwargs: every argument of a parser's constructor is a keyword the
// reader knows (positional ones are prog); prefix_chars, parents,
// fromfile_prefix_chars, conflict_handler … are not.
func (r *pyReader) parserKwargs(args []pyArg, allowed ...string) bool {
	for _, a := range args {
		if a.key == "" || slices.Contains(allowed, a.key) {
			continue
		}
		r.failBuild(a.key + "=")
		return false
	}
	return true
}

// optionNames are the literal names an add_argument or add_option call
// gives before its keywords, and its keywords; ok is false, the reading
// failed naming the call, when a name is no literal, follows a keyword, or
// there is none.
func (r *pyReader) optionNames(call string, args []pyArg) (names []string, kw map[string]pyArg, ok bool) {
	kw = map[string]pyArg{}
	for _, a := range args {
		if a.key != "" {
			kw[a.key] = a
			continue
		}
		n, lit := r.literal(a)
		if len(kw) > 0 || !lit {
			r.failBuild(call + "(" + r.snippet(a.start, a.end) + ")")
			return nil, nil, false
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		r.failBuild(call + "()")
		return nil, nil, false
	}
	return names, kw, true
}

// addArgument reads one add_argument call into cmd.
func (r *pyReader) addArgument(cmd *PyCommand, args []pyArg) {
	names, kw, ok := r.optionNames("add_argument", args)
	if !ok {
		return
	}
	if a, ok := kw["nargs"]; ok && (r.isTokens(a, "argparse", ".", "REMAINDER") || r.isTokens(a, "REMAINDER")) {
		r.fail(domain.T("it hands on the arguments its parser does not know (`{{.What}}`)", "What", "REMAINDER"))
		return
	}
	if a, ok := kw["nargs"]; ok {
		if s, lit := r.literal(a); lit && s == "..." {
			r.fail(domain.T("it hands on the arguments its parser does not know (`{{.What}}`)", "What", `nargs="..."`))
			return
		}
	}
	var choices []string
	if a, ok := kw["choices"]; ok {
		choices, _ = r.argList(a)
		choices = slices.DeleteFunc(choices, func(s string) bool {
			return s == "" || strings.HasPrefix(s, "-") || strings.ContainsRune(s, 0)
		})
	}
	_, hasNargs := kw["nargs"]
	action := "store"
	boolOpt := false
	if a, ok := kw["action"]; ok {
		s, lit := r.literal(a)
		switch {
		case lit:
			action = s
		case r.isTokens(a, "argparse", ".", "BooleanOptionalAction") || r.isTokens(a, "BooleanOptionalAction"):
			boolOpt = true
			action = ""
		default:
			action = "" // an Action class: what it takes is unknown
		}
	}
	if !strings.HasPrefix(names[0], "-") {
		if len(names) > 1 {
			r.failBuild("add_argument")
			return
		}
		// A positional without nargs takes one word (its default is
		// used only with nargs="?").
		s := PySlot{Any: true}
		switch {
		case hasNargs || action != "store":
			s = PySlot{Variable: true}
		case len(choices) > 0:
			s = PySlot{Choices: choices}
		}
		cmd.Slots = append(cmd.Slots, s)
		return
	}
	o := &PyOption{}
	switch {
	case boolOpt:
		o.Switch = !hasNargs
	case hasNargs:
	case slices.Contains([]string{"store_true", "store_false", "store_const", "append_const", "count", "help", "version"}, action):
		o.Switch = true
	case action == "store" || action == "append" || action == "extend":
		o.Value, o.Choices = true, choices
	}
	for _, n := range names {
		if !strings.HasPrefix(n, "-") || n == "-" || n == "--" {
			r.failBuild("add_argument(" + strconv.Quote(n) + ")")
			return
		}
		r.addOption(cmd, n, o)
		if boolOpt && strings.HasPrefix(n, "--") {
			r.addOption(cmd, "--no-"+n[2:], o)
		}
	}
}

// addOptparseOption reads one optparse add_option call into cmd: its
// spellings (literal strings first), and its action: store_true,
// store_false, store_const, append_const, count, help and version make a
// switch, store (the default) and append an option taking one value (of
// its literal choices, when it has them); nargs, callback and any other
// action take what Memo cannot tell.
func (r *pyReader) addOptparseOption(cmd *PyCommand, args []pyArg) {
	names, kw, ok := r.optionNames("add_option", args)
	if !ok {
		return
	}
	action := "store"
	if a, ok := kw["action"]; ok {
		s, lit := r.literal(a)
		action = s
		if !lit {
			action = ""
		}
	}
	o := &PyOption{}
	_, hasNargs := kw["nargs"]
	switch {
	case slices.Contains([]string{"store_true", "store_false", "store_const", "append_const", "count", "help", "version"}, action):
		o.Switch = true
	case hasNargs:
	case action == "store" || action == "append":
		o.Value = true
		if a, ok := kw["choices"]; ok {
			o.Choices, _ = r.argList(a)
			o.Choices = slices.DeleteFunc(o.Choices, func(s string) bool {
				return s == "" || strings.HasPrefix(s, "-") || strings.ContainsRune(s, 0)
			})
		}
	}
	for _, n := range names {
		// optparse takes -x and --name spellings only.
		if n == "-" || n == "--" || !(len(n) == 2 && n[0] == '-' && n[1] != '-' || len(n) > 2 && strings.HasPrefix(n, "--")) {
			r.failBuild("add_option(" + strconv.Quote(n) + ")")
			return
		}
		r.addOption(cmd, n, o)
	}
}

// addOption adds an option's spelling; one defined twice differently is
// unknown.
func (r *pyReader) addOption(cmd *PyCommand, name string, o *PyOption) {
	if cmd.Options == nil {
		cmd.Options = map[string]*PyOption{}
	}
	if old, ok := cmd.Options[name]; ok && (old.Switch != o.Switch || old.Value != o.Value || !slices.Equal(old.Choices, o.Choices)) {
		cmd.Options[name] = &PyOption{}
		return
	}
	cmd.Options[name] = o
}
