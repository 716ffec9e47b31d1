// SPDX-License-Identifier: Apache-2.0

//go:build linux

package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWindowStartsNoSessionBus: where no session bus is set (SSH with X
// forwarding, a bare window manager) and dbus-launch is installed (Debian's
// dbus-x11), the app must not autolaunch a bus: that daemon, and the portal
// services it activates, would outlive the app, one more at every launch.
// A dbus-launch on PATH records every call; the real one is never run.
func TestWindowStartsNoSessionBus(t *testing.T) {
	display := startXvfb(t)
	colors := darkColors(t)
	bin := t.TempDir()
	calls := filepath.Join(t.TempDir(), "dbus-launch-calls")
	fake := "#!/bin/sh\necho \"$@\" >> '" + calls + "'\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "dbus-launch"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	session := []string{
		// An empty runtime folder: no user bus socket either.
		"XDG_RUNTIME_DIR=" + t.TempDir(),
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
	}
	w := openWindowIn(t, display, colors, t.TempDir(), session)
	// The setup question shows once the app has started, theme and all (Fyne
	// asks the bus for the theme as it starts); Not now, then the app quits.
	w.waitFor(screenModal, "the setup question")
	w.typeKeys("Escape")
	w.waitFor(screenPlain, "the window without a dialog")
	w.close()
	if b, err := os.ReadFile(calls); err == nil {
		t.Errorf("the app ran dbus-launch (to autolaunch a session bus) %d times: %q", strings.Count(string(b), "\n"), b)
	}
}
