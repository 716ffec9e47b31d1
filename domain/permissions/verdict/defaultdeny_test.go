// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"sort"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// approves asserts that rules approve line (checked without a project).
func approves(t *testing.T, rules []string, line string) {
	t.Helper()
	if v := CheckCommand(rules, line, nil); !v.Approved {
		t.Errorf("rules %q: %q asks (%s), want it approved", rules, line, v.Reason)
	}
}

// asksNaming asserts that rules ask for line with a reason holding want.
func asksNaming(t *testing.T, rules []string, line, want string) {
	t.Helper()
	v := CheckCommand(rules, line, nil)
	if v.Approved || !strings.Contains(v.Reason.String(), want) {
		t.Errorf("rules %q: %q approved=%v reason %q, want it to ask naming %q", rules, line, v.Approved, v.Reason, want)
	}
}

const notKnown = "is not an option Memo knows"

// entryLines are, per entry, a rule naming each subcommand (or the program),
// sorted for stable failures.
func entryLines() (out [][2]string) {
	for name, c := range catalog.CompiledEntries() {
		if catalog.IsInterpreter(name) {
			continue
		}
		if len(c.Subs) == 0 {
			out = append(out, [2]string{name, name})
		}
		for sub := range c.Subs {
			out = append(out, [2]string{name, name + " " + sub})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][1] < out[j][1] })
	return out
}

// Every option an entry lists passes, with its value where it takes one, and
// takes no more words than it should: an unknown option after it is still
// found.
func TestEverySafeOptionPasses(t *testing.T) {
	for _, pr := range entryLines() {
		name, rule := pr[0], pr[1]
		c := catalog.CompiledEntries()[name]
		sub := strings.TrimPrefix(rule, name)
		sets := []*catalog.OptSet{c.Global}
		if s, ok := c.Subs[strings.TrimSpace(sub)]; ok {
			sets = append(sets, s.Opts)
		}
		for _, set := range sets {
			for opt, ar := range set.Long {
				dashes := "--"
				if c.Style == catalog.GoFlag || (c.DashLong && len(opt) > 1 && !strings.HasPrefix(opt, "-")) {
					dashes = "-"
				}
				optionPasses(t, rule, dashes+opt, ar)
			}
			for ch, ar := range set.Short {
				optionPasses(t, rule, "-"+string(ch), ar)
			}
		}
	}
}

func optionPasses(t *testing.T, rule, opt string, ar catalog.Arity) {
	t.Helper()
	if !AcceptRule(rule).IsZero() {
		return // go run, npm install: refused bare, their options tested with a rule that names more
	}
	line := rule + " " + opt
	if ar == catalog.Value || ar == catalog.KeyedValue || ar.Text() || ar == catalog.OutValue || ar == catalog.DestValue || ar == catalog.RevValue {
		line += " v"
	}
	v := CheckCommand([]string{rule}, line, nil)
	if strings.Contains(v.Reason.String(), notKnown) || strings.Contains(v.Reason.String(), "subcommand Memo knows") {
		t.Errorf("%q: %s, want the listed option %s to pass", line, v.Reason, opt)
	}
	if !v.Approved || passesToScript(rule) {
		return // a risky argument or a path (tested elsewhere), or a script's own arguments
	}
	if v := CheckCommand([]string{rule}, line+" --zzz-unknown", nil); v.Approved || !strings.Contains(v.Reason.String(), "--zzz-unknown") {
		t.Errorf("%q --zzz-unknown: approved=%v %s, want the unknown option after %s found", line, v.Approved, v.Reason, opt)
	}
}

// passesToScript: after the rule's subcommand the words are a script's, or
// an option it does not know is the program's it runs (pass_unknown).
func passesToScript(rule string) bool {
	words, _ := cmdline.Words(rule)
	c := catalog.CompiledEntries()[words[0]]
	if c == nil || len(words) < 2 {
		return false
	}
	s, ok := c.Subs[strings.Join(words[1:], " ")]
	return ok && (s.Script != catalog.NoScript || s.PassUnknown)
}

