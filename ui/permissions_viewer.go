// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

// permissionsViewer is the Permissions tab's view of the file: its state,
// the actions it allows (Trust, Edit, Revert, Open file), its rules with a
// verdict each, and what the pending version changes with its diff against
// the last trusted one. The tab acts on its buttons.
type permissionsViewer struct {
	stateIcon *widget.Icon
	stateName *widget.Label
	meaning   *widget.Label
	detail    *widget.Label // hash and time of the pin, why no pin applies

	trust     *focusButton
	trustHint *widget.Label // the hash Trust pins
	edit      *focusButton
	revert    *focusButton
	openFile  *focusButton

	rules    *fyne.Container
	problems *widget.Label
	warnings *fyne.Container // what the rules and tools allow together
	// cans says what each rule and tool can do, with the summary above
	// Trust (the rows below keep the verdicts).
	cans    *fyne.Container
	cansBox *fyne.Container

	changesBox *fyne.Container
	changes    *widget.Label
	diffTitle  *widget.Label
	diff       *diffView
	diffPretty *widget.Label // the file is one line, shown laid out
	diffBox    *fyne.Container
	runs       *runsView // the diffs of what the rules run

	// top is the state and the actions; details the rules and the changes
	// (the editor opens between them).
	top, details fyne.CanvasObject
}

