// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
)

// operandChecks are the checks of a program's whole argument list that a
// catalogue table can name (operands = "…"): what options cannot express.
func operandChecks(name string) (operandCheck, bool) {
	f, ok := map[string]operandCheck{
		"gitOperands": gitOperands, "gitConfigOperands": gitConfigOperands, "outsidePath": outsidePath, "goOperands": goOperands, "makeOperands": makeOperands,
		"uniqOperands": uniqOperands, "tarOperands": tarOperands, "cmakeOperands": cmakeOperands, "ninjaOperands": ninjaOperands,
		"mavenOperands": mavenOperands, "goRunOperands": goRunOperands, "installOperands": installOperands,
		"pytestOperands": pytestOperands, "compilerOperands": compilerOperands, "plusCommand": plusCommand,
		"bunOperands": bunOperands, "uvOperands": uvOperands, "gradleOperands": gradleOperands,
		"goToolOperands": goToolOperands, "sedOperands": sedOperands, "msbuildOperands": msbuildOperands, "rakeOperands": rakeOperands,
		"assignOperands": assignOperands, "mesonOperands": mesonOperands, "bazelOperands": bazelOperands, "pipOperands": pipOperands,
		"tbumpOperands": tbumpOperands,
	}[name]
	return f, ok
}

// gitOperands: options before the subcommand are git's global options
// (-c, -C, -p, --git-dir …), and ext:: and fd:: remotes run programs.
// Before the subcommand pass: the entry's options that only turn things
// off, `-c KEY=VALUE` of a key the table's safe_keys list (gitKey), and one
// `-C DIR` of a folder named as it is, inside the line's folder (the
// verdict then checks that folder, and the rest of the line in it, as
// `cd DIR && git …`).
func gitOperands(c *Catalog, p Program, args []string) domain.Text {
	// The options before the subcommand that only turn things off: the
	// entry's own (catalog/git.toml).
	safeGlobal := func(a string) bool {
		g := c.Entries["git"]
		if g == nil || !strings.HasPrefix(a, "--") {
			return false
		}
		ar, ok := g.Global.lookupLong(a[2:])
		return ok && ar == noValue
	}
	folders := 0
	for len(args) > 0 {
		switch a := args[0]; {
		case safeGlobal(a):
			args = args[1:]
			continue
		case a == "-c" && len(args) > 1:
			if why := p.gitKey(args[1], false); !why.IsZero() {
				return why
			}
			args = args[2:]
			continue
		case a == "-C" && len(args) > 1 && folders == 0 && GitFolderWord(args[1]):
			folders++
			args = args[2:]
			continue
		}
		break
	}
	if len(args) > 0 && strings.HasPrefix(args[0], "-") {
		return domain.T("`{{.Word}}` is a git option before the subcommand; those can change what git runs (-c, -C, -p, --git-dir …)", "Word", args[0])
	}
	for _, a := range args {
		l := strings.ToLower(a)
		switch {
		case strings.Contains(l, "ext::") || strings.HasPrefix(l, "fd::"):
			return domain.T("`{{.Word}}` is a remote that runs another program", "Word", a)
		case strings.HasPrefix(a, ":/"):
			// Pathspec magic: from the top of the repository, which holds
			// more than the project when the project is one of its folders.
			return domain.T("`{{.Word}}` names a path from the top of the repository, which can be outside the project", "Word", a)
		case strings.HasPrefix(l, "--rebase=i"):
			return domain.T("`{{.Word}}` rebases interactively, which opens an editor", "Word", a)
		}
	}
	return domain.Text{}
}

// GitFolderWord reports whether w can be the folder of `git -C`: a relative path that
// stays inside the folder the line runs in (no `..`, not absolute, no
// drive), not empty (`-C ""` is no folder) and no option.
func GitFolderWord(w string) bool {
	return w != "" && !strings.HasPrefix(w, "-") && !strings.ContainsAny(w, `\:`) && filepath.IsLocal(filepath.FromSlash(w)) &&
		!slices.Contains(strings.Split(w, "/"), "..")
}

