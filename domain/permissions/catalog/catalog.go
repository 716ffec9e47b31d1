// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"memo.dev/projects/domain"
)

// What Memo knows about programs is data (docs/permissions.md §12): one
// TOML file per program or family in catalog/, embedded in the binary, each
// entry with examples that are tests. The loader refuses a file with an
// unknown or duplicate key, and drops an entry whose examples fail; the
// catalogue is read at the first check, so a command that checks nothing
// does not pay for it.

//go:embed *.toml
var builtinFiles embed.FS

// Catalog is what Memo knows about programs: the safe options (default
// deny, §7), the risky arguments (§5), the refused programs (§8) and how
// program names are read.
type Catalog struct {
	Entries  map[string]*compiled
	Programs map[string]Program
	refused  map[string]domain.Text
	// refusedPrefix are name prefixes refused as a class (ld-linux…, qemu-…).
	refusedPrefix []prefixRefusal
	Bare          map[string]bool
	gnu           map[string]bool
	alternatives  map[string]bool
	// variables are the environment variables that make a program load or
	// run other code, by upper-case name (a * at the end: a prefix).
	variables map[string]domain.Text
	// PlainVariables may be set before a command on the line (GOOS=linux
	// go build): they choose a target, the output or a log level.
	PlainVariables map[string]bool
	// logSuffixes (*_LOG) and logLevels: a program's own log variable,
	// STARSHIP_LOG=trace, set to a level, as plain as RUST_LOG.
	logSuffixes []string
	logLevels   map[string]bool
	// switchVariables may be set to a switch or a count alone
	// (UPDATE_SNAPSHOTS=true, REPIN=1), wordVariables to a plain word
	// (MIX_ENV=test), FlagVariables to flags the checker reads one by one
	// (RUSTDOCFLAGS="-D warnings": lint levels and cfgs only).
	switchVariables map[string]bool
	wordVariables   map[string]bool
	FlagVariables   map[string]bool
	// sanitizerVariables (ASAN_OPTIONS …) may hold key=value pairs whose
	// values are switches or numbers, none of sanitizerNotKeys (a key that
	// names a program or a file: log_path, suppressions …).
	sanitizerVariables map[string]bool
	sanitizerNotKeys   map[string]bool
	// notProjectVariables are the shapes of names that are never a
	// project's own variable (ProjectVariable): *_OPTS, GO*, *PATH*, CC.
	notProjectVariables []string
	// NotBesideProjectVariables are the words a definition's line naming a
	// project's own variable may not hold (install, exec, require …).
	NotBesideProjectVariables map[string]bool
	// PythonStdlib are the top-level modules of Python's standard library
	// (sys.stdlib_module_names): `python -m NAME` of one is never the
	// project's own module, even when a project folder shadows it.
	PythonStdlib map[string]bool
	// TestBinary are the options a test framework reads in every program
	// it is linked into (googletest's --gtest_*): they pass on the line of
	// a program the project builds, which has no entry (test_binary_options).
	TestBinary *OptSet
	// Dropped are the builtin programs whose table did not load: refused
	// rather than read as programs without an entry (a wrapper would then
	// pass its command as operands).
	Dropped map[string]bool
	// Known are the programs by name, aliases included, with where each
	// entry came from and its examples.
	Known map[string]*Known
	// LoadProblems are the builtin files and entries that did not load.
	LoadProblems []Problem
}

type prefixRefusal struct {
	prefix string
	why    domain.Text
}

// Known is one program table of a catalogue file.
type Known struct {
	Name     string
	Aliases  []string
	Source   string // "builtin" or "user"
	File     string
	Examples []Example
	User     bool
}

// Example is one line an entry's rule approves, or asks for with a reason.
type Example struct {
	Rule    string
	Line    string
	Approve bool
	Reason  string // a substring of the reason, for an ask
}

// Problem is why a catalogue file or entry did not load.
type Problem struct {
	File    string `json:"file"`
	Program string `json:"program,omitempty"`
	Reason  string `json:"reason"`
}

func (p Problem) String() string {
	if p.Program != "" {
		return p.File + ": " + p.Program + ": " + p.Reason
	}
	return p.File + ": " + p.Reason
}

type SourceFile struct {
	Path string // as shown: catalog/go.toml, or the user file's path
	Data []byte
	User bool
}

func BuiltinSources() []SourceFile {
	names, _ := fs.Glob(builtinFiles, "*.toml")
	sort.Strings(names)
	var out []SourceFile
	for _, n := range names {
		b, _ := builtinFiles.ReadFile(n)
		// Named as in the repository (and as messages and docs name them).
		out = append(out, SourceFile{Path: "catalog/" + n, Data: b})
	}
	return out
}

