// SPDX-License-Identifier: Apache-2.0

// Package sessionbus finds the D-Bus session bus that is already running and
// keeps the libraries in this process from starting one.
//
// godbus (which Fyne uses for the theme's portal settings at start-up, for
// notifications and for the screensaver) runs dbus-launch when it finds no
// bus: where dbus-launch is installed (Debian's dbus-x11) and no session bus
// is set (SSH with X forwarding, a bare window manager), each launch of the
// app would leave a bus daemon behind, and with the portal packages installed
// the portal services it activates and their FUSE mount as well. A bus the
// app started but cannot stop is not the app's to start.
package sessionbus

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/godbus/dbus/v5"
)

// EnvVar is the variable that names the session bus.
const EnvVar = "DBUS_SESSION_BUS_ADDRESS"

// Disabled is the conventional address that names no bus (libdbus, Nix,
// Chromium): clients fail at once on it and autolaunch nothing.
const Disabled = "disabled:"

// Address is the address of the session bus that is running now, or "" when
// there is none. It never starts a bus and changes no variable.
func Address() string {
	return address(os.Getenv, os.Getuid(), isSocket)
}

// address is Address with the environment, the user id and the socket test
// injected: $DBUS_SESSION_BUS_ADDRESS unless it asks for autolaunch or no
// bus, else the socket $XDG_RUNTIME_DIR/bus (/run/user/UID/bus when the
// variable is unset), which a systemd user session or dbus-user-session
// provides.
func address(getenv func(string) string, uid int, isSocket func(string) bool) string {
	if a := getenv(EnvVar); a != "" {
		if strings.HasPrefix(a, "autolaunch:") || strings.HasPrefix(a, "disabled:") {
			return ""
		}
		return a
	}
	dir := getenv("XDG_RUNTIME_DIR")
	if dir == "" {
		dir = "/run/user/" + strconv.Itoa(uid)
	}
	if socket := filepath.Join(dir, "bus"); isSocket(socket) {
		return "unix:path=" + dbus.EscapeBusAddressValue(socket)
	}
	return ""
}

// isSocket reports whether path is a Unix socket (following symlinks).
func isSocket(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().Type() == os.ModeSocket
}

// Pin sets $DBUS_SESSION_BUS_ADDRESS in this process to the bus Address
// finds, or to Disabled when there is none, so that every D-Bus client here
// uses that bus or none and none of them autolaunches one. It returns the
// environment the process had before, for the programs it starts (a file
// manager may want to start its own bus; that is its business). Call it
// before Fyne starts; it is for Linux and the BSDs, where Fyne uses godbus.
func Pin() (before []string) {
	before = os.Environ()
	want := Address()
	if want == "" {
		want = Disabled
	}
	if os.Getenv(EnvVar) != want {
		os.Setenv(EnvVar, want)
	}
	return before
}
