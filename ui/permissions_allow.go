// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

// "Always allow" in the command tester (docs/window.md §4,
// docs/permissions.md §13): the rule that approves exactly the line asked
// about, shown with what it can do and runs before it is saved and trusted.

// ruleAllower is what Always allow asks of the permissions service.
type ruleAllower interface {
	ProposeRule(path, line string) (permissions.Proposal, error)
	AllowRule(path, line, hash string) (permissions.Proposal, permissions.Status, error)
}

// onAllow proposes the rule for line off the UI goroutine; a line no rule
// can approve says why in the tester, else the proposal is confirmed.
func (t *permissionsTab) onAllow(line string) {
	type answer struct {
		p   permissions.Proposal
		err error
	}
	background(t.run, func() answer {
		p, err := t.svc.ProposeRule(t.root, line)
		return answer{p, err}
	}, func(a answer) {
		if a.err != nil {
			t.tester.cannotAllow(a.err)
			return
		}
		t.confirmAllow(a.p)
	})
}

// confirmAllow shows the proposal as the review shows a rule — what it can
// do, what it runs, what the rules allow together with it — and on
// Always allow saves and trusts it with only that pinned.
func (t *permissionsTab) confirmAllow(p permissions.Proposal) {
	ev := allowEvidence(p)
	t.d.confirm(lang.L("Always allow this command in “{{.Name}}”?", map[string]any{"Name": filepath.Base(t.root)}),
		lang.L("The rule {{.Rule}} is added to the permissions file and trusted. It approves this line, and this line followed by more words Memo knows to be safe (options it knows, paths inside the project); no other line.", map[string]any{"Rule": visible(p.Rule)}),
		ev.object(t.d.win), lang.L("Always allow"), func() {
			background(t.run, func() shown {
				_, st, err := t.svc.AllowRule(t.root, p.Line, p.Hash)
				return shownOf(st, err)
			}, func(s shown) {
				if s.err != nil {
					title := lang.L("Could not add the rule")
					if errors.Is(s.err, domain.ErrConflict) {
						t.d.showError(title, errors.New(lang.L("The project changed since the rule was shown; ask Always allow again to see it as it is now.")))
					} else {
						t.d.showError(title, wordedError(s.err))
					}
					t.refresh()
					return
				}
				t.show(s)
				if text := notPinnedText(s.st.NotPinned); text != "" {
					t.d.message(lang.L("Saved; some scripts were not pinned"), text, nil, choice{text: lang.L("Close"), importance: widget.HighImportance})
				}
			})
		})
}

// allowEvidence is what the Always allow question shows of a proposal.
func allowEvidence(p permissions.Proposal) *evidence {
	e := &evidence{}
	var labels []string
	for _, l := range p.Labels {
		labels = append(labels, sayText(l))
	}
	e.say(lang.L("What the rule can do"), widget.MediumImportance, true)
	e.say(lang.L("It can: {{.What}}", map[string]any{"What": spelled(strings.Join(labels, "; "))}), widget.MediumImportance, false)
	var runs []runsDiff
	for _, d := range p.Runs {
		if d.Hash == "" {
			continue // absent: it runs nothing
		}
		r := runsDiff{def: d}
		if textShown(d) {
			r.hunks, r.err = permissions.Diff(permissions.DefinitionLines(d.Definition, d.TrustedText), permissions.DefinitionLines(d.Definition, d.Text), diffContext)
		}
		runs = append(runs, r)
	}
	e.runs(runs)
	var lines []string
	for _, w := range p.Warnings {
		lines = append(lines, spelled(sayText(w)))
	}
	if len(lines) > 0 {
		e.say(lang.L("Together:")+"\n"+strings.Join(lines, "\n"), widget.WarningImportance, false)
	}
	return e
}
