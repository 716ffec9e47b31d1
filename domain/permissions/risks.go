package permissions

import "memo.dev/projects/domain"

// The table of risky arguments (docs/permissions.md §5): per program, the options and
// operands that let an approved command run another program or write an
// arbitrary file. It is the one place this knowledge lives; rules are checked
// against it when saved (docs/permissions.md §8) and lines when checked.
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
	// props: words starting so set a property (mvn -Dx=y), read by
	// operands, not as a bundle of short options.
	props string
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
	installsOutside = domain.T("installs or changes programs outside the project")
	opensBrowser    = domain.T("opens a web browser")
	addsPackage     = domain.T("adds a package from the network and runs its install scripts")
	otherPackages   = domain.T("runs in every workspace package, beyond what the rule names")
	runsProgram     = domain.T("runs another program")
	writesFile      = domain.T("can write a file anywhere")
	changesConfig   = domain.T("changes the configuration later approved commands run with")
	otherRepo       = domain.T("points git at another repository or configuration")
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
			{"pkgdir", writesFile}, {"fuzzcachedir", writesFile}, {"testlogfile", writesFile},
			{"gocoverdir", writesFile}, {"json-out", writesFile},
		},
		riskySub: []risk{
			{"generate", domain.T("runs the commands written in the source files")},
			{"install", installsOutside}, {"bug", opensBrowser}, {"telemetry", changesConfig},
		},
		sub: map[string]program{
			"env":  {style: goFlag, long: []risk{{"w", changesConfig}, {"u", changesConfig}}},
			"run":  {operands: goRunOperands},
			"tool": {operands: goToolOperands},
		},
		operands: goOperands,
	},
	"git": {
		style: getopt,
		long: []risk{
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
			{"fsmonitor--daemon", runsProgram}, {"help", opensBrowser},
		},
		sub: map[string]program{
			"grep":      {short: []risk{{"O", runsProgram}}},
			"rebase":    {short: []risk{{"x", runsProgram}}},
			"clone":     {short: []risk{{"u", runsProgram}, {"c", changesConfig}}, operands: outsidePath},
			"init":      {operands: outsidePath},
			"submodule": {operands: wordRisk("foreach", runsProgram)},
			"bisect":    {operands: wordRisk("run", runsProgram)},
			"bundle":    {operands: wordRisk("create", writesFile)},
			"worktree":  {operands: wordRisk("add", writesFile)},
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
			{"set", changesConfig}, {"link", installsOutside}, {"ln", installsOutside},
		},
		operands: installOperands,
	},
	"pnpm": {style: getopt, riskySub: []risk{{"dlx", runsProgram}, {"x", runsProgram}, {"create", runsProgram},
		{"config", changesConfig}, {"set", changesConfig}, {"env", runsProgram}, {"add", addsPackage}, {"link", installsOutside},
		{"ln", installsOutside}, {"setup", changesConfig}, {"self-update", installsOutside}, {"patch", runsProgram},
		{"patch-commit", changesConfig}, {"patch-remove", changesConfig}, {"deploy", writesFile}, {"init", runsProgram},
		{"server", runsProgram}, {"recursive", otherPackages}, {"multi", otherPackages}, {"m", otherPackages},
		{"approve-builds", changesConfig}, {"install-completion", changesConfig}}, operands: installOperands},
	"yarn": {style: getopt, riskySub: []risk{{"dlx", runsProgram}, {"exec", runsProgram}, {"node", runsProgram}, {"create", runsProgram},
		{"config", changesConfig}, {"set", changesConfig}, {"add", addsPackage}, {"global", installsOutside},
		{"link", installsOutside}, {"plugin", addsPackage}, {"patch", runsProgram}, {"patch-commit", changesConfig},
		{"stage", changesConfig}, {"init", runsProgram}, {"policies", addsPackage}}, operands: installOperands},
	"bun": {style: getopt, long: []risk{{"eval", runsProgram}, {"print", runsProgram}}, short: []risk{{"e", runsProgram}, {"p", runsProgram}},
		riskySub: []risk{{"x", runsProgram}, {"exec", runsProgram}, {"create", runsProgram}, {"c", runsProgram}, {"repl", runsProgram},
			{"init", runsProgram}, {"link", installsOutside}, {"upgrade", installsOutside}, {"add", addsPackage}, {"a", addsPackage}},
		operands: bunOperands},
	"poetry":     {style: getopt, riskySub: []risk{{"shell", runsProgram}, {"config", changesConfig}, {"add", addsPackage}, {"self", installsOutside}, {"source", changesConfig}}},
	"uv":         {style: getopt, riskySub: []risk{{"add", addsPackage}, {"pip", addsPackage}, {"tool", runsProgram}, {"self", installsOutside}}, operands: uvOperands},
	"pre-commit": {style: getopt, riskySub: []risk{{"install", domain.T("installs a git hook, which runs what .pre-commit-config.yaml names at every commit")}, {"try-repo", runsProgram}, {"init-templatedir", installsOutside}}},
	"composer": {style: getopt, riskySub: []risk{{"require", addsPackage}, {"global", installsOutside}, {"create-project", addsPackage},
		{"exec", runsProgram}, {"config", changesConfig}, {"self-update", installsOutside}, {"selfupdate", installsOutside}}},
	"pytest": {style: getopt, long: []risk{{"pdbcls", runsProgram}}, operands: pytestOperands},
	"just": {style: getoptExact, long: []risk{{"shell", runsProgram}, {"shell-arg", runsProgram}, {"shell-command", runsProgram},
		{"command", runsProgram}, {"justfile", domain.T("reads another justfile")}, {"working-directory", domain.T("runs in another folder")},
		{"set", domain.T("overrides a variable the recipes use")}, {"dotenv-path", domain.T("overrides the variables the recipes use")},
		{"dotenv-filename", domain.T("overrides the variables the recipes use")}, {"chooser", runsProgram}, {"choose", runsProgram}, {"edit", runsProgram}},
		short: []risk{{"c", runsProgram}, {"f", domain.T("reads another justfile")}, {"d", domain.T("runs in another folder")}, {"e", runsProgram}}},
	"pipenv": {style: getopt, riskySub: []risk{{"run", runsProgram}, {"shell", runsProgram}}},
	"pdm":    {style: getopt, riskySub: []risk{{"run", runsProgram}, {"config", changesConfig}}},
	"hatch":  {style: getopt, riskySub: []risk{{"run", runsProgram}, {"shell", runsProgram}}},
	"conda":  {style: getopt, riskySub: []risk{{"run", runsProgram}, {"config", changesConfig}}},
	"bundle": {style: getopt, riskySub: []risk{{"exec", runsProgram}, {"config", changesConfig}}},
	"cargo": {
		style: getoptExact,
		long: []risk{
			{"config", changesConfig}, {"artifact-dir", writesFile}, {"out-dir", writesFile},
		},
		short: []risk{{"Z", domain.T("turns on unstable features, some of which run programs")}, {"C", domain.T("runs in another folder")}},
		riskySub: []risk{{"install", domain.T("downloads and installs a program")}, {"uninstall", installsOutside},
			{"login", changesConfig}, {"logout", changesConfig}, {"owner", changesConfig}, {"yank", changesConfig}},
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
			{"compress-program", runsProgram}, {"files0-from", domain.T("reads its file names from a file")},
		},
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
	"mvn":      {style: getoptExact, props: "-D", long: []risk{{"settings", changesConfig}, {"global-settings", changesConfig}, {"file", domain.T("reads another build file")}}, short: []risk{{"s", changesConfig}, {"f", domain.T("reads another build file")}}, operands: mavenOperands},
	"mvnw":     {style: getoptExact, props: "-D", long: []risk{{"settings", changesConfig}, {"global-settings", changesConfig}, {"file", domain.T("reads another build file")}}, short: []risk{{"s", changesConfig}, {"f", domain.T("reads another build file")}}, operands: mavenOperands},
	"gradle":   {style: getopt, operands: gradleOperands, long: []risk{{"init-script", runsProgram}, {"build-file", domain.T("reads another build file")}, {"settings-file", domain.T("reads another build file")}, {"project-dir", domain.T("runs in another folder")}}, short: []risk{{"I", runsProgram}, {"b", domain.T("reads another build file")}, {"c", domain.T("reads another build file")}, {"p", domain.T("runs in another folder")}}},
	"gradlew":  {style: getopt, operands: gradleOperands, long: []risk{{"init-script", runsProgram}, {"build-file", domain.T("reads another build file")}, {"settings-file", domain.T("reads another build file")}, {"project-dir", domain.T("runs in another folder")}}, short: []risk{{"I", runsProgram}, {"b", domain.T("reads another build file")}, {"c", domain.T("reads another build file")}, {"p", domain.T("runs in another folder")}}},
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
