package permissions

import (
	"path"
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
)

// The table of risky arguments (SPEC §7.1): per program, the options and
// operands that let an approved command run another program or write an
// arbitrary file. It is the one place this knowledge lives; rules are checked
// against it when saved (§7.2) and lines when checked.
//
// Spellings are compared on unquoted words. Long names are compared in lower
// case with `_` read as `-`, which can only make more lines ask.

// optStyle says how a program reads its options.
type optStyle int

const (
	// getopt: `--name`, `--name=v`, a unique prefix of a long name (GNU
	// getopt_long, git's parse-options, nopt), short options bundled as `-abc`.
	getopt optStyle = iota
	// getoptExact: like getopt but long names must be spelled in full.
	getoptExact
	// goFlag: Go's flag package (and find): `-name` or `--name`, `=v` or a
	// separate value, no abbreviation and no bundling.
	goFlag
)

// risk is one risky option or subcommand and why it is risky.
type risk struct {
	name string // long name without dashes, one character for a short option, or a subcommand
	why  domain.Text
}

// program describes one program's risky arguments.
type program struct {
	style optStyle
	// singleDashLong: `-name` is also read as a long option (nopt, find).
	singleDashLong bool
	long           []risk
	short          []risk
	// subcommands that ask whatever their arguments (git config …).
	riskySub []risk
	// subAbbrev: the program also runs a subcommand named by a unique
	// prefix (npm), except for the aliases in safeSub.
	subAbbrev bool
	safeSub   map[string]bool
	// sub adds risky options per subcommand (the first operand).
	sub map[string]program
	// operands inspects the whole argument list for what options cannot
	// express (make's VAR=value, uniq's output file, sed's script …). It
	// returns the reason to ask, or none.
	operands func(args []string) domain.Text
}

var (
	runsProgram   = domain.T("runs another program")
	writesFile    = domain.T("can write a file anywhere")
	changesConfig = domain.T("changes the configuration later approved commands run with")
	otherRepo     = domain.T("points git at another repository or configuration")
)