// gitKey tells why git may not be given the configuration setting kv
// (KEY=VALUE, or KEY alone, which sets it to true): only a key of the
// table's safe_keys passes, compared as git compares them, in lower case
// (core.pager is Core.Pager). An entry `section.*` is every key of that
// section, `key=value` that key set to that value alone (commit.gpgSign
// =false: true runs gpg). read: the key is only read (git config KEY),
// which the keys of config's own safe_keys may be too.
func (p Program) gitKey(kv string, read bool) domain.Text {
	key, value, hasValue := strings.Cut(kv, "=")
	if gitKeyListed(p.safeKeys, key, value, hasValue) || read && gitKeyListed(p.Sub["config"].safeKeys, key, value, hasValue) {
		return domain.Text{}
	}
	return domain.T("`{{.Setting}}` sets or reads a git configuration key Memo does not know to run nothing (core.pager, alias.*, include.path … run programs or read other files)", "Setting", kv)
}

// gitKeyListed: key (with value, when one is given) is one of the list's.
func gitKeyListed(list map[string]bool, key, value string, hasValue bool) bool {
	k := strings.ToLower(key)
	if k == "" || strings.ContainsAny(k, " \t\n\r\"'") {
		return false
	}
	for e := range list {
		ek, ev, valued := strings.Cut(strings.ToLower(e), "=")
		switch {
		case valued && ek == k && hasValue && strings.ToLower(value) == ev:
			return true
		case valued:
		case strings.HasSuffix(ek, ".*") && strings.HasPrefix(k, strings.TrimSuffix(ek, "*")) && len(k) > len(ek)-1:
			return true
		case ek == k:
			return true
		}
	}
	return false
}

// outsidePath: git clone and git init write a repository wherever their
// operand points; one outside the project asks. A remote's URL is no path
// (on Windows its colon alone makes it non-local).
func outsidePath(c *Catalog, p Program, args []string) domain.Text {
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

// operandWith is the first argument that is no option and holds c, or "".
func operandWith(args []string, c string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && strings.Contains(a, c) {
			return a
		}
	}
	return ""
}

// goOperands: a package named with @version is downloaded and built.
func goOperands(c *Catalog, p Program, args []string) domain.Text {
	if a := operandWith(args, "@"); a != "" {
		return domain.T("`{{.Word}}` names a module version go would download and run", "Word", a)
	}
	return domain.Text{}
}

// makeOperands: VAR=value on make's command line overrides the makefile,
// SHELL= among them.
func makeOperands(c *Catalog, p Program, args []string) domain.Text {
	for _, a := range args {
		// A number, yes/no or compiler flags choose no program (risks_assign.go).
		if !strings.HasPrefix(a, "-") && strings.Contains(a, "=") && !c.safeAssignment(a) {
			return domain.T("`{{.Word}}` overrides a make variable (SHELL= and others choose what make runs)", "Word", a)
		}
	}
	return domain.Text{}
}

