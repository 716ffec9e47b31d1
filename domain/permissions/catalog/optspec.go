// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"
	"strings"

	"memo.dev/projects/domain"
)

// Default deny (docs/permissions.md §7): for each program Memo knows,
// its entry lists the options that are safe, with whether each takes a
// value. An option a line holds that is neither listed nor spelled in the
// rule itself asks, naming it. The entries are written as spec strings:
//
//	-v --verbose    an option without a value
//	-o= --output=   an option with a value: glued (-ofile, --output=file) or the next word
//	--color=?       an option with an optional value, glued only
//	-p=c?           an optional count: glued, or the next word when it is
//	                a decimal number, `auto` or `all` (tox -p auto)
//	-m=t            a value that is text (a message, a pattern), never a path
//	-k=p            text the program only matches or prints (a pattern, a
//	                format, a message), never a path: a quoted value may
//	                hold characters the line check refuses (cmdline.QuotedWords)
//	--pretty=p?     an optional value that is such text, glued only
//	--output=o      a value naming a file the program writes: on a program
//	                or subcommand that otherwise only reads, it asks unless
//	                the rule spells it (git log --output=x writes x)
//	-W*             every option starting so, its value glued (-Wall, -O2)
//	--registry=d    a value naming a destination: a remote, a registry
//	                (destinations.go judges it; a local path is path-checked)
//	--onto=r        a revision git only resolves (HEAD~3): it may hold a
//	                `~` or `^` inside it; it is path-checked besides
//	--logger=k      a value NAME;key=value;… (a VSTest logger): NAME is
//	                path-checked, each key must be one the subcommand's
//	                `keys` (text) or `file_keys` (path-checked) list
//
// Safe options match only as spelled in full: an abbreviation the program
// would expand (git's --pre for --pretty) asks, since Memo cannot tell which
// of the program's options it names. Risky options are still found in every
// abbreviation by the table of risky arguments (risks.go).

// Arity says whether an option takes a value.
type Arity uint8

const (
	noValue         Arity = iota // a switch
	Value                        // a value: glued, or the next word
	optValue                     // an optional value, glued only
	TextValue                    // a value that is text, not a path: glued, or the next word
	OutValue                     // a value naming a file the program writes: glued, or the next word
	DestValue                    // a value naming a destination (a remote, a registry): glued, or the next word
	patternValue                 // text the program only matches or prints: glued, or the next word
	optPatternValue              // an optional value that is such text, glued only
	RevValue                     // a revision git only resolves: glued, or the next word
	countValue                   // an optional count: glued, or the next word when it is one (IsCount)
	KeyedValue                   // NAME;key=value;…: glued, or the next word (keyed.go)
)

// IsCount reports whether an optional count (=c?) takes w as its value: a
// decimal number, auto or all. It names no file, program or subcommand.
func IsCount(w string) bool {
	return w == "auto" || w == "all" || w != "" && strings.Trim(w, "0123456789") == ""
}

// takesNext: the value may be the next word (=, =o, =d, =r).
func (a Arity) takesNext() bool {
	return a == Value || a == OutValue || a == DestValue || a == RevValue || a == KeyedValue
}

// Text reports whether the value is text, not a path, glued or the next
// word (=t, =p).
func (a Arity) Text() bool { return a == TextValue || a == patternValue }

// GluedText reports whether a value glued on is text, not a path (=t, =p,
// =p?).
func (a Arity) GluedText() bool { return a.Text() || a == optPatternValue }

// Pattern reports whether the value is text the program only matches or
// prints (=p, =p?): the only places a quoted word may hold characters the
// line check refuses.
func (a Arity) Pattern() bool { return a == patternValue || a == optPatternValue }

// OptSet is a set of safe options.
type OptSet struct {
	Long     map[string]Arity // without dashes; Go-style -name options too
	Short    map[byte]Arity
	prefixes []string // with their dashes
}

// matchPrefix: the word starts with one of the set's prefixes.
func (s *OptSet) matchPrefix(word string) bool {
	if s == nil {
		return false
	}
	for _, p := range s.prefixes {
		if strings.HasPrefix(word, p) {
			return true
		}
	}
	return false
}

func (s *OptSet) lookupLong(name string) (Arity, bool) {
	if s == nil {
		return 0, false
	}
	a, ok := s.Long[name]
	return a, ok
}

