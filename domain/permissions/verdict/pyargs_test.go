// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

const pyArgparse = `#!/usr/bin/env python3
import argparse
import subprocess

parser = argparse.ArgumentParser()
parser.add_argument("-d", "--debug", action="store_true")
parser.add_argument("--kind", choices=["major", "minor", "--exec"])
parser.add_argument("--out")
sub = parser.add_subparsers(dest="cmd")
lint = sub.add_parser("lint")
lint.add_argument("--fix", action="store_true")
build = sub.add_parser("build")
build.add_argument("mode", choices=["fast", "full"])
args = parser.parse_args()
`

const pyClick = `import click


@click.group()
def main() -> None:
    pass


@main.command("config", help="Acquire run configuration.")
def config() -> None:
    pass
`

const pyTyper = `import typer

app = typer.Typer()


@app.command()
def update_languages() -> None:
    pass


@app.command()
def prepare(bump: str = typer.Argument("patch")) -> None:
    pass


if __name__ == "__main__":
    app()
`

// pyOptparse is an optparse parser as ninja's configure.py builds one.
const pyOptparse = `#!/usr/bin/env python3
from optparse import OptionParser
import sys
parser = OptionParser()
parser.add_option('--bootstrap', action='store_true', help='bootstrap a ninja binary from nothing')
parser.add_option('--verbose', action='store_true', help='enable verbose build')
parser.add_option('--warnings-as-errors', action='store_true',
                  help='convert warnings into errors during build',)
parser.add_option('--profile', metavar='TYPE', choices=['gmon', 'pprof'])
parser.add_option('--with-python', metavar='EXE', default=sys.executable)
parser.add_option('--hook', action='callback', callback=run_hook)
(options, args) = parser.parse_args()
configure_args = sys.argv[1:]
`

