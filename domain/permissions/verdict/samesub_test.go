// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// A documented alias of a subcommand (same_subs: npm i, npm ci and
// clean-install, npm t, pnpm i) matches the rule of the other spelling and
// is judged as the rule spells it; anything else the alias line adds still
// asks, and a word that is no alias (npm add, npm tst, npm it) is matched
// as before.
func TestSameSubcommands(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "node test.js"}}`, 0o644)
	for _, c := range []struct {
		rules []string
		line  string
		want  string // "" approved, else a part of the reason
	}{
		{[]string{"npm install"}, "npm i", ""},
		{[]string{"npm install"}, "npm i --no-audit --no-fund", ""},
		{[]string{"npm i"}, "npm install", ""},
		{[]string{"npm ci"}, "npm clean-install", ""},
		{[]string{"npm clean-install"}, "npm ci --ignore-scripts", ""},
		{[]string{"npm test"}, "npm t", ""},
		{[]string{"pnpm install"}, "pnpm i --frozen-lockfile", ""},
		{[]string{"npm install"}, "npm i left-pad", "left-pad"},
		{[]string{"npm install"}, "npm i --script-shell=/tmp/x", "script-shell"},
		{[]string{"npm install"}, "npm add left-pad", "no allowed rule starts this line"},
		{[]string{"npm install"}, "npm it", "no allowed rule starts this line"},
		{[]string{"npm test"}, "npm tst", "no allowed rule starts this line"},
		{[]string{"npm ci"}, "npm i", "no allowed rule starts this line"},
		{[]string{"npm test"}, "npm t -w other", "workspace"},
		{[]string{"pnpm install"}, "pnpm add left-pad", "no allowed rule starts this line"},
		{[]string{"pnpm install"}, "pnpm i left-pad", "adds a package"},
		{[]string{"pnpm install --frozen-lockfile"}, "pnpm i", "no allowed rule starts this line"},
		{[]string{"yarn install"}, "yarn i", "no allowed rule starts this line"},
	} {
		wantVerdict(t, c.line+" under "+c.rules[0], checkIn(root, "", c.rules, c.line), c.want)
	}
}

// mix do runs its tasks one after the other (`+`, or the older trailing
// comma): each must be a task of mix's table and pass as a mix line of its
// own; the project's aliases, a task Memo does not know, a risky task or
// an empty task ask.
func TestMixDoTasks(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "mix.exs"), "defmodule X.MixProject do\nend\n", 0o644)
	for line, want := range map[string]string{
		"mix do deps.get + deps.compile + compile":        "",
		"mix do deps.get, deps.compile, compile":          "",
		"mix do compile --warnings-as-errors + test":      "",
		"mix do format --check-formatted, credo --strict": "",
		"mix do":                                    "",
		"mix do deps.get + local.hex --force":       "installs or changes programs outside the project",
		"mix do compile + run -e System.cmd":        "runs another program",
		"mix do compile + cmd rm -rf x":             "runs code",
		"mix do compile + do run x":                 "runs another program",
		"mix do compile + setup":                    "is not a mix task Memo knows",
		"mix do compile + my.alias":                 "is not a mix task Memo knows",
		"mix do compile +":                          "is not a mix task Memo knows",
		"mix do + compile":                          "is not a mix task Memo knows",
		"mix do compile, , test":                    "is not a mix task Memo knows",
		"mix do compile --eval IO.puts":             "runs another program",
		"mix do test /etc/passwd":                   "outside the project",
		"mix do -e x compile":                       "runs another program",
		"mix do tailwind.install, tailwind default": "downloads and installs a program",
	} {
		wantVerdict(t, line+" under mix do", checkIn(root, "", []string{"mix do"}, line), want)
	}
	if got := AcceptRule("mix do"); !got.IsZero() {
		t.Errorf("AcceptRule(mix do) = %q, want it accepted", got)
	}
	if got := AcceptRule("mix do compile + run x.exs"); got.IsZero() {
		t.Errorf("AcceptRule(mix do compile + run x.exs) is accepted, want it refused")
	}
}
