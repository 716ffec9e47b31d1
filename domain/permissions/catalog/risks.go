// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"

	"memo.dev/projects/domain"
)

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
	// Getopt: `--name`, `--name=v`, a unique prefix of a long name (GNU
	// getopt_long, git's parse-options, nopt), short options bundled as `-abc`.
	Getopt optStyle = iota
	// GetoptExact: like getopt but long names must be spelled in full.
	GetoptExact
	// GoFlag: Go's flag package (and find): `-name` or `--name`, `=v` or a
	// separate value, no abbreviation and no bundling.
	GoFlag
)

// risk is one risky option or subcommand and why it is risky.
type risk struct {
	Name string // long name without dashes, one character for a short option, or a subcommand
	why  domain.Text
}

// Program describes one program's risky arguments.
type Program struct {
	Style optStyle
	// SingleDashLong: `-name` is also read as a long option (nopt, find).
	SingleDashLong bool
	Long           []risk
	Short          []risk
	// props: words starting so set a property (mvn -Dx=y; several
	// spellings space separated: gradle "-D -P"), read by
	// operands, not as a bundle of short options.
	props string
	// whole: single-dash words that are options of their own, never a
	// bundle of short ones (mvn -ff is --fail-fast, not -f f). Only the
	// exact word: -ffother.xml is still read as -f.
	whole map[string]bool
	// same: the values that make a risky option name what the program
	// reads anyway (mvn --file pom.xml is the project's own pom), keyed by
	// the option's name as the risky table writes it (long or short).
	same map[string][]string
	// subcommands that ask whatever their arguments (git config …).
	RiskySub []risk
	// subAbbrev: the program also runs a subcommand named by a unique
	// prefix (npm), except for the aliases in safeSub.
	subAbbrev bool
	safeSub   map[string]bool
	// Sub adds risky options per subcommand (the first operand).
	Sub map[string]Program
	// words are arguments that ask when given as they are (git submodule
	// foreach).
	words []risk
	// safeValues are the properties or variables an operands check lets
	// pass (mvn -DskipTests, cmake -DCMAKE_BUILD_TYPE=…).
	safeValues map[string]bool
	// goalValues are the properties whose value is goals a forked build
	// runs (mvn -DpreparationGoals=clean): they pass when every goal is one
	// of phases, the project's own build (mavenProps).
	goalValues, phases map[string]bool
	// safeKeys are the settings an option may set on the line (pytest -o
	// KEY=VALUE) that choose no code: any other asks.
	safeKeys map[string]bool
	// pathKeys are the safe keys whose value is a list of paths: one word
	// only, so the path check reads it whole (pytest -o pythonpath=src).
	pathKeys map[string]bool
	// flagLists: the flags a risky long option's value may hold and pass
	// (go -ldflags "-s -w"), by the option's name (risks_flaglists.go).
	flagLists map[string]flagList
	// flagShapes: the flags of such a value that pass by their whole
	// spelling, a pattern with its arguments glued on (javac's
	// -Xep:Check:WARN), by the option's name as flagLists.
	flagShapes map[string][]*regexp.Regexp
	// operands inspects the whole argument list for what options cannot
	// express (make's VAR=value, uniq's output file, sed's script …), by
	// the check named in the table (operandChecks). It returns the reason
	// to ask, or none.
	operands operandCheck
}

// operandCheck reads a program's whole argument list; p is its table.
type operandCheck func(c *Catalog, p Program, args []string) domain.Text

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

// Programs are the builtin tables of risky arguments, by program name
// (catalog/*.toml).
func Programs(yield func(string, Program) bool) {
	for name, p := range Builtin().Programs {
		if !yield(name, p) {
			return
		}
	}
}

// reasonVocabulary are the sentences a catalogue table may give as why an
// argument asks: each is worded in every language the window speaks, so a
// table names one of them (docs/permissions.md §12).
func reasonVocabulary() []domain.Text {
	return []domain.Text{
		installsOutside, opensBrowser, addsPackage, otherPackages, runsProgram, writesFile, changesConfig, otherRepo,
		RunsAnything, wrapperRuns, reachesNetwork, readsOutside, deletesFiles,
		domain.T("passes flags to the linker, which can run another program"),
		domain.T("passes flags to the compiler, which can write files"),
		domain.T("passes flags to the assembler, which can write files"),
		domain.T("replaces source files with other files"),
		domain.T("uses another go.mod, which can name a toolchain to download and run"),
		domain.T("runs in another folder"),
		domain.T("runs the commands written in the source files"),
		domain.T("copies hooks from a template folder"),
		domain.T("runs hooks"),
		domain.T("installs scheduled jobs"),
		domain.T("installs a git hook, which runs what .pre-commit-config.yaml names at every commit"),
		domain.T("reads another justfile"),
		domain.T("turns off a check of what is downloaded (certificates or checksums)"),
		domain.T("overrides a variable the recipes use"),
		domain.T("overrides the variables the recipes use"),
		domain.T("turns on unstable features, some of which run programs"),
		domain.T("downloads and installs a program"),
		domain.T("reads another makefile"),
		domain.T("reads other makefiles"),
		domain.T("edits files in place"),
		domain.T("reads its script from a file Memo cannot see"),
		domain.T("reads its file names from a file"),
		domain.T("tests the archive with a program that -TT can name"),
		domain.T("loads a library that runs code"),
		domain.T("reads another build file"),
		domain.T("reads templates and filters from another folder"),
		domain.T("reads options from a file"),
		domain.T("extracts into another folder"),
		domain.T("deletes files"),
		domain.T("replaces a dependency with another folder"),
		domain.T("fetches packages from another place than the package index the project uses"),
		domain.T("passes settings to the build backend, which can name a program to run"),
	}
}

// AnyProgram is the table for programs it does not name: option names that
// run a program or write a file for many programs, spelled exactly with one
// or two dashes. It asks more than needed at worst.
var AnyProgram = Program{
	Style: GoFlag,
	Long: []risk{
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
