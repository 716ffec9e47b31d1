// SPDX-License-Identifier: Apache-2.0

// Package privatebus starts a D-Bus session bus of a test's own: the
// portal tests talk to a fake portal on it, the window tests give it to the
// app so that nothing reaches (or starts on) the machine's own session.
package privatebus

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// Start runs a private dbus-daemon until the test ends and returns its
// address and its runtime folder (mode 0700, as XDG_RUNTIME_DIR must be).
// The bus activates no services: whatever the machine has installed
// (xdg-desktop-portal, at-spi), nothing starts on it. It stops when the test
// ends, after what the test started later (cleanups run last first).
func Start(t testing.TB) (address, runtimeDir string) {
	t.Helper()
	daemon, err := exec.LookPath("dbus-daemon")
	if err != nil {
		t.Fatal("dbus-daemon is not installed: `make test` installs it")
	}
	runtimeDir = t.TempDir()
	config := filepath.Join(t.TempDir(), "session.conf")
	err = os.WriteFile(config, []byte(`<busconfig>
  <type>session</type>
  <listen>unix:path=`+dbus.EscapeBusAddressValue(filepath.Join(runtimeDir, "bus"))+`</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(daemon, "--config-file="+config, "--nofork", "--nopidfile", "--print-address=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder // it warns about its fd limit in containers: shown only on failure
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		// SIGTERM, then SIGKILL if it lingers.
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon printed no address: %v\n%s", err, stderr.String())
	}
	return strings.TrimSpace(line), runtimeDir
}