// uniqOperands: uniq's second operand is its output file.
func uniqOperands(c *Catalog, p Program, args []string) domain.Text {
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

// tbumpOperands: tbump VERSION patches the files its configuration names,
// commits them, tags the commit and pushes both to the branch's remote; a
// version passes only with --no-push (nothing is pushed), --only-patch (no
// git at all) or --dry-run. `tbump init VERSION` writes a configuration.
func tbumpOperands(c *Catalog, p Program, args []string) domain.Text {
	local := slices.ContainsFunc(args, func(a string) bool {
		return a == "--no-push" || a == "--only-patch" || a == "--dry-run"
	})
	for i, a := range args {
		if a == "--" || strings.HasPrefix(a, "-") || (i > 0 && (args[i-1] == "-c" || args[i-1] == "--config")) {
			continue
		}
		if a == "init" || local {
			return domain.Text{}
		}
		return domain.T("`{{.Word}}` makes tbump commit, tag and push to the remote; --no-push keeps it local", "Word", a)
	}
	return domain.Text{}
}

// tarOperands: tar's first argument may be options without a dash (`tar xf`),
// and an archive named host:file is reached through a remote shell.
func tarOperands(c *Catalog, p Program, args []string) domain.Text {
	if a := operandWith(args, ":"); a != "" {
		return domain.T("`{{.Word}}` names a remote archive, which tar reaches by running a remote shell", "Word", a)
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return domain.Text{}
	}
	reason := Program{Short: p.Short}.check("tar", []string{"-" + args[0]})
	if !reason.IsZero() {
		reason.Args["Word"] = args[0] // the word as typed, without the dash check added
	}
	return reason
}

// cmakeOperands: -E runs commands, -P runs a script, -C reads a cache script,
// -D sets a variable (the compiler among them); cmake glues values on. After
// `--` the words go to the build tool (make SHELL=x, ninja -t): only a job
// count, keep-going and verbose pass.
func cmakeOperands(c *Catalog, p Program, args []string) domain.Text {
	if reason := cmakeInstalls(args); !reason.IsZero() {
		return reason
	}
	for i, a := range args {
		if a == "--" {
			for _, w := range args[i+1:] {
				if !buildToolWord(w) {
					return domain.T("`{{.Word}}` goes to the build tool cmake runs, which Memo does not read", "Word", w)
				}
			}
			break
		}
		if name, _, _ := strings.Cut(strings.TrimPrefix(a, "-D"), "="); strings.HasPrefix(a, "-D") && p.safeValues[strings.TrimSuffix(name, ":BOOL")] {
			continue
		}
		if cmakeSafeDefine(c, p, a, args[i+1:]) || cmakeSafeCommand(args[:i+1], args[i+1:]) {
			continue
		}
		for _, o := range []string{"-E", "-P", "-C", "-D"} {
			if strings.HasPrefix(a, o) {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", runsProgram, "Spelled", "cmake "+o)
			}
		}
	}
	return domain.Text{}
}

// cmakeInstalls: cmake --install, and a build of the install targets
// (--target install, install/strip, install/local, uninstall), copy files
// to CMAKE_INSTALL_PREFIX (/usr/local by default, or what the project's
// cache sets) and to the absolute destinations its install() rules name:
// outside the project, whatever the build folder.
func cmakeInstalls(args []string) domain.Text {
	installTarget := func(t string) bool {
		t = strings.ToLower(t)
		return t == "install" || strings.HasPrefix(t, "install/") || t == "uninstall"
	}
	ask := func(w, spelled string) domain.Text {
		return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", w, "Why", installsOutside, "Spelled", spelled)
	}
	targets := false
	for _, a := range args {
		if a == "--" {
			break
		}
		switch {
		case a == "--install":
			return ask(a, "cmake --install")
		case a == "--target" || a == "-t":
			targets = true
			continue
		case strings.HasPrefix(a, "--target=") || strings.HasPrefix(a, "-t") && len(a) > 2 && !strings.HasPrefix(a, "-t="):
			v := strings.TrimPrefix(strings.TrimPrefix(a, "--target="), "-t")
			for _, t := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == ',' }) {
				if installTarget(t) {
					return ask(a, "cmake --target "+t)
				}
			}
		case strings.HasPrefix(a, "-t="):
			if installTarget(strings.TrimPrefix(a, "-t=")) {
				return ask(a, "cmake --target")
			}
		case strings.HasPrefix(a, "-"):
			targets = false
		case targets && installTarget(a):
			return ask(a, "cmake --target "+a)
		}
	}
	return domain.Text{}
}

// ninjaOperands: the install targets of a build CMake or Meson generated
// copy files outside the project, as cmakeInstalls says.
func ninjaOperands(c *Catalog, p Program, args []string) domain.Text {
	for i, a := range args {
		if strings.HasPrefix(a, "-") || i > 0 && (args[i-1] == "-C" || args[i-1] == "-j" || args[i-1] == "-k" || args[i-1] == "-l" || args[i-1] == "-d" || args[i-1] == "-f" || args[i-1] == "-w") {
			continue
		}
		if t := strings.ToLower(a); t == "install" || strings.HasPrefix(t, "install/") || t == "uninstall" {
			return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", installsOutside, "Spelled", "ninja "+a)
		}
	}
	return domain.Text{}
}

// mavenOperands: plugin goals that run programs, and properties that set them.
// A goal named by its plugin's coordinates (group:artifact[:version]:goal)
// is downloaded and run, whatever the project names.
func mavenOperands(c *Catalog, p Program, args []string) domain.Text {
	if reason := mavenProps(p, args); !reason.IsZero() {
		return reason
	}
	for _, a := range args {
		l := strings.ToLower(a)
		switch {
		case strings.HasPrefix(a, "-D"):
		case strings.HasPrefix(l, "-d") || strings.Contains(l, "exec:") || strings.Contains(l, "antrun:"):
			return domain.T("`{{.Word}}` can make maven run a program", "Word", a)
		case !strings.HasPrefix(a, "-") && strings.Count(a, ":") >= 2:
			return domain.T("`{{.Word}}` names a plugin maven would download and run", "Word", a)
		}
	}
	return domain.Text{}
}

