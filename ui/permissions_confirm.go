// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"slices"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
)

// The Trust and Save & Trust questions carry the evidence, as VS Code's
// workspace trust dialog does: what the rules and tools allow together,
// what each rule can do, the scripts, recipes and aliases that changed with
// their diffs — not only the rules' names. Save & Trust also says what it
// will not pin: what a new rule runs, which no review showed.

// evidence is the part of a question under its one-line text.
type evidence struct {
	objs []fyne.CanvasObject // what it says, in order
}

func (e *evidence) say(text string, importance widget.Importance, bold bool) {
	e.objs = append(e.objs, &widget.Label{Text: text, Wrapping: fyne.TextWrapWord, Importance: importance, TextStyle: fyne.TextStyle{Bold: bold}})
}

// trustEvidence is what trusting the version st shows: what it changes in
// what is allowed (a file not trusted yet), its warnings, the
// definitions that are not as trusted with their diffs, what each rule can do.
func trustEvidence(st permissions.Status, runs []runsDiff) *evidence {
	e := &evidence{}
	if pending(st) && st.State != permissions.StateInvalid {
		e.say(lang.L("What trusting this version changes"), widget.MediumImportance, true)
		e.say(changesText(permissions.Compare(st.TrustedBytes, st.Bytes), st.TrustedBytes == nil), widget.MediumImportance, false)
	}
	e.warnings(st.File)
	e.runs(runs)
	e.cans(st)
	return e
}

// saveEvidence is what saving perms shows, from the review the editor was
// opened on (opened): the warnings of the new file, what the review showed
// changed (pinned with the save), what each rule can do, and the rules
// whose definitions no review showed (not pinned: they ask until trusted).
func saveEvidence(perms permissions.Permissions, opened permissions.Status, runs []runsDiff) *evidence {
	e := &evidence{}
	e.warnings(perms)
	var shownRuns []runsDiff
	for _, r := range runs {
		if slices.Contains(perms.AllowedCommands, r.def.Rule) && r.def.State != permissions.DefRemoved {
			shownRuns = append(shownRuns, r)
		}
	}
	e.runs(shownRuns)
	st := opened
	st.File = perms
	e.cans(st)
	var unseen []string
	for _, r := range perms.AllowedCommands {
		if permissions.AcceptRule(r).IsZero() && !slices.Contains(opened.File.AllowedCommands, r) {
			unseen = append(unseen, visible(r))
		}
	}
	if len(unseen) > 0 {
		e.say(lang.L("Not pinned by this save: what {{.Rules}} run, as no review showed it. Their commands ask until you review it in this tab and trust.", map[string]any{"Rules": strings.Join(unseen, ", ")}), widget.WarningImportance, false)
	}
	e.say(lang.L("A script, recipe or alias that changes on disk before you save is not pinned either."), widget.MediumImportance, false)
	return e
}

func (e *evidence) warnings(perms permissions.Permissions) {
	var lines []string
	for _, w := range permissions.CombinedWarnings(perms) {
		lines = append(lines, spelled(sayText(w)))
	}
	if len(lines) > 0 {
		e.say(lang.L("Together:")+"\n"+strings.Join(lines, "\n"), widget.WarningImportance, false)
	}
}

func (e *evidence) runs(runs []runsDiff) {
	if len(runs) == 0 {
		return
	}
	e.say(lang.L("What the rules run"), widget.MediumImportance, true)
	v := newRunsView()
	v.show(runs)
	e.objs = append(e.objs, v.items)
}

func (e *evidence) cans(st permissions.Status) {
	lines := canLines(st)
	if len(lines) == 0 {
		return
	}
	e.say(lang.L("What each rule can do"), widget.MediumImportance, true)
	for _, l := range lines {
		e.say(l, widget.MediumImportance, false)
	}
}

// object is the evidence as a dialog's extra part: scrolled within about
// half the window's height, so the buttons stay on screen at 800×600.
func (e *evidence) object(win fyne.Window) fyne.CanvasObject {
	if len(e.objs) == 0 {
		return nil
	}
	body := container.NewVBox(e.objs...)
	height := body.MinSize().Height
	if win != nil {
		height = min(height, win.Canvas().Size().Height*0.45)
	}
	return container.New(&minHeightLayout{height}, container.NewVScroll(body))
}

// notPinnedText says, after a save or a trust, which definitions were not
// pinned because they were not shown as they are now; "" when none.
func notPinnedText(defs []permissions.Definition) string {
	if len(defs) == 0 {
		return ""
	}
	var lines []string
	for _, d := range defs {
		place := d.File
		if d.Key != "" {
			place += " " + d.Key
		}
		lines = append(lines, "• "+lang.L("{{.Place}}, run by {{.Rule}}", map[string]any{"Place": spelled(place), "Rule": visible(d.Rule)}))
	}
	return lang.L("The file is saved and trusted. Not pinned, as you were not shown them as they are now:") + "\n" + strings.Join(lines, "\n") + "\n" +
		lang.L("Their rules' commands ask until you review them in this tab and trust.")
}

// breakablePath lets a long path wrap at its separators rather than inside
// a name: a hair space (a space to the line breaker, barely a space to the
// eye) follows each separator of a word longer than a short line.
func breakablePath(text string) string {
	words := strings.Split(text, " ")
	for i, w := range words {
		if utf8.RuneCountInString(w) < 24 || !strings.ContainsAny(w, `/\`) {
			continue
		}
		var b strings.Builder
		rs := []rune(w)
		for j, r := range rs {
			b.WriteRune(r)
			if (r == '/' || r == '\\') && j > 0 && j < len(rs)-1 {
				b.WriteRune('\u200A')
			}
		}
		words[i] = b.String()
	}
	return strings.Join(words, " ")
}
