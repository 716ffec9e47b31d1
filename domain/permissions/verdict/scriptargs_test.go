// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// scriptProject makes a project holding files (path: text, executable),
// a src folder and a sub folder.
func scriptProject(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"src", "sub"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for path, text := range files {
		fixture.Write(t, filepath.Join(root, path), text, 0o755)
	}
	return root
}

// checkTrusted checks line in root with rules, trusted as the project is
// now.
func checkTrusted(root string, rules []string, line string) Verdict {
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	return NewChecker(rules).CheckIn(line, p.WithPinned(p.AllDefinitions(rules)))
}

// A project script that hands "$@" to a command has its line checked as
// that command's, under the rule of the command's words; one that only
// compares its arguments with words takes those words.
func TestScriptForwardsItsArguments(t *testing.T) {
	const manifest = `{"version": 1, "isRoot": true, "tools": {"cake.tool": {"version": "6.1.0", "commands": ["dotnet-cake"]}}}`
	for _, tc := range []struct {
		name   string
		files  map[string]string
		rule   string
		line   string
		asking string // "" when approved
	}{
		{"go test", map[string]string{"t.sh": "#!/bin/sh\nset -e\ncd \"$(dirname \"$0\")\"\ngo test \"$@\"\n"},
			"./t.sh", "./t.sh -race -covermode atomic ./...", ""},
		{"go test run", map[string]string{"t.sh": "#!/bin/sh\ngo test \"$@\"\n"}, "./t.sh", "./t.sh -run TestX -count=1 ./src", ""},
		{"rule words", map[string]string{"t.sh": "#!/bin/sh\ngo test \"$@\"\n"}, "./t.sh -v", "./t.sh -v -run TestX", ""},
		{"dotnet run", map[string]string{"build": "#!/usr/bin/env bash\nset -euo pipefail\npushd $( cd \"$(dirname \"$0\")\" ; pwd -P ) >/dev/null\ndotnet run --project tools/builder --no-launch-profile -- \"$@\"\n",
			"tools/builder/b.csproj": "<Project/>\n"}, "./build", "./build Test --timing", ""},
		{"choices", map[string]string{"ci.sh": "#!/bin/sh\nif [ \"$1\" = \"compile\" ]; then go build; elif [ \"$1\" = js_tests ]; then go test ./...; fi\n"},
			"./ci.sh", "./ci.sh js_tests", ""},
		{"case choices", map[string]string{"ci.sh": "#!/bin/bash\ncase \"${1:-}\" in\n  unit|lint) make all ;;\n  *) exit 1 ;;\nesac\n"},
			"./ci.sh", "./ci.sh lint", ""},
		{"script to script", map[string]string{"a.sh": "#!/bin/sh\n./sub/b.sh \"$@\"\n", "sub/b.sh": "#!/bin/sh\ncd \"$(dirname \"$0\")\" && exec go vet \"$@\"\n"},
			"./a.sh", "./a.sh ./...", ""},
		{"in a folder", map[string]string{"t.sh": "#!/bin/sh\ncd sub || exit 1\ngo vet \"$@\"\n"}, "./t.sh", "./t.sh ./...", ""},
		{"under bash", map[string]string{"t.sh": "go vet \"$@\"\n"}, "bash t.sh", "bash t.sh ./src", ""},

		{"an option go does not take", map[string]string{"t.sh": "#!/bin/sh\ngo test \"$@\"\n"}, "./t.sh", "./t.sh -exec x", "`-exec` runs another program"},
		{"a path outside", map[string]string{"t.sh": "#!/bin/sh\ngo test \"$@\"\n"}, "./t.sh", "./t.sh ../x", "outside the project"},
		{"a path outside from the folder", map[string]string{"t.sh": "#!/bin/sh\ncd sub || exit 1\ngo vet \"$@\"\n"}, "./t.sh", "./t.sh ../../x", "outside the project"},
		{"split words", map[string]string{"t.sh": "#!/bin/sh\ngo test $@\n"}, "./t.sh", `./t.sh "-v -exec=x"`, "`-exec=x` runs another program"},
		{"not a choice", map[string]string{"ci.sh": "#!/bin/sh\nif [ \"$1\" = \"compile\" ]; then go build; fi\n"}, "./ci.sh", "./ci.sh deploy", "none of the words"},
		{"a second argument", map[string]string{"ci.sh": "#!/bin/sh\nif [ \"$1\" = \"compile\" ]; then go build; fi\n"}, "./ci.sh", "./ci.sh compile src", "does not read as one of its choices"},
		{"no manifest", map[string]string{"b.sh": "#!/bin/sh\ndotnet cake \"$@\"\n"}, "./b.sh", "./b.sh --target=Test", "dotnet-tools.json"},
		{"cake options", map[string]string{"b.sh": "#!/bin/sh\ndotnet cake \"$@\"\n", ".config/dotnet-tools.json": manifest}, "./b.sh", "./b.sh --frobnicate", "`--frobnicate` is not"},

		// Hostile: each must ask.
		{"exec at", map[string]string{"x.sh": "#!/bin/sh\nexec \"$@\"\n"}, "./x.sh", "./x.sh id", "neither a path in the project"},
		{"at alone", map[string]string{"x.sh": "#!/bin/sh\n\"$@\"\n"}, "./x.sh", "./x.sh src", ""},
		{"eval", map[string]string{"x.sh": "#!/bin/sh\neval \"$@\"\n"}, "./x.sh", "./x.sh id", "neither a path in the project"},
		{"sh -c", map[string]string{"x.sh": "#!/bin/sh\nsh -c \"$1\"\n"}, "./x.sh", "./x.sh id", "neither a path in the project"},
		{"command word", map[string]string{"x.sh": "#!/bin/sh\n$1 --version\n"}, "./x.sh", "./x.sh id", "neither a path in the project"},
		{"bash at", map[string]string{"x.sh": "#!/bin/sh\nbash \"$@\"\n"}, "./x.sh", "./x.sh src", "would not accept as a rule"},
		{"rm", map[string]string{"x.sh": "#!/bin/sh\nrm -rf \"$@\"\n"}, "./x.sh", "./x.sh src", "would not accept as a rule"},
		{"curl", map[string]string{"x.sh": "#!/bin/sh\ncurl \"$@\"\n"}, "./x.sh", "./x.sh src", "would not accept as a rule"},
		{"git -c", map[string]string{"x.sh": "#!/bin/sh\ngit -c core.pager=cat log \"$@\"\n"}, "./x.sh", "./x.sh src", "would not accept as a rule"},
		{"bare git", map[string]string{"x.sh": "#!/bin/sh\ngit \"$@\"\n"}, "./x.sh", "./x.sh status", "would not accept as a rule"},
		{"git output", map[string]string{"x.sh": "#!/bin/sh\ngit log \"$@\"\n"}, "./x.sh", "./x.sh --output=/tmp/x", "/tmp/x"},
		{"branch runs $2", map[string]string{"x.sh": "#!/bin/sh\nif [ \"$1\" = run ]; then $2; fi\n"}, "./x.sh", "./x.sh run id", "neither a path in the project"},
		{"case glob", map[string]string{"x.sh": "#!/bin/bash\ncase \"$1\" in\n  js_*) go test ./... ;;\nesac\n"}, "./x.sh", "./x.sh js_x", "neither a path in the project"},
		{"set --", map[string]string{"x.sh": "#!/bin/bash\nset -- evil\ngo test \"$@\"\n"}, "./x.sh", "./x.sh -v", "not an option the rule spells"},
		{"function", map[string]string{"x.sh": "#!/bin/bash\ngo() { rm -rf \"$@\"; }\ngo test \"$@\"\n"}, "./x.sh", "./x.sh -v", "not an option the rule spells"},
		{"path variable", map[string]string{"x.sh": "#!/bin/bash\nPATH=./tools:$PATH\ngo test \"$@\"\n"}, "./x.sh", "./x.sh -v", "not an option the rule spells"},
		{"cycle", map[string]string{"a.sh": "#!/bin/sh\n./b.sh \"$@\"\n", "b.sh": "#!/bin/sh\n./a.sh \"$@\"\n"}, "./a.sh", "./a.sh -v", "back to a script that runs it"},
		{"cmd", map[string]string{"build.cmd": ":<<\"::CMDLITERAL\"\n@CALL build\\build.bat %*\n@GOTO :EOF\n::CMDLITERAL\ngo test \"$@\"\n"}, "./build.cmd", "./build.cmd pack", "neither a path in the project"},
		{"ps1", map[string]string{"build.ps1": "dotnet cake @args\n"}, "./build.ps1", "./build.ps1 -Target x", "not an option the rule spells"},
		{"python", map[string]string{"x.sh": "#!/usr/bin/env python3\nimport os\n"}, "./x.sh", "./x.sh deploy", "neither a path in the project"},
		{"python runs it", map[string]string{"x.sh": "go vet \"$@\"\n"}, "python x.sh", "python x.sh deploy", "neither a path in the project"},
		{"syntax error", map[string]string{"x.sh": "#!/bin/sh\nif then go test \"$@\"\n"}, "./x.sh", "./x.sh -v", "not an option the rule spells"},
		{"huge", map[string]string{"x.sh": "#!/bin/sh\n" + strings.Repeat("# padding\n", 30000) + "go test \"$@\"\n"}, "./x.sh", "./x.sh -v", "not an option the rule spells"},
		{"quoted text", map[string]string{"t.sh": "#!/bin/sh\ngo test \"$@\"\n"}, "./t.sh", "./t.sh -run 'A|B'", "`|`"},
		// The forwarded command's output, which the arguments choose, read as
		// code: its own line passes, what the script does with it does not.
		{"output piped to sh", map[string]string{"x.sh": "#!/bin/sh\nbasename \"$@\" | sh\n"}, "./x.sh", "./x.sh 'touch pwned'", "neither a path in the project"},
		{"output substituted", map[string]string{"x.sh": "#!/bin/sh\nx=$(basename \"$@\")\nbash -c \"$x\"\n"}, "./x.sh", "./x.sh 'touch pwned'", "neither a path in the project"},
		{"output as the command", map[string]string{"x.sh": "#!/bin/sh\n$(basename \"$@\")\n"}, "./x.sh", "./x.sh touch", "neither a path in the project"},
		{"output to sh -c", map[string]string{"x.sh": "#!/bin/sh\nsh -c \"$(git log -1 \"$@\")\"\n"}, "./x.sh", "./x.sh --format=id", "not an option the rule spells"},
		{"output to a process", map[string]string{"x.sh": "#!/bin/bash\ngit log -1 \"$@\" > >(sh)\n"}, "./x.sh", "./x.sh --format=id", "not an option the rule spells"},
		{"all output to a process", map[string]string{"x.sh": "#!/bin/bash\nexec > >(sh)\ngit log -1 \"$@\"\n"}, "./x.sh", "./x.sh --format=id", "not an option the rule spells"},
		{"output to a computed place", map[string]string{"x.sh": "#!/bin/bash\ncoproc sh\ngit log -1 \"$@\" >&\"${COPROC[1]}\"\n"}, "./x.sh", "./x.sh --format=id", "not an option the rule spells"},
		{"process substitution read", map[string]string{"x.sh": "#!/bin/bash\nsh <(basename \"$@\")\n"}, "./x.sh", "./x.sh touch", "neither a path in the project"},
		// dash (/bin/sh on Debian) sets no BASH_SOURCE: cd "$(dirname
		// "${BASH_SOURCE[0]}")" fails and go build runs in the line's
		// folder, where ../bin/x is outside the project.
		{"bash source under a sh #! line", map[string]string{"ci/b.sh": "#!/bin/sh\ncd \"$(dirname \"${BASH_SOURCE[0]}\")\"\ngo build \"$@\"\n", "go.mod": "module x\n\ngo 1.22\n"}, "./ci/b.sh", "./ci/b.sh -o ../src/x", "not an option the rule spells"},
		{"bash source run by sh", map[string]string{"ci/c.sh": "#!/bin/bash\ncd \"$(dirname \"${BASH_SOURCE[0]}\")\"\ngo build \"$@\"\n", "go.mod": "module x\n\ngo 1.22\n"}, "sh ci/c.sh", "sh ci/c.sh -o ../src/x", "not an option the rule spells"},
		{"bash source run by bash", map[string]string{"ci/c.sh": "#!/bin/bash\ncd \"$(dirname \"${BASH_SOURCE[0]}\")\"\ngo build \"$@\"\n", "go.mod": "module x\n\ngo 1.22\n"}, "bash ci/c.sh", "bash ci/c.sh -o ../src/x", ""},
		{"missing command handler", map[string]string{"x.sh": "#!/bin/bash\ncommand_not_found_handle() { bash -c \"$*\"; }\nnot-installed-tool \"$@\"\n"}, "./x.sh", "./x.sh --x", "not an option the rule spells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := scriptProject(t, tc.files)
			v := checkTrusted(root, []string{tc.rule}, tc.line)
			switch {
			case tc.name == "at alone":
				// "$@" as the command: unknown, read as today (src is a
				// path the project holds, so it passes as an operand).
				if strings.Contains(v.Reason.String(), "hands its arguments") {
					t.Errorf("%q: %q, want the script read as a program without an entry", tc.line, v.Reason)
				}
			case tc.asking == "" && !v.Approved:
				t.Errorf("%q (rule %q) asks (%s), want it approved", tc.line, tc.rule, v.Reason)
			case tc.asking != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.asking)):
				t.Errorf("%q (rule %q): approved=%v %q, want it to ask with %q", tc.line, tc.rule, v.Approved, v.Reason, tc.asking)
			}
		})
	}
}