// goRunOperands: go run runs what it is given; a rule may name a package
// folder or a file of the project (./cmd/gen, main.go), nothing else.
func goRunOperands(c *Catalog, p Program, args []string) domain.Text {
	if firstOperand(args) != "run" {
		return domain.Text{}
	}
	r := c.Entries["go"].Read("go", args, nil)
	if len(r.Operands) == 0 {
		return domain.T("`go run` names no package of the project; name its folder or file, as in `go run ./cmd/gen`")
	}
	pkg := r.Operands[0]
	if strings.Contains(pkg, "@") {
		return domain.Text{} // a module version: goOperands says so
	}
	if !filepath.IsLocal(pkg) || !(strings.HasSuffix(pkg, ".go") || strings.HasPrefix(pkg, ".")) || strings.Contains(pkg, "...") {
		return domain.T("`go run {{.Word}}` runs a program from outside the project; name a package folder or file of the project", "Word", pkg)
	}
	// go run a.go b.go builds every .go file named before the program's
	// arguments: one the rule does not pin.
	if strings.HasSuffix(pkg, ".go") && len(r.Operands) > 1 && strings.HasSuffix(r.Operands[1], ".go") {
		return domain.T("`{{.Word}}` is built into the program too; go run names one file in a rule", "Word", r.Operands[1])
	}
	return domain.Text{}
}

// installOperands: installing a package by name downloads it and runs its
// install scripts (npm install x, pnpm add x, bun install x). Words after
// `--` count: npm reads them as packages too.
func installOperands(c *Catalog, p Program, args []string) domain.Text {
	var ops []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			ops = append(ops, a)
		}
	}
	if len(ops) < 2 {
		return domain.Text{}
	}
	switch strings.ToLower(ops[0]) {
	case "update", "up", "upgrade":
		if !strings.ContainsAny(ops[1], "@:/") {
			return domain.Text{} // a dependency the project names already
		}
	case "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "add":
	default:
		return domain.Text{}
	}
	return domain.T("`{{.Word}}` {{.Why}}", "Word", ops[0]+" "+ops[1], "Why", addsPackage)
}

