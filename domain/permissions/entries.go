package permissions

// entries are the programs Memo knows the safe options of, by normalised
// name (names.go). A program without one passes only the options its rule
// spells (docs/permissions.md §7).
var entries = map[string]*entry{
	"go": goEntry, "gofmt": gofmtEntry, "staticcheck": staticcheckEntry, "golangci-lint": golangciEntry,
	"git": {style: getopt, numeric: true, global: gitGlobal, subs: gitSubs, other: spelledSub},

	"npm": npmEntry, "pnpm": pnpmEntry, "yarn": yarnEntry, "bun": bunEntry, "npx": localBinEntry, "bunx": localBinEntry,
	"eslint": eslintEntry, "prettier": prettierEntry, "tsc": tscEntry, "jest": jestEntry, "vitest": vitestEntry,
	"next": nextEntry,

	"cargo": cargoEntry, "rustfmt": rustfmtEntry,

	"pytest": pytestEntry, "py.test": pytestEntry, "unittest": unittestEntry, "ruff": ruffEntry, "mypy": mypyEntry,
	"black": blackEntry, "isort": isortEntry, "flake8": flake8Entry, "pylint": pylintEntry,
	"coverage": coverageEntry, "tox": toxEntry, "pre-commit": preCommitEntry, "uv": uvEntry, "poetry": poetryEntry,
	"build": buildEntry, "venv": venvEntry,

	"make": makeEntry, "just": justEntry, "task": taskEntry, "cmake": cmakeEntry, "ctest": ctestEntry,
	"dotnet": dotnetEntry, "mvn": mavenEntry, "mvnw": mavenEntry, "gradle": gradleEntry, "gradlew": gradleEntry,
	"swift": swiftEntry, "composer": composerEntry, "phpunit": phpunitEntry, "xcodebuild": xcodebuildEntry,
	"gcc": ccEntry, "g++": ccEntry, "cc": ccEntry, "c++": ccEntry, "clang": ccEntry, "clang++": ccEntry,
	"rustc": rustcEntry,

	"ls": lsEntry, "cat": catEntry, "head": headEntry, "tail": tailEntry, "wc": wcEntry, "grep": grepEntry,
	"egrep": grepEntry, "fgrep": grepEntry, "rg": rgEntry, "fd": fdEntry, "fdfind": fdEntry, "sed": sedEntry,
	"sort": sortEntry, "uniq": uniqEntry, "diff": diffEntry, "tree": treeEntry, "bat": batEntry, "batcat": batEntry,
	"echo": echoEntry, "mkdir": mkdirEntry, "pwd": pwdEntry, "file": fileEntry, "stat": statEntry, "du": duEntry,
	"cut": cutEntry, "tr": trEntry, "sha256sum": sumEntry, "sha1sum": sumEntry, "sha512sum": sumEntry,
	"md5sum": sumEntry, "realpath": realpathEntry, "readlink": readlinkEntry, "which": whichEntry, "tar": tarEntry,
	"basename": plainEntry, "dirname": plainEntry, "true": plainEntry, "false": plainEntry, "nproc": plainEntry,
	"tac": plainEntry, "rev": plainEntry, "nl": plainEntry,

	// Interpreters, for the two rules that name one (docs/permissions.md §8 refuses the
	// rest): a script file inside the project, or python -m of a module
	// Memo has an entry for.
	"python": pythonEntry, "python2": pythonEntry, "python3": pythonEntry, "pypy": pythonEntry, "pypy3": pythonEntry,
	"sh": scriptEntry, "bash": scriptEntry, "zsh": scriptEntry, "dash": scriptEntry, "ksh": scriptEntry,
	"mksh": scriptEntry, "fish": scriptEntry, "node": scriptEntry, "nodejs": scriptEntry, "perl": scriptEntry,
	"ruby": scriptEntry, "php": scriptEntry, "lua": scriptEntry, "luajit": scriptEntry, "rscript": scriptEntry,
	"tsx": scriptEntry, "ts-node": scriptEntry, "pwsh": scriptEntry, "powershell": scriptEntry,
}

var (
	pythonEntry = &entry{style: getopt, wraps: true, module: "-m", does: runsProjectCode}
	scriptEntry = &entry{style: getopt, wraps: true, does: runsProjectCode}
)
