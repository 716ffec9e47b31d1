// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// Verdict is the checker's answer for one command line (docs/cli.md §14
// check-command: {approved, rule, reason}).
type Verdict struct {
	Approved bool   `json:"approved"`
	Rule     string `json:"rule"`
	// Rules are, for an approved compound line (docs/permissions.md §3),
	// the rule of each command in order: "" for a filter, `true`, `:` or
	// `cd`. Rule is the first command's.
	Rules []string `json:"rules,omitempty"`
	// Reason prints as its English sentence; the window words it.
	Reason domain.Text `json:"reason"`
	// BlockedBy is the project file and key that make the line ask, when
	// one does (a git config key, .npmrc, .cargo/config.toml …).
	BlockedBy *projectfiles.Block `json:"blocked_by,omitempty"`
}

// NoRule is the reason when no rule starts the line.
var NoRule = domain.T("no allowed rule starts this line")

// Checker holds a file's accepted rules, each split into words once.
type Checker struct {
	cat   *catalog.Catalog
	rules []rule
}

type rule struct {
	text    string
	words   []string
	spelled map[string]bool
}

// NewChecker keeps the rules that are accepted (AcceptRule); refused ones
// approve nothing.
func NewChecker(rules []string) *Checker { return NewCheckerIn(catalog.Builtin(), rules) }

func NewCheckerIn(c *catalog.Catalog, rules []string) *Checker {
	ch := &Checker{cat: c}
	for _, r := range rules {
		if !AcceptRuleIn(c, r).IsZero() {
			continue
		}
		words, _ := cmdline.Words(r)
		words = c.WithoutInertSwitches(words)
		ch.rules = append(ch.rules, rule{text: r, words: words, spelled: catalog.SpelledOptions(words)})
	}
	return ch
}

// CheckCommand decides whether line is approved by rules (docs/permissions.md §2–§7); see
// Checker.Check.
func CheckCommand(rules []string, line string, git projectfiles.GitCheck) Verdict {
	return NewChecker(rules).Check(line, git)
}

// Check decides whether line is approved. git may be nil when the line is
// checked without a repository (the editor's live verdicts); paths are then
// checked on their words alone. The work is linear in the line and the
// rules.
func (c *Checker) Check(line string, git projectfiles.GitCheck) Verdict {
	return c.check(line, &inspector{cat: c.cat, git: git})
}

// CheckIn decides whether line is approved in a project: its paths through
// the links the project holds, the repository's remotes, git
// configuration and hooks, and the configs that make programs run others.
func (c *Checker) CheckIn(line string, p *projectfiles.Project) Verdict {
	p.Cache.Sync()
	return c.check(line, &inspector{cat: c.cat, project: p, git: p.Git})
}

func (c *Checker) check(line string, in *inspector) Verdict {
	if strings.ContainsAny(line, ";&|<>") {
		if cl, ok, reason := cmdline.SplitCompound(line); ok {
			if !reason.IsZero() {
				return Verdict{Reason: reason}
			}
			if in.project == nil && cl.Files() {
				// No folder to find a file in (the editor's live verdict):
				// the character's reason, as before.
				return Verdict{Reason: cmdline.CharGate(line)}
			}
			return c.checkCompound(cl, in) // compound.go
		}
	}
	in.envAssigns, in.projectAssigns = nil, nil
	words, quoted, reason := cmdline.QuotedWords(line)
	if reason.Template == cmdline.SetsVariable.Template {
		words, reason = in.afterAssignments(line) // assigns.go
	}
	if !reason.IsZero() {
		return Verdict{Reason: reason}
	}
	if len(quoted.Globs) > 0 {
		return c.checkGlobs(words, quoted, in) // globs.go
	}
	return c.judge(words, quoted, nil, in)
}

// judge decides whether words, the line as bash passes them, are approved.
// expanded are the places, counted from the end, of the words bash made
// from a file-name pattern: never among the rule's own words. Every rule
// that starts the line is tried, so a wider rule that asks (pytest) does
// not hide a narrower one that approves (pytest --foo); when none
// approves, the answer is the most specific rule's: the one of most words.
func (c *Checker) judge(words []string, quoted cmdline.QuotedChars, expanded map[int]bool, in *inspector) Verdict {
	cands := c.candidates(words)
	if len(cands) == 0 {
		if quoted.Any() {
			return Verdict{Reason: quoted.Reason}
		}
		return Verdict{Reason: NoRule}
	}
	var best Verdict
	bestWords := -1
	for _, m := range cands {
		v := c.judgeWith(m, quoted, expanded, in)
		if v.Approved {
			return v
		}
		if n := len(m.rule.words); n > bestWords {
			best, bestWords = v, n
		}
	}
	return best
}