// The words a project Python script's parser defines pass past the
// rule's; a word it does not define, one in a place it does not take it,
// and every word of a parser Memo does not read ask.
func TestPyScriptWordsApproved(t *testing.T) {
	for _, tc := range []struct {
		name   string
		files  map[string]string
		rule   string
		line   string
		asking string // "" when approved
	}{
		{"argparse subcommand", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py lint", ""},
		{"argparse switches", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py -d lint --fix", ""},
		{"argparse choices", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py --kind minor build full", ""},
		{"python3", map[string]string{"x.py": pyArgparse}, "python3 x.py", "python3 x.py lint", ""},
		{"run as itself", map[string]string{"x.py": pyArgparse}, "./x.py", "./x.py lint --fix", ""},
		{"uv run python", map[string]string{"scripts/p.py": pyTyper}, "uv run python scripts/p.py", "uv run python scripts/p.py prepare", ""},
		{"uv run a .py", map[string]string{"scripts/docs.py": pyTyper}, "uv run ./scripts/docs.py", "uv run ./scripts/docs.py update-languages", ""},
		{"click", map[string]string{"x.py": pyClick}, "python x.py", "python x.py config", ""},
		{"a path as before", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py src", ""},
		{"the rule's words", map[string]string{"x.py": pyArgparse}, "python x.py --out dist", "python x.py --out dist lint", ""},

		{"optparse switches", map[string]string{"configure.py": pyOptparse}, "python3 configure.py", "python3 configure.py --warnings-as-errors --bootstrap --verbose", ""},
		{"optparse run as itself", map[string]string{"configure.py": pyOptparse}, "./configure.py", "./configure.py --bootstrap --profile gmon", ""},

		// Hostile neighbours: each asks.
		{"an optparse value", map[string]string{"configure.py": pyOptparse}, "./configure.py", "./configure.py --bootstrap --with-python /tmp/evil", "`--with-python` is not an option the rule spells"},
		{"an optparse option not declared", map[string]string{"configure.py": pyOptparse}, "./configure.py", "./configure.py --deploy", "the optparse parser of configure.py takes no such word there"},
		{"an optparse callback", map[string]string{"configure.py": pyOptparse}, "./configure.py", "./configure.py --hook", "`--hook` is not an option"},
		{"argv[1:] without a parser", map[string]string{"x.py": "import subprocess, sys\nsubprocess.run(['pytest'] + sys.argv[1:])\n"}, "python x.py", "python x.py --x", "it reads sys.argv in a way Memo does not read"},
		{"a choice that is an option", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py --kind --exec", "`--exec`"},
		{"a name outside the parser", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py deploy", "the argparse parser of x.py takes no such word there"},
		{"a switch of another subcommand", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py build fast --fix", "`--fix` is not an option the rule spells"},
		{"not a choice", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py build evil", "`evil` is neither a path"},
		{"a value the rule does not spell", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py --out /tmp/x lint", "`--out` is not an option the rule spells"},
		{"a subcommand's argument", map[string]string{"scripts/p.py": pyTyper}, "uv run python scripts/p.py", "uv run python scripts/p.py prepare major", "`major` is neither a path"},
		{"after --", map[string]string{"x.py": pyArgparse}, "python x.py", "python x.py -- lint", "`lint` is neither a path"},
		{"dynamic parser", map[string]string{"x.py": "import argparse\np = argparse.ArgumentParser()\ns = p.add_subparsers()\nfor n in NAMES:\n    s.add_parser(n)\np.parse_args()\n"},
			"python x.py", "python x.py lint", "Memo does not read the arguments of x.py: builds its command-line parser in a way Memo does not read"},
		{"forwarded argv", map[string]string{"x.py": "import subprocess, sys\nif sys.argv[1] == 'test':\n    subprocess.run(['pytest', *sys.argv[2:]])\n"},
			"python x.py", "python x.py test", "it reads sys.argv in a way Memo does not read"},
		{"parse_known_args", map[string]string{"x.py": "import argparse, os\np = argparse.ArgumentParser()\np.add_argument('--x', action='store_true')\na, rest = p.parse_known_args()\nos.execvp('pytest', rest)\n"},
			"python x.py", "python x.py --x", "parse_known_args"},
		{"no python #! run as itself", map[string]string{"x.py": "import sys\nif sys.argv[1] == 'lint':\n    pass\n"}, "./x.py", "./x.py lint", "`lint` is neither a path"},
		{"a larger file", map[string]string{"x.py": strings.Repeat("# padding\n", 30000) + pyArgparse}, "python x.py", "python x.py lint", "larger than Memo reads"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := scriptProject(t, tc.files)
			v := checkTrusted(root, []string{tc.rule}, tc.line)
			switch {
			case tc.asking == "" && !v.Approved:
				t.Errorf("%q (rule %q) asks (%s), want it approved", tc.line, tc.rule, v.Reason)
			case tc.asking != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.asking)):
				t.Errorf("%q (rule %q): approved=%v %q, want it to ask with %q", tc.line, tc.rule, v.Approved, v.Reason, tc.asking)
			}
		})
	}
}

// A Python script that leads out of the project asks; one changed since
// trust asks as changed until trusted again.
func TestPyScriptArgumentsPinned(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "x.py"), pyArgparse, 0o755)
	root := scriptProject(t, map[string]string{"t.py": pyArgparse})
	if err := os.Symlink(filepath.Join(outside, "x.py"), filepath.Join(root, "out.py")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, rule := range []string{"python out.py", "./out.py"} {
		if v := checkTrusted(root, []string{rule}, rule+" lint"); v.Approved {
			t.Errorf("%s lint (a link out of the project) approved, want it to ask", rule)
		}
	}
	rules := []string{"python t.py"}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	pins := p.AllDefinitions(rules)
	if v := NewChecker(rules).CheckIn("python t.py lint", p.WithPinned(pins)); !v.Approved {
		t.Fatalf("python t.py lint asks (%s) before the change, want it approved", v.Reason)
	}
	// The script changes: `lint` now runs what the new script says.
	fixture.Write(t, filepath.Join(root, "t.py"), strings.Replace(pyArgparse, `"lint"`, `"lint", aliases=["rm"]`, 1), 0o755)
	for _, line := range []string{"python t.py lint", "python t.py rm", "python t.py"} {
		q := NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(pins)
		if v := NewChecker(rules).CheckIn(line, q); v.Approved || !strings.Contains(v.Reason.String(), "changed since you trusted") {
			t.Errorf("%q after the script changed: approved=%v %q, want it to ask as changed", line, v.Approved, v.Reason)
		}
	}
}

// The rule's labels say which words Memo read from the script's parser.
func TestPyScriptArgumentsLabelled(t *testing.T) {
	root := scriptProject(t, map[string]string{"x.py": pyArgparse, "c.py": pyClick, "d.py": "import argparse\np = argparse.ArgumentParser(parents=[x])\n"})
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	for rule, want := range map[string]string{
		"python x.py": "reads its arguments with its argparse parser: past the rule's words only the names, switches and choices it defines pass (`--debug`, `--fix`, `--kind major`, `--kind minor`, `-d`, `build`, `fast`, `full`, `lint`)",
		"python c.py": "reads its arguments with its click parser: past the rule's words only the names, switches and choices it defines pass (`config`)",
		"python d.py": "",
	} {
		defs, _ := p.Definitions(rule)
		var all []string
		for _, l := range RuleLabels(rule, projectfiles.CompareDefinitions(defs, defs)) {
			all = append(all, l.String())
		}
		got := strings.Join(all, "; ")
		if want == "" && strings.Contains(got, "reads its arguments with") {
			t.Errorf("%s labelled %q, want no word of its arguments (unknown)", rule, got)
		}
		if want != "" && !strings.Contains(got, want) {
			t.Errorf("%s labelled %q, want %q", rule, got, want)
		}
	}
}

// Reading a Python script's parser never approves a line that would ask
// as before unless the parser is read and the words that make the
// difference are among those it defines: the line without them is
// approved for a script Memo reads nothing of.
func FuzzPyScriptLine(f *testing.F) {
	for _, seed := range [][2]string{
		{pyArgparse, "lint --fix"},
		{pyArgparse, "--kind --exec"},
		{pyArgparse, "build fast --fix"},
		{pyClick, "config"},
		{pyTyper, "prepare major"},
		{"import sys\nif sys.argv[1] == 'a':\n    pass\n", "a src"},
		{"import argparse\np = argparse.ArgumentParser()\np.add_argument('m', choices=['../x', 'a'])\n", "../x"},
	} {
		f.Add(seed[0], seed[1])
	}
	root := scriptProject(f, nil)
	plain := scriptProject(f, map[string]string{"s.py": "print(1)\n"})
	rules := []string{"python s.py"}
	f.Fuzz(func(t *testing.T, script, args string) {
		if len(script) > 4096 || len(args) > 128 {
			return
		}
		fixture.Write(t, filepath.Join(root, "s.py"), script, 0o755)
		line := "python s.py " + args
		if v := checkTrusted(root, rules, line); !v.Approved || checkTrusted(plain, rules, line).Approved {
			return
		}
		a := projectfiles.ReadPyArgs(script, true)
		if !a.Known() {
			t.Fatalf("%q approved, but Memo reads nothing of the script (%s):\n%s", line, a.Why, script)
		}
		known := map[string]bool{}
		for _, w := range a.Words() {
			name, value, _ := strings.Cut(w, " ")
			known[name], known[value], known[name+"="+value] = true, true, true
		}
		words, quoted, reason := cmdlineWords(line)
		if !reason.IsZero() || quoted {
			return
		}
		rest := []string{"python", "s.py"}
		for _, w := range words[2:] {
			if !known[w] {
				rest = append(rest, w)
			}
		}
		if back, ok := ruleOf(rest); ok && !checkTrusted(plain, rules, back).Approved {
			t.Fatalf("%q approved; without the parser's words (%v) it asks:\n%s", line, a.Words(), script)
		}
	})
}

// A program the project builds, a shell script or a missing file run as
// itself asks as before, without a word about Python.
func TestPyScriptNoteOnlyForPython(t *testing.T) {
	root := scriptProject(t, map[string]string{"t.sh": "#!/bin/sh\ngo vet ./...\n", "bin/app": "\x7fELF\x00\x01"})
	for _, line := range []string{"./t.sh deploy", "./bin/app deploy", "./missing deploy"} {
		rule := strings.Fields(line)[0]
		v := checkTrusted(root, []string{rule}, line)
		if v.Approved || strings.Contains(v.Reason.String(), "arguments of") || strings.Contains(v.Reason.String(), "parser") {
			t.Errorf("%q: approved=%v %q, want it to ask as before", line, v.Approved, v.Reason)
		}
	}
}