func newPermissionsViewer(onTrust, onEdit, onRevert, onOpenFile func()) *permissionsViewer {
	v := &permissionsViewer{}
	v.stateIcon = widget.NewIcon(theme.InfoIcon())
	v.stateName = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	v.meaning = &widget.Label{Text: lang.L("Reading the permissions file…"), Wrapping: fyne.TextWrapWord}
	v.detail = &widget.Label{Wrapping: fyne.TextWrapWord}
	v.detail.Hide()

	v.trust = newButton(lang.L("Trust this version"), theme.ConfirmIcon(), widget.HighImportance, onTrust)
	v.trustHint = &widget.Label{Wrapping: fyne.TextWrapWord}
	v.edit = newButton(lang.L("Edit…"), theme.DocumentCreateIcon(), widget.MediumImportance, onEdit)
	v.revert = newButton(lang.L("Revert to trusted…"), theme.HistoryIcon(), widget.MediumImportance, onRevert)
	v.openFile = newButton(lang.L("Open file"), theme.FileTextIcon(), widget.MediumImportance, onOpenFile)
	for _, o := range []fyne.CanvasObject{v.trust, v.trustHint, v.edit, v.revert, v.openFile} {
		o.Hide()
	}

	v.rules = container.NewVBox()
	v.problems = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	v.problems.Hide()
	v.warnings = container.NewVBox()
	v.cans = container.NewVBox()
	v.cansBox = container.NewVBox(heading(lang.L("What each rule can do")), v.cans)
	v.cansBox.Hide()
	v.runs = newRunsView()

	v.changes = &widget.Label{Wrapping: fyne.TextWrapWord}
	v.changesBox = container.NewVBox(heading(lang.L("What trusting this version changes")), v.changes)
	v.changesBox.Hide()
	v.diffTitle = heading("")
	v.diff = newDiffView()
	v.diffPretty = &widget.Label{Text: lang.L("The file is one line of JSON: it is shown here with each value on a line of its own."), Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
	v.diffBox = container.NewVBox(v.diffTitle, v.diffPretty, v.diff)
	v.diffBox.Hide()

	// The review reads top down: the state, what trusting allows, the
	// change itself, and only then the buttons that act on it.
	banner := container.NewBorder(nil, nil, besideText(v.stateIcon), nil, container.NewVBox(v.stateName, v.meaning, v.detail))
	actions := container.New(&wrapLayout{}, v.trust, v.edit, v.revert, v.openFile)
	// Each part of the evidence is a stop of Tab before the buttons.
	v.top = container.NewVBox(banner, newReadingStop(v.changesBox), newReadingStop(v.diffBox), newReadingStop(v.runs.box),
		newReadingStop(v.cansBox), newReadingStop(v.warnings), actions, v.trustHint)
	v.details = container.NewVBox(heading(lang.L("Rules in the file")), v.problems, v.rules)
	return v
}

// show shows what the tab read; editing: the editor is open (Edit hides).
func (v *permissionsViewer) show(s shown, editing bool) {
	st := s.st
	v.showBanner(st, s.err)
	// Buttons: Trust only a valid file that is not trusted yet; Revert
	// when a trusted version exists and the file is not it.
	canTrust := s.err == nil && st.Exists && (st.State == permissions.StateNotTrusted || st.State == permissions.StateChanged || runsChanged(st))
	v.trust.Hidden, v.trustHint.Hidden = !canTrust, !canTrust
	if canTrust && len(st.Definitions) > 0 {
		v.trustHint.SetText(lang.L("Trusting pins this exact content (SHA-256 {{.Hash}}) and what its rules run, as shown above; any later change to either asks until you trust again.", map[string]any{"Hash": shortHash(st.Hash)}))
	} else if canTrust {
		v.trustHint.SetText(lang.L("Trusting pins this exact content (SHA-256 {{.Hash}}); any later change is ignored until you trust it again.", map[string]any{"Hash": shortHash(st.Hash)}))
	}
	v.revert.Hidden = s.err != nil || st.TrustedBytes == nil || st.Hash == st.TrustedHash
	v.edit.Hidden = s.err != nil || editing
	// Only a plain file that was read opens in the system's editor (not a
	// link to elsewhere, nor a FIFO an editor would hang on).
	v.openFile.Hidden = s.err != nil || st.Bytes == nil
	if st.Exists {
		v.edit.SetText(lang.L("Edit…"))
	} else {
		v.edit.SetText(lang.L("Write a permissions file…"))
	}
	for _, b := range []*focusButton{v.trust, v.edit, v.revert, v.openFile} {
		b.Refresh()
	}
	v.trustHint.Refresh()
	v.showRules(st, s.err)
	v.showChanges(s)
	v.runs.show(s.runs)
}

// runsChanged: the file is trusted but something its rules run is not as
// trusted, so those rules' commands ask.
func runsChanged(st permissions.Status) bool {
	return st.State == permissions.StateTrusted && st.DefinitionsChanged()
}

func (v *permissionsViewer) showBanner(st permissions.Status, err error) {
	v.detail.Hidden = true
	if err != nil {
		v.stateIcon.SetResource(theme.NewErrorThemedResource(theme.ErrorIcon()))
		v.stateName.SetText(lang.L("The permissions file cannot be read"))
		v.meaning.SetText(say(err))
		return
	}
	var name, meaning string
	icon := theme.InfoIcon()
	switch st.State {
	case permissions.StateNoFile:
		name = lang.L("No permissions file")
		meaning = lang.L("Every command and file change asks. A permissions file can pre-approve a few safe commands and file tools.")
		if st.TrustedHash != "" {
			meaning = lang.L("The file you trusted was deleted: every command and file change asks. Revert to trusted puts it back.")
		}
	case permissions.StateNotTrusted:
		name = lang.L("Not trusted yet")
		meaning = lang.L("Memo ignores this file and everything asks until you review and trust it: a file that came with a clone or was written by a model never grants anything by itself.")
		icon = theme.NewWarningThemedResource(theme.WarningIcon())
	case permissions.StateTrusted:
		name = lang.L("Trusted")
		meaning = lang.L("Its rules pre-approve what they name; everything else asks.")
		icon = theme.NewSuccessThemedResource(theme.ConfirmIcon())
		if runsChanged(st) {
			name = lang.L("What the rules run changed since you trusted it")
			meaning = lang.L("A script, recipe or alias a rule runs changed after you trusted the file, or was not shown to you when the file was saved: that rule's commands ask until you review it below and trust again. The other rules still apply.")
			icon = theme.NewWarningThemedResource(theme.WarningIcon())
		}
	case permissions.StateChanged:
		name = lang.L("Changed since you trusted it")
		meaning = lang.L("The file changed after you trusted it, so Memo ignores it and everything asks until you review the change below and trust it again.")
		icon = theme.NewWarningThemedResource(theme.WarningIcon())
	case permissions.StateInvalid:
		name = lang.L("Invalid, so ignored")
		meaning = lang.L("The file has problems, so Memo ignores all of it and everything asks until it is fixed.")
		icon = theme.NewErrorThemedResource(theme.ErrorIcon())
	}
	v.stateIcon.SetResource(icon)
	v.stateName.SetText(name)
	v.meaning.SetText(meaning)
	var details []string
	if st.TrustedHash != "" {
		details = append(details, lang.L("Last trusted {{.When}} (SHA-256 {{.Hash}}).", map[string]any{"When": st.TrustedAt.Local().Format(time.DateTime), "Hash": shortHash(st.TrustedHash)}))
	}
	if !st.Why.IsZero() {
		details = append(details, sayText(st.Why))
	}
	if len(details) > 0 {
		v.detail.SetText(strings.Join(details, "\n"))
		v.detail.Show()
	}
}

// showRules lists the file's rules and tools with a verdict each, and every
// problem with its place when the file is invalid.
func (v *permissionsViewer) showRules(st permissions.Status, err error) {
	v.rules.Objects = nil
	if err == nil && st.Exists {
		// Against the trusted version (when the file is not it): each rule
		// is new or unchanged, and the trusted rules it dropped are listed.
		var was *permissions.Permissions
		if pending(st) && st.TrustedBytes != nil {
			if p, probs := permissions.Parse(st.TrustedBytes); len(probs) == 0 {
				was = &p
			}
		}
		if was == nil && runsChanged(st) && st.TrustedBytes != nil {
			if p, probs := permissions.Parse(st.TrustedBytes); len(probs) == 0 {
				was = &p
			}
		}
		since := func(rule string, trusted []string) string {
			switch {
			case was == nil:
				return ""
			case !slices.Contains(trusted, rule):
				return lang.L("new")
			case ruleRunsChanged(rule, st):
				// The rule's text is as trusted; what it runs is not.
				return lang.L("what it runs changed")
			case pending(st):
				return lang.L("unchanged")
			}
			return ""
		}
		for _, r := range st.File.AllowedCommands {
			refused := permissions.AcceptRule(r)
			if refused.IsZero() {
				v.rules.Add(verdictRow(lang.L("Command"), r, refused, since(r, wasCommands(was)), "", ruleBlocks(r, st)...))
			} else {
				v.rules.Add(verdictRow(lang.L("Command"), r, refused, since(r, wasCommands(was)), ""))
			}
		}
		for _, name := range st.File.AllowedTools {
			v.rules.Add(verdictRow(lang.L("File tool"), name, permissions.AcceptTool(name), since(name, wasTools(was)), ""))
		}
		if was != nil {
			for _, r := range was.AllowedCommands {
				if !slices.Contains(st.File.AllowedCommands, r) {
					v.rules.Add(removedRow(lang.L("Command"), r))
				}
			}
			for _, r := range was.AllowedTools {
				if !slices.Contains(st.File.AllowedTools, r) {
					v.rules.Add(removedRow(lang.L("File tool"), r))
				}
			}
		}
		if len(v.rules.Objects) == 0 && st.State != permissions.StateInvalid {
			v.rules.Add(&widget.Label{Text: lang.L("The file approves no commands and no tools."), Wrapping: fyne.TextWrapWord})
		}
	} else if err == nil {
		v.rules.Add(&widget.Label{Text: lang.L("There is no file, so there are no rules."), Wrapping: fyne.TextWrapWord})
	}
	v.rules.Refresh()
	v.cans.Objects = nil
	if err == nil && st.Exists && st.State != permissions.StateInvalid {
		for _, line := range canLines(st) {
			v.cans.Add(&widget.Label{Text: line, Wrapping: fyne.TextWrapWord})
		}
	}
	v.cans.Refresh()
	v.cansBox.Hidden = len(v.cans.Objects) == 0
	v.cansBox.Refresh()
	v.warnings.Objects = nil
	if w := warningsRow(st.File); err == nil && st.Exists && w != nil {
		v.warnings.Add(w)
	}
	v.warnings.Refresh()
	if st.State == permissions.StateInvalid && len(st.Problems) > 0 {
		v.problems.SetText(problemList(st.Problems))
		v.problems.Show()
	} else {
		v.problems.Hide()
	}
}

func wasCommands(p *permissions.Permissions) []string {
	if p == nil {
		return nil
	}
	return p.AllowedCommands
}

func wasTools(p *permissions.Permissions) []string {
	if p == nil {
		return nil
	}
	return p.AllowedTools
}

// verdictRow is one rule with its verdict: a valid rule, or refused and
// why ("accepted" read like "approved"); since, when not "", says whether
// it is new or unchanged since the trusted version; more is a line under
// the verdict, below are shown under it, beside the same icon.
func verdictRow(kind, rule string, refused domain.Text, since, more string, below ...fyne.CanvasObject) fyne.CanvasObject {
	var icon fyne.Resource = theme.NewSuccessThemedResource(theme.ConfirmIcon())
	text := lang.L("{{.Kind}} {{.Rule}}: valid rule", map[string]any{"Kind": kind, "Rule": visible(rule)})
	if !refused.IsZero() {
		icon = theme.NewErrorThemedResource(theme.CancelIcon())
		text = lang.L("{{.Kind}} {{.Rule}}: refused, {{.Reason}}", map[string]any{"Kind": kind, "Rule": visible(rule), "Reason": sayText(refused)})
	}
	if since != "" {
		text += " (" + since + ")"
	}
	if more != "" {
		text += "\n" + more
	}
	var right fyne.CanvasObject = &widget.Label{Text: text, Wrapping: fyne.TextWrapWord}
	if len(below) > 0 {
		right = container.NewVBox(append([]fyne.CanvasObject{right}, below...)...)
	}
	return container.NewBorder(nil, nil, besideText(widget.NewIcon(icon)), nil, right)
}

// removedRow is a trusted rule the file no longer has.
func removedRow(kind, rule string) fyne.CanvasObject {
	text := lang.L("{{.Kind}} {{.Rule}}: removed (it would ask again)", map[string]any{"Kind": kind, "Rule": visible(rule)})
	return container.NewBorder(nil, nil, besideText(widget.NewIcon(theme.ContentRemoveIcon())), nil, &widget.Label{Text: text, Wrapping: fyne.TextWrapWord})
}

// besideText lines an icon up with the first line of the label beside it
// (a label's text starts an inner padding down).
func besideText(icon *widget.Icon) fyne.CanvasObject {
	return container.NewVBox(container.New(&padLayout{0, theme.InnerPadding() - theme.Padding()}, icon))
}

// problemList is every problem on a line of its own, with its place.
func problemList(probs []permissions.Problem) string {
	return lang.L("Problems (each must be fixed before the file can be trusted):") + "\n" + problemLines(probs)
}

// problemLines is each problem with the rule it is about, its sentence in
// the reader's language ("`sudo make install`: sudo runs anything as
// root"); a problem of no one rule keeps its place, the file's own field
// name ("file" alone is the whole file, worded).
func problemLines(probs []permissions.Problem) string {
	lines := make([]string, len(probs))
	for i, p := range probs {
		where := p.Where
		if where == "file" {
			where = lang.L("file")
		}
		line := spelled(where) + ": " + sayText(p.Problem)
		if p.Rule != "" {
			line = visible(p.Rule) + ": " + sayText(p.Problem)
		}
		lines[i] = "• " + line
	}
	return strings.Join(lines, "\n")
}

// visible shows text from a project file as it is: a rule in quotes, with
// control, format (bidi) and other invisible characters spelled out, so a
// hostile file cannot make a rule look like another.
func visible(s string) string {
	plain := true
	for _, r := range s {
		if !printable(r) {
			plain = false
			break
		}
	}
	// In quotation marks, as the sentences around it quote (plainQuotes);
	// a rule that holds a quotation mark of its own is spelled out, so that
	// it cannot seem to end early.
	if plain && !strings.ContainsAny(s, "`“”") {
		return "“" + s + "”"
	}
	return fmt.Sprintf("%+q", s)
}

func shortHash(h string) string {
	if len(h) > 16 {
		return h[:16] + "…"
	}
	return h
}

// showChanges says what the pending version changes in what is allowed, and
// shows its diff against the last trusted version.
func (v *permissionsViewer) showChanges(s shown) {
	st := s.st
	if s.err != nil || !pending(st) {
		v.changesBox.Hide()
		v.diffBox.Hide()
		return
	}
	var text string
	if st.State == permissions.StateInvalid {
		text = lang.L("Nothing: a file with problems is ignored whole.")
	} else {
		text = changesText(permissions.Compare(st.TrustedBytes, st.Bytes), st.TrustedBytes == nil)
	}
	v.changes.SetText(text)
	v.changesBox.Show()
	if st.TrustedBytes == nil {
		v.diffTitle.SetText(lang.L("First version (nothing was trusted before)"))
	} else {
		v.diffTitle.SetText(lang.L("Changes since the version you trusted"))
	}
	v.diffPretty.Hidden = !s.pretty
	if s.derr != nil {
		v.diff.setError(say(s.derr))
	} else {
		v.diff.setHunks(s.hunks)
	}
	v.diffBox.Show()
}

// changesText lists the rules and tools a version newly approves, each new
// rule with its verdict, and those it no longer approves.
func changesText(c permissions.Changes, first bool) string {
	if c.None() {
		if first {
			return lang.L("The file approves nothing.")
		}
		return lang.L("No change in what is allowed: only the text changed.")
	}
	var lines []string
	for _, r := range c.AddedRules {
		if !r.Refused.IsZero() {
			lines = append(lines, lang.L("+ command {{.Rule}} (refused: {{.Reason}})", map[string]any{"Rule": visible(r.Rule), "Reason": sayText(r.Refused)}))
		} else {
			lines = append(lines, lang.L("+ command {{.Rule}} would be approved", map[string]any{"Rule": visible(r.Rule)}))
		}
	}
	for _, r := range c.AddedTools {
		if !r.Refused.IsZero() {
			lines = append(lines, lang.L("+ tool {{.Rule}} (refused: {{.Reason}})", map[string]any{"Rule": visible(r.Rule), "Reason": sayText(r.Refused)}))
		} else {
			lines = append(lines, lang.L("+ tool {{.Rule}} would be approved", map[string]any{"Rule": visible(r.Rule)}))
		}
	}
	for _, r := range c.RemovedRules {
		lines = append(lines, lang.L("− command {{.Rule}} would ask again", map[string]any{"Rule": visible(r)}))
	}
	for _, r := range c.RemovedTools {
		lines = append(lines, lang.L("− tool {{.Rule}} would ask again", map[string]any{"Rule": visible(r)}))
	}
	return strings.Join(lines, "\n")
}

// pending says that the file on disk waits for review: it is there and is
// not the version trusted.
func pending(st permissions.Status) bool {
	return st.Exists && st.Bytes != nil && st.State != permissions.StateTrusted
}
