// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// skillsManager is the skills service as the Skills tab uses it, by folder
// path; app passes *skills.Manager. Its methods are synchronous: the tab calls
// them off the UI goroutine.
type skillsManager interface {
	List(path string) (skills.SkillList, error)
	Show(path, name string) (skills.Shown, error)
	// ShowFile reads one file of an installed skill, as text.
	ShowFile(path, name, rel string) (skills.FileText, error)
	// Stage downloads a source's skill and keeps it for a review (compared
	// with the installed skill of its name, if any); InstallStaged or
	// UpdateStaged then applies exactly it, with no second download, and
	// Discard drops it. StageUpdate stages a skill's update from its lock.
	Stage(ctx context.Context, path, source string, opt skills.StageOptions) (skills.Staged, error)
	StageUpdate(ctx context.Context, path, name string, progress skills.Progress) (skills.Staged, error)
	StagedFile(path, id, rel string) (skills.FileText, error)
	InstallStaged(path, id string) (skills.Added, error)
	UpdateStaged(path, id string) (skills.UpdateReview, error)
	Discard(id string)
	Remove(path, name string) (skills.Removed, error)
	SetEnabled(path, name string, on bool) (skills.Switched, error)
	// Changed is what changed since the skill was turned on.
	Changed(path, name string) (skills.Drift, error)
	Check(ctx context.Context, path string, progress skills.CheckProgress) (skills.CheckList, error)
	Restore(ctx context.Context, path string, progress skills.CheckProgress) (skills.Restoration, error)
	Pin(path, name string) (skills.Pinned, error)
}

// skillsTab is the skills manager: the project's skills with their switches,
// where each came from and at which commit, View, Remove and Open source;
// Add…, Check for updates (and each update's review), what changed since a
// skill was turned on, Restore of what the lock lists and the folder lacks,
// and Pin this version for a skill the lock does not list.
type skillsTab struct {
	root string
	d    *dialogs
	// skills is the manager, or why there is none (a bad
	// MEMO_GITHUB_ARCHIVE_BASE): Deps.Skills, called off the UI goroutine.
	skills  func() (skillsManager, error)
	run     runner
	list    *fyne.Container
	empty   *widget.Label
	problem *widget.Label // why the list could not be read
	add     *focusButton
	body    fyne.CanvasObject

	// The lock's side (skills_tab_lock.go): the last check's answers by
	// skill, the check in flight, the banner of missing skills.
	checked  map[string]skills.Checked
	check    *focusButton
	progress *lockProgress
	missing  *fyne.Container
}

func newSkillsTab(root string, d *dialogs, skills func() (skillsManager, error), r runner) *skillsTab {
	t := &skillsTab{root: root, d: d, skills: skills, run: r}
	t.list = container.NewVBox(waiting(lang.L("Reading the project's skills…")))
	t.empty = &widget.Label{Text: lang.L("No project skills yet. Add one from GitHub with Add…; a new skill stays off until you switch it on."), Wrapping: fyne.TextWrapWord}
	t.empty.Hide()
	t.problem = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	t.problem.Hide()
	t.add = newButton(lang.L("Add…"), theme.ContentAddIcon(), widget.HighImportance, t.onAdd)
	t.check = newButton(lang.L("Check for updates"), theme.ViewRefreshIcon(), widget.MediumImportance, t.onCheck)
	t.progress = newLockProgress()
	t.progress.busy = []*focusButton{t.check}
	t.missing = container.NewVBox()
	top := container.NewBorder(nil, nil, nil, container.NewHBox(t.check, t.add), heading(lang.L("Project skills")))
	t.body = newPageScroll(container.New(&maxWidthLayout{readableWidth}, container.NewVBox(top, t.progress.box, t.problem, t.missing, t.empty, t.list)))
	return t
}

func (t *skillsTab) content() fyne.CanvasObject { return t.body }