// programData is one program's table of a catalogue file (a file holds
// tables by program name and, the builtin files alone, the refused programs
// and the name forms); docs/permissions.md §12 is its schema.
type programData struct {
	Aliases     []string          `toml:"aliases"`
	Entry       *bool             `toml:"entry"`
	Style       string            `toml:"style"`
	Interpreter string            `toml:"interpreter"`
	DashLong    bool              `toml:"dash_long"`
	ColonLong   bool              `toml:"colon_long"`
	Numeric     bool              `toml:"numeric"`
	FoldCase    bool              `toml:"fold_case"`
	TextFirst   bool              `toml:"text_first"`
	TextUnless  string            `toml:"text_unless"`
	TextAll     bool              `toml:"text_all"`
	TextPattern bool              `toml:"text_pattern"`
	TextShapes  map[string]string `toml:"text_shapes"`
	Wraps       bool              `toml:"wraps"`
	Module      string            `toml:"module"`
	ModuleOnly  bool              `toml:"module_only"`
	// InertSwitches: an interpreter's one-letter switches that change
	// neither what runs nor what it reads (python -B -u), read as absent
	// before the script or the module flag; IsolatingSwitches change where
	// it finds modules (python -I), read as absent before -m of a module
	// with an entry alone (WithoutInertSwitches).
	InertSwitches     string              `toml:"inert_switches"`
	IsolatingSwitches string              `toml:"isolating_switches"`
	Version           map[string][]string `toml:"version"`
	Other             string              `toml:"other"`
	DefinedArgs       bool                `toml:"defined_args"`
	LocalBin          bool                `toml:"local_bin"`
	RunsGit           bool                `toml:"runs_git"`
	Targets           bool                `toml:"targets"`
	Definitions       string              `toml:"definitions"`
	Labels            bool                `toml:"labels"`
	Toolchain         bool                `toml:"toolchain"`
	Does              []string            `toml:"does"`
	Options           string              `toml:"options"`
	Props             string              `toml:"props"`
	Sets              map[string]string   `toml:"sets"`
	Sub               map[string]subData
	Risky             *riskData     `toml:"risky"`
	Example           []exampleData `toml:"example"`
	// wrapData: where a wrapper is given the command it runs (wrappers.go).
	wrapData

	// OptionsBetween: options may stand between the words a rule names.
	OptionsBetween bool `toml:"options_between"`
	// SameSubs: subcommands that are another's documented alias (npm i is
	// npm install): a rule naming one matches lines spelling the other.
	SameSubs map[string]string `toml:"same_subs"`
	// Selects: options choosing the workspace packages or folder the
	// command runs in; they pass only where the rule spells them.
	Selects string `toml:"selects"`
	// MemberFilters: the options of selects that only narrow the
	// workspace members the command runs in (pnpm --filter, npm -w), never
	// another folder; each one taking a value has a text_shapes shape.
	MemberFilters string `toml:"member_filters"`
	// Lead: options that stand only before the subcommand (git -c, -C).
	Lead string `toml:"lead"`
	// Narrows: options whose values a rule that gives them names alone.
	Narrows []string `toml:"narrows"`

	// SlashSwitches: /name and /name:value are the option -name
	// (MSBuild's and VSTest's switches: /t:restore, /Parallel).
	SlashSwitches bool `toml:"slash_switches"`

	// Filter: the program reads its input and prints a part of it; the
	// spec is the options it may take as a later stage of a pipeline
	// (docs/permissions.md §3), where it takes no file operand.
	Filter *string `toml:"filter"`
}

type subData struct {
	Does     []string `toml:"does"`
	Wraps    bool     `toml:"wraps"`
	LocalBin bool     `toml:"local_bin"`
	Module   string   `toml:"module"`
	Script   string   `toml:"script"`
	Rest     string   `toml:"rest"`
	Options  string   `toml:"options"`
	Child    string   `toml:"child"`
	// ChildText: options after `--` (where no child is given) whose values
	// are text the program only matches, every other word path-checked as
	// before (dotnet test -- --filter-class "*.Tests").
	ChildText string `toml:"child_text"`
	// Dest and DestEvery: the operands that name a destination
	// (destinations.go).
	Dest      []int  `toml:"dest"`
	DestEvery string `toml:"dest_every"`
	// PassUnknown: an option the subcommand does not know, and every
	// word after it, are the arguments of the program it runs.
	PassUnknown bool `toml:"pass_unknown"`
	// OwnTools: names the subcommand runs of its own rather than the
	// program of that name (go tool compile): they ask.
	OwnTools map[string]string `toml:"own_tools"`
	// wrapData: where a wrapper is given the command it runs (wrappers.go).
	// TextFirst, TextUnless, TextPattern: as the program's, for the
	// subcommand's operands.
	TextFirst   bool   `toml:"text_first"`
	TextUnless  string `toml:"text_unless"`
	TextPattern bool   `toml:"text_pattern"`
	// Revisions: its operands before `--` may be revisions (git diff
	// HEAD~1): a `~` or `^` inside them passes the character check.
	Revisions bool `toml:"revisions"`
	// Keys and FileKeys: the keys a NAME;key=value;… value (=k) may set:
	// text, or a file or folder (path-checked).
	Keys     []string `toml:"keys"`
	FileKeys []string `toml:"file_keys"`
	// Query: its operands are a bazel query expression (query.go).
	Query bool `toml:"query"`
	wrapData
}

type riskData struct {
	Style          string              `toml:"style"`
	SingleDashLong bool                `toml:"single_dash_long"`
	Props          string              `toml:"props"`
	Whole          string              `toml:"whole"`
	Same           map[string][]string `toml:"same"`
	SubAbbrev      bool                `toml:"sub_abbrev"`
	SafeSub        []string            `toml:"safe_sub"`
	SafeValues     []string            `toml:"safe_values"`
	GoalValues     []string            `toml:"goal_values"`
	Phases         []string            `toml:"phases"`
	SafeKeys       []string            `toml:"safe_keys"`
	PathKeys       []string            `toml:"path_keys"`
	FlagLists      map[string]string   `toml:"flag_lists"`
	FlagShapes     map[string][]string `toml:"flag_shapes"`
	Operands       string              `toml:"operands"`
	Long           map[string]string   `toml:"long"`
	Short          map[string]string   `toml:"short"`
	Subcommands    map[string]string   `toml:"subcommands"`
	Words          map[string]string   `toml:"words"`
	Sub            map[string]riskData `toml:"sub"`
}