func (s *OptSet) lookupShort(c byte) (Arity, bool) {
	if s == nil {
		return 0, false
	}
	a, ok := s.Short[c]
	return a, ok
}

// compileOpts reads a spec string. In the goFlag style every name is long:
// Go's flag package reads -run and --run alike.
func compileOpts(style optStyle, spec string, fold bool) *OptSet {
	if fold {
		spec = strings.ToLower(spec)
	}
	s := &OptSet{Long: map[string]Arity{}, Short: map[byte]Arity{}}
	for _, tok := range strings.Fields(spec) {
		a := noValue
		switch {
		case strings.HasSuffix(tok, "*"):
			s.prefixes = append(s.prefixes, strings.TrimSuffix(tok, "*"))
			continue
		case strings.HasSuffix(tok, "=t"):
			a, tok = TextValue, strings.TrimSuffix(tok, "=t")
		case strings.HasSuffix(tok, "=p"):
			a, tok = patternValue, strings.TrimSuffix(tok, "=p")
		case strings.HasSuffix(tok, "=p?"):
			a, tok = optPatternValue, strings.TrimSuffix(tok, "=p?")
		case strings.HasSuffix(tok, "=o"):
			a, tok = OutValue, strings.TrimSuffix(tok, "=o")
		case strings.HasSuffix(tok, "=d"):
			a, tok = DestValue, strings.TrimSuffix(tok, "=d")
		case strings.HasSuffix(tok, "=r"):
			a, tok = RevValue, strings.TrimSuffix(tok, "=r")
		case strings.HasSuffix(tok, "=k"):
			a, tok = KeyedValue, strings.TrimSuffix(tok, "=k")
		case strings.HasSuffix(tok, "=c?"):
			a, tok = countValue, strings.TrimSuffix(tok, "=c?")
		case strings.HasSuffix(tok, "=?"):
			a, tok = optValue, strings.TrimSuffix(tok, "=?")
		case strings.HasSuffix(tok, "="):
			a, tok = Value, strings.TrimSuffix(tok, "=")
		}
		switch {
		case strings.HasPrefix(tok, "--"):
			s.Long[tok[2:]] = a
		case len(tok) == 2 && tok[0] == '-' && style != GoFlag:
			s.Short[tok[1]] = a
		case strings.HasPrefix(tok, "-"):
			s.Long[tok[1:]] = a
		default:
			panic("permissions: option spec " + tok + " has no dash")
		}
	}
	return s
}

// subKind says what a subcommand that an entry does not list is.
type subKind uint8

const (
	// unknownSub asks: the program's subcommands are all known (npm, go).
	unknownSub subKind = iota
	// spelledSub is an external command (cargo-foo, git-foo): options pass
	// only as spelled in the rule.
	spelledSub
	// DefinedSub is the project's own definition: a package.json script, a
	// recipe (pnpm build, just test); options pass as for the program.
	DefinedSub
)

// scriptArgs says where a script's own arguments start.
type scriptArgs uint8

const (
	NoScript    scriptArgs = iota
	scriptRest             // after the subcommand: pnpm test -t x
	scriptNamed            // after the script's name: pnpm run build -t x
)

// scriptPackage: after the package go run names, or the .go files that
// make it: go run ./cmd/gen -v, go run main.go -v.
const scriptPackage = scriptNamed + 1

