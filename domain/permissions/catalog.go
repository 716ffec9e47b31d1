// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"memo.dev/projects/domain"
)

// What Memo knows about programs is data (docs/permissions.md §12): one
// TOML file per program or family in catalog/, embedded in the binary, each
// entry with examples that are tests. The loader refuses a file with an
// unknown or duplicate key, and drops an entry whose examples fail; the
// catalogue is read at the first check, so a command that checks nothing
// does not pay for it.

//go:embed catalog/*.toml
var builtinFiles embed.FS

// catalog is what Memo knows about programs: the safe options (default
// deny, §7), the risky arguments (§5), the refused programs (§8) and how
// program names are read.
type catalog struct {
	entries  map[string]*compiled
	programs map[string]program
	refused  map[string]domain.Text
	// refusedPrefix are name prefixes refused as a class (ld-linux…, qemu-…).
	refusedPrefix []prefixRefusal
	bare          map[string]bool
	gnu           map[string]bool
	alternatives  map[string]bool
	// variables are the environment variables that make a program load or
	// run other code, by upper-case name (a * at the end: a prefix).
	variables map[string]domain.Text
	// dropped are the builtin programs whose table did not load: refused
	// rather than read as programs without an entry (a wrapper would then
	// pass its command as operands).
	dropped map[string]bool
	// known are the programs by name, aliases included, with where each
	// entry came from and its examples.
	known map[string]*known
	// loadProblems are the builtin files and entries that did not load.
	loadProblems []CatalogProblem
}

type prefixRefusal struct {
	prefix string
	why    domain.Text
}

// known is one program table of a catalogue file.
type known struct {
	Name     string
	Aliases  []string
	Source   string // "builtin" or "user"
	File     string
	Examples []example
	user     bool
}

// example is one line an entry's rule approves, or asks for with a reason.
type example struct {
	Rule    string
	Line    string
	Approve bool
	Reason  string // a substring of the reason, for an ask
}

// builtinCatalog holds the catalogue embedded in the binary once read. It
// is a sync.Once and not a sync.OnceValue because reading it runs the
// checker, which reads the catalogue: the checker is given the one being
// read, never this one.
var builtinCatalog struct {
	once sync.Once
	c    *catalog
}

// builtin is the catalogue embedded in the binary, read and its examples
// run at the first call. Entries that do not load are left out (fail
// closed) and kept as loadProblems; the tests require there are none.
func builtin() *catalog {
	builtinCatalog.once.Do(func() {
		// The builtin examples ran in make test on these very bytes
		// (TestBuiltinCatalogLoads): a process does not run them again.
		c, problems := readCatalog(builtinSources(), nil)
		c.loadProblems = problems
		builtinCatalog.c = c
	})
	return builtinCatalog.c
}

// CatalogProblem is why a catalogue file or entry did not load.
type CatalogProblem struct {
	File    string `json:"file"`
	Program string `json:"program,omitempty"`
	Reason  string `json:"reason"`
}

func (p CatalogProblem) String() string {
	if p.Program != "" {
		return p.File + ": " + p.Program + ": " + p.Reason
	}
	return p.File + ": " + p.Reason
}

type sourceFile struct {
	path string // as shown: catalog/go.toml, or the user file's path
	data []byte
	user bool
}