// A script that leads out of the project, or that changed since trust,
// asks as before; what it hands its arguments to is pinned with the rule.
func TestScriptForwardsArePinned(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "t.sh"), "#!/bin/sh\ngo test \"$@\"\n", 0o755)
	root := scriptProject(t, map[string]string{
		"t.sh":                      "#!/bin/sh\ngo test \"$@\"\n",
		"b.sh":                      "#!/bin/sh\ndotnet cake \"$@\"\n",
		".config/dotnet-tools.json": `{"version": 1, "isRoot": true, "tools": {}}`,
	})
	if err := os.Symlink(filepath.Join(outside, "t.sh"), filepath.Join(root, "out.sh")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if v := checkTrusted(root, []string{"./out.sh"}, "./out.sh -v"); v.Approved {
		t.Errorf("./out.sh (a link out of the project) approved, want it to ask")
	}
	rules := []string{"./t.sh", "./b.sh"}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	pins := p.AllDefinitions(rules)
	if got := fixture.Keys(pins); !strings.Contains(got, ".config/dotnet-tools.json#") || !strings.Contains(got, "b.sh#") {
		t.Errorf("the rules pin %s, want the scripts and the tool manifest dotnet cake runs from", got)
	}
	fixture.Write(t, filepath.Join(root, "t.sh"), "#!/bin/sh\nrm -rf \"$@\"\ngo test \"$@\"\n", 0o755)
	fixture.Write(t, filepath.Join(root, ".config/dotnet-tools.json"), `{"version": 1, "isRoot": true, "tools": {"x": {"version": "1.0.0", "commands": ["dotnet-cake"]}}}`, 0o644)
	for _, line := range []string{"./t.sh -v", "./t.sh", "./b.sh"} {
		q := NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(pins)
		v := NewChecker(rules).CheckIn(line, q)
		if line == "./t.sh -v" && !v.Approved {
			continue // it asks already for what the new script hands them to
		}
		if v.Approved || !strings.Contains(v.Reason.String(), "changed since you trusted") {
			t.Errorf("%q after the script or manifest changed: approved=%v %q, want it to ask as changed", line, v.Approved, v.Reason)
		}
	}
}