// sub is what Memo knows of one subcommand.
type sub struct {
	opts string
	// child are the options of what runs after `--` (the test binary of
	// cargo test, rustc under cargo clippy); "" reads the words after `--`
	// as operands, checked for risky arguments and paths only.
	child string
	// childText: with no child, the options after `--` whose values are
	// text the program only matches (child_text).
	childText string
	// rest is an option after which every word is the child's, as after
	// `--` (go test -args).
	rest string
	// Script: the words after the subcommand (scriptRest), or after the
	// script it names (scriptNamed: pnpm run build …), are the script's
	// arguments, not the program's options.
	Script scriptArgs
	// module is the option whose value names the module the subcommand
	// runs (coverage run -m pytest); the module needs an entry of its own.
	module string
	// wraps: the subcommand runs the program its first operand names
	// (uv run pytest, python -m pytest), whose own entry then applies.
	wraps bool
	// ownTools: names it runs of its own, not the program so named (go
	// tool compile), with why they ask.
	ownTools map[string]domain.Text
	// localBin: the program it wraps is one the project installed in
	// node_modules/.bin (pnpm exec).
	localBin bool
	// does is what the subcommand can do, for the review's labels.
	does Capability
	// dest are the operands (1 the first) that name a destination: a
	// remote, a registry (destinations.go); destEvery an option that makes
	// every operand one (git fetch --multiple).
	dest      []int
	destEvery string
	// PassUnknown: an option the subcommand does not know starts the
	// arguments of the program it runs (dotnet run hands them on), read
	// as words the paths of which are checked.
	PassUnknown bool
	// wrap says where else the command it runs is given (wrappers.go).
	wrap wrapSpec
	// textFirst, textUnless, textPattern: as the entry's, for the
	// subcommand's operands (git grep's pattern).
	textFirst   bool
	textUnless  string
	textPattern bool
	// revisions: its operands before `--` may be revisions git only
	// resolves (HEAD~1, main^2): a `~` or `^` inside them passes.
	revisions bool
	// keys and fileKeys (lower case): the keys a NAME;key=value;… value
	// (=k) may set, whose values are text, or name a file (keyed.go).
	keys, fileKeys map[string]bool
	// query: its operands are a bazel query expression: text, whose
	// target patterns are read as labels (query.go).
	query bool
}

// entry is what Memo knows is safe for one program.
type entry struct {
	Style optStyle
	// DashLong: -name is read as --name too (npm's nopt).
	DashLong bool
	// colonLong: -name:value is read as --name=value, and -name as
	// --name (MSBuild's switches through dotnet: -m:1, -bl:build.binlog).
	colonLong bool
	// slashSwitches: /name and /name:value are read as -name and
	// -name:value when the subcommand knows that option (/t:restore).
	slashSwitches bool
	// Numeric: -NUM is an option (git log -3, head -20).
	Numeric bool
	// foldCase: option names are read in any case (tsc).
	foldCase bool
	// textFirst: the first operand is text, not a path (sed's script,
	// grep's pattern), unless one of the options of textUnless gives it
	// (-e, -f).
	textFirst  bool
	textUnless string
	// textAll: every operand is text (echo).
	textAll bool
	// textShapes: by an option's spelling (-P, --activate-profiles), the
	// shape of a value that is text the program only matches (maven's
	// profiles, cmake's list values): such a value, glued or the next word,
	// may hold quoted characters the line check refuses (text_shapes).
	textShapes map[string]*regexp.Regexp
	// textPattern: the operands textFirst or textAll make text are text
	// the program only matches or prints (grep's pattern, echo's words).
	textPattern bool
	// global are options anywhere on the line, before or after the
	// subcommand.
	global string
	// subs by name; nested subcommands as "mod tidy". With no subs the
	// program takes none: its operands are operands.
	subs map[string]sub
	// other is what a subcommand not in subs is.
	other subKind
	// definedArgs: the words after a defined subcommand (a script, a
	// recipe) are its arguments (pnpm build --watch, just fix -p x).
	definedArgs bool
	// OptionsBetween: its options may stand between the words a rule
	// names (pnpm --filter web test under pnpm test; rulematch.go).
	OptionsBetween bool
	// selects are the options that choose the workspace packages or the
	// folder the command runs in (pnpm --filter, -C; npm -w): a spec.
	selects string
	// memberFilters are the selects that only narrow the workspace
	// members (member_filters): a spec.
	memberFilters string
	// lead are options that stand only before the subcommand (git -c,
	// -C): a spec. Their risks are the table's operands check to say.
	lead string
	// Narrows are options whose values choose what of the project's own
	// definitions runs (tox -e lint): a rule that gives them approves only
	// the values it gives (verdict/narrows.go).
	Narrows []string
	// filter: the options it may take as a later stage of a pipeline,
	// reading the output of the stage before (isFilter: it is a filter).
	filter   string
	isFilter bool
	// does is what the program can do when it has no subcommands, and
	// what a defined subcommand does.
	does Capability
	// wraps and module: as for a subcommand, for an interpreter without
	// subcommands (python -m pytest, bash scripts/test.sh).
	wraps  bool
	module string
	// ModuleOnly: the entry is a module an interpreter runs (python -m
	// build), never a program of that name: a program word named so (a
	// project's ./build.ps1) is read as a program without an entry.
	ModuleOnly bool
	// Wrap says where else the command it runs is given (wrappers.go).
	Wrap wrapSpec
	// Interpreter: a shell or language runtime, accepted in a rule only
	// with a script of the project (or python -m of a known module).
	Interpreter interpreterKind
	// Version are, by the program's name, a language runtime's options
	// that print its version and exit (node -v, python --version): a rule
	// of them alone is accepted. Shells have none: refused under every name.
	Version map[string][]string
	// localBin: it runs a program the project installed in
	// node_modules/.bin (npx, bunx).
	localBin bool
	// RunsGit: it runs git in the project on its own (go stamps builds,
	// package managers fetch git dependencies).
	RunsGit bool
	// Targets: it runs the targets its operands name (make test lint).
	Targets bool
	// Definitions names the project file whose definitions it runs
	// (package.json scripts, the Makefile), for the review.
	Definitions string
	// props are the spellings of a property, Name=Value glued on (MSBuild's
	// -p: and /p:), compared in any case: such a word is neither an option
	// nor an operand, and its value is checked as a path.
	props []string
	// Labels: its operands are build labels (//pkg:target, @repo//…,
	// :target), not paths; --//pkg:flag=v sets a build setting (bazel).
	Labels bool
	// toolchain: a first word +NAME picks the rustup toolchain (cargo
	// +nightly test), read as if absent when matching rules.
	toolchain bool
	// inertSwitches and isolatingSwitches are the interpreter's
	// inert_switches and isolating_switches.
	inertSwitches, isolatingSwitches string
	// sameSubs maps a subcommand to the one it is an alias of (same_subs).
	sameSubs map[string]string
}

