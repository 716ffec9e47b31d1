// SPDX-License-Identifier: Apache-2.0

//go:build linux

// The session bus is pinned where a desktop runs D-Bus (not on macOS or
// Windows: app/window.go); these tests expect Linux's runtime folder
// (/run/user/UID), unix sockets and dbus-launch.

package sessionbus

import (
	"net"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godbus/dbus/v5"
)

func TestAddress(t *testing.T) {
	sockets := map[string]bool{"/run/user/1000/bus": true, "/tmp/rt/bus": true, "/tmp/with space/bus": true}
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"set", map[string]string{EnvVar: "unix:path=/tmp/b"}, "unix:path=/tmp/b"},
		{"set wins over the runtime dir", map[string]string{EnvVar: "unix:abstract=/tmp/x", "XDG_RUNTIME_DIR": "/tmp/rt"}, "unix:abstract=/tmp/x"},
		{"autolaunch asked", map[string]string{EnvVar: "autolaunch:"}, ""},
		{"autolaunch with a scope", map[string]string{EnvVar: "autolaunch:scope=*user"}, ""},
		{"disabled", map[string]string{EnvVar: Disabled, "XDG_RUNTIME_DIR": "/tmp/rt"}, ""},
		{"runtime dir socket", map[string]string{"XDG_RUNTIME_DIR": "/tmp/rt"}, "unix:path=/tmp/rt/bus"},
		{"runtime dir with a space", map[string]string{"XDG_RUNTIME_DIR": "/tmp/with space"}, "unix:path=/tmp/with%20space/bus"},
		{"runtime dir without a bus", map[string]string{"XDG_RUNTIME_DIR": "/tmp/empty"}, ""},
		{"no runtime dir: the user's", map[string]string{}, "unix:path=/run/user/1000/bus"},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		got := address(getenv, 1000, func(p string) bool { return sockets[p] })
		if got != tt.want {
			t.Errorf("%s: address(%v) = %q, want %q", tt.name, tt.env, got, tt.want)
		}
	}
}

// A real socket counts as a bus, a regular file or folder named bus does not.
func TestAddressLooksForASocket(t *testing.T) {
	for _, kind := range []string{"socket", "file", "dir", "none"} {
		dir := t.TempDir()
		bus := filepath.Join(dir, "bus")
		switch kind {
		case "socket":
			l, err := net.Listen("unix", bus)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
		case "file":
			os.WriteFile(bus, nil, 0o600)
		case "dir":
			os.Mkdir(bus, 0o700)
		}
		t.Setenv(EnvVar, "")
		t.Setenv("XDG_RUNTIME_DIR", dir)
		want := ""
		if kind == "socket" {
			want = "unix:path=" + dbus.EscapeBusAddressValue(bus)
		}
		if got := Address(); got != want {
			t.Errorf("Address() with %s %s = %q, want %q", kind, bus, got, want)
		}
	}
}

func TestPin(t *testing.T) {
	dir := t.TempDir()
	l, err := net.Listen("unix", filepath.Join(dir, "bus"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	tests := []struct {
		name, env, runtime, want string
	}{
		{"no bus", "", t.TempDir(), Disabled},
		{"autolaunch asked, no bus", "autolaunch:", t.TempDir(), Disabled},
		{"bus set", "unix:path=/x", t.TempDir(), "unix:path=/x"},
		// godbus looks in /run/user/UID only: the runtime dir's bus must be named.
		{"bus in the runtime dir", "", dir, "unix:path=" + dbus.EscapeBusAddressValue(filepath.Join(dir, "bus"))},
	}
	for _, tt := range tests {
		t.Setenv(EnvVar, tt.env)
		t.Setenv("XDG_RUNTIME_DIR", tt.runtime)
		before := os.Environ()
		got := Pin()
		if !slices.Equal(got, before) {
			t.Errorf("%s: Pin() returned %q, want the environment before it, %q", tt.name, got, before)
		}
		if v := os.Getenv(EnvVar); v != tt.want {
			t.Errorf("%s: after Pin(), %s = %q, want %q", tt.name, EnvVar, v, tt.want)
		}
	}
}

// What Pin is for: with the variable it sets, godbus (as Fyne calls it)
// fails at once and runs no dbus-launch, even where one is on PATH.
func TestPinnedGodbusDoesNotAutolaunch(t *testing.T) {
	bin := t.TempDir()
	marker := filepath.Join(t.TempDir(), "launched")
	script := "#!/bin/sh\ntouch '" + marker + "'\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "dbus-launch"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv(EnvVar, "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())

	// The control: without Pin, godbus runs the dbus-launch it finds (unless
	// this machine has a user bus in /run/user/UID, where godbus looks too).
	if conn, err := dbus.ConnectSessionBus(); err == nil {
		conn.Close()
	}
	if _, err := os.Stat(marker); err != nil && Address() == "" {
		t.Fatal("control failed: godbus did not run dbus-launch without a bus; the test would show nothing")
	}
	os.Remove(marker)

	Pin()
	if conn, err := dbus.SessionBus(); err == nil && Address() == "" {
		conn.Close()
		t.Fatalf("dbus.SessionBus() connected with %s=%q, want a failure", EnvVar, os.Getenv(EnvVar))
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("dbus.SessionBus() ran dbus-launch after Pin()")
	}
}
