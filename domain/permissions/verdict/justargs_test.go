// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"runtime"
	"strings"
	"testing"
)

// The words after a just recipe go to its parameters: a recipe whose one
// variadic parameter it hands, last, to commands has its line checked as
// each of those commands with the words; any other use of them asks.
func TestJustRecipeArguments(t *testing.T) {
	const unread = "cannot read as handed only to a command"
	// just on Windows runs recipes with the shell windows-shell names,
	// whose splitting of the words Memo does not read.
	winOnly := ""
	if runtime.GOOS == "windows" {
		winOnly = unread
	}
	for _, tc := range []struct {
		name, justfile, rule, line string
		asking                     string // "" when approved
	}{
		{"pytest", "test *args:\n    pytest {{args}}\n", "just test", "just test -k foo", ""},
		{"pytest path", "test *args:\n    pytest {{args}}\n", "just test", "just test src", ""},
		{"plus", "lint +FLAGS:\n    ruff check {{FLAGS}}\n", "just lint", "just lint --fix", ""},
		{"spaces", "test *args:\n    pytest {{ args }}\n", "just test", "just test -x -q", ""},
		{"bash -uc", "set shell := [\"bash\", \"-uc\"]\n\ntest *args: build\n    @cargo fmt --check\n    cargo clippy {{args}}\nbuild:\n    cargo build\n", "just test", "just test --workspace", ""},
		{"rule words", "t *args:\n    go test {{args}}\n", "just t -v", "just t -v -run TestX", ""},
		{"no parameters", "test:\n    pytest\n", "just test", "just test -q", ""}, // just reads -q as a recipe it lacks: it fails
		// A quoted default is what runs without words; given words replace it.
		{"default", "test *args='-q':\n    pytest {{args}}\n", "just test", "just test -k foo", ""},
		{"windows shell elsewhere", "set windows-powershell := true\nset windows-shell := [\"pwsh\", \"-c\"]\ngen *args='':\n    cargo run -p codegen -- formatter {{args}}\n", "just gen", "just gen css", winOnly},
		{"another recipe's folder", "[working-directory: 'sub']\nother:\n    make\n\ntest *args:\n    pytest {{args}}\n", "just test", "just test -k foo", ""},
		{"its own folder", "[working-directory: 'sub']\ntest *args:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"no-cd", "[no-cd]\ntest *args:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"unread folder", "set working-directory := \"$HOME/x\"\ntest *args:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"empty default", "gen *args='':\n    cargo run -p codegen -- formatter {{args}}\n", "just gen", "just gen css", ""},
		{"default outside", "test *args=\"\":\n    pytest {{args}}\n", "just test", "just test ../x", "outside the project"},

		// Hostile neighbours: each must ask.
		{"go -exec", "t *args:\n    go test {{args}}\n", "just t", "just t -exec=x", "`-exec=x` runs another program"},
		{"outside", "test *args:\n    pytest {{args}}\n", "just test", "just test ../x", "outside the project"},
		{"python", "run *args:\n    python {{args}}\n", "just run", "just run src", "would not accept as a rule"},
		{"sh -c", "run *args:\n    sh -c {{args}}\n", "just run", "just run id", "would not accept as a rule"},
		{"command word", "run *args:\n    {{args}}\n", "just run", "just run id", unread},
		{"mid-line", "test *args:\n    pytest {{args}} tests\n", "just test", "just test -k foo", unread},
		{"glued", "test *args:\n    pytest --opt={{args}}\n", "just test", "just test -k", unread},
		{"expression", "test *args:\n    pytest {{quote(args)}}\n", "just test", "just test -k foo", unread},
		{"other interpolation", "test *args:\n    {{py}} -m pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"shell word", "test *args:\n    pytest $X {{args}}\n", "just test", "just test -k foo", unread},
		{"singular", "test target:\n    cd {{target}} && make\n", "just test", "just test -x", unread},
		{"default backtick", "test *args=`id`:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"default interpolated", "test *args=\"{{x}}\":\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"default blanks", "test *args='-q -x':\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"exported", "test *$args:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"positional", "set positional-arguments\ntest *args:\n    pytest {{args}}\n    bash \"$@\"\n", "just test", "just test -k foo", unread},
		{"positional attribute", "[positional-arguments]\ntest *args:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"export", "set export\ntest *args:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"python shell", "set shell := [\"python3\", \"-c\"]\ntest *args:\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"shebang", "test *args:\n    #!/usr/bin/env bash\n    pytest {{args}}\n", "just test", "just test -k foo", unread},
		{"continued", "test *args:\n    pytest \\\n      {{args}}\n", "just test", "just test -k foo", unread},
		{"dependency arguments", "test *args: (run args)\n    pytest {{args}}\nrun *a:\n    bash {{a}}\n", "just test", "just test -k foo", unread},
		{"unused", "test *args:\n    pytest\n", "just test", "just test -k foo", unread},
		{"second use", "test *args:\n    pytest {{args}}\n    bash {{args}}\n", "just test", "just test -k foo", "would not accept as a rule"},
		{"quote in a word", "test *args:\n    pytest {{args}}\n", "just test", "just test \"a'b\"", "read again by the shell"},
		{"override", "test *args:\n    pytest {{args}}\n", "just test", "just test FOO=1", "override a variable"},
		{"alias", "alias t := test\ntest *args:\n    pytest {{args}}\n", "just t", "just t -k foo", "does not find in the justfile"},
		{"cycle", "a *x:\n    just b {{x}}\nb *y:\n    just a {{y}}\n", "just a", "just a -q", "back to a script that runs it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := scriptProject(t, map[string]string{"justfile": tc.justfile})
			v := checkTrusted(root, []string{tc.rule}, tc.line)
			switch {
			case tc.asking == "" && !v.Approved:
				t.Errorf("justfile %q: %q (rule %q) asks (%s), want it approved", tc.justfile, tc.line, tc.rule, v.Reason)
			case tc.asking != "" && (v.Approved || !strings.Contains(v.Reason.String(), tc.asking)):
				t.Errorf("justfile %q: %q (rule %q): approved=%v %q, want it to ask with %q", tc.justfile, tc.line, tc.rule, v.Approved, v.Reason, tc.asking)
			}
		})
	}
}
