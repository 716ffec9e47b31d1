package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
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
func showProjectPool(r runner, label *widget.Label, mem Memories, state memory.State, projectID string) {
	if projectID == "" {
		if _, _, opening := memoryProblem(state, true); !opening {
			label.SetText(lang.L("This folder has no project id yet, so it has no memory."))
		}
		return
	}
	showPoolCount(r, label, mem, state, projectID)
}

// showPoolCount writes a pool's size (or why there is none) into label.
func showPoolCount(r runner, label *widget.Label, mem Memories, state memory.State, pool string) {
	if text, _, _ := memoryProblem(state, pool != memory.GlobalPool); text != "" {
		label.SetText(text)
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