// programs is keyed by the base name of the command's first word.
var programs = map[string]program{
	"go": {
		style: goFlag,
		long: []risk{
			{"exec", runsProgram}, {"toolexec", runsProgram}, {"vettool", runsProgram},
			{"ldflags", domain.T("passes flags to the linker, which can run another program")},
			{"gcflags", domain.T("passes flags to the compiler, which can write files")},
			{"asmflags", domain.T("passes flags to the assembler, which can write files")},
			{"gccgoflags", runsProgram}, {"compiler", runsProgram},
			{"overlay", domain.T("replaces source files with other files")},
			{"modfile", domain.T("uses another go.mod, which can name a toolchain to download and run")},
			{"C", domain.T("runs in another folder")},
			{"o", writesFile}, {"pkgdir", writesFile}, {"outputdir", writesFile},
			{"coverprofile", writesFile}, {"cpuprofile", writesFile}, {"memprofile", writesFile},
			{"blockprofile", writesFile}, {"mutexprofile", writesFile}, {"trace", writesFile},
			{"fuzzcachedir", writesFile}, {"testlogfile", writesFile}, {"gocoverdir", writesFile},
			{"json-out", writesFile},
		},
		riskySub: []risk{
			{"generate", domain.T("runs the commands written in the source files")},
			{"tool", domain.T("runs a tool program")},
		},
		sub: map[string]program{
			"env": {style: goFlag, long: []risk{{"w", changesConfig}, {"u", changesConfig}}},
		},
		operands: goOperands,
	},
	"git": {
		style: getopt,
		long: []risk{
			{"output", writesFile}, {"output-directory", writesFile},
			{"ext-diff", runsProgram}, {"textconv", runsProgram},
			{"upload-pack", runsProgram}, {"receive-pack", runsProgram}, {"exec", runsProgram},
			{"open-files-in-pager", runsProgram}, {"extcmd", runsProgram}, {"tool", runsProgram},
			{"config", changesConfig}, {"config-env", changesConfig},
			{"template", domain.T("copies hooks from a template folder")},
			{"separate-git-dir", otherRepo}, {"git-dir", otherRepo}, {"work-tree", otherRepo},
			{"exec-path", runsProgram}, {"paginate", runsProgram}, {"remote", runsProgram},
		},
		riskySub: []risk{
			{"config", changesConfig},
			{"difftool", runsProgram}, {"mergetool", runsProgram},
			{"filter-branch", runsProgram}, {"filter-repo", runsProgram},
			{"send-email", runsProgram}, {"instaweb", runsProgram}, {"daemon", runsProgram},
			{"web--browse", runsProgram}, {"credential", runsProgram},
			{"credential-store", runsProgram}, {"credential-cache", runsProgram},
			{"remote-ext", runsProgram}, {"remote-fd", runsProgram},
			{"hook", domain.T("runs hooks")}, {"maintenance", domain.T("installs scheduled jobs")},
			{"upload-pack", runsProgram}, {"receive-pack", runsProgram},
			{"shell", runsProgram}, {"http-backend", runsProgram},
			{"fsmonitor--daemon", runsProgram},
		},
		sub: map[string]program{
			"grep":         {short: []risk{{"O", runsProgram}}},
			"rebase":       {short: []risk{{"x", runsProgram}}},
			"format-patch": {short: []risk{{"o", writesFile}}},
			"archive":      {short: []risk{{"o", writesFile}}},
			"clone":        {short: []risk{{"u", runsProgram}, {"c", changesConfig}}, operands: outsidePath},
			"init":         {operands: outsidePath},
			"submodule":    {operands: wordRisk("foreach", runsProgram)},
			"bisect":       {operands: wordRisk("run", runsProgram)},
			"bundle":       {operands: wordRisk("create", writesFile)},
			"worktree":     {operands: wordRisk("add", writesFile)},
		},
		operands: gitOperands,
	},
	"npm": {
		style:          getopt,
		singleDashLong: true,
		long: []risk{
			{"script-shell", runsProgram}, {"shell", runsProgram}, {"editor", runsProgram},
			{"browser", runsProgram}, {"viewer", runsProgram}, {"git", runsProgram},
			{"node-options", runsProgram}, {"node-gyp", runsProgram}, {"call", runsProgram},
			{"package", runsProgram}, {"onload-script", runsProgram}, {"init-module", runsProgram},
			{"userconfig", changesConfig}, {"globalconfig", changesConfig},
			{"prefix", writesFile}, {"cache", writesFile},
		},
		short:     []risk{{"c", runsProgram}},
		subAbbrev: true,
		// npm's own aliases for install, which prefix init.
		safeSub: map[string]bool{"in": true, "ins": true, "inst": true, "insta": true, "instal": true, "isnt": true, "isnta": true, "isntal": true, "isntall": true},
		riskySub: []risk{
			{"exec", runsProgram}, {"x", runsProgram}, {"explore", runsProgram},
			{"edit", runsProgram}, {"init", runsProgram}, {"create", runsProgram},
			{"innit", runsProgram}, {"config", changesConfig}, {"c", changesConfig},
			{"set", changesConfig},
		},
	},
	"pnpm":   {style: getopt, riskySub: []risk{{"dlx", runsProgram}, {"exec", runsProgram}, {"x", runsProgram}, {"create", runsProgram}, {"config", changesConfig}, {"set", changesConfig}, {"env", runsProgram}}},
	"yarn":   {style: getopt, riskySub: []risk{{"dlx", runsProgram}, {"exec", runsProgram}, {"node", runsProgram}, {"create", runsProgram}, {"config", changesConfig}, {"set", changesConfig}}},
	"poetry": {style: getopt, riskySub: []risk{{"run", runsProgram}, {"shell", runsProgram}, {"config", changesConfig}}},
	"pipenv": {style: getopt, riskySub: []risk{{"run", runsProgram}, {"shell", runsProgram}}},
	"pdm":    {style: getopt, riskySub: []risk{{"run", runsProgram}, {"config", changesConfig}}},
	"hatch":  {style: getopt, riskySub: []risk{{"run", runsProgram}, {"shell", runsProgram}}},
	"conda":  {style: getopt, riskySub: []risk{{"run", runsProgram}, {"config", changesConfig}}},
	"bundle": {style: getopt, riskySub: []risk{{"exec", runsProgram}, {"config", changesConfig}}},
	"cargo": {
		style: getoptExact,
		long: []risk{
			{"config", changesConfig}, {"target-dir", writesFile},
			{"artifact-dir", writesFile}, {"out-dir", writesFile},
		},
		short:    []risk{{"Z", domain.T("turns on unstable features, some of which run programs")}, {"C", domain.T("runs in another folder")}},
		riskySub: []risk{{"install", domain.T("downloads and installs a program")}},
	},
	"make": {
		style: getopt,
		long: []risk{
			{"file", domain.T("reads another makefile")}, {"makefile", domain.T("reads another makefile")},
			{"directory", domain.T("runs in another folder")}, {"include-dir", domain.T("reads other makefiles")},
			{"eval", runsProgram}, {"jobserver-auth", runsProgram}, {"jobserver-fds", runsProgram},
		},
		short:    []risk{{"f", domain.T("reads another makefile")}, {"C", domain.T("runs in another folder")}, {"I", domain.T("reads other makefiles")}, {"E", runsProgram}},
		operands: makeOperands,
	},
	"sed": {
		style: getopt,
		long: []risk{
			{"in-place", domain.T("edits files in place")}, {"file", domain.T("reads its script from a file Memo cannot see")},
		},
		short:    []risk{{"i", domain.T("edits files in place")}, {"f", domain.T("reads its script from a file Memo cannot see")}},
		operands: sedOperands,
	},
	"sort": {
		style: getopt,
		long: []risk{
			{"output", writesFile}, {"compress-program", runsProgram},
			{"temporary-directory", writesFile}, {"files0-from", domain.T("reads its file names from a file")},
		},
		short: []risk{{"o", writesFile}, {"T", writesFile}},
	},
	"uniq": {
		style:    getopt,
		operands: uniqOperands,
	},
	"tar": {
		style: getopt,
		long: []risk{
			{"to-command", runsProgram}, {"use-compress-program", runsProgram},
			{"checkpoint-action", runsProgram}, {"info-script", runsProgram},
			{"new-volume-script", runsProgram}, {"rsh-command", runsProgram},
			{"rmt-command", runsProgram}, {"index-file", writesFile},
			{"extract", writesFile}, {"get", writesFile}, {"create", writesFile},
			{"append", writesFile}, {"update", writesFile}, {"catenate", writesFile},
			{"concatenate", writesFile}, {"delete", writesFile},
		},
		short:    tarShort,
		operands: tarOperands,
	},
	"rg": {
		style: getoptExact,
		long: []risk{
			{"pre", runsProgram}, {"hostname-bin", runsProgram},
		},
	},
	"man": {
		style: getopt,
		long: []risk{
			{"pager", runsProgram}, {"html", runsProgram}, {"config-file", runsProgram},
			{"preprocessor", runsProgram}, {"gxditview", runsProgram}, {"browser", runsProgram},
		},
		short: []risk{{"P", runsProgram}, {"H", runsProgram}, {"C", runsProgram}, {"p", runsProgram}, {"X", runsProgram}},
	},
	"less": {
		style: getopt,
		long: []risk{
			{"log-file", writesFile}, {"lesskey-file", runsProgram},
			{"lesskey-src", runsProgram}, {"lesskey-content", runsProgram},
		},
		short:    []risk{{"o", writesFile}, {"O", writesFile}, {"k", runsProgram}},
		operands: plusCommand,
	},
	"more":   {style: getopt, operands: plusCommand},
	"fd":     {style: getoptExact, long: []risk{{"exec", runsProgram}, {"exec-batch", runsProgram}}, short: []risk{{"x", runsProgram}, {"X", runsProgram}}},
	"fdfind": {style: getoptExact, long: []risk{{"exec", runsProgram}, {"exec-batch", runsProgram}}, short: []risk{{"x", runsProgram}, {"X", runsProgram}}},
	"ag":     {style: getoptExact, long: []risk{{"pager", runsProgram}}},
	"bat":    {style: getoptExact, long: []risk{{"pager", runsProgram}}},
	"zip": {
		style: getoptExact,
		long:  []risk{{"unzip-command", runsProgram}, {"out", writesFile}},
		short: []risk{{"T", domain.T("tests the archive with a program that -TT can name")}, {"O", writesFile}},
	},
	"rustc":   {style: goFlag, operands: compilerOperands},
	"gcc":     {style: goFlag, operands: compilerOperands},
	"g++":     {style: goFlag, operands: compilerOperands},
	"cc":      {style: goFlag, operands: compilerOperands},
	"c++":     {style: goFlag, operands: compilerOperands},
	"clang":   {style: goFlag, operands: compilerOperands},
	"clang++": {style: goFlag, operands: compilerOperands},
	"openssl": {
		style: goFlag,
		long: []risk{
			{"out", writesFile}, {"keyout", writesFile}, {"writerand", writesFile},
			{"engine", domain.T("loads a library that runs code")}, {"provider", domain.T("loads a library that runs code")},
			{"provider-path", domain.T("loads a library that runs code")},
		},
	},
	"cmake":    {style: goFlag, operands: cmakeOperands},
	"bazel":    {style: goFlag, long: bazelRisks},
	"bazelisk": {style: goFlag, long: bazelRisks},
	"mvn":      {style: getoptExact, long: []risk{{"settings", changesConfig}, {"global-settings", changesConfig}, {"file", domain.T("reads another build file")}}, short: []risk{{"s", changesConfig}, {"f", domain.T("reads another build file")}}, operands: mavenOperands},
	"mvnw":     {style: getoptExact, long: []risk{{"settings", changesConfig}, {"global-settings", changesConfig}, {"file", domain.T("reads another build file")}}, short: []risk{{"s", changesConfig}, {"f", domain.T("reads another build file")}}, operands: mavenOperands},
	"gradle":   {style: getopt, long: []risk{{"init-script", runsProgram}, {"build-file", domain.T("reads another build file")}, {"settings-file", domain.T("reads another build file")}, {"project-dir", domain.T("runs in another folder")}}, short: []risk{{"I", runsProgram}, {"b", domain.T("reads another build file")}, {"c", domain.T("reads another build file")}, {"p", domain.T("runs in another folder")}}},
	"gradlew":  {style: getopt, long: []risk{{"init-script", runsProgram}, {"build-file", domain.T("reads another build file")}, {"settings-file", domain.T("reads another build file")}, {"project-dir", domain.T("runs in another folder")}}, short: []risk{{"I", runsProgram}, {"b", domain.T("reads another build file")}, {"c", domain.T("reads another build file")}, {"p", domain.T("runs in another folder")}}},
	"dotnet":   {style: getoptExact, riskySub: []risk{{"exec", runsProgram}, {"tool", runsProgram}, {"dnx", runsProgram}}},
	"info":     {style: getopt, long: []risk{{"output", writesFile}, {"dribble", writesFile}, {"init-file", runsProgram}}, short: []risk{{"o", writesFile}}},
	"pandoc": {
		style: getopt,
		long: []risk{
			{"filter", runsProgram}, {"lua-filter", runsProgram}, {"pdf-engine", runsProgram},
			{"pdf-engine-opt", runsProgram}, {"output", writesFile}, {"extract-media", writesFile},
			{"data-dir", domain.T("reads templates and filters from another folder")}, {"defaults", domain.T("reads options from a file")},
		},
		short: []risk{{"F", runsProgram}, {"L", runsProgram}, {"o", writesFile}, {"d", domain.T("reads options from a file")}},
	},
	"unzip":  {style: getoptExact, short: []risk{{"d", domain.T("extracts into another folder")}}},
	"protoc": {style: getoptExact, long: []risk{{"plugin", runsProgram}, {"descriptor_set_out", writesFile}, {"dependency_out", writesFile}}},
	"find": {
		style: goFlag,
		long: []risk{
			{"exec", runsProgram}, {"execdir", runsProgram}, {"ok", runsProgram},
			{"okdir", runsProgram}, {"fprint", writesFile}, {"fprint0", writesFile},
			{"fprintf", writesFile}, {"fls", writesFile}, {"delete", domain.T("deletes files")},
		},
	},
}

