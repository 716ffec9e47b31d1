// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

// memoryTab browses the project's own memory pool: what its chats read and
// write, and nothing else.
type memoryTab struct {
	browser *poolBrowser
	body    fyne.CanvasObject
}

func newMemoryTab(r runner, d *dialogs) *memoryTab {
	t := &memoryTab{browser: newPoolBrowser(r, d, lang.L("Only this project's chats read it."))}
	about := &widget.Label{Text: lang.L("A memory pool is the set of memories a chat reads and adds to. Chats in this project use only this project's own pool."), Wrapping: fyne.TextWrapWord}
	t.body = t.browser.content(container.NewVBox(heading(lang.L("This project's memory")), about), nil)
	return t
}

func (t *memoryTab) content() fyne.CanvasObject { return t.body }

// show lists the pool of the project with id projectID; a folder without an
// id has no pool (it never falls back to the global one).
func (t *memoryTab) show(mem Memories, state memory.State, projectID string) {
	problem, _, _ := memoryProblem(state, true)
	if problem == "" && projectID == "" {
		problem = lang.L("This folder has no project id yet, so it has no memory.")
	}
	var hint string
	if state.Ready && !state.ProjectMemory { // the backup failed: say what brings it back
		hint = lang.L("To fix it, free some disk space or make the data folder writable, then start Memo Projects again. Normal chats and everything else here keep working meanwhile.")
	}
	var pool memoryPool
	if mem != nil {
		pool = mem // a nil Memories must stay a nil memoryPool
	}
	t.browser.show(pool, memory.Chat{Kind: memory.ProjectChat, ProjectID: projectID}, problem, hint)
}

// showPoolSize writes the size of the pool chat writes (or why there is
// none) into label.
func showPoolSize(r runner, label *widget.Label, mem Memories, state memory.State, chat memory.Chat) {
	project := chat.Kind == memory.ProjectChat
	text, _, opening := memoryProblem(state, project)
	switch {
	case project && chat.ProjectID == "":
		if !opening {
			label.SetText(lang.L("This folder has no project id yet, so it has no memory."))
		}
	case text != "":
		label.SetText(text)
	case mem != nil:
		background(r, func() string {
			p, err := mem.Pool(chat, memory.Query{Limit: 1})
			if err != nil {
				return say(err)
			}
			return lang.N("{{.Count}} memories, read and added to only by this project's chats.", int(p.Total), map[string]any{"Count": p.Total})
		}, label.SetText)
	}
}
