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
	run   runner
	count *widget.Label
	body  fyne.CanvasObject
}

func newMemoryTab(r runner) *memoryTab {
	t := &memoryTab{run: r}
	t.count = &widget.Label{Text: lang.L("Opening the memory database…"), Wrapping: fyne.TextWrapWord}
	t.body = container.NewVScroll(container.NewVBox(heading(lang.L("This project's memory")), t.count))
	return t
}

func (t *memoryTab) content() fyne.CanvasObject { return t.body }

func (t *memoryTab) setMemory(mem Memories, state MemoryState, projectID string) {
	showPoolCount(t.run, t.count, mem, state, projectID)
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