// An option no entry lists asks, naming it and the program.
func TestUnknownOptionAsks(t *testing.T) {
	for _, pr := range entryLines() {
		rule := pr[1]
		if !AcceptRule(rule).IsZero() || passesToScript(rule) {
			continue
		}
		line := rule + " --zzz-unknown"
		v := CheckCommand([]string{rule}, line, nil)
		if v.Approved || !strings.Contains(v.Reason.String(), "--zzz-unknown") {
			t.Errorf("%q: approved=%v %q, want it to ask naming --zzz-unknown", line, v.Approved, v.Reason)
		}
	}
	asksNaming(t, []string{"pytest"}, "pytest --basetemp2=x", "`--basetemp2=x` is not an option Memo knows for pytest")
	for rule, want := range map[string]string{
		"npm frobnicate": "`npm frobnicate` is not a npm subcommand Memo knows",
		"go mod":         "`go mod` is not a go subcommand Memo knows",
	} {
		if r := AcceptRule(rule); !strings.Contains(r.String(), want) {
			t.Errorf("rule %q: %q, want %q", rule, r, want)
		}
	}
	asksNaming(t, []string{"git remote"}, "git remote rename origin evil", "`git remote rename` is not a git subcommand")
}

// Safe options match only as spelled in full; bundles of short options are
// read one letter at a time, values glued or next.
func TestSpellingsOfSafeOptions(t *testing.T) {
	asksNaming(t, []string{"git log"}, "git log --onel", notKnown)
	asksNaming(t, []string{"npm test"}, "npm test --silen", notKnown)
	asksNaming(t, []string{"cargo build"}, "cargo build --relea", notKnown)
	approves(t, []string{"ls"}, "ls -la")
	asksNaming(t, []string{"ls"}, "ls -lZ", "`-lZ`")
	approves(t, []string{"grep"}, "grep -rn TODO .")
	approves(t, []string{"tar"}, "tar -tvzf a.tgz")
	approves(t, []string{"git log"}, "git log -n5 --oneline -20")
	approves(t, []string{"head"}, "head -20 README.md")
	approves(t, []string{"make"}, "make -j4 all")
	approves(t, []string{"tsc"}, "tsc --NoEmit -p tsconfig.json")
	approves(t, []string{"gcc"}, "gcc -O2 -Wall -std=c11 -Iinclude -c a.c")
	approves(t, []string{"git commit"}, "git commit -m /fix -m ../x")
	approves(t, []string{"sed"}, "sed -n /re/p file")
	approves(t, []string{"grep"}, "grep /api/v1 src")
	asksNaming(t, []string{"grep"}, "grep -e /api -f /etc/patterns src", "/etc/patterns")
	approves(t, []string{"echo"}, "echo /etc/passwd")
}

// What follows `--` is the child's: its own options where the entry lists
// them, else operands.
func TestAfterDoubleDash(t *testing.T) {
	approves(t, []string{"cargo test"}, "cargo test -- --nocapture --test-threads=1")
	asksNaming(t, []string{"cargo test"}, "cargo test -- --logfile=x", "--logfile=x")
	approves(t, []string{"cargo clippy"}, "cargo clippy --all-targets -- -D warnings -Dclippy::all")
	asksNaming(t, []string{"cargo clippy"}, "cargo clippy -- -C linker=./x", "-C")
	approves(t, []string{"cargo fmt"}, "cargo fmt --all -- --check")
	approves(t, []string{"npm test"}, "npm test -- --coverage --coverageProvider=v8")
	approves(t, []string{"go test"}, "go test ./... -args -update")
	asksNaming(t, []string{"go test"}, "go test -args -test.coverprofile=/tmp/x", "/tmp/x")
	asksNaming(t, []string{"npm run"}, "npm run build -- --shell=sh", "--shell")
}

// A program without an entry passes only the options its rule spells;
// before a subcommand, only spelled options that cannot take the next word.
func TestOptionsSpelledInTheRule(t *testing.T) {
	approves(t, []string{"mytool --check src/"}, "mytool --check src/ --check")
	asksNaming(t, []string{"mytool --check"}, "mytool --check --fix", "`--fix` is not an option the rule spells")
	approves(t, []string{"mytool a b"}, "mytool a b")
	asksNaming(t, []string{"mytool --out=a"}, "mytool --out=a --out=/etc/x", "--out=/etc/x")
	approves(t, []string{"golangci-lint run --enable-all"}, "golangci-lint run --enable-all ./...")
	asksNaming(t, []string{"golangci-lint run --enable-all"}, "golangci-lint run --enable-all --foo", "--foo")
	if r := AcceptRule("pnpm --filter=web build"); !r.IsZero() {
		t.Errorf("pnpm --filter=web build: %s", r)
	}
	// pnpm's entry knows --filter takes a value (selects): web is its value,
	// build the script. An option it does not know leaves that unclear.
	if r := AcceptRule("pnpm --filter web build"); !r.IsZero() {
		t.Errorf("pnpm --filter web build: %s", r)
	}
	if r := AcceptRule("pnpm --frobnicate web build"); !strings.Contains(r.String(), "--frobnicate") {
		t.Errorf("pnpm --frobnicate web build (which word is the subcommand?): %q", r)
	}
	// The wrapped program must be named in the rule.
	asksNaming(t, []string{"uv run"}, "uv run pytest", "runs a program the rule does not name")
	approves(t, []string{"uv run pytest"}, "uv run pytest tests/ -x -q")
	asksNaming(t, []string{"uv run pytest"}, "uv run pytest --basetemp=/tmp/x", "/tmp/x")
	asksNaming(t, []string{"poetry"}, "poetry run x", "runs a program the rule does not name")
	approves(t, []string{"coverage run -m pytest"}, "coverage run -m pytest -vv")
}

