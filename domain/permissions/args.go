// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
)

// reading is a program's arguments read with its entry (default deny).
type reading struct {
	// sub is the subcommand ("mod tidy" when nested), "" when none.
	sub  string
	kind subKind // unknownSub for a listed subcommand or none
	// paths are the operands and option values: every word that may name
	// a path or a destination.
	paths []string
	// operands are the operands alone, in order, the subcommand excluded.
	operands []string
	// dests are the words that name a destination (dest and =d in the
	// entry): a remote, a registry, a remote archive (destinations.go).
	dests []string
	// wrapped is the program line a wrapping subcommand runs (pytest -x
	// under uv run), nil when none; module says it was named as a module
	// (-m), which needs an entry of its own.
	wrapped []string
	module  bool
	// lines are the commands a wrapper is given as strings or runs as
	// its operands (wrappers.go), each checked as a line of its own.
	lines []commandLine
	// loose are the operands of a program without an entry, by their
	// place among the arguments: Memo knows none (wrappers.go).
	loose []int
	// assigns are the NAME=value words a wrapper sets variables with.
	assigns []string
	// unknown is why an option or subcommand asks; zero when none does.
	unknown domain.Text
	does    capability
	// selects are the indexes in args of the options that choose the
	// workspace packages or folder the command runs in (the entry's
	// selects): they pass only within the words the rule covers.
	selects []int
}

// isOptionWord: a word a program reads as an option.
func isOptionWord(a string, numeric bool) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	if numeric && strings.Trim(a[1:], "0123456789") == "" {
		return false // -20: a count, read as an operand
	}
	return true
}

// spelledOptions are the option words of a rule: a line may repeat them
// whatever the program's entry says (the person wrote them).
func spelledOptions(rule []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range rule {
		if strings.HasPrefix(w, "-") {
			m[w] = true
		}
	}
	return m
}

