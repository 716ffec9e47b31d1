// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestSelectedTabDoesNotShiftItsNeighbours: the selected tab's title is
// bold, yet every tab button keeps its place and width, and its shortcut its
// place, whichever tab is selected, in English and Turkish.
func TestSelectedTabDoesNotShiftItsNeighbours(t *testing.T) {
	for _, lng := range []struct {
		name string
		use  func(*testing.T)
	}{{"en", useEnglish}, {"tr", useTurkish}} {
		t.Run(lng.name, func(t *testing.T) {
			lng.use(t)
			test.NewTempApp(t)
			var pages []tabPage
			for _, title := range []string{"Overview", "Skills", "Permissions", "Memory"} {
				pages = append(pages, tabPage{lang.L(title), widget.NewLabel(title)})
			}
			tabs := newTabBar(pages...)
			w := test.NewTempWindow(t, container.NewVBox(tabs.content()))
			w.Resize(fyne.NewSize(800, 200))
			type place struct {
				x, width, shortcutX float32
			}
			places := func() []place {
				w.Content().Refresh()
				var ps []place
				for _, b := range tabs.buttons {
					r := test.WidgetRenderer(b).(*tabButtonRenderer)
					ps = append(ps, place{b.Position().X, b.Size().Width, r.shortcut.Position().X})
				}
				return ps
			}
			first := places()
			for i := range tabs.buttons {
				tabs.SelectIndex(i)
				for j, p := range places() {
					if p != first[j] {
						t.Errorf("with tab %d (%s) selected, tab %d (%s) is at x=%v, %v wide, its shortcut at %v; with the first selected at x=%v, %v wide, shortcut at %v",
							i, tabs.buttons[i].title, j, tabs.buttons[j].title, p.x, p.width, p.shortcutX, first[j].x, first[j].width, first[j].shortcutX)
					}
				}
			}
		})
	}
}
