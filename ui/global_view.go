// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path/filepath"
	"sort"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/project"
)

// poolCounter tells the size of every pool: the Global memory view's summary.
type poolCounter interface {
	Counts() (map[string]int64, error)
}

// recordLister names the projects of the registry for that summary.
type recordLister interface {
	List() ([]project.Record, error)
}

// globalView is the "Global memory" entry: the pool of normal chats, and how
// big each project's pool is (read-only: a project's pool is browsed in its
// Memory tab).
type globalView struct {
	run      runner
	projects recordLister
	browser  *poolBrowser
	pools    *fyne.Container // one line per project pool
	body     fyne.CanvasObject
}

func newGlobalView(r runner, d *dialogs, projects recordLister) *globalView {
	g := &globalView{run: r, projects: projects, browser: newPoolBrowser(r, d, lang.L("Normal chats read it; project chats never do."))}
	title := &widget.Label{Text: lang.L("Global memory"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	about := &widget.Label{Text: lang.L("A memory pool is the set of memories a chat reads and adds to. The global pool holds what normal chats remember, and everything saved before projects had pools of their own. Project chats never see it."), Wrapping: fyne.TextWrapWord}
	policy := &widget.Label{Text: policyText(memory.PolicyFor(memory.NormalChat, "")), Wrapping: fyne.TextWrapWord}
	g.pools = container.NewVBox()
	g.body = g.browser.content(container.NewVBox(title, about), container.NewVBox(
		widget.NewSeparator(), heading(lang.L("Project pools")), g.pools,
		widget.NewSeparator(), heading(lang.L("What normal chats receive")), policy))
	return g
}

func (g *globalView) content() fyne.CanvasObject { return g.body }

func (g *globalView) setMemory(mem Memories, state memory.State) {
	problem, _, _ := memoryProblem(state, false)
	var pool memoryPool
	if mem != nil {
		pool = mem // a nil Memories must stay a nil memoryPool
	}
	g.browser.show(pool, memory.Chat{Kind: memory.NormalChat}, problem, "")
	g.showPools(mem, state)
}

// poolLine is one project pool of the summary.
type poolLine struct {
	name  string
	count int64
}

// showPools lists each project pool's size, named from the registry.
// maxPoolLines is how many project pools the summary names.
const maxPoolLines = 50

func (g *globalView) showPools(mem Memories, state memory.State) {
	g.pools.Objects = nil
	text, _, _ := memoryProblem(state, true)
	if mem == nil || text != "" {
		if text == "" {
			text = lang.L("Opening the memory database…")
		}
		g.pools.Add(&widget.Label{Text: text, Wrapping: fyne.TextWrapWord})
		g.pools.Refresh()
		return
	}
	type loaded struct {
		lines []poolLine
		err   error
	}
	background(g.run, func() loaded {
		counts, err := mem.Counts()
		if err != nil {
			return loaded{err: err}
		}
		recs, _ := g.projects.List() // without names, pools show their ids
		names := map[string]string{}
		for _, r := range recs {
			names[r.ID] = filepath.Base(r.Path)
		}
		var lines []poolLine
		for id, n := range counts {
			if id == memory.GlobalPool || n == 0 {
				continue
			}
			name, ok := names[id]
			if !ok {
				name = lang.L("{{.ID}} (not in the projects list)", map[string]any{"ID": id})
			}
			lines = append(lines, poolLine{name, n})
		}
		sort.Slice(lines, func(i, j int) bool {
			if lines[i].count != lines[j].count {
				return lines[i].count > lines[j].count
			}
			return lines[i].name < lines[j].name
		})
		return loaded{lines: lines}
	}, func(l loaded) {
		g.pools.Objects = nil
		switch {
		case l.err != nil:
			g.pools.Add(&widget.Label{Text: say(l.err), Wrapping: fyne.TextWrapWord})
		case len(l.lines) == 0:
			g.pools.Add(&widget.Label{Text: lang.L("No project has memories yet."), Wrapping: fyne.TextWrapWord})
		}
		// A summary: the largest pools, and how many more there are. Ten
		// thousand rows of labels would cost seconds of the UI goroutine
		// and tens of MiB for a list nobody reads.
		shown := l.lines[:min(len(l.lines), maxPoolLines)]
		objs := make([]fyne.CanvasObject, 0, len(shown)+1)
		for _, line := range shown {
			count := widget.NewLabel(strconv.FormatInt(line.count, 10))
			objs = append(objs, container.NewBorder(nil, nil, nil, count, &widget.Label{Text: line.name, Truncation: fyne.TextTruncateEllipsis}))
		}
		if more := len(l.lines) - len(shown); more > 0 {
			objs = append(objs, &widget.Label{Text: lang.N("…and {{.Count}} more projects with memories.", more, map[string]any{"Count": more})})
		}
		g.pools.Objects = append(g.pools.Objects, objs...)
		g.pools.Refresh()
	})
}