// read reads args with the entry c. spelled are the rule's own option
// words; name is the program's name for the reasons.
func (c *compiled) read(name string, args []string, spelled map[string]bool) reading {
	r := reading{does: c.does}
	sets := []*optSet{c.global}
	var child *optSet
	rest := ""
	subDone := len(c.subs) == 0 && c.other == unknownSub
	wraps, module := c.wraps, c.module
	ws := &c.wrap
	skipped := 0
	script := noScript
	var dest []int
	destEvery := false
	passUnknown := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if ws.after[a] && subDone {
			if i+1 < len(args) {
				r.wrapped = args[i+1:]
			}
			return r
		}
		if a == "--" && subDone && (wraps || ws.runsLines()) {
			// The wrapper's options end; its command follows.
			ws.readAfterDashes(&r, name, args, i+1, skipped)
			return r
		}
		if a == "--" || (rest != "" && a == rest) {
			r.readChild(args[i+1:], child, spelled, name)
			break
		}
		if c.propWord(a) {
			r.paths = append(r.paths, valuesOf(a)...)
			continue
		}
		if !isOptionWord(a, c.numeric) {
			switch {
			case !subDone:
				subDone = true
				s, n, nestedUnknown := c.findSub(args[i:])
				i += n - 1
				switch {
				case nestedUnknown:
					r.unknown = domain.T("`{{.Word}}` is not a {{.Program}} subcommand Memo knows", "Word", name+" "+strings.Join(args[i-n+1:i+1], " "), "Program", name)
					return r
				case s != nil:
					r.sub, r.does, wraps, module = strings.Join(args[i-n+1:i+1], " "), s.does, s.wraps, s.module
					ws = &s.wrap
					sets = append(sets, s.opts)
					child, rest, script, passUnknown = s.child, s.rest, s.script, s.passUnknown
					dest, destEvery = s.dest, s.destEvery != "" && givenBy(args, s.destEvery)
				case c.other == definedSub:
					// A script or recipe name, which some programs run as a
					// file when nothing of that name is defined (bun x.ts).
					r.sub, r.kind, r.does = a, definedSub, c.does
					r.paths = append(r.paths, a)
					if c.definedArgs {
						script = scriptRest
					}
				case c.other == spelledSub:
					r.sub, r.kind, r.does = a, spelledSub, runsUnknown
					r.paths = append(r.paths, a)
				default:
					r.unknown = domain.T("`{{.Word}}` is not a {{.Program}} subcommand Memo knows", "Word", name+" "+strings.Join(args[i-n+1:i+1], " "), "Program", name)
					return r
				}
				if script == scriptRest {
					r.readChild(args[i+1:], nil, spelled, name)
					return r
				}
			case ws.assigns && isAssignment(a):
				r.paths = append(r.paths, a) // the value is path-checked
				r.assigns = append(r.assigns, a)
			case ws.runsLines():
				words, reason := ws.operandLine(a)
				if !reason.IsZero() {
					r.unknown = badCommandString(a, strings.TrimSpace(name+" "+r.sub), reason)
					return r
				}
				r.lines = append(r.lines, commandLine{word: a, at: i, words: words})
			case (wraps || ws.after != nil) && skipped < ws.skip:
				skipped++
				r.operands = append(r.operands, a)
				r.paths = append(r.paths, a)
			case wraps:
				r.wrapped = args[i:]
				return r
			case script == scriptNamed:
				r.operands = append(r.operands, a)
				r.paths = append(r.paths, a)
				r.readChild(args[i+1:], nil, spelled, name)
				return r
			case script == scriptPackage:
				// The package, or the .go files that make it; then the
				// program's own arguments.
				r.operands = append(r.operands, a)
				r.paths = append(r.paths, a)
				j := i + 1
				for strings.HasSuffix(a, ".go") && j < len(args) && strings.HasSuffix(args[j], ".go") && !isOptionWord(args[j], false) {
					r.operands = append(r.operands, args[j])
					r.paths = append(r.paths, args[j])
					j++
				}
				r.readChild(args[j:], nil, spelled, name)
				return r
			default:
				r.operands = append(r.operands, a)
				if destEvery || slices.Contains(dest, len(r.operands)) {
					r.dests = append(r.dests, a)
				}
				if !c.textAll && !(c.textFirst && len(r.operands) == 1 && !givenBy(args, c.textUnless)) {
					r.paths = append(r.paths, a)
				}
			}
			continue
		}
		if module != "" && strings.HasPrefix(a, module) {
			mod, rest := a[len(module):], args[i+1:]
			if mod == "" && len(rest) > 0 {
				mod, rest = rest[0], rest[1:]
			}
			r.wrapped, r.module = append([]string{mod}, rest...), true
			return r
		}
		if r.kind == spelledSub {
			sets = sets[:1] // an external subcommand's options: the rule's own
		}
		if ws.strings != nil {
			if cmd, n, ok := stringOption(ws.strings, a, args[i+1:]); ok && (n > 0 || strings.Contains(a, "=")) {
				words, reason := Words(cmd)
				if !reason.IsZero() {
					r.unknown = badCommandString(cmd, strings.TrimSpace(name+" "+r.sub), reason)
					return r
				}
				r.lines = append(r.lines, commandLine{word: cmd, at: i + n, words: words})
				i += n
				continue
			}
		}
		if c.selects != nil {
			if vals, n, ok, _ := c.option([]*optSet{c.selects}, a, args[i+1:]); ok {
				r.selects = append(r.selects, i)
				r.paths = append(r.paths, vals...)
				i += n
				continue
			}
		}
		if c.labels {
			if ok, paths, why := labelOption(a); ok {
				if !why.IsZero() {
					r.unknown = why
					return r
				}
				r.paths = append(r.paths, paths...)
				continue
			}
		}
		vals, n, ok, ar := c.option(sets, a, args[i+1:])
		switch {
		case ok && ar == outValue && r.does&(writesProject|runsProjectCode) == 0 && !spelled[a]:
			// A file written by a program the review labels as one that
			// only reads: the label would not say what the line does.
			r.unknown = domain.T("`{{.Word}}` writes a file, and {{.Program}} is approved as a program that only reads; spell the option in the rule to let it write", "Word", a, "Program", strings.TrimSpace(name+" "+r.sub))
			return r
		case ok:
			r.paths = append(r.paths, vals...)
			if ar == destValue {
				r.dests = append(r.dests, vals...)
			}
			i += n
		case spelled[a] && (subDone || strings.Contains(a, "=")):
			// The rule's own option. Before the subcommand only one that
			// cannot take the next word: Memo must tell which word the
			// subcommand is.
			r.paths = append(r.paths, a)
		case passUnknown:
			r.readChild(args[i:], nil, spelled, name)
			return r
		default:
			r.unknown = unknownOption(a, name, r.sub)
			return r
		}
	}
	return r
}

// readUnknown reads the arguments of a program Memo has no entry for: its
// options pass only as spelled in the rule, its operands are operands. `--`
// ends nothing: Memo cannot know that the program reads it so.
func readUnknown(name string, args []string, spelled map[string]bool) reading {
	r := reading{does: runsUnknown}
	for i, a := range args {
		switch {
		case a == "--":
		case isOptionWord(a, false) && !spelled[a]:
			r.unknown = domain.T("`{{.Word}}` is not an option the rule spells; Memo knows no other options of {{.Program}}", "Word", a, "Program", name)
			return r
		case isOptionWord(a, false):
			r.paths = append(r.paths, a)
		default:
			r.operands = append(r.operands, a)
			r.paths = append(r.paths, a)
			r.loose = append(r.loose, i)
		}
	}
	return r
}