// The rule's labels say what its script hands its arguments to, or which
// words it takes.
func TestScriptArgumentsLabelled(t *testing.T) {
	root := scriptProject(t, map[string]string{
		"build": "#!/bin/sh\ncd \"$(dirname \"$0\")\"\ndotnet run --project tools/builder -- \"$@\"\n",
		"ci.sh": "#!/bin/sh\ncase \"$1\" in\n  unit) go test ./... ;;\n  lint) go vet ./... ;;\nesac\n",
		"x.sh":  "#!/bin/sh\neval \"$@\"\n",
		"sw.sh": "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) F=1 ;;\n    --lint) L=1 ;;\n    *) exit 1 ;;\n  esac\n  shift\ndone\n",
	})
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	for rule, want := range map[string]string{
		"./build": "hands its arguments to `dotnet run --project tools/builder --`: the words past the rule's are checked as that command's",
		"./ci.sh": "takes as arguments only the words it compares them with: `lint`, `unit`",
		"./x.sh":  "",
		"./sw.sh": "takes as arguments only the words it compares them with: `--fast`, `--lint`",
	} {
		defs, _ := p.Definitions(rule)
		labels := RuleLabels(rule, projectfiles.CompareDefinitions(defs, defs))
		var all []string
		for _, l := range labels {
			all = append(all, l.String())
		}
		got := strings.Join(all, "; ")
		if want == "" && (strings.Contains(got, "hands its arguments") || strings.Contains(got, "takes as arguments")) {
			t.Errorf("%s labelled %q, want no word of its arguments (unknown)", rule, got)
		}
		if want != "" && !strings.Contains(got, want) {
			t.Errorf("%s labelled %q, want %q", rule, got, want)
		}
	}
}