// anyProgram is the table for programs it does not name: option names that
// run a program or write a file for many programs, spelled exactly with one
// or two dashes. It asks more than needed at worst.
var anyProgram = program{
	style: goFlag,
	long: []risk{
		{"exec", runsProgram}, {"execdir", runsProgram}, {"toolexec", runsProgram}, {"exec-path", runsProgram},
		{"ldflags", runsProgram}, {"vettool", runsProgram}, {"pre", runsProgram},
		{"compress-program", runsProgram}, {"use-compress-program", runsProgram}, {"to-command", runsProgram},
		{"checkpoint-action", runsProgram}, {"script-shell", runsProgram}, {"shell", runsProgram},
		{"pager", runsProgram}, {"editor", runsProgram}, {"command", runsProgram}, {"rsh-command", runsProgram},
		{"upload-pack", runsProgram}, {"receive-pack", runsProgram}, {"ext-diff", runsProgram},
		{"textconv", runsProgram}, {"open-files-in-pager", runsProgram}, {"eval", runsProgram},
		{"config-env", changesConfig},
	},
}

// checkArgs returns the reason a command's arguments ask, or "" when none of
// them is risky. words are the unquoted words of the line, the program first.
func checkArgs(words []string) domain.Text {
	if len(words) == 0 {
		return domain.Text{}
	}
	name, p, ok := lookupProgram(words[0])
	if !ok {
		p = anyProgram
	}
	args := words[1:]
	if reason := p.check(name, args); !reason.IsZero() {
		return reason
	}
	sub := strings.ToLower(firstOperand(args))
	for _, r := range p.riskySub {
		if sub == r.name {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", name+" "+sub, "Why", r.why)
		}
		if p.subAbbrev && len(sub) >= 2 && strings.HasPrefix(r.name, sub) && !p.safeSub[sub] {
			return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", name+" "+sub, "Why", r.why, "Spelled", name+" "+r.name)
		}
	}
	if sp, ok := p.sub[sub]; ok && sub != "" {
		if reason := sp.check(name+" "+sub, args); !reason.IsZero() {
			return reason
		}
		if sp.operands != nil {
			if reason := sp.operands(args); !reason.IsZero() {
				return reason
			}
		}
	}
	if p.operands != nil {
		return p.operands(args)
	}
	return domain.Text{}
}

