// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// says reports a shown label under o whose text is text.
func says(o fyne.CanvasObject, text string) bool {
	for _, x := range test.LaidOutObjects(o) {
		if l, ok := x.(*widget.Label); ok && l.Visible() && l.Text == text {
			return true
		}
	}
	return false
}

// queued is a runner whose background jobs wait until the test runs them,
// so that a test sees the window before its data arrives.
type queued struct{ jobs []func() }

func (q *queued) runner() runner {
	return runner{goroutine: func(f func()) { q.jobs = append(q.jobs, f) }, settle: &settle{}}
}

// next runs the oldest waiting job (its result is shown at once: fyne.Do
// runs inline in the test driver); false when none waits.
func (q *queued) next() bool {
	if len(q.jobs) == 0 {
		return false
	}
	f := q.jobs[0]
	q.jobs = q.jobs[1:]
	f()
	return true
}

// TestEmptyColumnsSayWhatTheyWaitFor: while the window fills at start-up,
// the projects list, the right side and the Overview's columns each say
// what they wait for, in the reader's language; each line goes when its
// data arrives. The Skills tab says so too until its list is read.
func TestEmptyColumnsSayWhatTheyWaitFor(t *testing.T) {
	for _, lng := range []struct {
		name string
		use  func(*testing.T)
	}{{"en", useEnglish}, {"tr", useTurkish}} {
		t.Run(lng.name, func(t *testing.T) {
			lng.use(t)
			f := newFixture(t, memoryOn)
			dir := mkdir(t, "alpha")
			if _, err := f.svc.Setup(dir); err != nil {
				t.Fatal(err)
			}
			f.m.app.Preferences().SetString(prefLastProject, dir)
			q := &queued{}
			m := newMainWindow(f.m.app, f.m.deps, q.runner())
			m.win.Resize(fyne.NewSize(800, 528))
			m.Show()
			t.Cleanup(m.win.Close)
			shows := func(where string, w fyne.Window, text string, want bool) {
				t.Helper()
				if got := f.says(w, text); got != want {
					t.Errorf("%s: shows %q = %v, want %v", where, text, got, want)
				}
			}
			loading, opening := lang.L("Loading projects…"), lang.L("Opening {{.Name}}…", map[string]any{"Name": "alpha"})
			files, settings := lang.L("Reading the project's files…"), lang.L("Reading the project's settings…")
			for _, english := range []string{"Loading projects…", "Opening alpha…", "Reading the project's files…", "Reading the project's settings…"} {
				if lng.name == "tr" && (english == loading || english == opening || english == files || english == settings) {
					t.Errorf("%q is said in English in Turkish", english)
				}
			}
			shows("before anything is read: the list", m.win, loading, true)
			shows("before anything is read: the right side", m.win, opening, true)

			q.next() // the registry
			shows("once the list is read", m.win, loading, false)
			shows("once the list is read", m.win, opening, false)
			if m.view == nil {
				t.Fatal("the last project is not shown once the list is read")
			}
			shows("the project's Overview before its state is read", m.win, files, true)
			shows("the project's Overview before its state is read", m.win, settings, true)
			for q.next() {
			}
			shows("once everything is read", m.win, files, false)
			shows("once everything is read", m.win, settings, false)

			// A first launch: no project to open again, the right side waits
			// for the list too.
			f.m.app.Preferences().SetString(prefLastProject, "")
			first := newMainWindow(f.m.app, f.m.deps, (&queued{}).runner())
			first.Show()
			t.Cleanup(first.win.Close)
			if !says(first.detail, loading) {
				t.Error("at a first launch the right side does not say it waits for the projects")
			}

			skills := newSkillsTab(dir, m.dialogs, nil, q.runner())
			if !says(skills.list, lang.L("Reading the project's skills…")) {
				t.Error("the Skills tab does not say it is reading the skills")
			}
			skills.refresh()
			for q.next() {
			}
			if says(skills.list, lang.L("Reading the project's skills…")) {
				t.Error("the Skills tab still says it is reading the skills once they are read")
			}
		})
	}
}