// givenBy: one of the space-separated options appears among args (as
// itself, glued to its value, or in a bundle of short options).
func givenBy(args []string, options string) bool {
	for _, o := range strings.Fields(options) {
		for _, a := range args {
			if a == "--" {
				break
			}
			switch {
			case a == o, strings.HasPrefix(a, o+"="):
				return true
			case len(o) == 2 && len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a[1:], rune(o[1])):
				return true
			}
		}
	}
	return false
}

// findSub finds the subcommand at the start of words, nested ones first:
// the subcommand and how many words it takes.
// A subcommand that takes subcommands of its own and is followed by one
// Memo does not list (git remote add) is unknown.
func (c *compiled) findSub(words []string) (s *compiledSub, n int, nestedUnknown bool) {
	if len(words) > 1 && !strings.HasPrefix(words[1], "-") {
		if s, ok := c.subs[words[0]+" "+words[1]]; ok {
			return s, 2, false
		}
		if c.nested[words[0]] {
			return nil, 2, true
		}
	}
	if s, ok := c.subs[words[0]]; ok {
		return s, 1, false
	}
	return nil, 1, c.nested[words[0]]
}

// readChild reads what follows `--`: with the child's own options when the
// entry names them, else as operands.
func (r *reading) readChild(words []string, child *optSet, spelled map[string]bool, name string) {
	for i := 0; i < len(words); i++ {
		a := words[i]
		if child == nil || !isOptionWord(a, false) {
			r.paths = append(r.paths, a)
			continue
		}
		c := compiled{entry: &entry{style: getopt}}
		vals, n, ok, _ := c.option([]*optSet{child}, a, words[i+1:])
		switch {
		case ok:
			r.paths = append(r.paths, vals...)
			i += n
		case spelled[a]:
			r.paths = append(r.paths, a)
		default:
			r.unknown = unknownOption(a, name, strings.TrimSpace(r.sub+" --"))
			return
		}
	}
}

func unknownOption(word, program, sub string) domain.Text {
	if sub != "" {
		program += " " + sub
	}
	return domain.T("`{{.Word}}` is not an option Memo knows for {{.Program}}", "Word", word, "Program", program)
}

// option reads the option word a (next are the words after it) against the
// sets: its values, how many of next it takes, whether it is known, and
// the arity of the option that takes a value (noValue when none does).
func (c *compiled) option(sets []*optSet, a string, next []string) ([]string, int, bool, arity) {
	long := func(body string) ([]string, int, bool, arity) {
		name, val, glued := strings.Cut(body, "=")
		if c.foldCase {
			name = strings.ToLower(name)
		}
		for _, s := range sets {
			ar, ok := s.lookupLong(name)
			if !ok {
				continue
			}
			switch {
			case ar == textValue && glued:
				return nil, 0, true, ar
			case ar == textValue && len(next) > 0:
				return nil, 1, true, ar
			case glued:
				return []string{val}, 0, true, ar
			case (ar == value || ar == outValue || ar == destValue) && len(next) > 0:
				return next[:1], 1, true, ar
			}
			return nil, 0, true, ar
		}
		for _, s := range sets {
			if s.matchPrefix(a) {
				return valuesOf(a), 0, true, noValue
			}
		}
		return nil, 0, false, noValue
	}
	if strings.HasPrefix(a, "--") {
		return long(a[2:])
	}
	if c.style == goFlag {
		return long(a[1:])
	}
	if c.dashLong && len(a) > 2 {
		if v, n, ok, ar := long(a[1:]); ok {
			return v, n, ok, ar
		}
	}
	if c.colonLong && len(a) > 2 && a[1] != '-' {
		// -bl:LogFile=x names its file after a second `=`: every value
		// the word holds is returned, so each is checked as a path.
		body := strings.Replace(a[1:], ":", "=", 1)
		if _, n, ok, ar := long(body); ok {
			return valuesOf(body), n, ok, ar
		}
	}
	for _, s := range sets {
		if s.matchPrefix(a) {
			return valuesOf(a), 0, true, noValue
		}
	}
	// A bundle of short options: -xvf, -ofile, -j4.
	for j := 1; j < len(a); j++ {
		ar, ok := shortIn(sets, a[j])
		if !ok {
			return nil, 0, false, noValue
		}
		rest := a[j+1:]
		switch {
		case ar == noValue:
			continue
		case ar == textValue && rest != "":
			return nil, 0, true, ar
		case ar == textValue && len(next) > 0:
			return nil, 1, true, ar
		case rest != "":
			return []string{strings.TrimPrefix(rest, "=")}, 0, true, ar
		case (ar == value || ar == outValue || ar == destValue) && len(next) > 0:
			return next[:1], 1, true, ar
		}
		return nil, 0, true, ar
	}
	return nil, 0, true, noValue
}

func shortIn(sets []*optSet, c byte) (arity, bool) {
	for _, s := range sets {
		if a, ok := s.lookupShort(c); ok {
			return a, true
		}
	}
	return 0, false
}