// programName is how the table and the refused list know a command: its
// base name in lower case (case-insensitive file systems run `GIT` as git),
// without `.exe`.
func programName(word string) string {
	return strings.TrimSuffix(strings.ToLower(path.Base(word)), ".exe")
}

// unversioned drops a version from a program name: python3.12, gcc-13,
// node20 are python, gcc, node.
func unversioned(name string) string {
	return strings.TrimRight(strings.TrimRight(name, "0123456789."), "-_")
}

func lookupProgram(word string) (string, program, bool) {
	name := programName(word)
	if p, ok := programs[name]; ok {
		return name, p, true
	}
	name = unversioned(name)
	p, ok := programs[name]
	return name, p, ok
}

// firstOperand is the first argument that is not an option.
func firstOperand(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// check reads every argument as an option in every spelling the program
// accepts. Every word is read, also after `--` and after an option that
// takes a value: a value that looks like a risky option asks too, which costs
// a question at worst.
func (p program) check(name string, args []string) domain.Text {
	for _, a := range args {
		if len(a) < 2 || a[0] != '-' || a == "--" {
			continue
		}
		if strings.HasPrefix(a, "--") {
			if r, ok := p.matchLong(a[2:], p.style == getopt); ok {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" --"+r.name)
			}
			continue
		}
		body := a[1:]
		if p.style == goFlag || p.singleDashLong {
			if r, ok := p.matchLong(body, p.singleDashLong && p.style == getopt); ok {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" -"+r.name)
			}
		}
		if p.style == goFlag {
			continue
		}
		for i := 0; i < len(body); i++ {
			for _, r := range p.short {
				if body[i] == r.name[0] {
					return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" -"+r.name)
				}
			}
		}
	}
	return domain.Text{}
}