func builtinSources() []sourceFile {
	names, _ := fs.Glob(builtinFiles, "catalog/*.toml")
	sort.Strings(names)
	var out []sourceFile
	for _, n := range names {
		b, _ := builtinFiles.ReadFile(n)
		out = append(out, sourceFile{path: n, data: b})
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
	Wraps       bool              `toml:"wraps"`
	Module      string            `toml:"module"`
	Other       string            `toml:"other"`
	DefinedArgs bool              `toml:"defined_args"`
	LocalBin    bool              `toml:"local_bin"`
	RunsGit     bool              `toml:"runs_git"`
	Targets     bool              `toml:"targets"`
	Definitions string            `toml:"definitions"`
	Labels      bool              `toml:"labels"`
	Toolchain   bool              `toml:"toolchain"`
	Does        []string          `toml:"does"`
	Options     string            `toml:"options"`
	Props       string            `toml:"props"`
	Sets        map[string]string `toml:"sets"`
	Sub         map[string]subData
	Risky       *riskData     `toml:"risky"`
	Example     []exampleData `toml:"example"`
	// wrapData: where a wrapper is given the command it runs (wrappers.go).
	wrapData

	// OptionsBetween: options may stand between the words a rule names.
	OptionsBetween bool `toml:"options_between"`
	// Selects: options choosing the workspace packages or folder the
	// command runs in; they pass only where the rule spells them.
	Selects string `toml:"selects"`
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
	// Dest and DestEvery: the operands that name a destination
	// (destinations.go).
	Dest      []int  `toml:"dest"`
	DestEvery string `toml:"dest_every"`
	// PassUnknown: an option the subcommand does not know, and every
	// word after it, are the arguments of the program it runs.
	PassUnknown bool `toml:"pass_unknown"`
	// wrapData: where a wrapper is given the command it runs (wrappers.go).
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
)

// errCatalog wraps a user catalogue file that cannot be read at all.
var errCatalog = errors.New("catalog")

// loadCatalog reads the builtin files and then the user's, and runs every
// entry's examples: an entry whose examples fail is dropped, and the
// examples run again until all that remain pass.
func loadCatalog(files, user []sourceFile) (*catalog, []CatalogProblem) {
	return loadCatalogExamples(files, user, true)
}

// readCatalog is loadCatalog running only the user entries' examples: the
// builtin ones run in make test (TestBuiltinCatalogLoads) on the bytes
// embedded, so a process pays for them no more (docs/permissions.md §12).
func readCatalog(files, user []sourceFile) (*catalog, []CatalogProblem) {
	return loadCatalogExamples(files, user, false)
}

func loadCatalogExamples(files, user []sourceFile, all bool) (*catalog, []CatalogProblem) {
	c := &catalog{
		entries: map[string]*compiled{}, programs: map[string]program{}, refused: map[string]domain.Text{},
		bare: map[string]bool{}, gnu: map[string]bool{}, alternatives: map[string]bool{}, known: map[string]*known{},
		variables: map[string]domain.Text{}, dropped: map[string]bool{},
	}
	var problems []CatalogProblem
	for _, f := range append(slices.Clone(files), user...) {
		problems = append(problems, c.readFile(f)...)
	}
	for {
		failed := c.runExamples(all)
		if len(failed) == 0 {
			break
		}
		for _, p := range failed {
			c.drop(p.Program)
		}
		problems = append(problems, failed...)
	}
	return c, problems
}

// drop removes a program table and its aliases.
func (c *catalog) drop(name string) {
	k := c.known[name]
	if k == nil {
		return
	}
	for _, n := range append([]string{k.Name}, k.Aliases...) {
		if !k.user {
			c.dropped[n] = true
		}
		delete(c.entries, n)
		delete(c.programs, n)
		delete(c.known, n)
	}
}

func (c *catalog) readFile(f sourceFile) []CatalogProblem {
	fail := func(program, format string, args ...any) CatalogProblem {
		return CatalogProblem{File: f.path, Program: program, Reason: fmt.Sprintf(format, args...)}
	}
	var top map[string]toml.Primitive
	md, err := toml.Decode(string(f.data), &top)
	if err != nil {
		return []CatalogProblem{fail("", "%v", err)}
	}
	order := map[string]int{}
	for i, k := range md.Keys() {
		order[strings.Join(k, "\x00")] = i
	}
	if dup := duplicateKey(md); dup != "" {
		return []CatalogProblem{fail("", "the key %s is given twice", dup)}
	}
	if f.user {
		for _, name := range []string{keyRefused, keyRefusedPrefix, keyBare, keyGNU, keyAlternatives, keyVariables} {
			if _, ok := top[name]; ok {
				return []CatalogProblem{fail(name, "a user file cannot change the %s list (docs/permissions.md §12); nothing of the file loads", name)}
			}
		}
	}
	var problems []CatalogProblem
	names := make([]string, 0, len(top))
	for n := range top {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return order[names[i]] < order[names[j]] })
	for _, name := range names {
		prim := top[name]
		switch name {
		case keyRefused, keyRefusedPrefix, keyBare, keyGNU, keyAlternatives, keyVariables:
			if err := c.readList(md, name, prim); err != nil {
				problems = append(problems, fail(name, "%v", err))
			}
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
			if len(k) > 0 && c.known[k[0]] != nil && c.known[k[0]].File == f.path {
				c.drop(k[0])
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

func (c *catalog) readList(md toml.MetaData, name string, prim toml.Primitive) error {
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
		m := map[string]map[string]bool{keyBare: c.bare, keyGNU: c.gnu, keyAlternatives: c.alternatives}[name]
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
	"pyproject.toml scripts", "wrapper configs"}

func parseStyle(s string, def optStyle) (optStyle, error) {
	switch s {
	case "":
		return def, nil
	case "getopt":
		return getopt, nil
	case "getopt-exact":
		return getoptExact, nil
	case "goflag":
		return goFlag, nil
	}
	return 0, fmt.Errorf("style %q is none of getopt, getopt-exact, goflag", s)
}

var capabilityNames = []struct {
	name string
	c    capability
}{
	{"reads-project", readsProject}, {"writes-project", writesProject}, {"runs-project-code", runsProjectCode},
	{"reads-network", readsNetwork}, {"sends-network", sendsNetwork}, {"changes-repo", changesRepo},
}

func parseDoes(list []string) (capability, error) {
	var c capability
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

func (c *catalog) addProgram(f sourceFile, name string, d programData, order map[string]int) error {
	names := append([]string{name}, d.Aliases...)
	for _, n := range names {
		if n == "" || n != strings.ToLower(n) || strings.ContainsAny(n, " /\\") {
			return fmt.Errorf("%q is not a program name: lower case, no space or slash", n)
		}
	}
	if f.user {
		if err := c.userMayAdd(names, d); err != nil {
			return err
		}
	}
	for _, n := range names {
		if _, dup := c.known[n]; dup {
			return fmt.Errorf("%s has an entry already (%s)", n, c.known[n].File)
		}
	}
	k := &known{Name: name, Aliases: d.Aliases, Source: "builtin", File: f.path, user: f.user}
	if f.user {
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
	var p *program
	if d.Risky != nil {
		def := getopt
		if e != nil {
			def = e.style
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
			k.Examples = append(k.Examples, example{Rule: x.Rule, Line: l, Approve: true})
		}
		if x.Ask != "" {
			k.Examples = append(k.Examples, example{Rule: x.Rule, Line: x.Ask, Reason: x.Reason})
		}
	}
	if f.user && len(k.Examples) == 0 {
		return errors.New("a user entry needs examples: at least one approved line")
	}
	for _, n := range names {
		if e != nil {
			c.entries[n] = compileEntry(e)
		}
		if p != nil {
			c.programs[n] = *p
		}
		c.known[n] = k
	}
	return nil
}

// userMayAdd: a user entry adds a program Memo does not know; it cannot
// name a refused program in any spelling, replace a builtin entry, or make
// a program an interpreter (docs/permissions.md §12).
func (c *catalog) userMayAdd(names []string, d programData) error {
	for _, n := range names {
		for _, form := range c.nameForms(n) {
			if why, ok := c.refusedWhy(form); ok {
				return fmt.Errorf("%s is refused as a rule (%s); a user entry cannot change that", n, why)
			}
			if k, ok := c.known[form]; ok && !k.user {
				return fmt.Errorf("%s is known to Memo already (%s); a user entry adds programs, it does not replace them", n, k.File)
			}
		}
		if c.bare[n] || c.bare[unversioned(n)] {
			return fmt.Errorf("%s is refused bare; a user entry cannot change that", n)
		}
	}
	if d.Interpreter != "" {
		return errors.New("a user entry cannot make a program an interpreter")
	}
	return nil
}

func buildEntry(d programData) (*entry, error) {
	style, err := parseStyle(d.Style, getopt)
	if err != nil {
		return nil, err
	}
	does, err := parseDoes(d.Does)
	if err != nil {
		return nil, err
	}
	e := &entry{style: style, dashLong: d.DashLong, colonLong: d.ColonLong, numeric: d.Numeric, foldCase: d.FoldCase, textFirst: d.TextFirst,
		textUnless: d.TextUnless, textAll: d.TextAll, wraps: d.Wraps, module: d.Module, definedArgs: d.DefinedArgs,
		does: does, localBin: d.LocalBin, runsGit: d.RunsGit, targets: d.Targets, definitions: d.Definitions,
		props: strings.Fields(d.Props), labels: d.Labels, toolchain: d.Toolchain,
		optionsBetween: d.OptionsBetween, selects: d.Selects}
	if err := checkSpec(e.selects); err != nil {
		return nil, err
	}
	if e.wrap, err = d.wrapData.spec(); err != nil {
		return nil, err
	}
	if d.Definitions != "" && !slices.Contains(definitionRunners, d.Definitions) {
		return nil, fmt.Errorf("definitions %q is none of %s", d.Definitions, strings.Join(definitionRunners, ", "))
	}
	switch d.Interpreter {
	case "":
	case "script":
		e.interpreter = scriptInterpreter
	case "python":
		e.interpreter = pythonInterpreter
	default:
		return nil, fmt.Errorf("interpreter %q is neither script nor python", d.Interpreter)
	}
	switch d.Other {
	case "", "unknown":
	case "spelled":
		e.other = spelledSub
	case "defined":
		e.other = definedSub
	default:
		return nil, fmt.Errorf("other %q is none of unknown, spelled, defined", d.Other)
	}
	if e.global, err = expandSpec(d.Options, d.Sets, 0); err != nil {
		return nil, err
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
		s := sub{does: does, wraps: sd.Wraps, module: sd.Module, rest: sd.Rest, localBin: sd.LocalBin, dest: sd.Dest, destEvery: sd.DestEvery, passUnknown: sd.PassUnknown}
		if s.wrap, err = sd.wrapData.spec(); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		for _, n := range sd.Dest {
			if n < 1 {
				return nil, fmt.Errorf("sub %s: dest %d is not an operand's place (1 the first)", sn, n)
			}
		}
		switch sd.Script {
		case "":
		case "rest":
			s.script = scriptRest
		case "named":
			s.script = scriptNamed
		case "package":
			s.script = scriptPackage
		default:
			return nil, fmt.Errorf("sub %s: script %q is none of rest, named, package", sn, sd.Script)
		}
		if s.opts, err = expandSpec(sd.Options, d.Sets, 0); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		if s.child, err = expandSpec(sd.Child, d.Sets, 0); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		if err := errors.Join(checkSpec(s.opts), checkSpec(s.child)); err != nil {
			return nil, fmt.Errorf("sub %s: %w", sn, err)
		}
		e.subs[sn] = s
	}
	return e, nil
}

func compileEntry(e *entry) *compiled {
	c := &compiled{entry: e, global: compileOpts(e.style, e.global, e.foldCase), subs: map[string]*compiledSub{}, nested: map[string]bool{}}
	if e.selects != "" {
		c.selects = compileOpts(e.style, e.selects, e.foldCase)
	}
	for sn, s := range e.subs {
		if parent, _, ok := strings.Cut(sn, " "); ok {
			c.nested[parent] = true
		}
		cs := &compiledSub{sub: s, opts: compileOpts(e.style, s.opts, e.foldCase)}
		if s.child != "" {
			cs.child = compileOpts(getopt, s.child, false)
		}
		c.subs[sn] = cs
	}
	return c
}

// buildProgram reads a table of risky arguments; at is its key path, to
// find the order its options were written in (the first that an
// abbreviation names gives the reason).
func buildProgram(d riskData, def optStyle, at []string, order map[string]int) (program, error) {
	style, err := parseStyle(d.Style, def)
	if err != nil {
		return program{}, err
	}
	p := program{style: style, singleDashLong: d.SingleDashLong, props: d.Props, subAbbrev: d.SubAbbrev}
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
			out = append(out, risk{name: n, why: t})
		}
		base := strings.Join(append(slices.Clone(at), kind), "\x00") + "\x00"
		sort.Slice(out, func(i, j int) bool { return order[base+out[i].name] < order[base+out[j].name] })
		return out, nil
	}
	if p.long, err = risks("long", d.Long); err != nil {
		return p, err
	}
	if p.short, err = risks("short", d.Short); err != nil {
		return p, err
	}
	if p.riskySub, err = risks("subcommands", d.Subcommands); err != nil {
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
	if len(d.SafeSub) > 0 {
		p.safeSub = map[string]bool{}
		for _, s := range d.SafeSub {
			p.safeSub[s] = true
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
		if p.sub == nil {
			p.sub = map[string]program{}
		}
		sp, err := buildProgram(sd, 0, append(slices.Clone(at), "sub", sn), order)
		if err != nil {
			return p, fmt.Errorf("sub %s: %w", sn, err)
		}
		if sd.Style == "" {
			sp.style = 0 // the program's own, as checked
		}
		p.sub[sn] = sp
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

// runExamples checks every entry's examples (all false: the user entries'
// alone) against this catalogue, without a project: the programs whose
// examples fail.
func (c *catalog) runExamples(all bool) []CatalogProblem {
	var failed []CatalogProblem
	seen := map[*known]bool{}
	var ks []*known
	for _, k := range c.known {
		if !seen[k] && (all || k.user) {
			seen[k] = true
			ks = append(ks, k)
		}
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].Name < ks[j].Name })
	for _, k := range ks {
		for _, x := range k.Examples {
			if why := c.exampleFails(x); why != "" {
				failed = append(failed, CatalogProblem{File: k.File, Program: k.Name, Reason: why})
				break
			}
		}
	}
	return failed
}

// exampleFails says how an example fails, or "".
func (c *catalog) exampleFails(x example) string {
	if why := c.acceptRule(x.Rule); !why.IsZero() {
		return fmt.Sprintf("example rule %q is refused: %s", x.Rule, why)
	}
	v := c.newChecker([]string{x.Rule}).Check(x.Line, nil)
	switch {
	case x.Approve && !v.Approved:
		return fmt.Sprintf("rule %q: %q asks (%s), the example says it is approved", x.Rule, x.Line, v.Reason)
	case !x.Approve && v.Approved:
		return fmt.Sprintf("rule %q: %q is approved, the example says it asks (%s)", x.Rule, x.Line, x.Reason)
	case !x.Approve && !strings.Contains(v.Reason.String(), x.Reason):
		return fmt.Sprintf("rule %q: %q asks (%s), the example's reason is %q", x.Rule, x.Line, v.Reason, x.Reason)
	}
	return ""
}

// Catalog is what Memo knows about programs: the builtin entries and the
// user's own from the data home (docs/permissions.md §12).
type Catalog struct {
	c        *catalog
	problems []CatalogProblem
}

// CatalogEntry is one program the catalogue knows, for `permissions catalog`.
type CatalogEntry struct {
	Program  string   `json:"program"`
	Aliases  []string `json:"aliases"`
	Source   string   `json:"source"`
	File     string   `json:"file"`
	Options  bool     `json:"options"` // its safe options are known (default deny)
	Risky    bool     `json:"risky"`   // it has a table of risky arguments
	Examples int      `json:"examples"`
	// Definitions is the project file whose definitions its rules run
	// (package.json scripts, the Makefile), "" when none.
	Definitions string `json:"definitions,omitempty"`
}

// UserCatalogDir is where a user keeps entries for their own tools.
func UserCatalogDir(dataHome string) string { return filepath.Join(dataHome, "catalog") }

// LoadCatalog reads the builtin catalogue and the user's entries in
// dataHome/catalog/*.toml ("" reads none), plus extra files (an entry
// being written, `permissions catalog --check`). Files that do not load
// are problems, never errors: what loads is used.
func LoadCatalog(dataHome string, extra ...string) (*Catalog, error) {
	var user []sourceFile
	var paths []string
	if dataHome != "" {
		found, err := filepath.Glob(filepath.Join(UserCatalogDir(dataHome), "*.toml"))
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		paths = append(paths, found...)
	}
	paths = append(paths, extra...)
	var unread []CatalogProblem
	for _, p := range paths {
		b, err := readUserFile(p)
		if err != nil {
			// Its tables are left out (their programs ask as programs
			// without an entry), and the problem says why.
			unread = append(unread, CatalogProblem{File: p, Reason: err.Error()})
			continue
		}
		user = append(user, sourceFile{path: p, data: b, user: true})
	}
	if len(user) == 0 {
		b := builtin()
		return &Catalog{c: b, problems: append(slices.Clone(b.loadProblems), unread...)}, nil
	}
	c, problems := readCatalog(builtinSources(), user)
	return &Catalog{c: c, problems: append(unread, problems...)}, nil
}

// maxUserFile bounds a user catalogue file: the builtin files are a few
// KiB each.
const maxUserFile = 1 << 20

// readUserFile reads a user catalogue file: a regular file (through a link:
// it is the user's own folder, dotfiles are often links), never a FIFO or
// device that would block the first check, at most maxUserFile bytes.
func readUserFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errCatalog, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a regular file", errCatalog, path)
	}
	if fi.Size() > maxUserFile {
		return nil, fmt.Errorf("%w: %s is larger than %d KiB", errCatalog, path, maxUserFile>>10)
	}
	return os.ReadFile(path)
}

// Problems are the files and entries that did not load, and why.
func (c *Catalog) Problems() []CatalogProblem { return slices.Clone(c.problems) }

// Entries lists the programs known, by name.
func (c *Catalog) Entries() []CatalogEntry {
	seen := map[*known]bool{}
	out := []CatalogEntry{}
	for _, k := range c.c.known {
		if seen[k] {
			continue
		}
		seen[k] = true
		e, opts := c.c.entries[k.Name]
		_, risky := c.c.programs[k.Name]
		ce := CatalogEntry{Program: k.Name, Aliases: append([]string{}, k.Aliases...), Source: k.Source,
			File: k.File, Options: opts, Risky: risky, Examples: len(k.Examples)}
		if opts {
			ce.Definitions = e.definitions
		}
		out = append(out, ce)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Program < out[j].Program })
	return out
}

// NewChecker is NewChecker with this catalogue.
func (c *Catalog) NewChecker(rules []string) *Checker { return c.c.newChecker(rules) }

// AcceptRule is AcceptRule with this catalogue.
func (c *Catalog) AcceptRule(rule string) domain.Text { return c.c.acceptRule(rule) }
