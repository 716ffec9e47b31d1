// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
)

// Reading is a program's arguments read with its entry (default deny).
type Reading struct {
	// Sub is the subcommand ("mod tidy" when nested), "" when none.
	Sub  string
	Kind subKind // unknownSub for a listed subcommand or none
	// Paths are the operands and option values: every word that may name
	// a path or a destination.
	Paths []string
	// Operands are the operands alone, in order, the subcommand excluded.
	Operands []string
	// Dests are the words that name a destination (dest and =d in the
	// entry): a remote, a registry, a remote archive (destinations.go).
	Dests []string
	// Wrapped is the program line a wrapping subcommand runs (pytest -x
	// under uv run), nil when none; module says it was named as a module
	// (-m), which needs an entry of its own.
	Wrapped []string
	Module  bool
	// Lines are the commands a wrapper is given as strings or runs as
	// its operands (wrappers.go), each checked as a line of its own.
	Lines []commandLine
	// Loose are the operands of a program without an entry, by their
	// place among the arguments: Memo knows none (wrappers.go).
	Loose []int
	// Assigns are the NAME=value words a wrapper sets variables with.
	Assigns []string
	// Text are the places, counted from the end of the line, of the words
	// that are text the program only matches or prints (=p values,
	// text_pattern operands): the only places a word may hold characters
	// the line check refuses, quoted (cmdline.QuotedWords).
	Text []int
	// Revs are the places, counted from the end of the line, of the words
	// that are revisions git only resolves (a revisions subcommand's
	// operands before `--`, =r values): bash reads a `~` or `^` inside
	// them literally, and git hands them to no shell (verdict/quoted.go).
	Revs []int
	// RevGlued are the places of the option words with a revision glued
	// on (--onto=main~1).
	RevGlued []int
	// Unknown is why an option or subcommand asks; zero when none does.
	Unknown domain.Text
	Does    Capability
	// Selects are the indexes in args of the options that choose the
	// workspace packages or folder the command runs in (the entry's
	// selects): they pass only within the words the rule covers.
	Selects []int
}

// IsOptionWord reports whether a is a word a program reads as an option.
func IsOptionWord(a string, numeric bool) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	if numeric && strings.Trim(a[1:], "0123456789") == "" {
		return false // -20: a count, read as an operand
	}
	return true
}

// SpelledOptions are the option words of a rule: a line may repeat them
// whatever the program's entry says (the person wrote them).
func SpelledOptions(rule []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range rule {
		if strings.HasPrefix(w, "-") {
			m[w] = true
		}
	}
	return m
}

