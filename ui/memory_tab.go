package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// memoryTab shows the size of the project's memory pool. Browsing and editing
// the pool fills this tab.
type memoryTab struct {
	count *widget.Label
	body  fyne.CanvasObject
}

func newMemoryTab() *memoryTab {
	t := &memoryTab{}
	t.count = &widget.Label{Text: lang.L("Opening the memory database…"), Wrapping: fyne.TextWrapWord}
	t.body = container.NewVScroll(container.NewVBox(heading(lang.L("This project's memory")), t.count))
	return t
}

func (t *memoryTab) content() fyne.CanvasObject { return t.body }

// showProjectPool writes a project's pool size into label; a folder without
// an id has no pool (it never falls back to the global one).
func showProjectPool(r runner, label *widget.Label, mem Memories, state MemoryState, projectID string) {
	if projectID == "" {
		if state.Ready || state.Reason != "" {
			label.SetText(lang.L("This folder has no project id yet, so it has no memory."))
		}
		return
	}
	showPoolCount(r, label, mem, state, projectID)
}

// showPoolCount writes a pool's size (or why there is none) into label.
func showPoolCount(r runner, label *widget.Label, mem Memories, state MemoryState, pool string) {
	switch {
	case !state.Ready && state.Reason == "":
		return
	case !state.Ready:
		label.SetText(lang.L("The memory database could not be opened: {{.Reason}}", map[string]any{"Reason": state.Reason}))
		return
	case pool != "" && !state.ProjectMemory:
		label.SetText(lang.L("Project memory is off: {{.Reason}}", map[string]any{"Reason": state.Reason}))
		return
	}
	background(r, func() string {
		n, err := mem.Count(pool)
		if err != nil {
			return err.Error()
		}
		return lang.L("Memories in this pool: {{.Count}}", map[string]any{"Count": n})
	}, label.SetText)
}
