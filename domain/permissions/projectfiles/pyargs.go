// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// What a project Python script's command line takes (docs/permissions.md
// §7, Programs without an entry), read from the script's own parser: the
// subcommand names of argparse's add_parser (and aliases), click's and
// typer's commands, the switches (options that take no value) and the
// literal choices of argparse's add_argument, optparse's add_option and
// click's options and arguments, or the literal words a plain sys.argv[N]
// is compared with.
// The reader tokenises the script (pytokens.go) and reads only calls whose
// names, actions and choices are literal; anything it does not follow — a
// name from a variable, **kwargs, a parser handed to a function, a second
// parser, parse_known_args, argparse.REMAINDER, sys.argv read another way
// — leaves the arguments unknown, and the line asks as for any program
// without an entry, saying why.

// PyArgs is what a project Python script's command line takes.
type PyArgs struct {
	// File is the script, relative to the root, slash separated.
	File string
	// Why says why Memo cannot tell (zero when it can).
	Why domain.Text
	// Parser is what reads the arguments: argparse, optparse, click,
	// typer or sys.argv.
	Parser string
	// Root is the command line a parser defines.
	Root *PyCommand
	// Choices[i] are the literal words sys.argv[i+1] is compared with.
	Choices [][]string
	// NotPython: the script runs itself and is not known to be Python
	// (its #! line names no python, or Memo cannot read it).
	NotPython bool
	// read: Memo read the file's bytes.
	read bool
}

// PyCommand is one command of a script's parser: the top one, or a
// subcommand.
type PyCommand struct {
	// Names are the subcommand's name and aliases.
	Names []string
	// Options are its options by their spellings.
	Options map[string]*PyOption
	// Slots are its positional arguments, in order.
	Slots []PySlot
	// Opaque: Memo does not know its parameters (a typer function's), so
	// no word after it is read.
	Opaque bool
}

// PyOption is one option of a command.
type PyOption struct {
	// Switch: it takes no value (store_true, count, is_flag …).
	Switch bool
	// Value: it takes one value, one of Choices when there are any.
	Value   bool
	Choices []string
}

// PySlot is one positional argument: a subcommand's place (Subs), one of
// literal Choices, any one word (Any), or words Memo cannot count
// (Variable: nargs, an optional argument).
type PySlot struct {
	Subs     []*PyCommand
	Choices  []string
	Any      bool
	Variable bool
}

// Known reports whether Memo knows what the script's arguments are.
func (a PyArgs) Known() bool {
	return a.Why.IsZero() && (a.Root != nil || len(a.Choices) > 0)
}

// Accepted says which of args (the script's words, those of the rule
// first) the script's parser takes as its own words: a subcommand name
// where the subcommands are, a switch of the command the words are in, an
// option's literal choice, a positional argument's literal choice. The
// words of the rule (the first ruleArgs) are only read to know where the
// line is; reading stops at the first word the parser would not take as
// Memo reads it.
func (a PyArgs) Accepted(args []string, ruleArgs int) []bool {
	ok := make([]bool, len(args))
	if !a.Known() {
		return ok
	}
	if a.Root == nil {
		for i := ruleArgs; i < len(args); i++ {
			if i >= len(a.Choices) || !slices.Contains(a.Choices[i], args[i]) {
				break
			}
			ok[i] = true
		}
		return ok
	}
	cmd, slot := a.Root, 0
	for i := 0; i < len(args); i++ {
		w := args[i]
		if cmd.Opaque || w == "--" || w == "" {
			break
		}
		if strings.HasPrefix(w, "-") && w != "-" {
			name, value, glued := w, "", false
			if strings.HasPrefix(w, "--") {
				name, value, glued = strings.Cut(w, "=")
			}
			o := cmd.Options[name]
			switch {
			case o == nil:
				return ok
			case o.Switch && !glued:
				ok[i] = true
			case o.Value && glued:
				if !choice(o.Choices, value) {
					return ok
				}
				ok[i] = true
			case o.Value && i+1 < len(args):
				if !choice(o.Choices, args[i+1]) {
					if i+1 < ruleArgs {
						i++ // the rule spells the value
						continue
					}
					return ok
				}
				ok[i], ok[i+1] = true, true
				i++
			default:
				return ok
			}
			continue
		}
		if slot >= len(cmd.Slots) {
			return ok
		}
		s := cmd.Slots[slot]
		switch {
		case s.Variable:
			return ok
		case s.Any:
			if i >= ruleArgs {
				return ok // a value the rule does not spell: read as before
			}
			slot++
		case len(s.Subs) > 0:
			var sub *PyCommand
			for _, c := range s.Subs {
				if slices.Contains(c.Names, w) {
					sub = c
				}
			}
			if sub == nil {
				return ok
			}
			ok[i] = true
			cmd, slot = sub, 0
		default:
			if !choice(s.Choices, w) {
				return ok
			}
			ok[i] = true
			slot++
		}
	}
	for i := range min(ruleArgs, len(ok)) {
		ok[i] = false
	}
	return ok
}

