// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestOverviewMinimalLineIsLaidOut: the Overview's "Minimal Mode is on"
// line, shown after the tab was laid out (Minimal Mode turned on from the
// banner or the settings), gets its place above the policy table, and the
// table makes room; hidden again, it gives the room back. A line shown
// without the tab laid out again has no size and is drawn over the table.
func TestOverviewMinimalLineIsLaidOut(t *testing.T) {
	test.NewTempApp(t)
	o := newOverviewTab()
	w := test.NewTempWindow(t, o.content())
	w.Resize(fyne.NewSize(800, 600))
	before := o.policy.Position().Y
	o.setMinimal(true)
	if size := o.minimal.Size(); size.Height <= 0 || size.Width <= 0 {
		t.Errorf("the Minimal Mode line shown is %v, want a place of its own", size)
	}
	if o.policy.Position().Y < o.minimal.Position().Y+o.minimal.Size().Height {
		t.Errorf("the policy table is at %v, over the Minimal Mode line at %v, %v", o.policy.Position(), o.minimal.Position(), o.minimal.Size())
	}
	o.setMinimal(false)
	if got := o.policy.Position().Y; got != before {
		t.Errorf("with the line hidden again the policy table is at %v, want %v", got, before)
	}
}