// The reading of a script's arguments never panics, and never approves a
// line whose forwarded command would ask checked as a line of its own
// under the rule of its words, nor a word a choices script does not take.
func FuzzScriptArguments(f *testing.F) {
	for _, seed := range [][2]string{
		{"#!/bin/sh\ngo test \"$@\"\n", "-run TestX ./..."},
		{"#!/bin/sh\ncd \"$(dirname \"$0\")\" && exec go vet \"$@\"\n", "./src -exec x"},
		{"#!/bin/bash\nset -euo pipefail\npushd $( cd \"$(dirname \"$0\")\" ; pwd -P ) >/dev/null\ndotnet run --project sub -- \"$@\"\n", "Test --timing"},
		{"#!/bin/sh\nif [ \"$1\" = \"compile\" ]; then go build; elif [ \"$1\" = js ]; then go test; fi\n", "js"},
		{"#!/bin/bash\ncase \"$1\" in a|b) make all ;; *) exit 1 ;; esac\n", "a b"},
		{"#!/bin/sh\ngo test $@\n", "\"-v -exec=x\""},
		{"#!/bin/sh\nrm -rf \"$@\"\n", "src"},
		{"#!/bin/sh\n./sub/b.sh \"$@\"\n", "../x"},
		{"#!/bin/sh\ncd sub || exit 1\ngit log \"$@\"\n", "--output=../../x"},
		{"#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) :;;\n    *) eval \"$1\";;\n  esac\n  shift\ndone\n", "--ok --ok"},
	} {
		f.Add(seed[0], seed[1])
	}
	root := scriptProject(f, map[string]string{"sub/b.sh": "#!/bin/sh\ngo vet \"$@\"\n"})
	f.Fuzz(func(t *testing.T, script, args string) {
		if len(script) > 4096 || len(args) > 256 {
			return
		}
		fixture.Write(t, filepath.Join(root, "s.sh"), script, 0o755)
		line := "./s.sh " + args
		v := checkTrusted(root, []string{"./s.sh"}, line)
		if !v.Approved {
			return
		}
		words, quoted, reason := cmdlineWords(line)
		if !reason.IsZero() || quoted || len(words) < 2 {
			return
		}
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		a := p.ScriptArguments("./s.sh")
		if !a.Known() {
			return // read as a program without an entry, as before
		}
		extra := words[1:]
		if len(a.Switches) > 0 {
			for _, w := range extra {
				if n, ok := projectfiles.NormalizeSwitch(a.SwitchNorm, w); !ok || !containsWord(a.Switches, n) {
					t.Fatalf("%q approved under ./s.sh, but its loop takes no switch %q:\n%s", line, w, script)
				}
			}
			return
		}
		if len(a.Forwards) == 0 {
			for i, w := range extra {
				if i >= len(a.Choices) || !containsWord(a.Choices[i], w) {
					t.Fatalf("%q approved under ./s.sh, but the script does not take %q:\n%s", line, w, script)
				}
			}
			return
		}
		for _, fw := range a.Forwards {
			rule, ok := ruleOf(fw.Words)
			if !ok || !AcceptRule(rule).IsZero() {
				t.Fatalf("%q approved, but the script hands it to %q, which is no accepted rule:\n%s", line, fw.Words, script)
			}
			lineArgs := extra
			if fw.Split {
				lineArgs = splitBlanks(extra)
			}
			fwd, ok := ruleOf(append(append([]string{}, fw.Words...), lineArgs...))
			if !ok {
				continue
			}
			q := NewProject(root, fw.Dir, projectfiles.OSGitFS(""), nil)
			if v2 := NewChecker([]string{rule}).CheckIn(fwd, q.WithPinned(q.AllDefinitions([]string{rule}))); !v2.Approved {
				t.Fatalf("%q approved, but the line it hands on, %q under %q, asks (%s):\n%s", line, fwd, rule, v2.Reason, script)
			}
		}
	})
}

