package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

// policyRow is one line of the context policy table: what a chat may
// receive or do, for this project's chats and for normal chats.
type policyRow struct {
	what            string
	project, normal bool
}

// policyRows lays SPEC §4's policy of a project chat beside a normal chat's,
// both from memory.For: the table is the function's answer, never a copy.
func policyRows(proj, normal memory.Policy) []policyRow {
	return []policyRow{
		{lang.L("This project's memory pool"), proj.ProjectMemory, false},
		{lang.L("Global memory"), proj.GlobalMemory, normal.GlobalMemory},
		{lang.L("Pinned facts"), proj.PinnedFacts, normal.PinnedFacts},
		{lang.L("Your name"), proj.UserName, normal.UserName},
		{lang.L("Learned style notes"), proj.StyleNotes, normal.StyleNotes},
		{lang.L("Custom persona"), proj.Persona, normal.Persona},
		{lang.L("Mood"), proj.Mood, normal.Mood},
		{lang.L("Learns personal information"), proj.LearnsPersona, normal.LearnsPersona},
		{lang.L("Turns sent to the decision model"), proj.DecisionModel, normal.DecisionModel},
	}
}

// setPolicy shows the context policy of this project's chats as a table.
func (t *overviewTab) setPolicy(projectID string) {
	proj := memory.For(memory.Chat{Kind: memory.ProjectChat, ProjectID: projectID})
	normal := memory.For(memory.Chat{Kind: memory.NormalChat})
	grid := container.NewGridWithColumns(3,
		widget.NewLabel(""),
		&widget.Label{Text: lang.L("This project's chats"), TextStyle: fyne.TextStyle{Bold: true}},
		&widget.Label{Text: lang.L("Normal chats"), TextStyle: fyne.TextStyle{Bold: true}})
	for _, r := range policyRows(proj, normal) {
		grid.Add(&widget.Label{Text: r.what, Wrapping: fyne.TextWrapWord})
		grid.Add(yesNo(r.project))
		grid.Add(yesNo(r.normal))
	}
	note := &widget.Label{Text: policyNote(proj), Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
	t.policy.Objects = []fyne.CanvasObject{grid, note}
	t.policy.Refresh()
}

func yesNo(on bool) fyne.CanvasObject {
	if on {
		return container.NewHBox(widget.NewIcon(theme.ConfirmIcon()), widget.NewLabel(lang.L("yes")))
	}
	return container.NewHBox(widget.NewIcon(theme.CancelIcon()), widget.NewLabel(lang.L("no")))
}

// policyNote is the sentence under the table.
func policyNote(p memory.Policy) string {
	if !p.ProjectMemory {
		return lang.L("Memo cannot tell which project this is, so its chats get no memory at all; they never fall back to the global pool.")
	}
	return lang.L("Code Mode changes nothing here: this project's pool is not personal. A coding turn's answer is kept as a summary of at most {{.Max}} characters.", map[string]any{"Max": p.CodingSummaryMax})
}
