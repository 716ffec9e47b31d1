// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
)

// The Permissions tab's view of what the rules run (docs/permissions.md §7):
// with the summary above Trust, what each rule can do in plain words and
// what the rules allow together; under each rule, the project file that
// makes its commands ask now; beside the file's diff, the diff of each script, recipe or alias a rule
// runs since it was trusted, as one Trust pins the file and those together.

// runsDiff is one definition that is not as trusted, with its diff against
// the trusted text computed off the UI goroutine.
type runsDiff struct {
	def   permissions.DefinitionState
	hunks []permissions.Hunk
	err   error
}

// runsDiffs are the definitions of st that a Trust would pin anew.
func runsDiffs(st permissions.Status) []runsDiff {
	var out []runsDiff
	for _, d := range st.Definitions {
		if d.State == permissions.DefUnchanged {
			continue
		}
		r := runsDiff{def: d}
		if textShown(d) {
			r.hunks, r.err = permissions.Diff(permissions.DefinitionLines(d.Definition, d.TrustedText), permissions.DefinitionLines(d.Definition, d.Text), diffContext)
		}
		out = append(out, r)
	}
	return out
}

// textShown: both sides of the definition are text Memo kept (a binary or
// large file keeps its hash alone; an absent one has neither).
func textShown(d permissions.DefinitionState) bool {
	return (d.Hash == "" || d.Text != "") && (d.TrustedHash == "" || d.TrustedText != "") && (d.Hash != "" || d.TrustedHash != "")
}

// ruleCan says what an accepted rule can do ("It can: …").
func ruleCan(rule string, st permissions.Status) string {
	var labels []string
	for _, l := range st.RuleLabels(rule) {
		labels = append(labels, sayText(l))
	}
	return lang.L("It can: {{.What}}", map[string]any{"What": spelled(strings.Join(labels, "; "))})
}

// ruleRunsChanged: something the rule runs is not as trusted.
func ruleRunsChanged(rule string, st permissions.Status) bool {
	if st.TrustedDefinitions == nil {
		return false
	}
	for _, d := range st.Definitions {
		if d.Rule == rule && d.State != permissions.DefUnchanged {
			return true
		}
	}
	return false
}

// canLines say, per accepted rule and file tool of the file, what it can
// do ("`npm run lint` — It can: …"): the summary read before Trust.
func canLines(st permissions.Status) []string {
	var out []string
	for _, r := range st.File.AllowedCommands {
		if permissions.AcceptRule(r).IsZero() {
			out = append(out, visible(r)+" — "+ruleCan(r, st))
		}
	}
	for _, name := range st.File.AllowedTools {
		if permissions.AcceptTool(name).IsZero() {
			if can := toolCan(name); can != "" {
				out = append(out, visible(name)+" — "+can)
			}
		}
	}
	return out
}

// toolCan says what an approvable file tool can do; "" when nothing.
func toolCan(name string) string {
	var labels []string
	for _, l := range permissions.ToolLabels(name) {
		labels = append(labels, sayText(l))
	}
	if len(labels) == 0 {
		return ""
	}
	return lang.L("It can: {{.What}}", map[string]any{"What": spelled(strings.Join(labels, "; "))})
}