// Program names are normalised before every list.
func TestProgramNames(t *testing.T) {
	cases := map[string]string{
		"git.exe": "git", "GIT.EXE": "git", "make.com": "make", "npm.cmd": "npm", "gradlew.bat": "gradlew",
		"x.ps1": "x", "gsed": "sed", "gmake": "make", "gtar": "tar", "gfind": "find", "gxargs": "xargs",
		"grm": "rm", "python3.12": "python", "node20": "node", "gcc-13": "gcc", "vim.basic": "vim",
		"nc.openbsd": "nc", "/usr/bin/git": "git", "./gradlew": "gradlew", "test.sh": "test.sh", "git": "git",
		"go": "go", "grep": "grep", "gcc": "gcc",
	}
	for word, want := range cases {
		if got, _ := catalog.ResolveProgram([]string{word}); got != want {
			t.Errorf("%s reads as %q, want %q", word, got, want)
		}
	}
	if got, args := catalog.ResolveProgram([]string{"busybox", "sed", "-i"}); got != "sed" || len(args) != 1 {
		t.Errorf("busybox sed -i reads as %q %q", got, args)
	}
	asksNaming(t, []string{"gsed"}, "gsed -i s/a/b/ f", "edits files in place")
	asksNaming(t, []string{"busybox sed"}, "busybox sed -i s/a/b/ f", "edits files in place")
	asksNaming(t, []string{"git.exe log"}, "git.exe log --output=/tmp/x", "/tmp/x")
}

// The refused lists cover every system's shells, wrappers and loaders, in
// every spelling.
func TestRefusedOnEveryOS(t *testing.T) {
	names := []string{"cmd", "powershell", "pwsh", "wsl", "cscript", "wscript", "mshta", "rundll32", "regsvr32",
		"msiexec", "start", "osascript", "open", "launchctl", "sandbox-exec", "xcrun", "arch", "caffeinate",
		"busybox", "toybox", "bash", "sh", "zsh", "python3", "node", "deno", "ld-linux-x86-64.so.2", "qemu-x86_64",
		"security", "pbpaste", "flatpak", "run-parts", "certutil", "bitsadmin", "schtasks", "forfiles", "reg",
		"nc.openbsd", "vim.basic", "gsudo", "gxargs", "grm", "gxargs", "npx", "uvx", "gh", "sudo"}
	for _, n := range names {
		for _, spelled := range []string{n, n + ".exe", strings.ToUpper(n) + ".cmd"} {
			for _, rule := range []string{spelled, spelled + " -c id", spelled + " /c x", spelled + " -a Terminal"} {
				if catalog.MultiCall[n] && strings.Contains(rule, "/c") {
					continue // busybox runs the applet it names: /c is none
				}
				if AcceptRule(rule).IsZero() {
					t.Errorf("rule %q is accepted, want it refused", rule)
				}
			}
		}
	}
	for _, rule := range []string{"busybox sh -c id", "toybox sh", "busybox rm -rf x", "open -a Calculator"} {
		if AcceptRule(rule).IsZero() {
			t.Errorf("rule %q is accepted, want it refused", rule)
		}
	}
}