// Read reads args with the entry c. spelled are the rule's own option
// words; name is the program's name for the reasons.
func (c *compiled) Read(name string, args []string, spelled map[string]bool) Reading {
	r := Reading{Does: c.does}
	sets := []*OptSet{c.Global}
	var child, childText *OptSet
	rest := ""
	subDone := len(c.Subs) == 0 && c.other == unknownSub
	wraps, module := c.wraps, c.module
	ws := &c.Wrap
	skipped := 0
	script := NoScript
	var dest []int
	destEvery := false
	passUnknown := false
	textFirst, textUnless, textPattern := c.textFirst, c.textUnless, c.textPattern
	revisions := false
	var keys, fileKeys map[string]bool
	query := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if ws.after[a] && subDone {
			if i+1 < len(args) {
				r.Wrapped = args[i+1:]
			}
			return r
		}
		if a == "--" && subDone && (wraps || ws.runsLines()) {
			// The wrapper's options end; its command follows.
			ws.readAfterDashes(&r, name, args, i+1, skipped)
			return r
		}
		if a == "--" || (rest != "" && a == rest) {
			if child == nil && childText != nil {
				r.readChildText(args[i+1:], childText)
				break
			}
			r.readChild(args[i+1:], child, spelled, name)
			break
		}
		if c.propWord(a) {
			if c.colonLong && !strings.Contains(a, "=") {
				// -p:x.csproj sets no property: dotnet run reads it as its
				// project, another command as something Memo does not know.
				r.Unknown = unknownOption(a, name, r.Sub)
				return r
			}
			r.Paths = append(r.Paths, cmdline.ValuesOf(a)...)
			continue
		}
		if c.slashSwitches && subDone && slashSwitch(a) {
			// /t:restore is MSBuild's -t:restore. Its value is glued only:
			// the next word is never taken, so it stays an operand.
			if vals, _, ok, ar := c.Option(sets, "-"+a[1:], nil); ok && ar != OutValue {
				r.Paths = append(r.Paths, vals...)
				continue
			}
		}
		if !IsOptionWord(a, c.Numeric) {
			switch {
			case !subDone:
				subDone = true
				s, n, nestedUnknown := c.findSub(args[i:])
				i += n - 1
				switch {
				case nestedUnknown:
					r.Unknown = domain.T("`{{.Word}}` is not a {{.Program}} subcommand Memo knows", "Word", name+" "+strings.Join(args[i-n+1:i+1], " "), "Program", name)
					return r
				case s != nil:
					r.Sub, r.Does, wraps, module = strings.Join(args[i-n+1:i+1], " "), s.does, s.wraps, s.module
					ws = &s.wrap
					sets = append(sets, s.Opts)
					child, childText, rest, script, passUnknown = s.child, s.childText, s.rest, s.Script, s.PassUnknown
					dest, destEvery = s.dest, s.destEvery != "" && givenBy(args, s.destEvery)
					revisions = s.revisions
					keys, fileKeys, query = s.keys, s.fileKeys, s.query
					if s.textFirst {
						textFirst, textUnless, textPattern = true, s.textUnless, s.textPattern
					}
				case c.other == DefinedSub:
					// A script or recipe name, which some programs run as a
					// file when nothing of that name is defined (bun x.ts).
					r.Sub, r.Kind, r.Does = a, DefinedSub, c.does
					r.Paths = append(r.Paths, a)
					if c.definedArgs {
						script = scriptRest
					}
				case c.other == spelledSub:
					r.Sub, r.Kind, r.Does = a, spelledSub, RunsUnknown
					r.Paths = append(r.Paths, a)
				default:
					r.Unknown = domain.T("`{{.Word}}` is not a {{.Program}} subcommand Memo knows", "Word", name+" "+strings.Join(args[i-n+1:i+1], " "), "Program", name)
					return r
				}
				if script == scriptRest {
					r.readChild(args[i+1:], nil, spelled, name)
					return r
				}
			case ws.assigns && IsAssignment(a):
				r.Paths = append(r.Paths, a) // the value is path-checked
				r.Assigns = append(r.Assigns, a)
			case ws.runsLines():
				words, reason := ws.operandLine(a)
				if !reason.IsZero() {
					r.Unknown = badCommandString(a, strings.TrimSpace(name+" "+r.Sub), reason)
					return r
				}
				r.Lines = append(r.Lines, commandLine{word: a, At: i, Words: words})
			case (wraps || ws.after != nil) && skipped < ws.skip:
				skipped++
				r.Operands = append(r.Operands, a)
				r.Paths = append(r.Paths, a)
			case wraps:
				r.Wrapped = args[i:]
				return r
			case script == scriptNamed:
				r.Operands = append(r.Operands, a)
				r.Paths = append(r.Paths, a)
				r.readChild(args[i+1:], nil, spelled, name)
				return r
			case script == scriptPackage:
				// The package, or the .go files that make it; then the
				// program's own arguments.
				r.Operands = append(r.Operands, a)
				r.Paths = append(r.Paths, a)
				j := i + 1
				for strings.HasSuffix(a, ".go") && j < len(args) && strings.HasSuffix(args[j], ".go") && !IsOptionWord(args[j], false) {
					r.Operands = append(r.Operands, args[j])
					r.Paths = append(r.Paths, args[j])
					j++
				}
				r.readChild(args[j:], nil, spelled, name)
				return r
			default:
				r.Operands = append(r.Operands, a)
				if destEvery || slices.Contains(dest, len(r.Operands)) {
					r.Dests = append(r.Dests, a)
				}
				words, expr := queryWords(a)
				switch {
				case query && expr:
					r.Text = append(r.Text, len(args)-i)
					r.Paths = append(r.Paths, words...)
				case c.textAll || textFirst && len(r.Operands) == 1 && !givenBy(args, textUnless):
					if textPattern {
						r.Text = append(r.Text, len(args)-i)
					}
				default:
					r.Paths = append(r.Paths, a)
					if revisions {
						r.Revs = append(r.Revs, len(args)-i)
					}
				}
			}
			continue
		}
		if module != "" && strings.HasPrefix(a, module) {
			mod, rest := a[len(module):], args[i+1:]
			if mod == "" && len(rest) > 0 {
				mod, rest = rest[0], rest[1:]
			}
			r.Wrapped, r.Module = append([]string{mod}, rest...), true
			return r
		}
		if r.Kind == spelledSub {
			sets = sets[:1] // an external subcommand's options: the rule's own
		}
		if ws.strings != nil {
			if cmd, n, ok := StringOption(ws.strings, a, args[i+1:]); ok && (n > 0 || strings.Contains(a, "=")) {
				words, reason := cmdline.Words(cmd)
				if !reason.IsZero() {
					r.Unknown = badCommandString(cmd, strings.TrimSpace(name+" "+r.Sub), reason)
					return r
				}
				r.Lines = append(r.Lines, commandLine{word: cmd, At: i + n, Words: words})
				i += n
				continue
			}
		}
		if c.Selects != nil {
			if vals, n, ok, _ := c.Option([]*OptSet{c.Selects}, a, args[i+1:]); ok {
				r.Selects = append(r.Selects, i)
				r.Paths = append(r.Paths, vals...)
				if c.shapedText(a, args[i+1:], n) {
					// pnpm --filter '!docs': a selector pnpm matches
					// against the workspace's packages.
					r.Text = append(r.Text, len(args)-i-n)
				}
				i += n
				continue
			}
		}
		if c.Labels {
			if ok, paths, why := labelOption(a); ok {
				if !why.IsZero() {
					r.Unknown = why
					return r
				}
				r.Paths = append(r.Paths, paths...)
				continue
			}
		}
		optSets := sets
		if !subDone && c.Lead != nil {
			optSets = append([]*OptSet{c.Lead}, sets...)
		}
		vals, n, ok, ar := c.Option(optSets, a, args[i+1:])
		switch {
		case ok && ar == OutValue && r.Does&(WritesProject|RunsProjectCode) == 0 && !spelled[a]:
			// A file written by a program the review labels as one that
			// only reads: the label would not say what the line does.
			r.Unknown = domain.T("`{{.Word}}` writes a file, and {{.Program}} is approved as a program that only reads; spell the option in the rule to let it write", "Word", a, "Program", strings.TrimSpace(name+" "+r.Sub))
			return r
		case ok && ar == KeyedValue:
			v, spelledSo := keyedValueOf(a, args[i+1:], n)
			if paths, list := keyedList(v, keys, fileKeys); spelledSo && list {
				r.Paths = append(r.Paths, paths...)
				r.Text = append(r.Text, len(args)-i-n)
			} else {
				r.Paths = append(r.Paths, vals...) // a plain value: a refused character asks
			}
			i += n
		case ok:
			r.Paths = append(r.Paths, vals...)
			if ar == DestValue {
				r.Dests = append(r.Dests, vals...)
			}
			if ar.Pattern() || c.shapedText(a, args[i+1:], n) {
				r.Text = append(r.Text, len(args)-i-n)
			}
			switch {
			case ar == RevValue && n == 0:
				r.RevGlued = append(r.RevGlued, len(args)-i)
			case ar == RevValue:
				r.Revs = append(r.Revs, len(args)-i-n)
			}
			i += n
		case spelled[a] && (subDone || strings.Contains(a, "=")):
			// The rule's own option. Before the subcommand only one that
			// cannot take the next word: Memo must tell which word the
			// subcommand is.
			r.Paths = append(r.Paths, a)
		case passUnknown:
			r.readChild(args[i:], nil, spelled, name)
			return r
		default:
			r.Unknown = unknownOption(a, name, r.Sub)
			return r
		}
	}
	return r
}

