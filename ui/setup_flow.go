// SPDX-License-Identifier: Apache-2.0

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
// service (docs/folders.md §4, docs/identity.md §3).
type folderOpener interface {
	Register(path string) (project.Status, identity.Event, error)
	Plan(path string) ([]project.PlanItem, error)
	Shape(path string) (project.Shape, error)
	Setup(path string) (project.SetupResult, error)
	Decline(path string, declined bool) (project.Status, error)
	// Former and SetupReconnected are the question of a folder set up
	// where a project whose folder cannot be found used to be (docs/identity.md §7).
	Former(path string) ([]project.Record, error)
	SetupReconnected(path, id string) (project.SetupResult, error)
}

// folderService is what the folder flows ask of the project service.
type folderService interface {
	folderOpener
	forgetter
	Status(path string) (project.Status, error)
}

// folderFlows are the window's flows on a folder: opening it and asking the
// setup question, setting it up, declining it, locating one that moved and
// forgetting one. Each asks or tells in a dialog and leaves the list
// showing the result.
type folderFlows struct {
	projects folderService
	d        *dialogs
	run      runner
	chooser  *folderChooser
	// show reloads the list and shows root (selecting it refreshes its view).
	show func(root string)
	// forgotten: rec left the list.
	forgotten func(rec project.Record)
	// pools, called on the UI goroutine, is the memory database when it
	// is open (nil before): the reconnect question says how many memories
	// the old project has.
	pools func() poolCounter
}

// open does what docs/identity.md §3 calls opening a folder: register it, show it,
// and ask the setup question when it should be asked.
func (fl *folderFlows) open(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	type opened struct {
		st    project.Status
		plan  []project.PlanItem
		shape project.Shape
		err   error
	}
	background(fl.run, func() opened {
		st, _, err := fl.projects.Register(path)
		if err != nil {
			return opened{st: st, err: err}
		}
		o := opened{st: st}
		if st.ShouldAsk {
			o.plan, o.err = fl.projects.Plan(st.Root)
			o.shape, _ = fl.projects.Shape(st.Root) // without it the question only says less
		}
		return o
	}, func(o opened) {
		switch {
		case folderUnreachable(o.st, o.err):
			fl.d.showFolderError(path, o.err)
		case errors.Is(o.err, domain.ErrRefused):
			fl.d.showRefused(o.st, say(o.err))
			return
		case o.err != nil:
			fl.d.showError(lang.L("Could not open the folder"), o.err)
			return
		}
		fl.show(o.st.Root)
		if o.st.ShouldAsk {
			fl.askSetup(o.st, o.plan, o.shape)
		}
	})
}

// startSetup reads what setup would do, then asks the setup question (docs/folders.md §4).
func (fl *folderFlows) startSetup(st project.Status) {
	type planned struct {
		plan  []project.PlanItem
		shape project.Shape
		err   error
	}
	background(fl.run, func() planned {
		plan, err := fl.projects.Plan(st.Root)
		shape, _ := fl.projects.Shape(st.Root)
		return planned{plan, shape, err}
	}, func(p planned) {
		if p.err != nil {
			fl.d.showError(lang.L("Could not prepare the setup"), p.err)
			return
		}
		fl.askSetup(st, p.plan, p.shape)
	})
}

// askSetup asks the setup question (docs/folders.md §4) and acts on the answer.
func (fl *folderFlows) askSetup(st project.Status, plan []project.PlanItem, shape project.Shape) {
	newSetupDialog(st, plan, shape, fl.d.win, func(answer setupAnswer) {
		switch answer {
		case answerSetUp:
			fl.setUp(st.Root)
		case answerNever:
			fl.decline(st.Root, true)
		}
	}).show()
}

// setUp sets root up. When a project whose folder cannot be found used to
// be there, it first asks whether this is that project (Start fresh is the
// default); then it runs setup off the UI goroutine, with progress, and
// shows the result.
func (fl *folderFlows) setUp(root string) {
	var pools poolCounter
	if fl.pools != nil {
		pools = fl.pools()
	}
	type former struct {
		rec      project.Record
		memories int64 // -1: not known
		err      error
	}
	background(fl.run, func() former {
		recs, err := fl.projects.Former(root)
		if err != nil || len(recs) == 0 {
			return former{err: err}
		}
		f := former{rec: recs[0], memories: -1}
		if pools != nil {
			if counts, err := pools.Counts(); err == nil {
				f.memories = counts[f.rec.ID]
			}
		}
		return f
	}, func(f former) {
		switch {
		case f.err != nil:
			fl.d.showError(lang.L("Could not prepare the setup"), f.err)
		case f.rec.ID == "":
			fl.runSetup(root, "")
		default:
			newReconnectDialog(f.rec, f.memories, fl.d.win, func(a reconnectAnswer) {
				switch a {
				case answerFresh:
					fl.runSetup(root, "")
				case answerReconnect:
					fl.runSetup(root, f.rec.ID)
				}
			}).show()
		}
	})
}

// runSetup runs setup off the UI goroutine, with progress, then shows the
// result; with id, as the project id (reconnected).
func (fl *folderFlows) runSetup(root, id string) {
	progress := dialog.NewCustomWithoutButtons(lang.L("Setting up…"), widget.NewProgressBarInfinite(), fl.d.win)
	progress.Show()
	type done struct {
		res project.SetupResult
		err error
	}
	background(fl.run, func() done {
		if id != "" {
			res, err := fl.projects.SetupReconnected(root, id)
			return done{res, err}
		}
		res, err := fl.projects.Setup(root)
		return done{res, err}
	}, func(d done) {
		progress.Hide()
		if d.err != nil {
			fl.d.showError(lang.L("Could not set up the project"), d.err)
		}
		fl.show(root)
	})
}

// decline stores "never for this folder" (or takes it back).
func (fl *folderFlows) decline(root string, declined bool) {
	background(fl.run, func() error {
		_, err := fl.projects.Decline(root, declined)
		return err
	}, func(err error) {
		if err != nil {
			fl.d.showError(lang.L("Could not save your answer"), err)
		}
		fl.show(root)
	})
}