// Subcommands that run what they are given rather than the project's own
// code are refused as rules; each has its test, beside what stays accepted.
func TestSubcommandsRefusedAsRules(t *testing.T) {
	refused := map[string]string{
		"go run":                          "names no package",
		"go run example.com/x":            "outside the project",
		"go run x@latest":                 "module version",
		"go install ./...":                "installs or changes programs outside",
		"go generate":                     "commands written in the source",
		"go tool pprof":                   "opens a web browser",
		"go bug":                          "web browser",
		"npm exec jest":                   "runs another program",
		"npm x jest":                      "runs another program",
		"npm install left-pad":            "adds a package",
		"npm i left-pad":                  "adds a package",
		"npm link":                        "outside the project",
		"pnpm add x":                      "adds a package",
		"pnpm dlx x":                      "runs another program",
		"pnpm link":                       "outside the project",
		"pnpm -r build":                   "-r",
		"yarn add x":                      "adds a package",
		"yarn dlx x":                      "runs another program",
		"yarn global add x":               "outside the project",
		"bun add x":                       "adds a package",
		"bun x cowsay":                    "runs another program",
		"bun -e 1":                        "runs another program",
		"cargo install ripgrep":           "installs a program",
		"cargo uninstall x":               "outside the project",
		"pip install x":                   "adds a package",
		"pip3 install x==1.0":             "adds a package",
		"pip install git+https://x/y":     "URL",
		"pip uninstall x":                 "outside the project",
		"pip download x":                  "adds a package",
		"pip":                             "bare",
		"pip install -i https://x/s -e .": "another place",
		"python -m pip install x":         "adds a package",
		"python3 -m http.server":          "a module Memo does not know",
		"uv add x":                        "adds a package",
		"uv pip install x":                "adds a package",
		"uv tool run x":                   "runs another program",
		"poetry add x":                    "adds a package",
		"composer require x":              "adds a package",
		"pre-commit install":              "git hook",
		"pre-commit try-repo x":           "runs another program",
		"git config core.pager x":         "core.pager=x",
		"git remote rename a b":           "is not a git subcommand",
		"git submodule foreach id":        "runs another program",
		"git help log":                    "web browser",
		"mvn org.evil:plugin:1.0:run":     "download and run",
		"mvn -Dmaven.repo.local=/x test":  "run a program",
	}
	for rule, want := range refused {
		if r := AcceptRule(rule); !strings.Contains(r.String(), want) {
			t.Errorf("rule %q: %q, want a refusal naming %q", rule, r, want)
		}
	}
	for _, rule := range []string{"go run ./cmd/gen", "go run main.go", "go run .", "npm install", "npm ci",
		"npm i --save-dev", "pnpm install --frozen-lockfile", "yarn install", "bun install", "cargo build",
		"pre-commit run -a", "poetry run pytest", "uv run pytest", "python -m pytest", "python3 -m mypy src",
		"npm update lodash", "mvn -DskipTests package", "pnpm --filter=next build"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
}

// An interpreter is accepted only with a script of the project (the line
// must start with exactly those words, python's inert switches read as
// absent) or python -m of a known module.
func TestInterpreterRules(t *testing.T) {
	for _, rule := range []string{"bash", "bash -c id", "bash -x scripts/t.sh", "node -e 1", "node --require x a.js",
		"python -c x", "python -x tools/x.py", "python -X dev tools/x.py", "python -I tools/x.py", "bash /tmp/x.sh", "bash ../x.sh", "bash .git/hooks/pre-commit",
		"php -r x", "uv run python -c x", "uv run bash -c id", "pwsh -Command x", "bash scripts/../../x.sh"} {
		if AcceptRule(rule).IsZero() {
			t.Errorf("rule %q is accepted, want it refused", rule)
		}
	}
	for _, rule := range []string{"bash scripts/test.sh", "node scripts/build.js", "python tools/check.py", "python -u tools/check.py",
		"./scripts/lint.sh", "php artisan", "uv run bash scripts/x.sh", "pwsh scripts/build.ps1"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
	approves(t, []string{"bash scripts/test.sh unit"}, "bash scripts/test.sh unit")
	asksNaming(t, []string{"bash scripts/test.sh"}, "bash scripts/test.sh unit", "`unit` is neither a path in the project nor a word the rule spells")
	asksNaming(t, []string{"bash scripts/test.sh"}, "bash scripts/test.sh -x", "`-x`")
	asksNaming(t, []string{"bash scripts/test.sh"}, "bash -x scripts/test.sh", "no allowed rule")
	asksNaming(t, []string{"python -m pytest"}, "python -m pytest -p evil", "loads a pytest plugin")
	approves(t, []string{"python -m pytest"}, "python -m pytest -p no:cacheprovider -q")
}