// matchLong finds the risky long option a spelling names: exactly, or as a
// unique prefix when the program takes abbreviations. A prefix of several
// options counts too: Memo need not know every harmless option it might
// also abbreviate.
func (p program) matchLong(spelling string, abbrev bool) (risk, bool) {
	n := spelling
	if i := strings.IndexByte(n, '='); i >= 0 {
		n = n[:i]
	}
	n = normLong(n)
	if p.style == goFlag {
		n = strings.TrimPrefix(n, "test.") // go test's flags for the test binary
	}
	if n == "" {
		return risk{}, false
	}
	for _, r := range p.long {
		l := normLong(r.name)
		if n == l || (abbrev && strings.HasPrefix(l, n)) {
			return r, true
		}
	}
	return risk{}, false
}

func normLong(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "_", "-")
}

// wordRisk asks when any argument equals word.
func wordRisk(word string, why domain.Text) func([]string) domain.Text {
	return func(args []string) domain.Text {
		for _, a := range args {
			if a == word {
				return domain.T("`{{.Word}}` {{.Why}}", "Word", word, "Why", why)
			}
		}
		return domain.Text{}
	}
}

// gitOperands: options before the subcommand are git's global options
// (-c, -C, -p, --git-dir …), and ext:: and fd:: remotes run programs.
func gitOperands(args []string) domain.Text {
	if len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "--version" {
		return domain.T("`{{.Word}}` is a git option before the subcommand; those can change what git runs (-c, -C, -p, --git-dir …)", "Word", args[0])
	}
	for _, a := range args {
		l := strings.ToLower(a)
		if strings.Contains(l, "ext::") || strings.HasPrefix(l, "fd::") {
			return domain.T("`{{.Word}}` is a remote that runs another program", "Word", a)
		}
	}
	return domain.Text{}
}