// ruleBlocks say under an accepted rule what makes its commands ask now.
func ruleBlocks(rule string, st permissions.Status) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, b := range st.Blocks[rule] {
		place := b.File
		if b.Key != "" {
			place += " " + b.Key
		}
		out = append(out, &widget.Label{Text: lang.L("Its commands ask now ({{.Place}}): {{.Reason}}", map[string]any{"Place": spelled(place), "Reason": spelled(sayText(b.Reason))}),
			Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	return out
}

// warningsRow says what the file's rules and tools allow together, or is
// nil.
func warningsRow(perms permissions.Permissions) fyne.CanvasObject {
	var lines []string
	for _, w := range permissions.CombinedWarnings(perms) {
		lines = append(lines, spelled(sayText(w)))
	}
	if len(lines) == 0 {
		return nil
	}
	text := lang.L("Together:") + "\n" + strings.Join(lines, "\n")
	return container.NewBorder(nil, nil, besideText(widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))), nil,
		&widget.Label{Text: text, Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
}

// runsView is the section of the definitions a Trust would pin anew, each
// with its diff.
type runsView struct {
	box   *fyne.Container
	items *fyne.Container
}

func newRunsView() *runsView {
	v := &runsView{items: container.NewVBox()}
	v.box = container.NewVBox(
		heading(lang.L("What the rules run")),
		&widget.Label{Text: lang.L("The scripts, recipes and aliases the rules run are trusted with the file: when one changes, the commands of its rule ask until you trust again."), Wrapping: fyne.TextWrapWord},
		v.items)
	v.box.Hide()
	return v
}

// show lists each definition with its diff; none hides the section.
func (v *runsView) show(diffs []runsDiff) {
	v.items.Objects = nil
	for i := 0; i < len(diffs); i++ {
		r := diffs[i]
		if n := absentRun(diffs[i:]); n > 1 {
			// The files a rule would read if one appeared (GNUmakefile,
			// makefile, Makefile) take one line, not one each.
			v.items.Add(&widget.Label{Text: absentTitle(diffs[i : i+n]), Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}})
			i += n - 1
			continue
		}
		v.items.Add(&widget.Label{Text: runsTitle(r.def), Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}})
		d := r.def
		switch {
		case d.Hash == "" && d.TrustedHash == "":
			// Absent then and now: the title says it all.
		case r.err != nil:
			v.items.Add(&widget.Label{Text: say(r.err), Wrapping: fyne.TextWrapWord})
		case textShown(d):
			view := newDiffView()
			view.setHunks(r.hunks)
			v.items.Add(view)
		default:
			v.items.Add(&widget.Label{Text: lang.L("Binary or large: Memo pins its SHA-256 ({{.Hash}}) and shows no diff.", map[string]any{"Hash": shortHash(d.Hash)}), Wrapping: fyne.TextWrapWord})
		}
	}
	v.items.Refresh()
	v.box.Hidden = len(diffs) == 0
	v.box.Refresh()
}

// absent: a definition that does not exist and was not trusted either.
func absent(d permissions.DefinitionState) bool {
	return d.Hash == "" && d.TrustedHash == "" && d.State != permissions.DefRemoved
}

// absentRun counts the absent definitions of one rule at the start of diffs.
func absentRun(diffs []runsDiff) int {
	n := 0
	for n < len(diffs) && absent(diffs[n].def) && diffs[n].def.Rule == diffs[0].def.Rule {
		n++
	}
	return n
}

// absentTitle names several absent definitions of one rule in one line.
func absentTitle(diffs []runsDiff) string {
	var places []string
	for _, r := range diffs {
		place := r.def.File
		if r.def.Key != "" {
			place += " " + r.def.Key
		}
		places = append(places, spelled(place))
	}
	return lang.L("{{.Places}}, run by {{.Rule}}: none exists; if one appears, the rule's commands ask",
		map[string]any{"Places": strings.Join(places, ", "), "Rule": visible(diffs[0].def.Rule)})
}

// runsTitle names a definition, the rule that runs it and how it differs
// from the trusted one.
func runsTitle(d permissions.DefinitionState) string {
	place := d.File
	if d.Key != "" {
		place += " " + d.Key
	}
	args := map[string]any{"Place": spelled(place), "Rule": visible(d.Rule)}
	switch {
	case d.State == permissions.DefRemoved:
		return lang.L("{{.Place}}, run by {{.Rule}}: no longer run (it was trusted)", args)
	case d.Hash == "" && d.TrustedHash != "":
		return lang.L("{{.Place}}, run by {{.Rule}}: deleted since you trusted it", args)
	case d.Hash == "":
		return lang.L("{{.Place}}, run by {{.Rule}}: does not exist; if it appears, the rule's commands ask", args)
	case d.State == permissions.DefChanged && d.TrustedHash == "":
		return lang.L("{{.Place}}, run by {{.Rule}}: new since you trusted the file", args)
	case d.State == permissions.DefChanged:
		return lang.L("{{.Place}}, run by {{.Rule}}: changed since you trusted it", args)
	}
	return lang.L("{{.Place}}, run by {{.Rule}}: not trusted yet", args)
}