// slashSwitch: a is /name or /name:value with a name that is a word (no
// further slash, dot or backslash before the colon): the spelling MSBuild
// and VSTest read as a switch. /tmp/x.proj or /x.dll is a path.
func slashSwitch(a string) bool {
	if len(a) < 2 || a[0] != '/' {
		return false
	}
	name, _, _ := strings.Cut(a[1:], ":")
	return name != "" && !strings.ContainsAny(name, `/\.=`) && name[0] != '-'
}

// ReadUnknown reads the arguments of a program Memo has no entry for: its
// options pass only as spelled in the rule, its operands are operands. `--`
// ends nothing: Memo cannot know that the program reads it so.
func ReadUnknown(name string, args []string, spelled map[string]bool) Reading {
	r := Reading{Does: RunsUnknown}
	for i, a := range args {
		switch {
		case a == "--":
		case IsOptionWord(a, false) && !spelled[a]:
			r.Unknown = domain.T("`{{.Word}}` is not an option the rule spells; Memo knows no other options of {{.Program}}", "Word", a, "Program", name)
			return r
		case IsOptionWord(a, false):
			r.Paths = append(r.Paths, a)
		default:
			r.Operands = append(r.Operands, a)
			r.Paths = append(r.Paths, a)
			r.Loose = append(r.Loose, i)
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
		if s, ok := c.Subs[words[0]+" "+words[1]]; ok {
			return s, 2, false
		}
		// A subcommand that runs the program its next word names (go tool
		// stringer), beside two-word ones (go tool cover).
		if s, ok := c.Subs[words[0]]; ok && s.wraps {
			return s, 1, false
		}
		if c.nested[words[0]] {
			return nil, 2, true
		}
	}
	if s, ok := c.Subs[words[0]]; ok {
		return s, 1, false
	}
	return nil, 1, c.nested[words[0]]
}

// readChild reads what follows `--`: with the child's own options when the
// entry names them, else as operands.
// readChildText reads the words after `--` of a subcommand without child
// options as operands, path-checked, but for the options of text whose
// value the program only matches (child_text: dotnet test -- --filter-class
// "*.Tests" hands the testing platform a name pattern).
func (r *Reading) readChildText(words []string, text *OptSet) {
	c := compiled{entry: &entry{Style: Getopt}}
	for i := 0; i < len(words); i++ {
		a := words[i]
		if IsOptionWord(a, false) {
			// The testing platform reads a word that starts with - as an
			// option: never the value of a filter.
			if vals, n, ok, ar := c.Option([]*OptSet{text}, a, words[i+1:]); ok && ar.Pattern() && (n == 0 || !strings.HasPrefix(words[i+1], "-")) {
				r.Paths = append(r.Paths, a)
				r.Paths = append(r.Paths, vals...)
				r.Text = append(r.Text, len(words)-i-n)
				i += n
				continue
			}
		}
		r.Paths = append(r.Paths, a)
	}
}

func (r *Reading) readChild(words []string, child *OptSet, spelled map[string]bool, name string) {
	for i := 0; i < len(words); i++ {
		a := words[i]
		if a == "--" && libtestChild(child) {
			// libtest reads its options as getopt does: a second `--`
			// ends them, and what follows are test names (cargo test --
			// name -- --exact). Not so for rustc, rustdoc or clippy,
			// which expand @file arguments wherever they stand.
			r.Paths = append(r.Paths, words[i+1:]...)
			return
		}
		if child == nil || !IsOptionWord(a, false) {
			r.Paths = append(r.Paths, a)
			continue
		}
		c := compiled{entry: &entry{Style: Getopt}}
		vals, n, ok, ar := c.Option([]*OptSet{child}, a, words[i+1:])
		switch {
		case ok:
			r.Paths = append(r.Paths, vals...)
			if ar.Pattern() {
				r.Text = append(r.Text, len(words)-i-n)
			}
			i += n
		case spelled[a]:
			r.Paths = append(r.Paths, a)
		default:
			r.Unknown = unknownOption(a, name, strings.TrimSpace(r.Sub+" --"))
			return
		}
	}
}

// libtestChild: the child options are libtest's, the test harness's
// (--exact, --test-threads), which no compiler takes.
func libtestChild(child *OptSet) bool {
	if child == nil {
		return false
	}
	_, exact := child.lookupLong("exact")
	_, threads := child.lookupLong("test-threads")
	return exact && threads
}

func unknownOption(word, program, sub string) domain.Text {
	if sub != "" {
		program += " " + sub
	}
	return domain.T("`{{.Word}}` is not an option Memo knows for {{.Program}}", "Word", word, "Program", program)
}

// Option reads the option word a (next are the words after it) against the
// sets: its values, how many of next it takes, whether it is known, and
// the arity of the option that takes a value (noValue when none does).
func (c *compiled) Option(sets []*OptSet, a string, next []string) ([]string, int, bool, Arity) {
	long := func(body string) ([]string, int, bool, Arity) {
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
			case ar.GluedText() && glued:
				return nil, 0, true, ar
			case c.colonLong && !glued && len(next) > 0 && len(next[0]) > 1 && next[0][0] == '-':
				// dotnet's parsers (System.CommandLine, the testing
				// platform's) read a next word that starts with - as an
				// option (--filter-class "--results-directory=/tmp"):
				// so does Memo, and the option has no value of it.
				return nil, 0, true, ar
			case ar.Text() && len(next) > 0:
				return nil, 1, true, ar
			case glued:
				return []string{val}, 0, true, ar
			case ar.takesNext() && len(next) > 0:
				return next[:1], 1, true, ar
			case ar == countValue && len(next) > 0 && IsCount(next[0]):
				return nil, 1, true, ar
			}
			return nil, 0, true, ar
		}
		for _, s := range sets {
			if s.matchPrefix(a) {
				return cmdline.ValuesOf(a), 0, true, noValue
			}
		}
		return nil, 0, false, noValue
	}
	if strings.HasPrefix(a, "--") {
		// dotnet's own options take their value after a colon too
		// (--project:x.csproj, --output:dir), as after `=`.
		if body := a[2:]; c.colonLong {
			if i := strings.IndexAny(body, ":="); i > 0 && body[i] == ':' {
				body = body[:i] + "=" + body[i+1:]
				if _, n, ok, ar := long(body); ok {
					return cmdline.ValuesOf(body), n, ok, ar
				}
			}
		}
		return long(a[2:])
	}
	if c.Style == GoFlag {
		return long(a[1:])
	}
	if c.DashLong && len(a) > 2 {
		if v, n, ok, ar := long(a[1:]); ok {
			return v, n, ok, ar
		}
	}
	if c.colonLong && len(a) > 2 && a[1] != '-' {
		// -bl:LogFile=x names its file after a second `=`: every value
		// the word holds is returned, so each is checked as a path.
		body := strings.Replace(a[1:], ":", "=", 1)
		if _, n, ok, ar := long(body); ok {
			return cmdline.ValuesOf(body), n, ok, ar
		}
	}
	for _, s := range sets {
		if s.matchPrefix(a) {
			return cmdline.ValuesOf(a), 0, true, noValue
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
		case ar.GluedText() && rest != "":
			return nil, 0, true, ar
		case ar.Text() && len(next) > 0:
			return nil, 1, true, ar
		case rest != "":
			if c.colonLong && strings.HasPrefix(rest, ":") {
				// -o:dir is -o dir for dotnet: the value follows the colon.
				return []string{rest[1:]}, 0, true, ar
			}
			return []string{strings.TrimPrefix(rest, "=")}, 0, true, ar
		case ar.takesNext() && len(next) > 0:
			return next[:1], 1, true, ar
		case ar == countValue && len(next) > 0 && IsCount(next[0]):
			return nil, 1, true, ar
		}
		return nil, 0, true, ar
	}
	return nil, 0, true, noValue
}

