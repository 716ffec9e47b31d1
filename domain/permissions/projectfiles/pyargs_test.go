// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// describePy is a reading as one line: "PARSER: WORD …" or "unknown: WHY".
func describePy(a PyArgs) string {
	if !a.Why.IsZero() {
		return "unknown: " + a.Why.String()
	}
	if !a.Known() {
		return "none"
	}
	return a.Parser + ": " + strings.Join(a.Words(), " ")
}

// accepted is the words of line (the script's words) the reading takes,
// past the rule's first ruleArgs.
func accepted(a PyArgs, line string, ruleArgs int) string {
	words := strings.Fields(line)
	var out []string
	for i, ok := range a.Accepted(words, ruleArgs) {
		if ok {
			out = append(out, words[i])
		}
	}
	return strings.Join(out, " ")
}

// optparseScript is an optparse parser as ninja's configure.py builds
// one, with the actions Memo does not read.
const optparseScript = `#!/usr/bin/env python3
from optparse import OptionParser
import sys

parser = OptionParser()
profilers = ['gmon', 'pprof']
parser.add_option('--bootstrap', action='store_true',
                  help='bootstrap a ninja binary from nothing')
parser.add_option('--verbose', '-v', action='store_true')
parser.add_option('--platform', choices=known_platforms())
parser.add_option('--debug', action='store_true', help='enable debugging extras',)
parser.add_option('--warnings-as-errors', action='store_true')
parser.add_option('--profile', metavar='TYPE', choices=['gmon', 'pprof'])
parser.add_option('--with-python', metavar='EXE', default=sys.executable)
parser.add_option('-q', action='count', dest='quiet')
parser.add_option('--no-color', action='store_false', dest='color')
parser.add_option('--hook', action='callback', callback=run_hook)
parser.add_option('--pair', nargs=2)
(options, args) = parser.parse_args()
configure_args = sys.argv[1:]
if '--bootstrap' in configure_args:
    configure_args.remove('--bootstrap')
`

const argparseScript = `#!/usr/bin/env python3
"""A release helper."""
import argparse
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=f"release {VERSION!r}")
    parser.add_argument("-d", "--debug", action="store_true", help='Verbose')
    parser.add_argument("--kind", choices=("major", "minor", '--exec'))
    parser.add_argument("--out")
    sub = parser.add_subparsers(dest="cmd")
    lint = sub.add_parser("lint", aliases=["l"])
    lint.add_argument("--fix", action="store_true")
    build = sub.add_parser('build')
    build.add_argument("mode", choices=["fast", "full"])
    g = build.add_mutually_exclusive_group()
    g.add_argument("-q", action="count")
    args = parser.parse_args()
    if len(sys.argv) == 1:
        parser.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
`

const clickScript = `import click

@click.group()
@click.option("--verbose/--quiet")
def main() -> None:
    pass


@main.command("config", help="Acquire run configuration.")
@click.option("--style", type=click.Choice(["stable", "preview"]))
def config(style) -> None:
    print(f"{style!r:>{10}} {'x'}")


@main.command()
@click.argument("target", type=click.Path())
def comment_body(target) -> None:
    pass


@main.command()
def deploy_cmd() -> None:
    pass


if __name__ == "__main__":
    main()
`

const typerScript = `import typer

app = typer.Typer()


@app.callback()
def callback() -> None:
    """Docs."""


@app.command()
def update_languages() -> None:
    pass


@app.command("build-all")
def build(lang: str = typer.Option("en")) -> None:
    pass


if __name__ == "__main__":
    app()
`

