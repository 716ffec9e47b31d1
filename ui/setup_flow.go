package ui

import (
	"errors"
	"path/filepath"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
)

// folderOpener is what opening a folder and setting it up ask of the project
// service (SPEC §2.2, §3).
type folderOpener interface {
	Register(path string) (project.Status, identity.Event, error)
	Plan(path string) ([]project.PlanItem, error)
	Setup(path string) (project.SetupResult, error)
	Decline(path string, declined bool) (project.Status, error)
}

// OpenFolder does what SPEC §3 calls opening a folder: register it, show it,
// and ask the setup question when it should be asked.
func (m *MainWindow) OpenFolder(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	type opened struct {
		st   project.Status
		plan []project.PlanItem
		err  error
	}
	background(m.run, func() opened {
		st, _, err := m.deps.Projects.Register(path)
		if err != nil {
			return opened{st: st, err: err}
		}
		var plan []project.PlanItem
		if st.ShouldAsk {
			plan, err = m.deps.Projects.Plan(st.Root)
		}
		return opened{st: st, plan: plan, err: err}
	}, func(o opened) {
		switch {
		case folderUnreachable(o.st, o.err):
			m.showFolderError(path, o.err)
		case errors.Is(o.err, domain.ErrRefused):
			m.showRefused(o.st, say(o.err))
			return
		case o.err != nil:
			m.showError(lang.L("Could not open the folder"), o.err)
			return
		}
		m.list.reload(func() { m.list.selectPath(o.st.Root) })
		if o.st.ShouldAsk {
			m.askSetup(o.st, o.plan)
		}
	})
}

// startSetup reads what setup would do, then asks SPEC §2.2's question.
func (m *MainWindow) startSetup(st project.Status) {
	type planned struct {
		plan []project.PlanItem
		err  error
	}
	background(m.run, func() planned {
		plan, err := m.deps.Projects.Plan(st.Root)
		return planned{plan, err}
	}, func(p planned) {
		if p.err != nil {
			m.showError(lang.L("Could not prepare the setup"), p.err)
			return
		}
		m.askSetup(st, p.plan)
	})
}

// askSetup asks SPEC §2.2's question and acts on the answer.
func (m *MainWindow) askSetup(st project.Status, plan []project.PlanItem) {
	newSetupDialog(st, plan, m.win, func(answer setupAnswer) {
		switch answer {
		case answerSetUp:
			m.setUp(st.Root)
		case answerNever:
			m.decline(st.Root, true)
		}
	}).show()
}

// setUp runs setup off the UI goroutine, with progress, then shows the result.
func (m *MainWindow) setUp(root string) {
	progress := dialog.NewCustomWithoutButtons(lang.L("Setting up…"), widget.NewProgressBarInfinite(), m.win)
	progress.Show()
	type done struct {
		res project.SetupResult
		err error
	}
	background(m.run, func() done {
		res, err := m.deps.Projects.Setup(root)
		return done{res, err}
	}, func(d done) {
		progress.Hide()
		if d.err != nil {
			m.showError(lang.L("Could not set up the project"), d.err)
		}
		m.refreshProject(root)
	})
}

// decline stores "never for this folder" (or takes it back).
func (m *MainWindow) decline(root string, declined bool) {
	background(m.run, func() error {
		_, err := m.deps.Projects.Decline(root, declined)
		return err
	}, func(err error) {
		if err != nil {
			m.showError(lang.L("Could not save your answer"), err)
		}
		m.refreshProject(root)
	})
}