func shortIn(sets []*OptSet, c byte) (Arity, bool) {
	for _, s := range sets {
		if a, ok := s.lookupShort(c); ok {
			return a, true
		}
	}
	return 0, false
}

// ReadArgs reads the arguments with the program's entry, or as spelled in
// the rule (spelled: its option words) for a program without one.
func (c *Catalog) ReadArgs(name string, args []string, spelled map[string]bool) Reading {
	if e, ok := c.Entries[name]; ok {
		return e.Read(name, args, spelled)
	}
	r := ReadUnknown(name, args, spelled)
	if _, risky := c.Programs[name]; risky {
		r.Loose = nil // a table of its risky arguments reads its operands
	}
	return r
}

// ReadFilter reads a later stage of a pipeline (docs/permissions.md §3):
// the program must be a filter (its table's `filter`), its options among
// the filter's, and it reads its input alone: an operand that is not text
// (a pattern, tr's sets) or a count (head -5) is a file, and asks. ok is
// false when the program is no filter; reason is why the stage asks.
func (c *Catalog) ReadFilter(name string, args []string) (reason domain.Text, ok bool) {
	e := c.Entries[name]
	if e == nil || e.Filter == nil {
		return domain.Text{}, false
	}
	f := *e
	f.Global = f.Filter
	r := f.Read(name, args, nil)
	if !r.Unknown.IsZero() {
		return r.Unknown, true
	}
	for _, o := range r.Operands {
		if e.Numeric && len(o) > 1 && o[0] == '-' && strings.Trim(o[1:], "0123456789") == "" {
			continue // -20: a count
		}
		if slices.Contains(r.Paths, o) {
			return domain.T("`{{.Word}}`: {{.Program}} reading a pipe reads its input alone, not a file", "Word", o, "Program", name), true
		}
	}
	return domain.Text{}, true
}

