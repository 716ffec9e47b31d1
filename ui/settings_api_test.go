// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// fakeAPI answers Start and Stop with the states it is given.
type fakeAPI struct {
	state, onStart, onStop APIState
	starts, stops          int
}

func (f *fakeAPI) State() APIState { return f.state }
func (f *fakeAPI) Start() APIState { f.starts++; f.state = f.onStart; return f.state }
func (f *fakeAPI) Stop() APIState  { f.stops++; f.state = f.onStop; return f.state }

func TestSettingsAPISwitch(t *testing.T) {
	listening := APIState{Listening: true, Addr: "127.0.0.1:41234", TokenFile: "/home/u/.memo/data/api-token"}
	api := &fakeAPI{onStart: listening, onStop: APIState{Addr: listening.Addr, TokenFile: listening.TokenFile}}
	f := newFixture(t, memoryOn)
	f.m.deps.API = api
	f.m.onSettings()
	s := f.m.settings
	if s.api.Disabled() || s.api.Checked || s.apiDetails.Visible() {
		t.Fatalf("a stopped server: switch disabled=%v checked=%v details=%v", s.api.Disabled(), s.api.Checked, s.apiDetails.Visible())
	}
	if !strings.Contains(s.apiState.Text, "Stopped") {
		t.Errorf("stopped state says %q", s.apiState.Text)
	}

	test.Tap(s.api)
	if api.starts != 1 || !s.api.Checked || !s.apiDetails.Visible() || s.apiAddr.Text != listening.Addr || s.apiToken.full != listening.TokenFile {
		t.Fatalf("after switching on: starts=%d checked=%v details=%v addr=%q token=%q", api.starts, s.api.Checked, s.apiDetails.Visible(), s.apiAddr.Text, s.apiToken.full)
	}
	if !strings.Contains(s.apiState.Text, "Listening") {
		t.Errorf("listening state says %q", s.apiState.Text)
	}
	var copyButtons []*widget.Button
	for _, o := range test.LaidOutObjects(s.apiDetails) {
		if b, ok := o.(*focusButton); ok {
			copyButtons = append(copyButtons, &b.Button)
		}
	}
	if len(copyButtons) != 2 {
		t.Fatalf("%d copy buttons beside the address and the token file, want 2", len(copyButtons))
	}
	test.Tap(copyButtons[0])
	if got := f.m.app.Clipboard().Content(); got != listening.Addr {
		t.Errorf("Copy beside the address copied %q", got)
	}
	test.Tap(copyButtons[1])
	if got := f.m.app.Clipboard().Content(); got != listening.TokenFile {
		t.Errorf("Copy beside the token file copied %q", got)
	}

	test.Tap(s.api)
	if api.stops != 1 || s.api.Checked || s.apiDetails.Visible() {
		t.Fatalf("after switching off: stops=%d checked=%v details=%v", api.stops, s.api.Checked, s.apiDetails.Visible())
	}

	// The port is taken: plain words, the switch stays off.
	api.onStart = APIState{Addr: "127.0.0.1:41234", PortInUse: true, Problem: errors.New("in use")}
	test.Tap(s.api)
	if s.api.Checked || !strings.Contains(s.apiState.Text, "127.0.0.1:41234 is in use by another program") {
		t.Errorf("port in use: checked=%v, says %q", s.api.Checked, s.apiState.Text)
	}
}

func TestSettingsWithoutAPI(t *testing.T) {
	f := newFixture(t, memoryOn)
	f.m.onSettings()
	if !f.m.settings.api.Disabled() {
		t.Error("the API switch is offered without a server behind it")
	}
}

// Settings keeps its size when the API is switched on and its address and
// token rows show (it grew from 512 to 611 px).
func TestSettingsKeepsItsSizeWhenTheAPIStarts(t *testing.T) {
	f := newFixture(t, memoryOn)
	api := &fakeAPI{state: APIState{}, onStart: APIState{Listening: true, Addr: "127.0.0.1:41234", TokenFile: "/data/api-token"}}
	f.m.deps.API = api
	f.m.onSettings()
	s := f.m.settings
	before := s.win.Canvas().Size()
	s.api.SetChecked(true)
	if !s.apiDetails.Visible() {
		t.Fatal("the address and token rows do not show")
	}
	if after := s.win.Canvas().Size(); after != before {
		t.Errorf("Settings went from %v to %v when the API started", before, after)
	}
}