// propWord: the word sets a property by one of the entry's spellings.
func (e *entry) propWord(a string) bool {
	for _, p := range e.props {
		if len(a) > len(p) && strings.EqualFold(a[:len(p)], p) {
			return true
		}
	}
	return false
}

// interpreterKind tells the interpreters apart.
type interpreterKind uint8

const (
	notInterpreter interpreterKind = iota
	scriptInterpreter
	PythonInterpreter
)

// compiled is an entry with its spec strings read.
type compiled struct {
	*entry
	Global *OptSet
	Subs   map[string]*compiledSub
	// nested are the subcommands that take a subcommand of their own
	// (remote in git remote show): one Memo does not list asks.
	nested map[string]bool

	// Selects: the entry's selects, nil when none.
	Selects *OptSet
	// MemberFilters: the entry's member_filters, nil when none.
	MemberFilters *OptSet
	// Filter: the entry's filter options, nil when it is no filter.
	Filter *OptSet
	// Lead: the entry's lead options, nil when none.
	Lead *OptSet
}

type compiledSub struct {
	sub
	Opts, child, childText *OptSet
}

// CompiledEntries are the builtin catalogue's entries, read at the first
// check: a command that checks nothing (status, setup) does not pay for them.
func CompiledEntries() map[string]*compiled { return Builtin().Entries }

// PatternSpellings are the option spellings (with their dashes) whose values
// the entry marks as text the program only matches or prints (=p, =p?, and
// =k, whose keys the program reads itself, and text_shapes), on
// the program and on every subcommand, and whether some operands are such
// text (text_pattern): a reading of the entry apart from ReadArgs, for the
// checks that hold ReadArgs to it.
func (c *compiled) PatternSpellings() (options map[string]bool, operands bool) {
	options = map[string]bool{}
	sets := []*OptSet{c.Global}
	operands = c.textPattern
	for _, s := range c.Subs {
		sets = append(sets, s.Opts, s.child)
		operands = operands || s.textPattern || s.query
	}
	for o := range c.textShapes {
		options[o] = true
	}
	for _, s := range sets {
		if s == nil {
			continue
		}
		for n, a := range s.Long {
			if a.Pattern() || a == KeyedValue {
				options["--"+n], options["-"+n] = true, true
			}
		}
		for b, a := range s.Short {
			if a.Pattern() || a == KeyedValue {
				options["-"+string(b)] = true
			}
		}
	}
	return options, operands
}

// ExternalSub reports whether word, in a subcommand's place, names an
// external command of the program (cargo foo runs cargo-foo): one the entry
// does not list, whose options are that command's own.
func (c *compiled) ExternalSub(word string) bool {
	_, listed := c.Subs[word]
	return word != "" && !listed && c.other == spelledSub && !IsOptionWord(word, c.Numeric)
}
