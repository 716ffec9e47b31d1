// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"slices"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
)

// Proposal is the rule `permissions allow PATH LINE` offers (docs/cli.md
// §13): the narrowest rule that approves the line in the project, what it
// can do and what it runs, as the review shows them, and the hash of what
// was shown, which the save must be given back.
type Proposal struct {
	Line string `json:"line"`
	Rule string `json:"rule"`
	// Labels say in plain words what the rule can do (RuleLabels).
	Labels []domain.Text `json:"labels"`
	// Runs are the definitions the rule runs, beside what was trusted.
	Runs []projectfiles.DefinitionState `json:"runs"`
	// Warnings are what the file's rules and tools allow together once
	// the rule is added (CombinedWarnings).
	Warnings []domain.Text `json:"warnings"`
	// Hash covers the file the save writes and what the rule runs as
	// shown: a save given another hash is a conflict.
	Hash string `json:"hash"`
	// Saved: the rule was written into the file and trusted.
	Saved bool `json:"saved"`
	// content is the file the save writes.
	content []byte
}

// ProposeRule is the rule that approves exactly line in the project at
// path, or why none can: a line that is approved already is a conflict
// (it names the rule); a line no rule can approve (characters §2 asks for,
// a program §8 refuses, a path outside the project, a config that makes
// the program run another) is refused with the reason. A file that is not
// the trusted version is refused too: trusting it with the new rule would
// trust rules the person was not shown. It writes nothing.
func (s *Service) ProposeRule(path, line string) (Proposal, error) {
	p, _, err := s.propose(path, line, false)
	return p, err
}

// AllowRule is ProposeRule, then, while the proposal is still the one with
// hash (what the person confirmed), saves the rule into the project's file
// and trusts it: of what the rules run it pins what the proposal showed and
// what was trusted before (Save's rule), nothing else.
func (s *Service) AllowRule(path, line, hash string) (Proposal, Status, error) {
	p, proj, err := s.propose(path, line, true)
	if err != nil {
		return p, Status{}, err
	}
	if p.Hash != hash {
		return p, Status{}, domain.T("the project changed since the rule `{{.Rule}}` was shown; look at the new proposal, then confirm it", "Rule", p.Rule).Err(domain.ErrConflict)
	}
	shown := make([]projectfiles.Definition, 0, len(p.Runs))
	for _, d := range p.Runs {
		shown = append(shown, d.Definition)
	}
	st, err := save(proj.Root, proj.ProjectID, p.content, s.write, s.pins, s.now(), s.define(proj.Root), shown)
	st.Root, st.ProjectID = proj.Root, proj.ProjectID
	st, err = s.described(st, err)
	if err != nil {
		return p, st, err
	}
	p.Saved = true
	return p, st, nil
}

// propose is the proposal for line in the project at path; open registers
// the folder first, as a trust does (a save follows).
func (s *Service) propose(path, line string, open bool) (Proposal, Status, error) {
	out := Proposal{Line: line, Labels: []domain.Text{}, Runs: []projectfiles.DefinitionState{}, Warnings: []domain.Text{}}
	proj, err := s.folder(path)
	if err == nil && open {
		proj, err = s.open(path)
	}
	if err != nil {
		return out, Status{}, err
	}
	if !proj.SetUp {
		return out, Status{}, domain.T("{{.Root}} is not set up as a Memo project: set the project up first", "Root", proj.Root).Err(domain.ErrRefused)
	}
	if !proj.Enabled && proj.ID != "" {
		return out, Status{}, whyMinimal.Err(domain.ErrRefused)
	}
	st, err := s.Show(path)
	if err != nil {
		return out, st, err
	}
	switch st.State {
	case StateInvalid:
		return out, st, InvalidError(Path(st.Root), st.Problems)
	case StateNotTrusted, StateChanged:
		return out, st, domain.T("{{.Path}} is not the version you trusted: review it and trust it first (permissions PATH), so that adding a rule trusts nothing you were not shown", "Path", Path(st.Root)).Err(domain.ErrRefused)
	}
	p := verdict.NewProject(st.Root, lineFolder(st.Root, path), s.git, s.cache)
	if st.State == StateTrusted {
		if v := st.CheckIn(line, p.WithPinned(st.TrustedDefinitions)); v.Approved {
			return out, st, domain.T("the line is approved already, by the rule `{{.Rule}}`", "Rule", v.Rule).Err(domain.ErrConflict)
		}
	}
	cat := st.catalog()
	rule, why := proposeRule(cat, line)
	if !why.IsZero() {
		return out, st, why.Err(domain.ErrRefused)
	}
	if slices.Contains(st.File.AllowedCommands, rule) {
		v := st.CheckIn(line, p.WithPinned(st.TrustedDefinitions))
		return out, st, domain.T("the rule `{{.Rule}}` is in the file already and the line still asks: {{.Reason}}", "Rule", rule, "Reason", v.Reason).Err(domain.ErrRefused)
	}
	// The line in the project as it would be once the rule is trusted
	// with what it runs now.
	runs := s.define(st.Root)([]string{rule})
	pinned := append(slices.Clone(st.TrustedDefinitions), runs...)
	if v := verdict.NewCheckerIn(cat, []string{rule}).CheckIn(line, p.WithPinned(pinned)); !v.Approved {
		return out, st, domain.T("no rule can approve this line here: {{.Reason}}", "Reason", v.Reason).Err(domain.ErrRefused)
	}
	content, err := AddRule(st.Bytes, rule)
	if err != nil {
		return out, st, domain.T("{{.Path}} cannot take the rule without being rewritten; add `{{.Rule}}` in the editor", "Path", Path(st.Root), "Rule", rule).Err(domain.ErrInvalid)
	}
	file := st.File
	file.AllowedCommands = append(slices.Clone(file.AllowedCommands), rule)
	out.Rule, out.content = rule, content
	// Beside what was trusted for this rule alone: the other rules'
	// definitions are not what it runs.
	var before []projectfiles.Definition
	for _, d := range st.TrustedDefinitions {
		if d.Rule == rule {
			before = append(before, d)
		}
	}
	out.Runs = projectfiles.CompareDefinitions(runs, before)
	if out.Runs == nil {
		out.Runs = []projectfiles.DefinitionState{}
	}
	out.Labels = verdict.LabelsIn(cat, rule, out.Runs)
	out.Warnings = CombinedWarnings(file)
	out.Hash = reviewHash(Hash(content), runs)
	return out, st, nil
}