// manager is the skills manager, or why there is none.
func (t *skillsTab) manager() (skillsManager, error) {
	if t.skills == nil {
		return nil, errors.New(lang.L("skills are not available in this window"))
	}
	return t.skills()
}

// refresh lists the skills off the UI goroutine.
func (t *skillsTab) refresh() {
	type listed struct {
		list skills.SkillList
		err  error
	}
	background(t.run, func() listed {
		m, err := t.manager()
		if err != nil {
			return listed{err: err}
		}
		l, err := m.List(t.root)
		return listed{list: l, err: err}
	}, func(l listed) {
		t.showMissing(l.list.Missing)
		t.show(l.list.Skills, l.err)
	})
}

func (t *skillsTab) show(list []skills.Listed, err error) {
	if err != nil {
		t.problem.SetText(lang.L("The skills could not be read:") + " " + say(err))
		t.problem.Show()
	} else {
		t.problem.Hide()
	}
	keepFocusPlace(t.list, func() {
		t.list.Objects = nil
		for _, s := range list {
			t.list.Add(t.row(s))
		}
	})
	t.empty.Hidden = err != nil || len(list) > 0
	t.empty.Refresh()
	t.list.Refresh()
}

// row is one skill: name and switch, description, what was dropped, where
// it came from and at which commit, its state against the lock and the
// switch, actions.
func (t *skillsTab) row(s skills.Listed) fyne.CanvasObject {
	name := &widget.Label{Text: s.Name, TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
	on := newCheck(lang.L("On"), nil) // the page's keys, as every widget of the window
	on.Checked = s.Enabled
	on.OnChanged = func(v bool) {
		if v && s.State == skills.StateChanged {
			t.reviewChanged(s.Name, &on.Check) // what changed is shown before it is turned on again
			return
		}
		t.setEnabled(s.Name, &on.Check, v)
	}
	view := newButton(lang.L("View"), theme.DocumentIcon(), widget.MediumImportance, func() { t.view(s.Name) })
	remove := newButton(lang.L("Remove…"), theme.DeleteIcon(), widget.MediumImportance, func() { t.confirmRemove(s.Name) })
	actions := container.NewHBox(on, view)
	if u := sourcePage(s.Source); u != "" {
		actions.Add(newButton(lang.L("Open source"), theme.ComputerIcon(), widget.MediumImportance, func() { t.d.openURL(u) }))
	}
	actions.Add(remove)
	if !s.Problem.IsZero() {
		on.Disable()
		view.Disable()
	}
	lines := container.NewVBox(container.NewBorder(nil, nil, nil, actions, name))
	if s.Description != "" {
		lines.Add(&widget.Label{Text: s.Description, Wrapping: fyne.TextWrapWord})
	}
	if len(s.DroppedTools) > 0 {
		lines.Add(&widget.Label{Text: droppedText(s.DroppedTools), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	if !s.Problem.IsZero() {
		lines.Add(&widget.Label{Text: lang.L("Cannot be used:") + " " + sayText(s.Problem), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
	}
	for _, o := range t.lockLines(s) {
		lines.Add(o)
	}
	return container.NewVBox(lines, widget.NewSeparator())
}

// droppedText names the declared tools Memo ignores (docs/skills.md §2: instructions only).
func droppedText(tools []string) string {
	return lang.L("Declared tools ignored: {{.Tools}}. A project skill only gives instructions; it never adds commands.", map[string]any{"Tools": strings.Join(tools, ", ")})
}

// sourcePage is the GitHub page of a recorded source ("" when there is none).
func sourcePage(source string) string {
	if source == "" {
		return ""
	}
	src, err := skills.ParseSource(source)
	if err != nil {
		return ""
	}
	return src.PageURL()
}

// setEnabled flips a skill's switch off the UI goroutine; a failure puts the
// switch back and says why.
func (t *skillsTab) setEnabled(name string, check *widget.Check, on bool) {
	background(t.run, func() error {
		m, err := t.manager()
		if err == nil {
			_, err = m.SetEnabled(t.root, name, on)
		}
		return err
	}, func(err error) {
		if err == nil {
			return
		}
		f := check.OnChanged
		check.OnChanged = nil
		check.SetChecked(!on)
		check.OnChanged = f
		title := lang.L("Could not switch the skill on")
		if !on {
			title = lang.L("Could not switch the skill off")
		}
		t.d.showError(title, err)
	})
}

// view shows the skill's SKILL.md rendered, with its files.
func (t *skillsTab) view(name string) {
	type shown struct {
		sh  skills.Shown
		err error
	}
	background(t.run, func() shown {
		m, err := t.manager()
		if err != nil {
			return shown{err: err}
		}
		sh, err := m.Show(t.root, name)
		return shown{sh: sh, err: err}
	}, func(s shown) {
		if s.err != nil {
			t.d.showError(lang.L("Could not show the skill"), s.err)
			return
		}
		t.showSkill(s.sh)
	})
}

func (t *skillsTab) showSkill(sh skills.Shown) {
	w := t.d.win
	body := container.NewVBox()
	if sh.Description != "" {
		body.Add(&widget.Label{Text: sh.Description, Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Italic: true}})
		body.Add(widget.NewSeparator())
	}
	body.Add(skillMarkdown(sh.Markdown))
	body.Add(heading(lang.L("Files")))
	body.Add(fileRows(sh.Files, func(rel string) { t.openFile(sh.Name, rel) }))
	d := dialog.NewCustom(sh.Name, lang.L("Close"), newPageScroll(body), w)
	d.Resize(reviewSize(w))
	keysWhileShown(w, d, d.Hide, d.Hide)
	d.Show()
	if f := t.d.shown; f != nil {
		f(sh.Name, sh.Description)
	}
}

// openFile shows a file of an installed skill inside the window.
func (t *skillsTab) openFile(name, rel string) {
	openSkillFile(t.d, t.run, func() (skills.FileText, error) {
		m, err := t.manager()
		if err != nil {
			return skills.FileText{}, err
		}
		return m.ShowFile(t.root, name, rel)
	})
}

// confirmRemove asks before removing a skill and its switch.
func (t *skillsTab) confirmRemove(name string) {
	t.d.message(lang.L("Remove the skill {{.Name}}?", map[string]any{"Name": name}),
		lang.L("Its folder .memo/skills/{{.Name}} is deleted and its switch forgotten on this device. You can add it again later.", map[string]any{"Name": name}), nil,
		choice{text: lang.L("Cancel")},
		choice{text: lang.L("Remove"), importance: widget.DangerImportance, do: func() { t.remove(name) }})
}

func (t *skillsTab) remove(name string) {
	t.change(lang.L("Could not remove the skill"), func(m skillsManager) error {
		_, err := m.Remove(t.root, name)
		return err
	})
}

// change runs op on the manager off the UI goroutine, then says why it
// failed under failed, if it did, and lists the skills again.
func (t *skillsTab) change(failed string, op func(m skillsManager) error) {
	background(t.run, func() error {
		m, err := t.manager()
		if err == nil {
			err = op(m)
		}
		return err
	}, func(err error) {
		if err != nil {
			t.d.showError(failed, err)
		}
		t.refresh()
	})
}

func (t *skillsTab) onAdd() {
	m, err := t.manager()
	if err != nil {
		t.d.showError(lang.L("Could not add a skill"), err)
		return
	}
	newSkillAddDialog(t.root, m, t.d, t.run, t.refresh).show()
}

// sizeText is a byte count in plain units.
func sizeText(n int64) string {
	switch {
	case n < 1000:
		return lang.N("{{.N}} bytes", int(n), map[string]any{"N": n})
	case n < 1000*1000: // kB and MB are written so in every language Memo speaks
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
}
