// SPDX-License-Identifier: Apache-2.0

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

// policyRows lays the context policy (docs/memory.md §3) of a project chat beside a normal chat's,
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

// setPolicy shows the context policy of this project's chats as a table,
// beside a normal chat's for contrast.
func (t *overviewTab) setPolicy(projectID string) {
	proj := memory.For(memory.Chat{Kind: memory.ProjectChat, ProjectID: projectID})
	normal := memory.For(memory.Chat{Kind: memory.NormalChat})
	table := container.New(&tableLayout{columns: 3},
		widget.NewLabel(""),
		&widget.Label{Text: lang.L("This project"), TextStyle: fyne.TextStyle{Bold: true}, Alignment: fyne.TextAlignCenter},
		&widget.Label{Text: lang.L("Normal chats"), TextStyle: fyne.TextStyle{Bold: true}, Alignment: fyne.TextAlignCenter})
	for _, r := range policyRows(proj, normal) {
		table.Add(&widget.Label{Text: r.what, Wrapping: fyne.TextWrapWord})
		table.Add(yesNo(r.project))
		table.Add(yesNo(r.normal))
	}
	note := &widget.Label{Text: policyNote(proj), Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
	t.policy.Objects = []fyne.CanvasObject{table, note}
	t.policy.Refresh()
}

// yesNo is a table cell: a tick or a cross (read out as yes or no).
func yesNo(on bool) fyne.CanvasObject {
	if on {
		return container.NewCenter(&widget.Label{Text: "✓ " + lang.L("yes"), Importance: widget.SuccessImportance})
	}
	return container.NewCenter(&widget.Label{Text: "✗ " + lang.L("no")})
}

// tableLayout lays its objects out in rows of columns cells: every column
// but the first is as wide as its widest cell, the first (wrapping text)
// takes the rest. Each row is as tall as its tallest cell at that width; the
// height asked for follows the last layout (it sits in a scroll).
type tableLayout struct {
	columns int
	height  float32
}

func (l *tableLayout) widths(objs []fyne.CanvasObject, width float32) []float32 {
	w := make([]float32, l.columns)
	for i, o := range objs {
		if c := i % l.columns; c > 0 {
			w[c] = max(w[c], o.MinSize().Width)
		}
	}
	w[0] = width
	for _, cw := range w[1:] {
		w[0] -= cw
	}
	w[0] = max(w[0], 60)
	return w
}

func (l *tableLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var width float32
	for _, cw := range l.widths(objs, 0)[1:] {
		width += cw
	}
	if l.height == 0 {
		for i, o := range objs {
			if i%l.columns == 0 {
				l.height += o.MinSize().Height
			}
		}
	}
	return fyne.NewSize(width+60, l.height)
}

func (l *tableLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := l.widths(objs, size.Width)
	y := float32(0)
	for row := 0; row*l.columns < len(objs); row++ {
		cells := objs[row*l.columns : min(len(objs), (row+1)*l.columns)]
		h := float32(0)
		for c, o := range cells {
			o.Resize(fyne.NewSize(w[c], o.MinSize().Height))
			h = max(h, o.MinSize().Height)
		}
		x := float32(0)
		for c, o := range cells {
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w[c], h))
			x += w[c]
		}
		y += h
	}
	l.height = y
}

// policyNote is the sentence under the table.
func policyNote(p memory.Policy) string {
	if !p.ProjectMemory {
		return lang.L("Memo cannot tell which project this is, so its chats get no memory at all; they never fall back to the global pool.")
	}
	return lang.L("Code Mode changes nothing here: this project's pool is not personal. A coding turn's answer is kept as a summary of at most {{.Max}} characters.", map[string]any{"Max": p.CodingSummaryMax})
}