type exampleData struct {
	Rule    string   `toml:"rule"`
	Approve []string `toml:"approve"`
	Ask     string   `toml:"ask"`
	Reason  string   `toml:"reason"`
}

type refusedData struct {
	Why   string   `toml:"why"`
	Names []string `toml:"names"`
}

// The keys of the builtin files that are no program.
const (
	keyRefused       = "refused"
	keyRefusedPrefix = "refused_prefix"
	keyBare          = "bare"
	keyGNU           = "gnu"
	keyAlternatives  = "alternatives"
	keyVariables     = "variables"
	keyPlain         = "plain_variables"
	keyLogVariables  = "log_variables"
	keyLogLevels     = "log_levels"
	keySwitchVars    = "switch_variables"
	keyWordVars      = "word_variables"
	keyFlagVars      = "flag_variables"
	keyPyStdlib      = "python_stdlib"
	keySanitizerVars = "sanitizer_variables"
	keySanitizerNot  = "sanitizer_not_keys"
	keyNotProject    = "not_project_variables"
	keyNotBeside     = "not_beside_project_variables"
	keyTestBinary    = "test_binary_options"
)

// ErrCatalog wraps a user catalogue file that cannot be read at all.
var ErrCatalog = errors.New("catalog")

// Drop removes a program table and its aliases.
func (c *Catalog) Drop(name string) {
	k := c.Known[name]
	if k == nil {
		return
	}
	for _, n := range append([]string{k.Name}, k.Aliases...) {
		if !k.User {
			c.Dropped[n] = true
		}
		delete(c.Entries, n)
		delete(c.Programs, n)
		delete(c.Known, n)
	}
}

func (c *Catalog) readFile(f SourceFile) []Problem {
	fail := func(program, format string, args ...any) Problem {
		return Problem{File: f.Path, Program: program, Reason: fmt.Sprintf(format, args...)}
	}
	var top map[string]toml.Primitive
	md, err := toml.Decode(string(f.Data), &top)
	if err != nil {
		return []Problem{fail("", "%v", err)}
	}
	order := map[string]int{}
	for i, k := range md.Keys() {
		order[strings.Join(k, "\x00")] = i
	}
	if dup := duplicateKey(md); dup != "" {
		return []Problem{fail("", "the key %s is given twice", dup)}
	}
	if f.User {
		for _, name := range []string{keyRefused, keyRefusedPrefix, keyBare, keyGNU, keyAlternatives, keyVariables, keyPlain, keyLogVariables, keyLogLevels, keySwitchVars, keyWordVars, keyFlagVars, keyPyStdlib,
			keySanitizerVars, keySanitizerNot, keyNotProject, keyNotBeside, keyTestBinary} {
			if _, ok := top[name]; ok {
				return []Problem{fail(name, "a user file cannot change the %s list (docs/permissions.md §12); nothing of the file loads", name)}
			}
		}
	}
	var problems []Problem
	names := make([]string, 0, len(top))
	for n := range top {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return order[names[i]] < order[names[j]] })
	for _, name := range names {
		prim := top[name]
		switch name {
		case keyRefused, keyRefusedPrefix, keyBare, keyGNU, keyAlternatives, keyVariables, keyPlain, keyLogVariables, keyLogLevels,
			keySwitchVars, keyWordVars, keyFlagVars, keyPyStdlib, keySanitizerVars, keySanitizerNot, keyNotProject, keyNotBeside:
			if err := c.readList(md, name, prim); err != nil {
				problems = append(problems, fail(name, "%v", err))
			}
			continue
		case keyTestBinary:
			var spec string
			if err := md.PrimitiveDecode(prim, &spec); err != nil {
				problems = append(problems, fail(name, "%v", err))
				continue
			}
			if err := checkSpec(spec); err != nil {
				problems = append(problems, fail(name, "%v", err))
				continue
			}
			set := compileOpts(GetoptExact, spec, false)
			if err := testBinarySpec(set); err != nil {
				problems = append(problems, fail(name, "%v", err))
				continue
			}
			c.TestBinary = set
			continue
		}
		var d programData
		if err := md.PrimitiveDecode(prim, &d); err != nil {
			problems = append(problems, fail(name, "%v", err))
			continue
		}
		if err := c.addProgram(f, name, d, order); err != nil {
			problems = append(problems, fail(name, "%v", err))
		}
	}
	if und := md.Undecoded(); len(und) > 0 {
		var ks []string
		for _, k := range und {
			ks = append(ks, k.String())
		}
		problems = append(problems, fail("", "unknown keys: %s", strings.Join(ks, ", ")))
		// A key Memo does not read may be one the writer meant to ask
		// for: the programs of the file do not load.
		for _, k := range und {
			if len(k) > 0 && c.Known[k[0]] != nil && c.Known[k[0]].File == f.Path {
				c.Drop(k[0])
			}
		}
	}
	return problems
}