// outsidePath: git clone and git init write a repository wherever their
// operand points; one outside the project asks. A remote's URL is no path
// (on Windows its colon alone makes it non-local).
func outsidePath(args []string) domain.Text {
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") || gitRemote(a) {
			continue
		}
		if a != "" && !filepath.IsLocal(a) {
			return domain.T("`{{.Word}}` is outside the project; git would write a repository there", "Word", a)
		}
	}
	return domain.Text{}
}

// gitRemote reports whether git reads the operand as a remote, not a local
// path: a URL (scheme://), or scp-like host:path with the colon before any
// slash; a drive letter (C:\x, C:x on Windows) is a local path.
func gitRemote(a string) bool {
	if strings.Contains(a, "://") {
		return true
	}
	colon := strings.IndexByte(a, ':')
	if colon < 0 || filepath.VolumeName(a) != "" {
		return false
	}
	slash := strings.IndexAny(a, `/`+string(filepath.Separator))
	return slash < 0 || colon < slash
}

// goOperands: a package named with @version is downloaded and built.
func goOperands(args []string) domain.Text {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && strings.Contains(a, "@") {
			return domain.T("`{{.Word}}` names a module version go would download and run", "Word", a)
		}
	}
	return domain.Text{}
}

// makeOperands: VAR=value on make's command line overrides the makefile,
// SHELL= among them.
func makeOperands(args []string) domain.Text {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && strings.Contains(a, "=") {
			return domain.T("`{{.Word}}` overrides a make variable (SHELL= and others choose what make runs)", "Word", a)
		}
	}
	return domain.Text{}
}

