// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"memo.dev/projects/domain/project"
)

type listSource struct{ recs []project.Record }

func (s listSource) List() ([]project.Record, error)         { return s.recs, nil }
func (listSource) BadgeOf(string) project.Badge              { return project.BadgeSetUp }
func (listSource) Files(string) ([]project.FileState, error) { return nil, nil }

// A reload that finishes after a project was selected (the window's first
// load racing the folder it was opened with) keeps the selection, without
// reopening the project; selecting it again shows it anew.
func TestListKeepsTheSelectionAcrossReloads(t *testing.T) {
	test.NewTempApp(t)
	src := listSource{recs: []project.Record{{ID: "p_1", Path: "/work/a"}, {ID: "p_2", Path: "/work/b"}}}
	var held []func()
	r := runner{goroutine: func(f func()) { held = append(held, f) }, settle: &settle{}}
	var opened []string
	l := newProjectList(src, r, func(rec project.Record) { opened = append(opened, rec.Path) }, func() { opened = append(opened, "global") })
	test.NewTempWindow(t, l.content())
	run := func() {
		for len(held) > 0 {
			f := held[0]
			held = held[1:]
			f()
		}
	}
	l.reload(nil)                                // the first load, still running
	l.reload(func() { l.selectPath("/work/b") }) // the opened folder
	held[1]()                                    // the second load finishes first
	held = held[:1]
	if len(opened) != 1 || opened[0] != "/work/b" || l.current != "/work/b" {
		t.Fatalf("after selecting: opened %v, current %q", opened, l.current)
	}
	run() // now the first load finishes
	if l.current != "/work/b" {
		t.Fatalf("a late reload dropped the selection: current %q", l.current)
	}
	if id, ok := l.rowOf("/work/b"); !ok || id != 2 {
		t.Fatalf("rowOf = %d, %v", id, ok)
	}
	if len(opened) != 1 {
		t.Errorf("keeping the selection reopened the project: %v", opened)
	}
	// Selecting the selected project again shows it again (a refresh).
	l.selectPath("/work/b")
	if len(opened) != 2 || opened[1] != "/work/b" {
		t.Errorf("selecting it again: opened %v", opened)
	}
	// A filter that hides it, then shows it, keeps it selected.
	l.filter.SetText("a")
	l.filter.SetText("")
	if l.current != "/work/b" || len(opened) != 2 {
		t.Errorf("after filtering: current %q, opened %v", l.current, opened)
	}
}