// candidate is a rule that starts a line: the words it is judged on (a
// toolchain word dropped) and how many of them are the rule's.
type candidate struct {
	rule   *rule
	words  []string
	prefix int
	// between are the places in words of the member filters
	// optionsBetween skipped among the rule's words.
	between []int
}

// candidates are the rules that start words, in the file's order: those
// whose words start the line, else those that do once cargo's +toolchain
// is read as absent, then those with options of the program between
// their words (optionsBetween).
func (c *Checker) candidates(words []string) []candidate {
	// python -I -m pytest under the rule python -m pytest: the switches
	// that only isolate or quiet the interpreter are read as absent, as
	// they are in the rules.
	words = c.cat.WithoutInertSwitches(words)
	out := c.startingRules(words)
	if len(out) == 0 {
		// cargo +nightly test under the rule cargo test: the toolchain word
		// is read as absent (a rule may still spell it).
		if w := c.cat.WithoutToolchain(words); w != nil {
			out = c.startingRules(w)
		}
	}
	if len(out) == 0 {
		// npm i under the rule npm install: a documented alias of the
		// rule's subcommand, read as the rule spells it.
		if w, r := c.matchSameSub(words); r != nil {
			out = append(out, candidate{r, w, len(r.words), nil})
		}
	}
	var resolved resolvedProgram
	for i := range c.rules {
		if cmdline.HasPrefixWords(words, c.rules[i].words) {
			continue
		}
		if n, between, ok := optionsBetween(c.cat, words, c.rules[i].words, &resolved); ok {
			out = append(out, candidate{&c.rules[i], words, n, between})
		}
	}
	return out
}

// startingRules are the rules whose words start words, in the file's order.
func (c *Checker) startingRules(words []string) []candidate {
	var out []candidate
	for i := range c.rules {
		if cmdline.HasPrefixWords(words, c.rules[i].words) {
			out = append(out, candidate{&c.rules[i], words, len(c.rules[i].words), nil})
		}
	}
	return out
}

// judgeWith judges words under one rule that starts them.
func (c *Checker) judgeWith(m candidate, quoted cmdline.QuotedChars, expanded map[int]bool, in *inspector) Verdict {
	words, matched, prefix := m.words, m.rule, m.prefix
	for at := range expanded {
		if len(words)-at < prefix {
			return Verdict{Reason: quoted.Reason} // a pattern among the rule's words
		}
	}
	in.spelled, in.named, in.ruleText, in.between = matched.spelled, matched.words, matched.text, m.between
	if reason := in.projectAssignsProblem(matched.text); !reason.IsZero() {
		// A project's own variable the rule's definitions do not read.
		return Verdict{Rule: matched.text, Reason: reason}
	}
	if quoted.Any() {
		// A refused character outside text a program only matches or
		// prints: the line asks as the character check says.
		if reason := in.quotedOutsideText(words, quoted); !reason.IsZero() {
			return Verdict{Reason: reason}
		}
	}
	if reason, b := in.inspect(words, prefix, 0); !reason.IsZero() {
		return Verdict{Rule: matched.text, Reason: reason, BlockedBy: b}
	}
	if reason := narrowed(in.catalog(), matched.words, words); !reason.IsZero() {
		return Verdict{Rule: matched.text, Reason: reason}
	}
	if reason, b := in.project.DefinitionsChanged(matched.text); !reason.IsZero() {
		return Verdict{Rule: matched.text, Reason: reason, BlockedBy: b}
	}
	return Verdict{Approved: true, Rule: matched.text}
}

// matchSameSub is the first rule whose subcommand the line spells by
// another name of the same subcommand (same_subs), and the line with the
// rule's spelling; or words and nil.
func (c *Checker) matchSameSub(words []string) ([]string, *rule) {
	if len(words) < 2 {
		return words, nil
	}
	for i := range c.rules {
		r := c.rules[i].words
		if len(r) < 2 || r[0] != words[0] || r[1] == words[1] || !c.cat.SameSubcommand(words[0], r[1], words[1]) {
			continue
		}
		spelled := append([]string{words[0], r[1]}, words[2:]...)
		if cmdline.HasPrefixWords(spelled, r) {
			return spelled, &c.rules[i]
		}
	}
	return words, nil
}

// runsGit: the program runs git in the project on its own (runs_git in its
// entry): go stamps binaries by running git status, package managers run
// git for git dependencies and versions. The repository's git
// configuration applies to them too.
func runsGit(c *catalog.Catalog, name string) bool {
	e := c.Entries[name]
	return e != nil && e.RunsGit
}
