// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"
)

// Options may stand between the words a rule names for the programs whose
// entry says so (options_between): each member of the class, and what must
// still ask.
func TestOptionsBetweenTheRulesWords(t *testing.T) {
	for _, c := range []struct {
		rule, line string
		approve    bool
		reason     string // part of the reason, when it asks
	}{
		// before the subcommand
		{"npm version", "npm --no-git-tag-version version minor", true, ""},
		{"pnpm run build", "pnpm --silent run build", true, ""},
		{"pnpm test", "pnpm --reporter=silent test", true, ""},
		// between the subcommand and the script
		{"pnpm run build", "pnpm run --if-present build", true, ""},
		{"pnpm run --filter @zod/resolution test:all", "pnpm run --filter @zod/resolution --parallel test:all", true, ""},
		// between the rule's own options and the script
		{"pnpm --filter=./packages/ui test:ui", "pnpm --filter=./packages/ui --no-bail test:ui --merge-reports", true, ""},
		// a value is read as the option's, never as the rule's word
		{"pnpm test", "pnpm --reporter test build", false, "no allowed rule"},
		// an option the entry does not know ends the match
		{"pnpm test", "pnpm --bogus test", false, "no allowed rule"},
		// options that choose where the command runs are never skipped
		{"pnpm test", "pnpm --filter web test", false, "no allowed rule"},
		{"pnpm test", "pnpm -F web test", false, "no allowed rule"},
		{"pnpm test", "pnpm -C packages/web test", false, "no allowed rule"},
		{"pnpm test", "pnpm --dir=packages/web test", false, "no allowed rule"},
		{"pnpm build", "pnpm -r build", false, "no allowed rule"},
		{"pnpm build", "pnpm --recursive build", false, "no allowed rule"},
		{"npm run build", "npm -w packages/a run build", false, "no allowed rule"},
		{"npm run build", "npm --workspaces run build", false, "no allowed rule"},
		// risky options are no safe options: nothing is skipped over them
		{"npm run build", "npm --script-shell=/tmp/x run build", false, "no allowed rule"},
		{"npm run build", "npm --prefix /tmp run build", false, "no allowed rule"},
		{"npm run build", "npm run build --script-shell=/tmp/x", false, "runs another program"},
		// `--` ends the options
		{"pnpm test", "pnpm -- test", false, "no allowed rule"},
		// programs whose entry does not say so keep the plain prefix
		{"go test", "go -C dir test", false, "no allowed rule"},
		// git's entry says so for its global options (--no-pager) and its
		// lead options (-c, -C), whose risky values then ask
		{"git status", "git --no-pager status", true, ""},
		{"git status", "git -c core.pager=sh status", false, "`core.pager=sh`"},
		{"git status", "git -c user.name=x status", true, ""},
		{"git status", "git --git-dir=/tmp/x status", false, "no allowed rule"},
		{"git log", "git log -c HEAD", true, ""}, // after the subcommand -c is log's own
		// cargo's entry says so too: its global safe options, never
		// --config or -C
		{"cargo test", "cargo --locked test", true, ""},
		{"cargo test", "cargo --config build.rustc-wrapper=x test", false, "no allowed rule"},
		{"cargo test", "cargo -C /tmp test", false, "no allowed rule"},
		{"cargo test", "cargo -Zscript test", false, "turns on unstable features"},
		// after a subcommand the entry does not know, nothing is skipped
		{"cargo foo bar", "cargo foo -v bar", false, "no allowed rule"},
		{"cargo foo bar", "cargo -v foo bar", true, ""},
	} {
		v := NewChecker([]string{c.rule}).Check(c.line, nil)
		if v.Approved != c.approve || (!c.approve && !strings.Contains(v.Reason.String(), c.reason)) {
			t.Errorf("rule %q, line %q: approved=%v (%s), want approved=%v (%s)", c.rule, c.line, v.Approved, v.Reason, c.approve, c.reason)
		}
	}
}

// The options that choose the workspace packages or the folder a command
// runs in pass only where the rule names them (selects in the entry), each
// spelling of each program.
func TestSelectsOnlyWhereTheRuleNamesThem(t *testing.T) {
	for _, c := range []struct {
		rule, line string
		approve    bool
	}{
		{"npm run test:types -w packages/js", "npm run test:types -w packages/js", true},
		{"npm test", "npm test -w packages/js", false},
		{"npm test", "npm test --workspace=packages/js", false},
		{"npm test", "npm test --workspace packages/js", false},
		{"npm test", "npm test --workspaces", false},
		{"npm test", "npm test -ws", false},
		{"npm run test:types -w packages/js", "npm run test:types -w packages/js -w packages/other", false},
		{"npm run test:types -w packages/js", "npm run test:types -w packages/js --workspaces", false},
		{"pnpm --filter web build", "pnpm --filter web build", true},
		{"pnpm --filter web build", "pnpm --filter web --filter api build", false},
		{"pnpm -F web test", "pnpm -F web test", true},
		{"pnpm -C docs run build", "pnpm -C docs run build", true},
		{"pnpm -C docs run build", "pnpm -C docs run -C /tmp build", false},
		{"pnpm run --filter web build", "pnpm run --filter web -r build", false},
		{"pnpm install", "pnpm install --filter web", false},
		{"pnpm install", "pnpm install -C packages/web", false},
	} {
		v := NewChecker([]string{c.rule}).Check(c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("rule %q, line %q: approved=%v (%s), want %v", c.rule, c.line, v.Approved, v.Reason, c.approve)
		}
		if !c.approve && v.Reason.IsZero() {
			t.Errorf("rule %q, line %q asks with no reason", c.rule, c.line)
		}
	}
}
