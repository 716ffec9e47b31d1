// SPDX-License-Identifier: Apache-2.0

//go:build linux

package app

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The file manager gets the environment Memo started with, not the
// "disabled:" bus address sessionbus.Pin set for Memo's own process.
func TestOpenPathGivesTheHelperTheStartEnvironment(t *testing.T) {
	bin, out := t.TempDir(), filepath.Join(t.TempDir(), "seen")
	script := "#!/bin/sh\nprintf '%s\\n%s\\n' \"$1\" \"${DBUS_SESSION_BUS_ADDRESS-unset}\" > '" + out + "'\n"
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:")
	start := []string{"PATH=" + bin}
	target := filepath.Join(t.TempDir(), "with space #1")
	if err := openPath(start)(target); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if want := target + "\nunset\n"; err != nil || string(b) != want {
		t.Errorf("xdg-open saw %q (%v), want %q: the path as is, no bus address", b, err, want)
	}

	t.Setenv("PATH", t.TempDir())
	err = openPath(start)(target)
	if !errors.Is(err, exec.ErrNotFound) || !strings.Contains(err.Error(), "xdg-open") {
		t.Errorf("openPath without any helper = %v, want exec.ErrNotFound naming xdg-open", err)
	}
}