// choice: w is one of the literal choices (none starts with a dash: a
// parser reads such a word as an option).
func choice(choices []string, w string) bool {
	return w != "" && !strings.HasPrefix(w, "-") && slices.Contains(choices, w)
}

// Words are every word the parser takes, sorted: subcommand names,
// switches and choices.
func (a PyArgs) Words() []string {
	var out []string
	for _, c := range a.Choices {
		out = append(out, c...)
	}
	var walk func(c *PyCommand)
	walk = func(c *PyCommand) {
		for name, o := range c.Options {
			if o.Switch {
				out = append(out, name)
			}
			if o.Value && len(o.Choices) > 0 {
				for _, v := range o.Choices {
					out = append(out, name+" "+v)
				}
			}
		}
		for _, s := range c.Slots {
			out = append(out, s.Choices...)
			for _, sub := range s.Subs {
				out = append(out, sub.Names...)
				walk(sub)
			}
		}
	}
	if a.Root != nil {
		walk(a.Root)
	}
	out = slices.DeleteFunc(out, func(w string) bool { return w == "" || strings.ContainsRune(w, 0) })
	slices.Sort(out)
	return slices.Compact(out)
}

// Summary is the reading as the rule's label says it: "python PARSER
// WORD…" when Memo knows the words, "" otherwise.
func (a PyArgs) Summary() string {
	if !a.Known() {
		return ""
	}
	words := a.Words()
	if len(words) == 0 {
		return ""
	}
	for i, w := range words {
		words[i] = strings.ReplaceAll(w, " ", "\x1f")
	}
	return "python " + a.Parser + " " + strings.Join(words, " ")
}

// maxPyArgsFile bounds the script Memo reads for its parser.
const maxPyArgsFile = 256 << 10

// PyScriptArguments reads the project Python script word names (a word of
// a line run in p.Dir) for the words its command line takes. byPython: a
// Python interpreter runs it (python x.py, uv run x.py); else the script
// runs itself, and its #! line must name python.
func (p *Project) PyScriptArguments(word string, byPython bool) PyArgs {
	if p == nil {
		return PyArgs{Why: domain.T("the line is checked without a project")}
	}
	key := word + "\x00" + strconv.FormatBool(byPython)
	return p.Memo("pyargs", key, func(q *Project) any { return q.readPyArgs(word, byPython) }).(PyArgs)
}

func (p *Project) readPyArgs(word string, byPython bool) PyArgs {
	a := p.readPyFile(word, byPython)
	// A file run as itself that Memo cannot read may be no Python script
	// at all (a program the build makes, a shell script).
	a.NotPython = a.NotPython || !byPython && !a.read
	return a
}

func (p *Project) readPyFile(word string, byPython bool) PyArgs {
	notFile := domain.T("it is not a file of the project Memo can read")
	if filepath.IsAbs(word) {
		return PyArgs{Why: notFile}
	}
	rel, ok := RelInside(p.Root, filepath.Clean(filepath.Join(p.Dir, word)))
	if !ok {
		return PyArgs{Why: notFile}
	}
	real, ok := p.resolve(rel)
	if !ok {
		return PyArgs{Why: domain.T("it leads out of the project")}
	}
	file := filepath.ToSlash(real)
	path := filepath.Join(p.Root, real)
	kind, fi, err := p.lstat(path)
	switch {
	case err != nil || kind != filekind.File:
		return PyArgs{File: file, Why: notFile}
	case fi.Size() > maxPyArgsFile:
		return PyArgs{File: file, Why: domain.T("it is larger than Memo reads for its arguments (256 KiB)")}
	}
	b, err := p.Read(path, maxPyArgsFile)
	if err != nil {
		return PyArgs{File: file, Why: notFile}
	}
	a := ReadPyArgs(string(b), byPython)
	a.File, a.read = file, true
	return a
}

// ReadPyArgs reads a Python script's text for the words its command line
// takes.
func ReadPyArgs(src string, byPython bool) PyArgs {
	if !byPython && !pythonShebang(src) {
		return PyArgs{Why: domain.T("its #! line does not name python"), NotPython: true}
	}
	toks, why := pyTokenize(src)
	if why != "" {
		return PyArgs{Why: domain.T("Memo cannot read it as Python ({{.Why}})", "Why", why)}
	}
	r := &pyReader{toks: toks, vars: map[string]*pyVal{}}
	r.read()
	return r.result()
}

// pythonShebang: the script's #! line names python alone (python,
// python3, python3.12, through env), with no option.
func pythonShebang(src string) bool {
	first, _, _ := strings.Cut(src, "\n")
	first = strings.TrimSuffix(first, "\r")
	rest, ok := strings.CutPrefix(first, "#!")
	if !ok {
		return false
	}
	fields := strings.Fields(rest)
	if len(fields) == 2 && filepath.Base(fields[0]) == "env" {
		fields = fields[1:]
	}
	if len(fields) != 1 {
		return false
	}
	name := strings.TrimPrefix(filepath.Base(fields[0]), "python")
	return name != filepath.Base(fields[0]) && strings.Trim(name, "0123456789.") == ""
}