// uniqOperands: uniq's second operand is its output file.
func uniqOperands(args []string) domain.Text {
	n := 0
	valueNext := false
	for _, a := range args {
		switch {
		case valueNext:
			valueNext = false
		case a == "-f" || a == "-s" || a == "-w":
			valueNext = true
		case strings.HasPrefix(a, "-") && a != "-":
		default:
			n++
			if n == 2 {
				return domain.T("`{{.Word}}` is uniq's output file, which can be any file", "Word", a)
			}
		}
	}
	return domain.Text{}
}

// tarOperands: tar's first argument may be options without a dash (`tar xf`),
// and an archive named host:file is reached through a remote shell.
func tarOperands(args []string) domain.Text {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && strings.Contains(a, ":") {
			return domain.T("`{{.Word}}` names a remote archive, which tar reaches by running a remote shell", "Word", a)
		}
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return domain.Text{}
	}
	reason := program{short: tarShort}.check("tar", []string{"-" + args[0]})
	if !reason.IsZero() {
		reason.Args["Word"] = args[0] // the word as typed, without the dash check added
	}
	return reason
}

var bazelRisks = []risk{
	{"run_under", runsProgram}, {"script_path", writesFile}, {"bazelrc", changesConfig},
	{"override_repository", domain.T("replaces a dependency with another folder")}, {"output_base", writesFile},
	{"output_user_root", writesFile},
}

// cmakeOperands: -E runs commands, -P runs a script, -C reads a cache script,
// -D sets a variable (the compiler among them); cmake glues values on.
func cmakeOperands(args []string) domain.Text {
	for _, a := range args {
		for _, o := range []string{"-E", "-P", "-C", "-D"} {
			if strings.HasPrefix(a, o) {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", runsProgram, "Spelled", "cmake "+o)
			}
		}
	}
	return domain.Text{}
}

// mavenOperands: plugin goals that run programs, and properties that set them.
func mavenOperands(args []string) domain.Text {
	for _, a := range args {
		l := strings.ToLower(a)
		if strings.HasPrefix(l, "-d") || strings.Contains(l, "exec:") || strings.Contains(l, "antrun:") {
			return domain.T("`{{.Word}}` can make maven run a program", "Word", a)
		}
	}
	return domain.Text{}
}

var tarShort = []risk{
	{"I", runsProgram}, {"F", runsProgram}, {"x", writesFile}, {"c", writesFile},
	{"r", writesFile}, {"u", writesFile}, {"A", writesFile},
}

// compilerOperands: C compilers and rustc take options glued to their values
// (-B/dir, -o/file, -Clinker=x, -Wl,…) and read more options from @files.
func compilerOperands(args []string) domain.Text {
	for _, a := range args {
		l := strings.ToLower(a)
		switch {
		case strings.HasPrefix(a, "@"):
			return domain.T("`{{.Word}}` reads more arguments from a file", "Word", a)
		case strings.HasPrefix(a, "-B"), strings.HasPrefix(a, "-wrapper"), strings.HasPrefix(a, "-fplugin"),
			strings.HasPrefix(a, "-specs"), strings.HasPrefix(a, "--specs"), strings.HasPrefix(a, "-Wl,"),
			strings.HasPrefix(a, "-Xlinker"), strings.HasPrefix(a, "-fuse-ld"), strings.HasPrefix(a, "-Z"),
			strings.Contains(l, "linker"), strings.Contains(l, "link-arg"), strings.Contains(l, "llvm-args"):
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", runsProgram)
		case strings.HasPrefix(a, "-o"), strings.HasPrefix(a, "--out"), strings.HasPrefix(a, "--emit"),
			strings.HasPrefix(a, "-save-temps"), strings.HasPrefix(a, "-M"):
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", writesFile)
		}
	}
	return domain.Text{}
}

// plusCommand: `less +cmd` and `more +cmd` run a pager command at start.
func plusCommand(args []string) domain.Text {
	for _, a := range args {
		if strings.HasPrefix(a, "+") {
			return domain.T("`{{.Word}}` runs a pager command", "Word", a)
		}
	}
	return domain.Text{}
}
