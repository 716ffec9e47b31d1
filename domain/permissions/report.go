// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
)

// The templates of the reasons of a file that grants nothing in its state
// (spelled out again where domain.T makes them: the translation test reads
// literal templates).
const (
	noRuleApplies = "no rule applies. {{.Meaning}}"
	noToolApplies = "no tool is pre-approved. {{.Meaning}}"
)

// CheckCommand decides a line for this project: only the effective (trusted)
// rules count. When none do, the reason says why the file does not apply.
func (st Status) CheckCommand(line string, git projectfiles.GitCheck) verdict.Verdict {
	return st.noRuleReason(verdict.NewCheckerIn(st.catalog(), st.Effective.AllowedCommands).Check(line, git))
}

// CheckIn is CheckCommand with the project on disk (Checker.CheckIn).
func (st Status) CheckIn(line string, p *projectfiles.Project) verdict.Verdict {
	return st.noRuleReason(verdict.NewCheckerIn(st.catalog(), st.Effective.AllowedCommands).CheckIn(line, p))
}

func (st Status) noRuleReason(v verdict.Verdict) verdict.Verdict {
	if !v.Approved && v.Reason.Template == verdict.NoRule.Template && st.State != StateTrusted {
		v.Reason = domain.T("no rule applies. {{.Meaning}}", "Meaning", st.State.Meaning())
	}
	return v
}

// CheckTool decides a tool for this project from the effective tools.
func (st Status) CheckTool(name string) verdict.ToolVerdict {
	v := verdict.CheckTool(st.Effective.AllowedTools, name)
	if !v.Approved && verdict.AcceptTool(name).IsZero() && st.State != StateTrusted {
		v.Reason = domain.T("no tool is pre-approved. {{.Meaning}}", "Meaning", st.State.Meaning())
	}
	return v
}

// Report is the JSON of `permissions PATH` (docs/cli.md §13): what is in effect,
// the file's status and every problem. State, Rules and Warnings are
// additions to the contract.
type Report struct {
	Permissions Permissions  `json:"permissions"`
	Status      ReportStatus `json:"status"`
	Problems    []Problem    `json:"problems"`
	// Rules is the review of each rule of the file (valid or not): what it
	// can do, which project file blocks it, and what it runs beside what
	// was trusted.
	Rules []RuleReport `json:"rules"`
	// Tools is the review of each file tool of the file.
	Tools []ToolReport `json:"tools"`
	// Warnings are what the file's rules and tools allow together beyond
	// each alone.
	Warnings []domain.Text `json:"warnings"`
	// NotPinned, in the answer of a save or a trust, are the definitions it
	// left unpinned because they were not shown as they are now; absent
	// when there are none.
	NotPinned []NotPinned `json:"not_pinned,omitempty"`
}

// NotPinned is a definition a save or a trust did not pin, and why.
type NotPinned struct {
	Rule   string      `json:"rule"`
	File   string      `json:"file"`
	Key    string      `json:"key,omitempty"`
	Reason domain.Text `json:"reason"`
}

// ReportStatus is the status part of Report.
type ReportStatus struct {
	Exists  bool   `json:"exists"`
	Trusted bool   `json:"trusted"`
	Hash    string `json:"hash"`
	State   State  `json:"state"`
	// DefinitionsChanged: what a rule runs is not what was trusted, so that
	// rule's lines ask until the file is trusted again.
	DefinitionsChanged bool `json:"definitions_changed"`
	// ReviewHash covers the file and what its rules run: trust --hash with
	// it trusts only what was reviewed.
	ReviewHash string `json:"review_hash,omitempty"`
}

// RuleReport is one rule in the review.
type RuleReport struct {
	Rule string `json:"rule"`
	// Refused says why the rule approves nothing, when it is refused.
	Refused *domain.Text `json:"refused,omitempty"`
	// Labels say in plain words what the rule can do.
	Labels []domain.Text `json:"labels"`
	// BlockedBy are the project files and keys that make its lines ask.
	BlockedBy []projectfiles.Block `json:"blocked_by"`
	// Runs are the definitions it runs, each beside what was trusted.
	Runs []projectfiles.DefinitionState `json:"runs"`
}

// Report shapes the status for `permissions PATH`.
func (st Status) Report() Report {
	probs := st.Problems
	if probs == nil {
		probs = []Problem{}
	}
	r := Report{
		Permissions: st.Effective,
		Status: ReportStatus{Exists: st.Exists, Trusted: st.Trusted, Hash: st.Hash, State: st.State,
			DefinitionsChanged: st.DefinitionsChanged(), ReviewHash: st.ReviewHash},
		Problems: probs,
		Rules:    []RuleReport{},
		Tools:    toolReports(st.File.AllowedTools),
		Warnings: CombinedWarnings(st.File),
	}
	for _, rule := range st.File.AllowedCommands {
		rr := RuleReport{Rule: rule, Labels: []domain.Text{}, BlockedBy: []projectfiles.Block{}, Runs: []projectfiles.DefinitionState{}}
		if why := verdict.AcceptRuleIn(st.catalog(), rule); !why.IsZero() {
			rr.Refused = &why
			r.Rules = append(r.Rules, rr)
			continue
		}
		for _, d := range st.Definitions {
			if d.Rule == rule {
				rr.Runs = append(rr.Runs, d)
			}
		}
		rr.Labels = append(verdict.LabelsIn(st.catalog(), rule, rr.Runs), st.Notes[rule]...)
		rr.BlockedBy = append(rr.BlockedBy, st.Blocks[rule]...)
		r.Rules = append(r.Rules, rr)
	}
	for _, d := range st.NotPinned {
		what := d.File
		if d.Key != "" {
			what += " " + d.Key
		}
		r.NotPinned = append(r.NotPinned, NotPinned{Rule: d.Rule, File: d.File, Key: d.Key,
			Reason: domain.T("{{.What}} was not shown as it is now (it changed since the review, or was never reviewed), so it is not pinned: the commands of {{.Rule}} ask until you review it and trust again", "What", what, "Rule", d.Rule)})
	}
	return r
}

// DefinitionsChanged says whether some definition a rule runs is not the one pinned.
func (st Status) DefinitionsChanged() bool {
	for _, d := range st.Definitions {
		if d.State != projectfiles.DefUnchanged {
			return true
		}
	}
	return false
}