// duplicateKey is a key the file gives twice, or "": the TOML reader
// refuses most, not an array given twice.
func duplicateKey(md toml.MetaData) string {
	seen := map[string]bool{}
	elements := map[string]int{} // arrays of tables: the element being read
	var id, path strings.Builder
	for _, k := range md.Keys() {
		// The key as it sits in the document (id): each array of tables
		// on its way numbered by its element; path is the key's own
		// prefix, built once rather than as a string per prefix.
		id.Reset()
		path.Reset()
		for i := range k {
			if i > 0 {
				id.WriteByte('.')
				path.WriteByte('.')
			}
			id.WriteString(k[i])
			path.WriteString(k[i])
			if i < len(k)-1 {
				if n := elements[path.String()]; n > 0 {
					id.WriteByte('#')
					id.WriteString(strconv.Itoa(n))
				}
			}
		}
		if md.Type(k...) == "ArrayHash" {
			elements[path.String()]++
			continue
		}
		if seen[id.String()] {
			return k.String()
		}
		seen[id.String()] = true
	}
	return ""
}

func (c *Catalog) readList(md toml.MetaData, name string, prim toml.Primitive) error {
	switch name {
	case keyRefused, keyRefusedPrefix, keyVariables:
		var groups []refusedData
		if err := md.PrimitiveDecode(prim, &groups); err != nil {
			return err
		}
		for _, g := range groups {
			why, err := reasonText(g.Why)
			if err != nil {
				return err
			}
			for _, n := range g.Names {
				switch name {
				case keyVariables:
					c.variables[strings.ToUpper(n)] = why
				case keyRefused:
					c.refused[n] = why
				default:
					c.refusedPrefix = append(c.refusedPrefix, prefixRefusal{n, why})
				}
			}
		}
	default:
		var list []string
		if err := md.PrimitiveDecode(prim, &list); err != nil {
			return err
		}
		if name == keyLogVariables {
			for _, n := range list {
				if !strings.HasPrefix(n, "*_") || strings.ToUpper(n) != n {
					return fmt.Errorf("%q is no *_NAME suffix in capitals", n)
				}
			}
			c.logSuffixes = append(c.logSuffixes, list...)
			return nil
		}
		if name == keyNotProject {
			for _, n := range list {
				if n == "" || strings.Trim(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_*") != "" || strings.Contains(strings.Trim(n, "*"), "*") {
					return fmt.Errorf("%q is no NAME, NAME*, *NAME or *NAME* in capitals", n)
				}
			}
			c.notProjectVariables = append(c.notProjectVariables, list...)
			return nil
		}
		m := map[string]map[string]bool{keyBare: c.Bare, keyGNU: c.gnu, keyAlternatives: c.alternatives, keyPlain: c.PlainVariables, keyLogLevels: c.logLevels,
			keySwitchVars: c.switchVariables, keyWordVars: c.wordVariables, keyFlagVars: c.FlagVariables, keyPyStdlib: c.PythonStdlib,
			keySanitizerVars: c.sanitizerVariables, keySanitizerNot: c.sanitizerNotKeys, keyNotBeside: c.NotBesideProjectVariables}[name]
		for _, n := range list {
			m[n] = true
		}
	}
	return nil
}

// definitionRunners are the project files whose definitions Memo reads and
// pins for a rule (definitions_reach.go), as an entry's definitions names
// them.
var definitionRunners = []string{"package.json scripts", "composer.json scripts", "Makefile", "justfile", "Taskfile",
	"cargo aliases", "tox.ini", ".pre-commit-config.yaml", "maven wrapper", "gradle wrapper", "go run package",
	"pyproject.toml scripts", "wrapper configs", "dotnet tool manifest", "pip requirement files"}

func parseStyle(s string, def optStyle) (optStyle, error) {
	switch s {
	case "":
		return def, nil
	case "getopt":
		return Getopt, nil
	case "getopt-exact":
		return GetoptExact, nil
	case "goflag":
		return GoFlag, nil
	}
	return 0, fmt.Errorf("style %q is none of getopt, getopt-exact, goflag", s)
}

var capabilityNames = []struct {
	name string
	c    Capability
}{
	{"reads-project", readsProject}, {"writes-project", WritesProject}, {"runs-project-code", RunsProjectCode},
	{"reads-network", ReadsNetwork}, {"sends-network", SendsNetwork}, {"changes-repo", ChangesRepo},
}