// What a Python script's parser takes: its names, switches and literal
// choices where it takes them, and nothing when its parser is built in a
// way Memo does not read.
func TestPyScriptArguments(t *testing.T) {
	for _, tc := range []struct {
		name, script, want string
		// line and its accepted words (line: the script's words)
		line, took string
		rule       int
	}{
		{"argparse", argparseScript, "argparse: --debug --fix --kind major --kind minor -d -q build fast full l lint", "lint --fix", "lint --fix", 0},
		{"argparse alias", argparseScript, "", "-d l --fix", "-d l --fix", 0},
		{"argparse choice", argparseScript, "", "build full -q", "build full -q", 0},
		{"argparse option choice", argparseScript, "", "--kind minor build fast", "--kind minor build fast", 0},
		{"argparse glued choice", argparseScript, "", "--kind=major lint", "--kind=major lint", 0},
		{"a choice that is an option", argparseScript, "", "--kind --exec lint", "", 0},
		{"a name outside the parser", argparseScript, "", "deploy", "", 0},
		{"a switch of another subcommand", argparseScript, "", "build fast --fix", "build fast", 0},
		{"a parent's switch after the subcommand", argparseScript, "", "lint --debug", "lint", 0},
		{"a value", argparseScript, "", "--out dist lint", "", 0},
		{"a value the rule spells", argparseScript, "", "--out dist lint", "lint", 2},
		{"not a choice", argparseScript, "", "build evil", "build", 0},
		{"after --", argparseScript, "", "-- lint", "", 0},
		{"an abbreviation", argparseScript, "", "--deb lint", "", 0},
		{"click", clickScript, "click: --quiet --style preview --style stable --verbose comment-body config", "--verbose config --style preview", "--verbose config --style preview", 0},
		{"click value", clickScript, "", "comment-body src", "comment-body", 0},
		{"click suffix", clickScript, "", "deploy", "", 0},
		{"typer", typerScript, "typer: build-all update-languages", "update-languages", "update-languages", 0},
		{"typer params", typerScript, "", "build-all --lang en", "build-all", 0},
		{"typer one command", "import typer\napp = typer.Typer()\n@app.command()\ndef main():\n    pass\napp()\n", "typer: ", "main", "", 0},
		{"argv", "import sys\nif sys.argv[1] == 'lint':\n    pass\nelif sys.argv[1] in ('a', \"b\"):\n    pass\nif len(sys.argv) > 2 and 'x' == sys.argv[2]:\n    pass\n", "sys.argv: a b lint x", "lint x", "lint x", 0},
		{"argv from", "from sys import argv\nif argv[1] != \"self\":\n    pass\n", "sys.argv: self", "self", "self", 0},

		{"optparse", optparseScript, "optparse: --bootstrap --debug --no-color --profile gmon --profile pprof --verbose --warnings-as-errors -q -v", "--warnings-as-errors --bootstrap --verbose", "--warnings-as-errors --bootstrap --verbose", 0},
		{"optparse short and choice", optparseScript, "", "-v -q --profile pprof --profile=gmon", "-v -q --profile pprof --profile=gmon", 0},
		{"optparse value", optparseScript, "", "--bootstrap --with-python /tmp/evil", "--bootstrap", 0},
		{"optparse computed choices", optparseScript, "", "--platform linux --debug", "", 0},
		{"optparse not a choice", optparseScript, "", "--profile evil", "", 0},
		{"optparse callback", optparseScript, "", "--hook x", "", 0},
		{"optparse nargs", optparseScript, "", "--pair a b", "", 0},
		{"optparse undeclared", optparseScript, "", "--deploy", "", 0},
		{"optparse positional", optparseScript, "", "src --debug", "", 0},
		{"optparse module", "import optparse\np = optparse.OptionParser(usage='%prog [options]')\np.add_option('-x', '--exact', action='store_true', dest='x')\nopts, args = p.parse_args(sys.argv[1:])\n", "optparse: --exact -x", "-x --exact", "-x --exact", 0},
		{"argparse and argv[1:]", "import argparse, sys\np = argparse.ArgumentParser()\np.add_argument('--x', action='store_true')\np.parse_args()\nprint(' '.join(sys.argv[1:]))\n", "argparse: --x", "--x", "--x", 0},

		// Hostile or unread: each leaves the arguments unknown.
		{"argv[1:] without a parser", "import subprocess, sys\nsubprocess.run(['pytest'] + sys.argv[1:])\n", "unknown: it reads sys.argv in a way Memo does not read (`sys.argv[1:`)", "x", "", 0},
		{"argv[2:] beside a parser", "import argparse, sys\np = argparse.ArgumentParser()\np.add_argument('--x', action='store_true')\nprint(sys.argv[2:])\n", "unknown: it reads sys.argv in a way Memo does not read", "--x", "", 0},
		{"optparse group", "from optparse import OptionParser, OptionGroup\np = OptionParser()\ng = OptionGroup(p, 'More')\ng.add_option('--x', action='store_true')\n", "unknown: it hands its parser `p` to code Memo does not read", "--x", "", 0},
		{"optparse interspersed off", "from optparse import OptionParser\np = OptionParser()\np.add_option('--x', action='store_true')\np.disable_interspersed_args()\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"optparse option list", "from optparse import OptionParser, make_option\np = OptionParser(option_list=[make_option('--x', action='store_true')])\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"optparse Option object", "from optparse import OptionParser\np = OptionParser()\np.add_option(opt)\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"another OptionParser", "from mylib import OptionParser\np = OptionParser()\np.add_option('--x', action='store_true')\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"optparse and argparse", "import argparse, optparse\na = argparse.ArgumentParser()\nb = optparse.OptionParser()\n", "unknown: it builds more than one command line", "x", "", 0},
		{"optparse other words", "from optparse import OptionParser\np = OptionParser()\np.parse_args(['--x'])\n", "unknown: it parses words other than its arguments", "x", "", 0},
		{"dynamic names", "import argparse\np = argparse.ArgumentParser()\ns = p.add_subparsers()\nfor n in ['a', 'b']:\n    s.add_parser(n)\np.parse_args()\n", "unknown: builds its command-line parser in a way Memo does not read", "a", "", 0},
		{"kwargs", "import argparse\np = argparse.ArgumentParser()\np.add_argument('--x', **opts)\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"parse_known_args", "import argparse, subprocess\np = argparse.ArgumentParser()\np.add_argument('--x', action='store_true')\na, rest = p.parse_known_args()\nsubprocess.run(['pytest', *rest])\n", "unknown: it hands on the arguments its parser does not know", "--x", "", 0},
		{"remainder", "import argparse\np = argparse.ArgumentParser()\np.add_argument('cmd', nargs=argparse.REMAINDER)\n", "unknown: it hands on", "x", "", 0},
		{"remainder string", "import argparse\np = argparse.ArgumentParser()\np.add_argument('cmd', nargs='...')\n", "unknown: it hands on", "x", "", 0},
		{"argv forwarded", "import subprocess, sys\nif sys.argv[1] == 'test':\n    subprocess.run(['pytest', *sys.argv[2:]])\n", "unknown: it reads sys.argv in a way Memo does not read", "test", "", 0},
		{"argv and a parser", "import argparse, sys\np = argparse.ArgumentParser()\np.add_argument('--x', action='store_true')\nif sys.argv[1] == 'y':\n    pass\n", "unknown: it builds more than one command line", "y", "", 0},
		{"two parsers", "import argparse\na = argparse.ArgumentParser()\nb = argparse.ArgumentParser()\n", "unknown: it builds more than one command line", "x", "", 0},
		{"parser handed on", "import argparse\np = argparse.ArgumentParser()\nadd_common(p)\np.add_argument('--x', action='store_true')\n", "unknown: it hands its parser `p` to code Memo does not read", "--x", "", 0},
		{"parser set twice", "import argparse\np = argparse.ArgumentParser()\np = other()\n", "unknown: it sets `p`", "x", "", 0},
		{"parents", "import argparse\np = argparse.ArgumentParser(parents=[base])\n", "unknown: builds its command-line parser", "x", "", 0},
		{"fromfile", "import argparse\np = argparse.ArgumentParser(fromfile_prefix_chars='@')\n", "unknown: builds its command-line parser", "x", "", 0},
		{"prefix chars", "import argparse\np = argparse.ArgumentParser(prefix_chars='+')\n", "unknown: builds its command-line parser", "x", "", 0},
		{"parse other words", "import argparse, sys\np = argparse.ArgumentParser()\np.parse_args(words)\n", "unknown: it parses words other than its arguments", "x", "", 0},
		{"renamed sys", "import sys as s\nif s.argv[1] == 'a':\n    pass\n", "unknown: it imports sys", "a", "", 0},
		{"argv in an f-string", "import sys\nif sys.argv[1] == 'a':\n    print(f\"{sys.argv[2]}\")\n", "unknown: it reads sys.argv", "a", "", 0},
		{"getattr argv", "import sys\nx = getattr(sys, 'argv')\n", "unknown: it reads sys.argv", "a", "", 0},
		{"click chain", "import click\n@click.group(chain=True)\ndef cli():\n    pass\n", "unknown: builds its command-line parser", "x", "", 0},
		{"click other decorator", "import click\n@click.command()\n@my_options\ndef cli():\n    pass\n", "unknown: builds its command-line parser", "x", "", 0},
		{"click args", "import click\n@click.command()\ndef cli():\n    pass\ncli(sys_words)\n", "unknown: it parses words other than its arguments", "x", "", 0},
		{"click add_command", "import click\n@click.group()\ndef cli():\n    pass\ncli.add_command(other, 'x')\n", "unknown: builds its command-line parser", "x", "", 0},
		{"typer add_typer", "import typer\napp = typer.Typer()\napp.add_typer(sub, name='x')\n", "unknown: builds its command-line parser", "x", "", 0},
		{"subparsers and a positional", "import argparse\np = argparse.ArgumentParser()\ndef later():\n    p.add_argument('pos')\ns = p.add_subparsers()\ns.add_parser('lint')\nlater()\np.parse_args()\n", "argparse: ", "lint", "", 0},
		{"click is_flag variable", "import click\n@click.command()\n@click.option('--x', is_flag=FLAG)\ndef cli():\n    pass\n", "click: ", "--x", "", 0},
		{"required subparsers", "import argparse\np = argparse.ArgumentParser()\ns = p.add_subparsers(dest='cmd')\ns.required = True\ns.add_parser('lint')\np.parse_args()\n", "argparse: lint", "lint", "lint", 0},
		{"prefix chars set", "import argparse\np = argparse.ArgumentParser()\np.prefix_chars = '+'\np.add_argument('+x', action='store_true')\n", "unknown: builds its command-line parser", "+x", "", 0},
		{"a parser class", "import argparse\nclass P(argparse.ArgumentParser):\n    pass\np = argparse.ArgumentParser()\np.add_argument('--x', action='store_true')\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"argparse shadowed", "import argparse\nargparse = mine\np = argparse.ArgumentParser()\np.add_argument('--x', action='store_true')\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"ArgumentParser redefined", "def ArgumentParser():\n    return mine()\np = ArgumentParser()\np.add_argument('--x', action='store_true')\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"another ArgumentParser", "from mylib import ArgumentParser\np = ArgumentParser()\np.add_argument('--x', action='store_true')\n", "unknown: builds its command-line parser", "--x", "", 0},
		{"argparse's ArgumentParser", "from argparse import ArgumentParser\np = ArgumentParser()\np.add_argument('--x', action='store_true')\n", "argparse: --x", "--x", "--x", 0},
		{"no parser", "import os\nprint(os.getcwd())\n", "unknown: it defines no command-line parser Memo reads", "x", "", 0},
		{"an unclosed string", "import argparse\np = argparse.ArgumentParser('x\n", "unknown: Memo cannot read it as Python", "x", "", 0},
		{"no python #!", "#!/bin/sh\nimport argparse\n", "unknown: its #! line does not name python", "x", "", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := ReadPyArgs(tc.script, tc.rule >= 0)
			if got := describePy(a); tc.want != "" && !(got == tc.want || strings.HasPrefix(tc.want, "unknown") && strings.HasPrefix(got, tc.want)) {
				t.Errorf("%s:\n%s\nreads as %q, want %q", tc.name, tc.script, got, tc.want)
			}
			if got := accepted(a, tc.line, max(tc.rule, 0)); got != tc.took {
				t.Errorf("%s: of %q the parser takes %q, want %q", tc.name, tc.line, got, tc.took)
			}
		})
	}
}

// A script that leads out of the project, one too large or missing, and
// one run as itself without a python #! line are not read.
func TestPyScriptArgumentsNotRead(t *testing.T) {
	outside := t.TempDir()
	script := "import sys\nif sys.argv[1] == 'lint':\n    pass\n"
	fixture.Write(t, filepath.Join(outside, "x.py"), script, 0o755)
	root := fixture.LinkedProject(t, map[string]string{"out.py": filepath.Join(outside, "x.py")})
	fixture.Write(t, filepath.Join(root, "huge.py"), strings.Repeat("# padding\n", 30000)+script, 0o755)
	fixture.Write(t, filepath.Join(root, "plain.py"), script, 0o755)
	fixture.Write(t, filepath.Join(root, "ok.py"), script, 0o755)
	p := Open(root, "", OSGitFS(""), nil, nil)
	for _, tc := range []struct {
		word     string
		byPython bool
		want     string
	}{
		{"out.py", true, "it leads out of the project"},
		{"huge.py", true, "larger than Memo reads"},
		{"missing.py", true, "not a file of the project"},
		{"../x.py", true, "not a file of the project"},
		{"./plain.py", false, "its #! line does not name python"},
		{"ok.py", true, ""},
	} {
		got := p.PyScriptArguments(tc.word, tc.byPython)
		if tc.want == "" {
			if !got.Known() || got.File != "ok.py" {
				t.Errorf("%s reads as %+v, want its choices", tc.word, got)
			}
			continue
		}
		if got.Known() || !strings.Contains(got.Why.String(), tc.want) {
			t.Errorf("%s reads as %+v, want unknown: %s", tc.word, got, tc.want)
		}
	}
}

// The reader of Python never panics and never takes a word the parser it
// reports does not define: every word it accepts is among Words (a
// subcommand, a switch, a choice), and it takes none after `--`.
func FuzzPyScriptReader(f *testing.F) {
	for _, seed := range [][2]string{
		{argparseScript, "lint --fix"},
		{clickScript, "config --style preview"},
		{typerScript, "update-languages"},
		{"import sys\nif sys.argv[1] == 'a': pass\n", "a"},
		{"x = f'{a[\"b\"]:{w}}' + rb'\\d' + '''q\n'''\n", "x"},
		{"import argparse\np = argparse.ArgumentParser()\np.add_argument('m', choices=['-x', 'a'])\n", "-x a"},
		{"@click.command(\n)\ndef f(): pass\n", "f"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, src, line string) {
		if len(src) > 8192 || len(line) > 256 {
			return
		}
		a := ReadPyArgs(src, true)
		words := strings.Fields(line)
		known := map[string]bool{}
		for _, w := range a.Words() {
			name, value, _ := strings.Cut(w, " ")
			known[name], known[value] = true, true
		}
		dash := false
		for i, ok := range a.Accepted(words, 0) {
			w := words[i]
			if w == "--" {
				dash = true
			}
			if !ok {
				continue
			}
			name, value, glued := strings.Cut(w, "=")
			if dash || !known[w] && !(glued && known[name] && known[value]) || w == "" {
				t.Fatalf("%q accepted in %q, which the parser does not define (%v):\n%s", w, line, a.Words(), src)
			}
			if !a.Known() {
				t.Fatalf("%q accepted though the reading is unknown (%s):\n%s", w, a.Why, src)
			}
			_ = value
		}
	})
}
