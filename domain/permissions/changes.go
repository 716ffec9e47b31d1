// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/verdict"
)

// RuleChange is a rule a new version adds, with its verdict: none when it
// is accepted, else why it is refused.
type RuleChange struct {
	Rule    string      `json:"rule"`
	Refused domain.Text `json:"refused,omitzero"`
}

// Changes is what a new version of the file changes in what is allowed —
// not in its text: a reformatted file with the same rules changes nothing.
type Changes struct {
	AddedRules   []RuleChange `json:"added_rules"`
	RemovedRules []string     `json:"removed_rules"`
	AddedTools   []RuleChange `json:"added_tools"`
	RemovedTools []string     `json:"removed_tools"`
}

// None tells whether what is allowed stays the same.
func (c Changes) None() bool {
	return len(c.AddedRules)+len(c.RemovedRules)+len(c.AddedTools)+len(c.RemovedTools) == 0
}

// Compare tells what current allows that trusted did not, and the reverse.
// trusted is nil when nothing was trusted before. Rules are compared on
// their words, so `go  test` and `"go" test` are the same rule.
func Compare(trusted, current []byte) Changes {
	var old, cur Permissions
	if trusted != nil {
		old, _ = Parse(trusted)
	}
	cur, _ = Parse(current)
	c := Changes{AddedRules: []RuleChange{}, RemovedRules: []string{}, AddedTools: []RuleChange{}, RemovedTools: []string{}}
	oldRules, curRules := ruleKeys(old.AllowedCommands), ruleKeys(cur.AllowedCommands)
	for _, r := range cur.AllowedCommands {
		if r != notString && !oldRules[ruleKey(r)] {
			c.AddedRules = append(c.AddedRules, RuleChange{Rule: r, Refused: verdict.AcceptRule(r)})
		}
	}
	for _, r := range old.AllowedCommands {
		if r != notString && !curRules[ruleKey(r)] {
			c.RemovedRules = append(c.RemovedRules, r)
		}
	}
	oldTools, curTools := set(old.AllowedTools), set(cur.AllowedTools)
	for _, t := range cur.AllowedTools {
		if t != notString && !oldTools[t] {
			c.AddedTools = append(c.AddedTools, RuleChange{Rule: t, Refused: verdict.AcceptTool(t)})
		}
	}
	for _, t := range old.AllowedTools {
		if t != notString && !curTools[t] {
			c.RemovedTools = append(c.RemovedTools, t)
		}
	}
	return c
}

func ruleKey(r string) string {
	if words, reason := cmdline.Words(r); reason.IsZero() {
		return strings.Join(words, "\x00")
	}
	return "\x01" + r
}

func ruleKeys(rules []string) map[string]bool {
	m := map[string]bool{}
	for _, r := range rules {
		m[ruleKey(r)] = true
	}
	return m
}

func set(list []string) map[string]bool {
	m := map[string]bool{}
	for _, s := range list {
		m[s] = true
	}
	return m
}