func parseDoes(list []string) (Capability, error) {
	var c Capability
	for _, n := range list {
		found := false
		for _, cn := range capabilityNames {
			if cn.name == n {
				c |= cn.c
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("does %q is not one of reads-project, writes-project, runs-project-code, reads-network, sends-network, changes-repo", n)
		}
	}
	return c, nil
}

// expandSpec replaces each @name of a spec by the named set of options.
func expandSpec(spec string, sets map[string]string, depth int) (string, error) {
	if !strings.Contains(spec, "@") {
		return spec, nil
	}
	if depth > 4 {
		return "", errors.New("option sets name each other too deeply")
	}
	var out []string
	for _, tok := range strings.Fields(spec) {
		if name, ok := strings.CutPrefix(tok, "@"); ok {
			set, ok := sets[name]
			if !ok {
				return "", fmt.Errorf("no option set %q", name)
			}
			x, err := expandSpec(set, sets, depth+1)
			if err != nil {
				return "", err
			}
			out = append(out, x)
			continue
		}
		out = append(out, tok)
	}
	return strings.Join(out, " "), nil
}

// checkSpec refuses an option spec compileOpts cannot read.
func checkSpec(spec string) error {
	for _, tok := range strings.Fields(spec) {
		if len(tok) < 2 || !strings.HasPrefix(tok, "-") {
			return fmt.Errorf("option %q does not start with a dash", tok)
		}
	}
	return nil
}

func (c *Catalog) addProgram(f SourceFile, name string, d programData, order map[string]int) error {
	names := append([]string{name}, d.Aliases...)
	for _, n := range names {
		if n == "" || n != strings.ToLower(n) || strings.ContainsAny(n, " /\\") {
			return fmt.Errorf("%q is not a program name: lower case, no space or slash", n)
		}
	}
	if f.User {
		if err := c.userMayAdd(names, d); err != nil {
			return err
		}
	}
	for _, n := range names {
		if _, dup := c.Known[n]; dup {
			return fmt.Errorf("%s has an entry already (%s)", n, c.Known[n].File)
		}
	}
	k := &Known{Name: name, Aliases: d.Aliases, Source: "builtin", File: f.Path, User: f.User}
	if f.User {
		k.Source = "user"
	}
	var e *entry
	if d.Entry == nil || *d.Entry {
		var err error
		if e, err = buildEntry(d); err != nil {
			return err
		}
	} else if d.Style != "" || d.Options != "" || len(d.Sub) > 0 || d.Does != nil {
		return errors.New("entry = false holds no options, subcommands or does")
	}
	var p *Program
	if d.Risky != nil {
		def := Getopt
		if e != nil {
			def = e.Style
		}
		rp, err := buildProgram(*d.Risky, def, []string{name, "risky"}, order)
		if err != nil {
			return fmt.Errorf("risky: %w", err)
		}
		p = &rp
	}
	for _, x := range d.Example {
		switch {
		case x.Rule == "":
			return errors.New("an example names no rule")
		case len(x.Approve) > 0 && x.Ask != "", len(x.Approve) == 0 && x.Ask == "":
			return fmt.Errorf("example of %q: give approve (lines) or ask (a line) with reason", x.Rule)
		case x.Ask != "" && x.Reason == "":
			return fmt.Errorf("example %q asks with no reason", x.Ask)
		}
		for _, l := range x.Approve {
			k.Examples = append(k.Examples, Example{Rule: x.Rule, Line: l, Approve: true})
		}
		if x.Ask != "" {
			k.Examples = append(k.Examples, Example{Rule: x.Rule, Line: x.Ask, Reason: x.Reason})
		}
	}
	if f.User && len(k.Examples) == 0 {
		return errors.New("a user entry needs examples: at least one approved line")
	}
	for _, n := range names {
		if e != nil {
			c.Entries[n] = compileEntry(e)
		}
		if p != nil {
			c.Programs[n] = *p
		}
		c.Known[n] = k
	}
	return nil
}

// userMayAdd: a user entry adds a program Memo does not know; it cannot
// name a refused program in any spelling, replace a builtin entry, or make
// a program an interpreter (docs/permissions.md §12).
func (c *Catalog) userMayAdd(names []string, d programData) error {
	for _, n := range names {
		for _, form := range c.NameForms(n) {
			if why, ok := c.RefusedWhy(form); ok {
				return fmt.Errorf("%s is refused as a rule (%s); a user entry cannot change that", n, why)
			}
			if k, ok := c.Known[form]; ok && !k.User {
				return fmt.Errorf("%s is known to Memo already (%s); a user entry adds programs, it does not replace them", n, k.File)
			}
		}
		if c.Bare[n] || c.Bare[Unversioned(n)] {
			return fmt.Errorf("%s is refused bare; a user entry cannot change that", n)
		}
	}
	if d.Interpreter != "" {
		return errors.New("a user entry cannot make a program an interpreter")
	}
	if d.Filter != nil {
		// A filter passes in a pipeline without a rule (§3).
		return errors.New("a user entry cannot make a program a filter")
	}
	return nil
}

// checkMemberFilters: member_filters are spellings of selects, and each
// one that takes a value has the shape of that value in text_shapes, so
// no value passes unread.
func checkMemberFilters(d programData) error {
	if err := checkSpec(d.MemberFilters); err != nil {
		return fmt.Errorf("member_filters: %w", err)
	}
	selects := strings.Fields(d.Selects)
	for _, o := range strings.Fields(d.MemberFilters) {
		if !slices.Contains(selects, o) {
			return fmt.Errorf("member_filters: %s is not among selects", o)
		}
		if name, valued := strings.CutSuffix(o, "="); valued && d.TextShapes[name] == "" {
			return fmt.Errorf("member_filters: %s takes a value text_shapes gives no shape", name)
		}
	}
	return nil
}

func buildEntry(d programData) (*entry, error) {
	style, err := parseStyle(d.Style, Getopt)
	if err != nil {
		return nil, err
	}
	does, err := parseDoes(d.Does)
	if err != nil {
		return nil, err
	}
	e := &entry{Style: style, DashLong: d.DashLong, colonLong: d.ColonLong, slashSwitches: d.SlashSwitches, Numeric: d.Numeric, foldCase: d.FoldCase, textFirst: d.TextFirst,
		textUnless: d.TextUnless, textAll: d.TextAll, textPattern: d.TextPattern, wraps: d.Wraps, module: d.Module, ModuleOnly: d.ModuleOnly, inertSwitches: d.InertSwitches, isolatingSwitches: d.IsolatingSwitches, definedArgs: d.DefinedArgs,
		does: does, localBin: d.LocalBin, RunsGit: d.RunsGit, Targets: d.Targets, Definitions: d.Definitions,
		props: strings.Fields(d.Props), Labels: d.Labels, toolchain: d.Toolchain,
		OptionsBetween: d.OptionsBetween, selects: d.Selects, memberFilters: d.MemberFilters, lead: d.Lead, Narrows: d.Narrows}
	if err := checkSpec(e.selects); err != nil {
		return nil, err
	}
	if err := checkMemberFilters(d); err != nil {
		return nil, err
	}
	if err := checkSpec(e.lead); err != nil {
		return nil, fmt.Errorf("lead: %w", err)
	}
	if d.Filter != nil {
		if len(d.Sub) > 0 || d.Wraps || d.Module != "" {
			return nil, errors.New("filter is for a program without subcommands that runs nothing")
		}
		e.filter, e.isFilter = *d.Filter, true
		if err := checkSpec(e.filter); err != nil {
			return nil, fmt.Errorf("filter: %w", err)
		}
	}
	if d.TextPattern && !d.TextFirst && !d.TextAll {
		return nil, errors.New("text_pattern needs text_first or text_all")
	}
	for o, shape := range d.TextShapes {
		re, err := regexp.Compile(`^(?:` + shape + `)$`)
		if err != nil || shape == "" || !strings.HasPrefix(o, "-") || strings.ContainsAny(o, "= ") {
			return nil, fmt.Errorf("text_shapes %s: %q is not a pattern of an option's value", o, shape)
		}
		if e.textShapes == nil {
			e.textShapes = map[string]*regexp.Regexp{}
		}
		e.textShapes[o] = re
	}
	if e.Wrap, err = d.wrapData.spec(); err != nil {
		return nil, err
	}
	if d.Definitions != "" && !slices.Contains(definitionRunners, d.Definitions) {
		return nil, fmt.Errorf("definitions %q is none of %s", d.Definitions, strings.Join(definitionRunners, ", "))
	}
	switch d.Interpreter {
	case "":
	case "script":
		e.Interpreter = scriptInterpreter
	case "python":
		e.Interpreter = PythonInterpreter
	default:
		return nil, fmt.Errorf("interpreter %q is neither script nor python", d.Interpreter)
	}
	if sw := d.InertSwitches + d.IsolatingSwitches; sw != "" && (e.Interpreter == notInterpreter || strings.Trim(sw, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != "") {
		return nil, errors.New("inert_switches and isolating_switches are letters, for interpreters")
	}
	if len(d.Version) > 0 && e.Interpreter == notInterpreter {
		return nil, fmt.Errorf("version is for interpreters")
	}
	e.Version = d.Version
	switch d.Other {
	case "", "unknown":
	case "spelled":
		e.other = spelledSub
	case "defined":
		e.other = DefinedSub
	default:
		return nil, fmt.Errorf("other %q is none of unknown, spelled, defined", d.Other)
	}
	if e.global, err = expandSpec(d.Options, d.Sets, 0); err != nil {
		return nil, err
	}
	for alias, name := range d.SameSubs {
		a, okA := d.Sub[alias]
		n, okN := d.Sub[name]
		// The two are read with one table: the same options, the same does.
		if !okA || !okN || alias == name || strings.Contains(alias+name, " ") || a.Options != n.Options || !slices.Equal(a.Does, n.Does) {
			return nil, fmt.Errorf("same_subs %s = %s: both must be subcommands of the table, with the same options and does", alias, name)
		}
		if e.sameSubs == nil {
			e.sameSubs = map[string]string{}
		}
		e.sameSubs[alias] = name
	}
	if err := checkSpec(e.global); err != nil {
		return nil, err
	}
	if len(d.Sub) > 0 {
		e.subs = map[string]sub{}
	}
	for sn, sd := range d.Sub {
		if strings.Count(sn, " ") > 1 || strings.TrimSpace(sn) != sn || sn == "" {
			return nil, fmt.Errorf("subcommand %q: one word, or two for a nested one", sn)
		}
		does, err := parseDoes(sd.Does)
		if err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		s := sub{does: does, wraps: sd.Wraps, module: sd.Module, rest: sd.Rest, localBin: sd.LocalBin, dest: sd.Dest, destEvery: sd.DestEvery, PassUnknown: sd.PassUnknown,
			textFirst: sd.TextFirst, textUnless: sd.TextUnless, textPattern: sd.TextPattern, revisions: sd.Revisions}
		s.keys, s.fileKeys, s.query = lowerSet(sd.Keys), lowerSet(sd.FileKeys), sd.Query
		if len(sd.OwnTools) > 0 {
			if !sd.Wraps {
				return nil, fmt.Errorf("sub %s: own_tools is for a subcommand that wraps", sn)
			}
			s.ownTools = map[string]domain.Text{}
			for n, why := range sd.OwnTools {
				t, err := reasonText(why)
				if err != nil {
					return nil, fmt.Errorf("sub %s: own_tools %s: %w", sn, n, err)
				}
				s.ownTools[n] = t
			}
		}
		if s.wrap, err = sd.wrapData.spec(); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		if sd.TextPattern && !sd.TextFirst {
			return nil, fmt.Errorf("sub %s: text_pattern needs text_first", sn)
		}
		for _, n := range sd.Dest {
			if n < 1 {
				return nil, fmt.Errorf("sub %s: dest %d is not an operand's place (1 the first)", sn, n)
			}
		}
		switch sd.Script {
		case "":
		case "rest":
			s.Script = scriptRest
		case "named":
			s.Script = scriptNamed
		case "package":
			s.Script = scriptPackage
		default:
			return nil, fmt.Errorf("sub %s: script %q is none of rest, named, package", sn, sd.Script)
		}
		if s.opts, err = expandSpec(sd.Options, d.Sets, 0); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		if s.child, err = expandSpec(sd.Child, d.Sets, 0); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		if s.childText, err = expandSpec(sd.ChildText, d.Sets, 0); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		if s.child != "" && s.childText != "" {
			return nil, fmt.Errorf("sub %s: child_text is for a subcommand without child", sn)
		}
		if err := errors.Join(checkSpec(s.opts), checkSpec(s.child), checkSpec(s.childText)); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		e.subs[sn] = s
	}
	return e, nil
}

func compileEntry(e *entry) *compiled {
	c := &compiled{entry: e, Global: compileOpts(e.Style, e.global, e.foldCase), Subs: map[string]*compiledSub{}, nested: map[string]bool{}}
	if e.selects != "" {
		c.Selects = compileOpts(e.Style, e.selects, e.foldCase)
	}
	if e.lead != "" {
		c.Lead = compileOpts(e.Style, e.lead, e.foldCase)
	}
	if e.memberFilters != "" {
		c.MemberFilters = compileOpts(e.Style, e.memberFilters, e.foldCase)
	}
	if e.isFilter {
		c.Filter = compileOpts(e.Style, e.filter, e.foldCase)
	}
	for sn, s := range e.subs {
		if parent, _, ok := strings.Cut(sn, " "); ok {
			c.nested[parent] = true
		}
		cs := &compiledSub{sub: s, Opts: compileOpts(e.Style, s.opts, e.foldCase)}
		if s.child != "" {
			cs.child = compileOpts(Getopt, s.child, false)
		}
		if s.childText != "" {
			cs.childText = compileOpts(Getopt, s.childText, false)
		}
		c.Subs[sn] = cs
	}
	return c
}

// buildProgram reads a table of risky arguments; at is its key path, to
// find the order its options were written in (the first that an
// abbreviation names gives the reason).
func buildProgram(d riskData, def optStyle, at []string, order map[string]int) (Program, error) {
	style, err := parseStyle(d.Style, def)
	if err != nil {
		return Program{}, err
	}
	p := Program{Style: style, SingleDashLong: d.SingleDashLong, props: d.Props, subAbbrev: d.SubAbbrev}
	for _, w := range strings.Fields(d.Whole) {
		if len(w) < 3 || w[0] != '-' || w[1] == '-' {
			return p, fmt.Errorf("whole %q is not a single-dash word of several letters", w)
		}
		if p.whole == nil {
			p.whole = map[string]bool{}
		}
		p.whole[w] = true
	}
	risks := func(kind string, m map[string]string) ([]risk, error) {
		var out []risk
		for n, why := range m {
			t, err := reasonText(why)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", kind, n, err)
			}
			if kind == "short" && len(n) != 1 {
				return nil, fmt.Errorf("short %q is not one character", n)
			}
			out = append(out, risk{Name: n, why: t})
		}
		base := strings.Join(append(slices.Clone(at), kind), "\x00") + "\x00"
		sort.Slice(out, func(i, j int) bool { return order[base+out[i].Name] < order[base+out[j].Name] })
		return out, nil
	}
	if p.Long, err = risks("long", d.Long); err != nil {
		return p, err
	}
	if p.Short, err = risks("short", d.Short); err != nil {
		return p, err
	}
	if p.RiskySub, err = risks("subcommands", d.Subcommands); err != nil {
		return p, err
	}
	words, err := risks("words", d.Words)
	if err != nil {
		return p, err
	}
	for n, vs := range d.Same {
		if p.same == nil {
			p.same = map[string][]string{}
		}
		p.same[n] = vs
	}
	if len(d.GoalValues) > 0 && len(d.Phases) == 0 {
		return p, fmt.Errorf("goal_values needs phases")
	}
	for _, n := range d.GoalValues {
		if p.goalValues == nil {
			p.goalValues = map[string]bool{}
		}
		p.goalValues[n] = true
	}
	for _, n := range d.Phases {
		if p.phases == nil {
			p.phases = map[string]bool{}
		}
		p.phases[n] = true
	}
	if len(d.SafeSub) > 0 {
		p.safeSub = map[string]bool{}
		for _, s := range d.SafeSub {
			p.safeSub[s] = true
		}
	}
	for n, spec := range d.FlagLists {
		l, ok := parseFlagList(spec)
		if !ok {
			return p, fmt.Errorf("flag_lists %s: %q is not a list of flags", n, spec)
		}
		if p.flagLists == nil {
			p.flagLists = map[string]flagList{}
		}
		p.flagLists[n] = l
	}
	for n, shapes := range d.FlagShapes {
		if _, ok := p.flagLists[n]; !ok {
			return p, fmt.Errorf("flag_shapes %s: the option has no flag_lists entry", n)
		}
		for _, shape := range shapes {
			re, err := regexp.Compile(`^(?:` + shape + `)$`)
			if err != nil || shape == "" || strings.ContainsAny(shape, " ") {
				return p, fmt.Errorf("flag_shapes %s: %q is not a pattern of one flag", n, shape)
			}
			if p.flagShapes == nil {
				p.flagShapes = map[string][]*regexp.Regexp{}
			}
			p.flagShapes[n] = append(p.flagShapes[n], re)
		}
	}
	if len(d.SafeKeys) > 0 {
		p.safeKeys = map[string]bool{}
		for _, s := range d.SafeKeys {
			p.safeKeys[s] = true
		}
	}
	if len(d.PathKeys) > 0 {
		p.pathKeys = map[string]bool{}
		for _, s := range d.PathKeys {
			p.pathKeys[s] = true
		}
	}
	if len(d.SafeValues) > 0 {
		p.safeValues = map[string]bool{}
		for _, s := range d.SafeValues {
			p.safeValues[s] = true
		}
	}
	if d.Operands != "" {
		f, ok := operandChecks(d.Operands)
		if !ok {
			return p, fmt.Errorf("operands %q is not a check Memo has", d.Operands)
		}
		p.operands = f
	}
	p.words = words
	for sn, sd := range d.Sub {
		if p.Sub == nil {
			p.Sub = map[string]Program{}
		}
		sp, err := buildProgram(sd, 0, append(slices.Clone(at), "sub", sn), order)
		if err != nil {
			return p, fmt.Errorf("sub %s: %w", sn, err)
		}
		if sd.Style == "" {
			sp.Style = 0 // the program's own, as checked
		}
		p.Sub[sn] = sp
	}
	return p, nil
}

// reasonText is the sentence a table gives as why an argument asks: one of
// the sentences Memo words in every language it speaks (reasons.go).
func reasonText(s string) (domain.Text, error) {
	for _, t := range reasonVocabulary() {
		if t.Template == s {
			return t, nil
		}
	}
	return domain.Text{}, fmt.Errorf("reason %q is not one of the sentences Memo knows (docs/permissions.md §12)", s)
}

// ReadFiles reads the builtin files and then the user's into a catalogue,
// without running any example: what does not load is a problem.
func ReadFiles(files, user []SourceFile) (*Catalog, []Problem) {
	c := &Catalog{
		Entries: map[string]*compiled{}, Programs: map[string]Program{}, refused: map[string]domain.Text{},
		Bare: map[string]bool{}, gnu: map[string]bool{}, alternatives: map[string]bool{}, Known: map[string]*Known{},
		variables: map[string]domain.Text{}, PlainVariables: map[string]bool{}, Dropped: map[string]bool{},
		logLevels: map[string]bool{}, switchVariables: map[string]bool{}, wordVariables: map[string]bool{}, FlagVariables: map[string]bool{},
		PythonStdlib: map[string]bool{}, sanitizerVariables: map[string]bool{}, sanitizerNotKeys: map[string]bool{},
		NotBesideProjectVariables: map[string]bool{},
	}
	var problems []Problem
	for _, f := range append(slices.Clone(files), user...) {
		problems = append(problems, c.readFile(f)...)
	}
	return c, problems
}

// plainWord is a name, never a path or a list: an environment's name
// (MIX_ENV=test), which chooses among the project's own config files.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// PlainAssignment reports whether NAME=VALUE may be set before a command (docs/permissions.md
// §3): a plain variable, a switch variable set to a switch or a count, a
// word variable set to a plain word, or a program's own log variable (a
// name ending as log_variables say) set to log levels alone — a level, or
// a comma-separated list of levels and module=level, as env_logger reads
// RUST_LOG. FlagVariables are the checker's to read (their flags).
func (c *Catalog) PlainAssignment(name, value string) bool {
	if c.PlainVariables[name] {
		return true
	}
	if c.switchVariables[name] {
		return value != "" && flagValue(value)
	}
	if c.wordVariables[name] {
		return plainWord.MatchString(value)
	}
	if c.sanitizerVariables[name] {
		return c.sanitizerOptions(value)
	}
	logName := false
	for _, s := range c.logSuffixes {
		if strings.HasSuffix(name, s[1:]) && len(name) > len(s)-1 {
			logName = true
		}
	}
	if !logName || value == "" {
		return false
	}
	for _, part := range strings.Split(value, ",") {
		module, level, ok := strings.Cut(part, "=")
		if !ok {
			level, module = module, ""
		}
		if !c.logLevels[strings.ToLower(level)] || strings.Trim(module, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:") != "" {
			return false
		}
	}
	return true
}

// VersionQuery reports whether words are a language runtime named on PATH (node, not
// ./node or /opt/node) and then its version options alone (node -v,
// python --version --version), which print the version and exit: nothing
// else may stand among them, since some of the same options run a script
// given after them (ruby -v x.rb).
func (c *Catalog) VersionQuery(words []string) bool {
	if len(words) < 2 || strings.ContainsAny(words[0], `/\`) {
		return false
	}
	e := c.Entries[c.Canonical(ProgramName(words[0]))]
	if e == nil || e.Interpreter == notInterpreter {
		return false
	}
	opts, ok := e.Version[Unversioned(ProgramName(words[0]))]
	if !ok {
		return false
	}
	for _, a := range words[1:] {
		if !slices.Contains(opts, a) {
			return false
		}
	}
	return true
}