// pytestOperands: -p loads a plugin (a module, which runs) unless it turns
// one off (-p no:cacheprovider), also at the end of a bundle (-qp x).
func pytestOperands(c *Catalog, p Program, args []string) domain.Text {
	if reason := pytestCacheClear(args); !reason.IsZero() {
		return reason
	}
	for i, a := range args {
		if a == "--" {
			break
		}
		// pytest deletes the folder --basetemp names before the run: the
		// folder the line runs in (--basetemp=.) is the project's own.
		if v, ok := longValue(args, i, "--basetemp", 7); ok {
			if path.Clean(strings.ReplaceAll(v, `\`, "/")) == "." {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", deletesFiles, "Spelled", "pytest --basetemp")
			}
			continue
		}
		// --pythonwarnings, or an abbreviation of it (--pythonw=).
		if v, ok := longValue(args, i, "--pythonwarnings", 4); ok {
			if why := warningCategoryImport(v); !why.IsZero() {
				return why
			}
			continue
		}
		// --override-ini (-o) KEY=VALUE sets an ini key as a config file
		// would: only a key the table lists passes (addopts, a plugin's key
		// naming a module to import, filterwarnings' categories ask). Its
		// value is path-checked as any option's.
		if v, ok := longValue(args, i, "--override-ini", len("--override-ini")); ok {
			if why := p.iniKey(v); !why.IsZero() {
				return why
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for j := 1; j < len(a); j++ {
			if a[j] == 'o' {
				if why := p.iniKey(strings.TrimPrefix(shortValue(args, i, j), "=")); !why.IsZero() {
					return why
				}
				break
			}
			if a[j] == 'W' {
				if why := warningCategoryImport(strings.TrimPrefix(shortValue(args, i, j), "=")); !why.IsZero() {
					return why
				}
				break
			}
			if a[j] != 'p' && a[j] != 'k' && a[j] != 'm' {
				if ar, ok := shortIn([]*OptSet{c.Entries["pytest"].Global}, a[j]); !ok || ar != noValue {
					break // a value follows: the rest of the word is it
				}
				continue
			}
			v := strings.TrimPrefix(shortValue(args, i, j), "=")
			if a[j] != 'p' {
				if pyCallOrString(v) {
					return domain.T("`-{{.Option}} {{.Expr}}` is an expression pytest before 6.0 evaluates as Python, which runs code", "Option", string(a[j]), "Expr", v)
				}
				break
			}
			if !strings.HasPrefix(v, "no:") && !p.safeValues[v] {
				return domain.T("`-p {{.Plugin}}` loads a pytest plugin, which runs its code", "Plugin", v)
			}
			break
		}
	}
	return domain.Text{}
}

// pytestCacheClear: --cache-clear deletes the cache folder's d and v
// folders (pytest before 6.0 the whole folder) before the run, so with it
// the line may not choose that folder (-o cache_dir=src would delete
// src/d and src/v), as --basetemp may not name the project.
func pytestCacheClear(args []string) domain.Text {
	clear, dir := "", ""
	for i, a := range args {
		if a == "--" {
			break
		}
		if _, ok := longValue(args, i, "--cache-clear", len("--cache-c")); ok && !strings.Contains(a, "=") {
			clear = a
		}
		v, ok := longValue(args, i, "--override-ini", len("--override-ini"))
		if !ok && len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a, 'o') > 0 {
			v, ok = strings.TrimPrefix(shortValue(args, i, strings.IndexByte(a, 'o')), "="), true
		}
		if ok && strings.HasPrefix(v, "cache_dir=") {
			dir = a
		}
	}
	if clear != "" && dir != "" {
		return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", dir, "Why", deletesFiles, "Spelled", "pytest --cache-clear")
	}
	return domain.Text{}
}

// longValue: args[i] is the long option full, or an abbreviation of it at
// least min characters long, and its value, glued (=v) or the next word.
func longValue(args []string, i int, full string, min int) (string, bool) {
	name, v, glued := strings.Cut(args[i], "=")
	if len(name) < min || !strings.HasPrefix(full, name) {
		return "", false
	}
	if !glued && i+1 < len(args) {
		v = args[i+1]
	}
	return v, true
}

// shortValue is the value of the short option at args[i][j]: the rest of
// the word, or the next word.
func shortValue(args []string, i, j int) string {
	if v := args[i][j+1:]; v != "" || i+1 >= len(args) {
		return v
	}
	return args[i+1]
}

// iniKey: pytest -o KEY=VALUE sets a key the table's safe_keys list.
func (p Program) iniKey(kv string) domain.Text {
	key, value, ok := strings.Cut(kv, "=")
	if ok && p.pathKeys[key] && strings.ContainsAny(value, " \t\n\r\v\f") {
		// pytest splits the value at white space; the path check reads
		// one word, so a second path (src /tmp/evil) would go unchecked.
		return domain.T("`-o {{.Setting}}` gives {{.Key}} more than one path; Memo checks one path per key on the line", "Setting", kv, "Key", key)
	}
	if ok && p.safeKeys[key] {
		return domain.Text{}
	}
	return domain.T("`-o {{.Setting}}` sets an ini key Memo does not know to choose no code (addopts adds options, a plugin's key may name a module to import)", "Setting", kv)
}

// warningCategoryImport: a warnings filter (action:message:category:module:
// lineno) whose category is module.Class makes pytest import that module
// to find the class, which runs the module's code (an installed one as
// well as the project's); builtin categories and pytest's own pass.
func warningCategoryImport(filter string) domain.Text {
	fields := strings.Split(filter, ":")
	if len(fields) < 3 {
		return domain.Text{}
	}
	category := strings.TrimSpace(fields[2])
	module, _, _ := strings.Cut(category, ".")
	if !strings.Contains(category, ".") || module == "pytest" || module == "_pytest" || module == "warnings" || module == "builtins" {
		return domain.Text{}
	}
	return domain.T("`-W {{.Filter}}` imports the module of its warning category, which runs its code", "Filter", filter)
}

// pyCallOrString: expr, a pytest -k or -m expression, holds a string or a
// call (a name, `]` or `)` before `(`): what Python code needs to do more
// than read names, and what pytest 6's own grammar (and, or, not, names,
// parentheses) never holds; pytest before 6.0 evaluated the expression
// with Python's eval. pytest 8.3's -m "mark(key='v')" asks with it.
func pyCallOrString(expr string) bool {
	if strings.ContainsAny(expr, `'"`) {
		return true
	}
	for i := 0; i < len(expr); i++ {
		if expr[i] != '(' {
			continue
		}
		before := strings.TrimRight(expr[:i], " ")
		if before == "" {
			continue
		}
		last := before[len(before)-1]
		if last == ')' || last == ']' {
			return true
		}
		start := len(before)
		for start > 0 && pyNameByte(before[start-1]) {
			start--
		}
		switch word := before[start:]; word {
		case "", "and", "or", "not":
		default:
			return true
		}
	}
	return false
}

func pyNameByte(b byte) bool {
	return b == '_' || b == '.' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// compilerOperands: C compilers and rustc take options glued to their values
// (-B/dir, -o/file, -Clinker=x, -Wl,…) and read more options from @files.
func compilerOperands(c *Catalog, p Program, args []string) domain.Text {
	for _, a := range args {
		l := strings.ToLower(a)
		switch {
		case strings.HasPrefix(a, "@"):
			return domain.T("`{{.Word}}` reads more arguments from a file", "Word", a)
		case strings.HasPrefix(a, "-B"), strings.HasPrefix(a, "-wrapper"), strings.HasPrefix(a, "-fplugin"),
			strings.HasPrefix(a, "-specs"), strings.HasPrefix(a, "--specs"), strings.HasPrefix(a, "-Wl,"),
			strings.HasPrefix(a, "-Wa,"), strings.HasPrefix(a, "-Wp,"), strings.HasPrefix(a, "-Xassembler"),
			strings.HasPrefix(a, "-Xpreprocessor"),
			strings.HasPrefix(a, "-Xlinker"), strings.HasPrefix(a, "-fuse-ld"), strings.HasPrefix(a, "-Z"),
			strings.Contains(l, "linker"), strings.Contains(l, "link-arg"), strings.Contains(l, "llvm-args"),
			strings.Contains(l, "plugin"): // clang's -fpass-plugin= loads one as -fplugin= does
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", runsProgram)
		case strings.HasPrefix(a, "-o"), strings.HasPrefix(a, "--out"), strings.HasPrefix(a, "--emit"),
			strings.HasPrefix(a, "-save-temps"), strings.HasPrefix(a, "-M"):
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", writesFile)
		}
	}
	return domain.Text{}
}

// plusCommand: `less +cmd` and `more +cmd` run a pager command at start.
func plusCommand(c *Catalog, p Program, args []string) domain.Text {
	for _, a := range args {
		if strings.HasPrefix(a, "+") {
			return domain.T("`{{.Word}}` runs a pager command", "Word", a)
		}
	}
	return domain.Text{}
}

// bunOperands: bun runs a file it is named (bun x.ts, bun run ./x.js)
// rather than a package.json script, and installs what bun install names.
// Checked last, so a line whose only reason is the file passes every other
// check (BunFile: a rule may name the file).
func bunOperands(c *Catalog, p Program, args []string) domain.Text {
	if reason := installOperands(c, p, args); !reason.IsZero() {
		return reason
	}
	if i := BunFile(args); i >= 0 {
		return domain.T("`{{.Word}}` names a file, which bun would run rather than a package.json script", "Word", args[i])
	}
	return domain.Text{}
}

// bunFileTemplate is bunOperands' reason's template, spelled as its
// literal (the translations are checked on the literal).
const bunFileTemplate = "`{{.Word}}` names a file, which bun would run rather than a package.json script"

// BunFileReason reports whether reason is bunOperands' for a file bun runs.
func BunFileReason(reason domain.Text) bool { return reason.Template == bunFileTemplate }

// BunFile is the place in args of the file bun runs (bun x.ts, bun run
// ./x.js), or -1.
func BunFile(args []string) int {
	first := true
	for i, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		if first && a == "run" && i+1 < len(args) {
			first = false
			continue
		}
		if strings.ContainsAny(a, `/\`) || path.Ext(a) != "" {
			return i
		}
		return -1
	}
	return -1
}

// buildToolWord: a word after cmake --build's `--` that only sets how many
// jobs run, keeps going or says more (-j8, -j 8, -k0, -v).
func buildToolWord(w string) bool {
	if strings.Trim(w, "0123456789") == "" {
		return true
	}
	for _, o := range []string{"-j", "-k", "-l", "-v", "--verbose", "-s"} {
		if w == o || (len(o) == 2 && strings.HasPrefix(w, o) && strings.Trim(w[2:], "0123456789") == "") {
			return true
		}
	}
	return false
}

// uvOperands: uv's --python (-p) names an interpreter, which uv runs; one
// given by a name rather than a version is any program on the PATH.
// The words after the program uv run runs are that program's.
func uvOperands(c *Catalog, p Program, args []string) domain.Text {
	if _, reason, ok := ReadPipInstall(args, true); ok && !reason.IsZero() {
		return reason // uv pip install: the project's own declarations alone
	}
	if ops := operandWords(args); len(ops) > 2 && ops[0] == "pip" && ops[1] != "install" && slices.Contains(ops[2:], "install") {
		// uv pip freeze install x: read as an install, as uv's table did
		// before pip install had an entry.
		return domain.T("`{{.Word}}` {{.Why}}", "Word", "install", "Why", addsPackage)
	}
	sub := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		v, ok := "", false
		switch {
		case a == "--" || (sub == "run" && !strings.HasPrefix(a, "-")):
			return domain.Text{} // the program uv run runs, and its words
		case !strings.HasPrefix(a, "-"):
			if sub == "" {
				sub = a
			}
		case a == "--python" || a == "-p":
			if i+1 < len(args) {
				i++
				v, ok = args[i], true
			}
		case strings.HasPrefix(a, "--python="):
			v, ok = strings.TrimPrefix(a, "--python="), true
		case strings.HasPrefix(a, "-p") && !strings.HasPrefix(a, "--"):
			v, ok = strings.TrimPrefix(strings.TrimPrefix(a, "-p"), "="), true
		}
		if ok && !pythonVersion(v) {
			return domain.T("`{{.Word}}` names an interpreter for uv to run; name a version (3.12)", "Word", v)
		}
	}
	return domain.Text{}
}

// pythonVersion: a version request uv resolves among the interpreters it
// manages or finds (3.12, cpython3.12, pypy3, python3.11), no path or name
// of another program.
func pythonVersion(v string) bool {
	for _, impl := range []string{"cpython", "pypy", "graalpy", "python", "py"} {
		if rest, ok := strings.CutPrefix(strings.ToLower(v), impl); ok {
			v = strings.TrimLeft(rest, "-@")
			break
		}
	}
	return strings.Trim(v, "0123456789.") == "" && v != "" || v == ""
}

// gradleOperands: the properties a line sets (risks_props.go).
func gradleOperands(c *Catalog, p Program, args []string) domain.Text {
	return gradleProps(c, p, args)
}

// goToolOperands: go tool runs a tool program. cover reads a profile
// (-func) or writes a page (-html with -o); -html alone opens a web
// browser. A tool go.mod declares is read as a line of its own
// (go.sub.tool wraps it; the distribution's other tools are its own_tools).
func goToolOperands(c *Catalog, p Program, args []string) domain.Text {
	r := c.Entries["go"].Read("go", args, nil)
	switch {
	case r.Sub == "tool cover":
		html, out := "", false
		for _, a := range args {
			switch name := strings.TrimLeft(a, "-"); {
			case !strings.HasPrefix(a, "-"):
			case strings.HasPrefix(name, "html"):
				html = a
			case name == "o" || strings.HasPrefix(name, "o="):
				out = true
			}
		}
		if html != "" && !out {
			return domain.T("`{{.Word}}` opens a web browser", "Word", html)
		}
		return domain.Text{}
	case r.Sub != "tool":
		return domain.T("`go tool` runs a tool program")
	}
	return domain.Text{}
}

// operandWords are the arguments that are no option.
func operandWords(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			out = append(out, a)
		}
	}
	return out
}

// gitLeadEnd is the index in git's args of the subcommand: past the
// options before it that gitOperands reads (-c and -C take a word).
func gitLeadEnd(args []string) int {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-c" || a == "-C":
			i++
		case !strings.HasPrefix(a, "-"):
			return i
		}
	}
	return len(args)
}

// gitConfigForm reads the words after `git config`: the keys and values it
// names (ops), whether it reads or unsets (mode "get", "unset", "set" or ""
// for the classic form, where one operand reads and two write), and the
// first option it does not let pass.
func gitConfigForm(rest []string) (ops []string, mode string, bad string) {
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--local" || a == "--show-origin" || a == "--show-scope" || a == "-z" || a == "--null" ||
			a == "--bool" || a == "--int":
		case a == "--type=bool" || a == "--type=int" || a == "--type=bool-or-int":
		case a == "--type" && i+1 < len(rest) && (rest[i+1] == "bool" || rest[i+1] == "int" || rest[i+1] == "bool-or-int"):
			i++
		case (a == "--get" || a == "--get-all") && mode == "":
			mode = "get"
		case (a == "--unset" || a == "--unset-all") && mode == "":
			mode = "unset"
		case strings.HasPrefix(a, "-"):
			return nil, "", a
		default:
			ops = append(ops, a)
		}
	}
	if mode == "" && len(ops) > 0 && (ops[0] == "get" || ops[0] == "set" || ops[0] == "unset") {
		// git 2.46's subcommands: git config get KEY, set KEY VALUE.
		mode, ops = ops[0], ops[1:]
	}
	return ops, mode, ""
}

// gitConfigOperands: git config reads one key or writes one value of the
// repository's own configuration (docs/permissions.md §5): a read of a key
// either safe_keys list names (git.risky's, or config's own), a write or
// an unset of one git.risky's lists. Any other scope, option or form asks.
func gitConfigOperands(c *Catalog, p Program, args []string) domain.Text {
	i := gitLeadEnd(args)
	if i >= len(args) || !strings.EqualFold(args[i], "config") {
		return domain.Text{}
	}
	git := c.Programs["git"]
	ops, mode, bad := gitConfigForm(args[i+1:])
	switch bad {
	case "":
	case "--global", "--system", "--file", "-f", "--blob", "--worktree", "--includes":
		return domain.T("`{{.Word}}` reads or writes a configuration other than the repository's own", "Word", bad)
	default:
		if strings.HasPrefix(bad, "--file=") || strings.HasPrefix(bad, "--blob=") || strings.HasPrefix(bad, "-f") && !strings.HasPrefix(bad, "--") {
			return domain.T("`{{.Word}}` reads or writes a configuration other than the repository's own", "Word", bad)
		}
		return domain.T("`{{.Word}}` is a git config option Memo does not let pass: it opens an editor, prints every key (a remote's URL may hold a token) or changes several values", "Word", bad)
	}
	form := func() domain.Text {
		return domain.T("`git config {{.Words}}`: Memo lets git config read one key, or set or unset one", "Words", strings.Join(args[i+1:], " "))
	}
	switch {
	case len(ops) == 0 && mode == "":
		return domain.Text{} // git config alone prints its usage
	case len(ops) == 1 && (mode == "" || mode == "get"):
		return git.gitKey(ops[0], true)
	case len(ops) == 1 && mode == "unset":
		return git.gitKey(ops[0], false)
	case len(ops) == 2 && (mode == "" || mode == "set"):
		return git.gitKey(ops[0]+"="+ops[1], false)
	}
	return form()
}

// GitConfigValue is the place, counted from the end of args (git's
// arguments), of the value `git config KEY VALUE` writes, when the key is
// a safe key whose value is text git only stores and prints (not a
// path); 0 when there is none. Quoted, it may hold characters the line
// check refuses (github-actions[bot]).
func (c *Catalog) GitConfigValue(args []string) int {
	i := gitLeadEnd(args)
	if i >= len(args) || !strings.EqualFold(args[i], "config") {
		return 0
	}
	ops, mode, bad := gitConfigForm(args[i+1:])
	git := c.Programs["git"]
	if bad != "" || len(ops) != 2 || mode != "" && mode != "set" || !git.gitKey(ops[0]+"="+ops[1], false).IsZero() ||
		gitKeyListed(git.pathKeys, ops[0], "", false) {
		return 0
	}
	for j := len(args) - 1; j > i; j-- {
		if args[j] == ops[1] {
			return len(args) - j
		}
	}
	return 0
}
