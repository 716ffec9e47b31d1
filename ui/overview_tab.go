// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/project"
)

// overviewTab shows each setup item's state, the project's memory count and
// the context policy of its chats.
type overviewTab struct {
	files    *fyne.Container
	memCount *widget.Label
	policy   *fyne.Container // the policy table (policy_table.go)
	minimal  *widget.Label   // what chats receive in Minimal Mode
	body     fyne.CanvasObject
}

func newOverviewTab() *overviewTab {
	t := &overviewTab{}
	t.buildUI()
	return t
}

func (t *overviewTab) buildUI() {
	// Until the project's state is read, each column says what it waits for.
	t.files = container.NewVBox(waiting(lang.L("Reading the project's files…")))
	t.memCount = &widget.Label{Text: lang.L("Opening the memory database…"), Wrapping: fyne.TextWrapWord}
	t.policy = container.NewVBox(waiting(lang.L("Reading the project's settings…")))
	t.minimal = &widget.Label{Text: lang.L("Minimal Mode is on: chats receive nothing from Memo, whatever this project's policy says."), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
	t.minimal.Hide()
	files := container.NewVBox(heading(lang.L("Files")), t.files)
	memory := container.NewVBox(
		heading(lang.L("Memory")), t.memCount,
		widget.NewSeparator(),
		heading(lang.L("What this project's chats receive")), t.minimal, t.policy,
	)
	// Two columns where there is room, one under the other where there is
	// not; never wider than reads well.
	columns := container.New(&columnsLayout{minColumn: 300}, files, memory)
	t.body = newPageScroll(container.New(&maxWidthLayout{readableWidth}, columns))
}

// setMinimal says whether chats receive anything at all.
func (t *overviewTab) setMinimal(on bool) {
	t.minimal.Hidden = !on
	t.body.Refresh() // the line gets its place (or gives it back) at once, not drawn over the table
}

// waiting is the line a column shows while what it shows is read: what it
// waits for, replaced when the data arrives.
func waiting(text string) *widget.Label {
	return &widget.Label{Text: text, Wrapping: fyne.TextWrapWord}
}

func heading(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func (t *overviewTab) content() fyne.CanvasObject { return t.body }

// show renders the file states of a status read off the UI goroutine.
func (t *overviewTab) show(st project.Status, files []project.FileState) {
	t.files.Objects = nil
	for _, f := range files {
		icon := theme.ConfirmIcon()
		var reason string // why a file cannot be read, said in place of its state
		switch {
		case f.State == project.StateMissing && !st.SetUp:
			// Not set up yet: nothing is wrong, Set up creates it.
			icon, f.State = theme.ContentAddIcon(), stateNotYet
		case f.State == project.StateMissing:
			icon = theme.WarningIcon()
		case f.State == project.StateOutdated:
			icon = theme.InfoIcon()
		case f.State == project.StateEdited, f.State == project.StateSkipped:
			icon = theme.InfoIcon()
		case f.State == project.StateUnreadable, f.State == project.StateWrongKind:
			// A link, a FIFO or a huge file where the rules belong, a file
			// where the skills folder belongs: say why.
			icon, reason = theme.WarningIcon(), sayText(f.Reason)
		}
		said := fileStateText(f.State)
		if reason != "" {
			said = reason
		}
		// Icon, name and state line up as a grid; the state wraps under the
		// name, so a long note never widens the window.
		// Regular text, not monospace: a monospace face (with its emoji and
		// system fallbacks) costs about 9 MB at start-up.
		path := &widget.Label{Text: f.Path, Truncation: fyne.TextTruncateEllipsis}
		state := &widget.Label{Text: said, Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
		text := container.New(layout.NewCustomPaddedVBoxLayout(-2*theme.InnerPadding()), path, state)
		t.files.Add(container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(icon)), nil, text))
	}
	t.files.Refresh()
	t.setPolicy(st.ID)
}

// stateNotYet is a file of a folder that is not set up.
const stateNotYet = "not yet"

func fileStateText(state string) string {
	switch state {
	case stateNotYet:
		return lang.L("created by Set up")
	case project.StatePresent:
		return lang.L("present")
	case project.StateMissing:
		return lang.L("missing")
	case project.StateSkipped:
		return lang.L("skipped because CLAUDE.md exists")
	case project.StateEdited:
		return lang.L("rules file edited by you: Memo leaves it alone")
	case project.StateOutdated:
		return lang.L("rules outdated: Complete setup refreshes them")
	}
	return state
}

// policyText says in words what the context policy (docs/memory.md §3) gives a chat.
func policyText(p memory.Policy) string {
	if p.Kind == memory.NormalChat {
		return lang.L("Normal chats read every pool and write to the global pool, with your personal context.")
	}
	if p.ReadsPools == "none" {
		return lang.L("Memo cannot tell which project this is, so its chats get no memory at all; they never fall back to the global pool.")
	}
	return fmt.Sprintf("• %s\n• %s\n• %s\n• %s",
		lang.L("Reads and writes only this project's own memory pool."),
		lang.L("Never receives global memory, pinned facts, your name, style notes, persona or mood, and learns nothing personal."),
		lang.L("Nothing from these chats is sent to the optional decision model."),
		lang.L("A coding turn's answer is kept as a summary of at most {{.Max}} characters.", map[string]any{"Max": p.CodingSummaryMax}))
}
