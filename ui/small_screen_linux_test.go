// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestWindowsFitASmallScreen: the first window a new user sees, a
// project's view, and Settings with the API listening fit an 800×600
// screen less its taskbar and title bar (smallScreen), in English and
// Turkish: their minimum sizes, and the sizes they open at.
func TestWindowsFitASmallScreen(t *testing.T) {
	for _, lng := range []struct {
		name string
		use  func(*testing.T)
	}{{"en", useEnglish}, {"tr", useTurkish}} {
		t.Run(lng.name, func(t *testing.T) {
			lng.use(t)
			fits := func(what string, min, opened fyne.Size) {
				t.Helper()
				t.Logf("%s: min %v, opens at %v", what, min, opened)
				if min.Width > smallScreen.Width || min.Height > smallScreen.Height {
					t.Errorf("%s needs at least %v, more than a small screen's %v", what, min, smallScreen)
				}
				if opened.Width > smallScreen.Width || opened.Height > smallScreen.Height {
					t.Errorf("%s opens at %v, more than a small screen's %v", what, opened, smallScreen)
				}
			}
			// The first run: no project yet.
			first := newFixture(t, memoryOn)
			first.m.win.Resize(first.m.defaultSize())
			fits("the first window", first.m.win.Content().MinSize(), first.m.win.Canvas().Size())

			// A project's view, each tab shown, needs no more.
			dir := mkdir(t, "a-project-with-a-rather-long-name")
			if _, err := first.svc.Setup(dir); err != nil {
				t.Fatal(err)
			}
			first.m.OpenFolder(dir)
			if first.m.view == nil {
				t.Fatal("the project is not shown")
			}
			for i, name := range []string{"Overview", "Skills", "Permissions", "Memory"} {
				first.m.view.tabs.SelectIndex(i)
				fits("the window showing a project's "+name, first.m.win.Content().MinSize(), first.m.win.Canvas().Size())
			}

			api := &fakeAPI{state: APIState{Listening: true, Addr: "127.0.0.1:41234", TokenFile: "/home/someone-with-a-long-name/.local/share/memo/data/api-token"}}
			first.m.deps.API = api
			first.m.onSettings()
			s := first.m.settings
			fits("Settings with the API on", s.win.Content().MinSize(), s.win.Canvas().Size())
		})
	}
}
