package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

// globalView is the "Global memory" entry: the pool of normal chats.
type globalView struct {
	run   runner
	count *widget.Label
	body  fyne.CanvasObject
}

func newGlobalView(r runner) *globalView {
	g := &globalView{run: r}
	g.count = &widget.Label{Text: lang.L("Opening the memory database…"), Wrapping: fyne.TextWrapWord}
	title := &widget.Label{Text: lang.L("Global memory"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	about := &widget.Label{Text: lang.L("It holds what normal chats remember, and everything saved before projects had pools of their own. Project chats never see it."), Wrapping: fyne.TextWrapWord}
	policy := &widget.Label{Text: policyText(memory.PolicyFor(memory.NormalChat, "")), Wrapping: fyne.TextWrapWord}
	g.body = container.NewPadded(container.NewVBox(title, about, widget.NewSeparator(), g.count, widget.NewSeparator(), heading(lang.L("What normal chats receive")), policy))
	return g
}

func (g *globalView) content() fyne.CanvasObject { return g.body }

func (g *globalView) setMemory(mem Memories, state memory.State) {
	showPoolCount(g.run, g.count, mem, state, memory.GlobalPool)
}
