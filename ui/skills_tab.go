package ui

import (
	"os"
	"path/filepath"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// skillsTab shows the project's skills folder as it is. The skills manager
// (add, switch on, remove) fills this tab.
type skillsTab struct {
	root  string
	run   runner
	list  *fyne.Container
	empty *widget.Label
	body  fyne.CanvasObject
}

func newSkillsTab(root string, r runner) *skillsTab {
	t := &skillsTab{root: root, run: r}
	t.list = container.NewVBox()
	t.empty = &widget.Label{Text: lang.L("No project skills yet. Skills live in .memo/skills/<name>/SKILL.md and stay off until you switch them on."), Wrapping: fyne.TextWrapWord}
	t.body = container.NewVScroll(container.NewVBox(heading(lang.L("Project skills")), t.empty, t.list))
	return t
}

func (t *skillsTab) content() fyne.CanvasObject { return t.body }

// refresh lists .memo/skills off the UI goroutine.
func (t *skillsTab) refresh() {
	background(t.run, func() []string { return skillFolders(t.root) }, func(names []string) {
		t.list.Objects = nil
		for _, n := range names {
			t.list.Add(container.NewHBox(widget.NewIcon(theme.FileTextIcon()), widget.NewLabel(n)))
		}
		t.empty.Hidden = len(names) > 0
		t.empty.Refresh()
		t.list.Refresh()
	})
}

// skillFolders lists the folders of .memo/skills that hold a SKILL.md.
func skillFolders(root string) []string {
	dir := filepath.Join(root, ".memo", "skills")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			if _, err := os.Lstat(filepath.Join(dir, e.Name(), "SKILL.md")); err == nil {
				names = append(names, e.Name())
			}
		}
	}
	sort.Strings(names)
	return names
}