// cmdlineWords are a line's words, and whether any quoted character the
// strict set refuses stands in them.
func cmdlineWords(line string) ([]string, bool, domain.Text) {
	words, q, reason := cmdline.QuotedWords(line)
	return words, q.Any(), reason
}

func containsWord(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

// A script's loop over its switches takes, in any place and number, the
// words of its branches that read nothing more of the line; a word its
// branches lack (which the default would eval, exec or hand to bash -c),
// a value branch's word and its value, and a case on another argument ask.
func TestScriptSwitchLoopArguments(t *testing.T) {
	const arcade = "#!/usr/bin/env bash\nset -e\nwhile [[ $# > 0 ]]; do\n  opt=\"$(echo \"${1/#--/-}\" | tr \"[:upper:]\" \"[:lower:]\")\"\n  case \"$opt\" in\n    -build|-b) build=true ;;\n    -rebuild) rebuild=true ;;\n    -pack) pack=true ;;\n    -projects) projects=$2; shift ;;\n    *) properties+=(\"$1\") ;;\n  esac\n  shift\ndone\n./eng/run.sh\n"
	loop := func(dflt string) string {
		return "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) FAST=1 ;;\n    --lint|-l) make lint ;;\n    --out) cp build/x \"$2\"; shift ;;\n    *) " + dflt + " ;;\n  esac\n  shift\ndone\ngo test ./...\n"
	}
	for _, tc := range []struct {
		name, script, line, asking string // asking "" when approved
	}{
		{"arcade --build", arcade, "./b.sh --build", ""},
		{"arcade several", arcade, "./b.sh --rebuild --pack -b", ""},
		{"arcade upper case", arcade, "./b.sh --Pack", ""},
		{"arcade default", arcade, "./b.sh /p:RestoreSources=x", "none of the words"},
		{"arcade value", arcade, "./b.sh --projects ../../x.sln", "none of the words"},
		{"arcade echo option", arcade, "./b.sh --n", "none of the words"},
		{"switches", loop("echo unknown; exit 1"), "./b.sh --fast -l --fast", ""},
		{"default evals", loop("eval \"$1\""), "./b.sh 'touch pwned'", "none of the words"},
		{"default execs", loop("exec \"$@\""), "./b.sh id", "none of the words"},
		{"default bash -c", loop("bash -c \"$1\""), "./b.sh --fast id", "none of the words"},
		{"value outside", loop("exit 1"), "./b.sh --out /tmp/x", "none of the words"},
		{"case on $2", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$2\" in\n    --fast) : ;;\n  esac\n  shift\ndone\n", "./b.sh --fast", "not an option the rule spells"},
		{"$1 read elsewhere", "#!/bin/bash\nrm -rf \"build/$1\"\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) : ;;\n  esac\n  shift\ndone\n", "./b.sh --fast", "not an option the rule spells"},
		{"through a script", "#!/bin/sh\nexec ./eng/arcade.sh --nodeReuse false \"$@\"\n", "./b.sh --pack --build", ""},
		{"through a script, a property", "#!/bin/sh\nexec ./eng/arcade.sh --nodeReuse false \"$@\"\n", "./b.sh --pack /p:X=1", "none of the words"},
		// A script of its own shift, test or [ may leave its words to "$@".
		{"own shift", "#!/bin/bash\nshift() { :; }\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) FAST=1 ;;\n  esac\n  shift\ndone\nexec \"$@\"\n", "./b.sh --fast", "not an option the rule spells"},
		{"own [", "#!/bin/bash\n[() { false; }\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) FAST=1 ;;\n  esac\n  shift\ndone\nexec \"$@\"\n", "./b.sh --fast", "not an option the rule spells"},
		{"own test", "#!/bin/sh\ntest() { return 1; }\nwhile test $# -gt 0; do\n  case \"$1\" in\n    --fast) FAST=1 ;;\n  esac\n  shift\ndone\n\"$@\"\n", "./b.sh --fast", "not an option the rule spells"},
		{"shift in a function of another name", "#!/bin/bash\nnext() { :; }\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) FAST=1 ;;\n  esac\n  shift\ndone\nexec \"$@\"\n", "./b.sh --fast", ""},
		{"forwarded before", "#!/bin/bash\ngo vet \"$@\"\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) : ;;\n  esac\n  shift\ndone\n", "./b.sh --fast", "not an option the rule spells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := scriptProject(t, map[string]string{"b.sh": tc.script, "eng/run.sh": "#!/bin/sh\necho ok\n", "eng/arcade.sh": arcade})
			v := checkTrusted(root, []string{"./b.sh"}, tc.line)
			switch {
			case tc.asking == "" && !v.Approved:
				t.Errorf("%q asks (%s), want it approved:\n%s", tc.line, v.Reason, tc.script)
			case tc.asking != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.asking)):
				t.Errorf("%q: approved=%v %q, want it to ask with %q:\n%s", tc.line, v.Approved, v.Reason, tc.asking, tc.script)
			}
		})
	}
}