// NarrowsToMembers reports whether the option word a (next the words
// after it) is one of the entry's member_filters with a value of its
// text_shapes shape, glued after `=` or the next word: an option that
// only narrows the workspace members the command runs in (pnpm --filter
// '!docs', npm -w packages/a). A short option with its value glued
// (-Fdocs) is not read so: the managers' parsers split such a word.
func (c *compiled) NarrowsToMembers(a string, next []string) bool {
	if c.MemberFilters == nil || c.Selects == nil {
		return false
	}
	_, n, ok, ar := c.Option([]*OptSet{c.MemberFilters}, a, next)
	if !ok {
		return false
	}
	if ar == noValue {
		return !strings.Contains(a, "=") // a flag: npm --workspaces
	}
	if n == 0 && !strings.HasPrefix(a, "--") {
		return false
	}
	return c.shapedText(a, next, n)
}

// NarrowValue: the index in next of the value word of a member filter a
// narrows with (NarrowsToMembers), or -1 when its value is glued or it
// takes none.
func (c *compiled) NarrowValue(a string, next []string) int {
	if !c.NarrowsToMembers(a, next) {
		return -1
	}
	if _, n, _, _ := c.Option([]*OptSet{c.MemberFilters}, a, next); n == 1 {
		return 0
	}
	return -1
}

// shapedText: the option word a (n of next its value's words) gives a value
// of the shape text_shapes says, by the option's spelling: -P '!examples'
// (the next word), -P'!examples' (glued on a short option),
// --activate-profiles='!examples' (after `=`).
func (c *compiled) shapedText(a string, next []string, n int) bool {
	for o, shape := range c.textShapes {
		v, ok := "", false
		switch {
		case n == 1 && a == o:
			v, ok = next[0], true
		case n == 0 && strings.HasPrefix(o, "--"):
			v, ok = strings.CutPrefix(a, o+"=")
		case n == 0 && len(o) == 2:
			v, ok = strings.CutPrefix(a, o)
		}
		if ok && shape.MatchString(v) {
			return true
		}
	}
	return false
}
