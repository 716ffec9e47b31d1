// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"io"
	"os"
	"os/exec"
	"testing"
)

// livePIDEnv makes the test binary, started by livePID, wait for its stdin to
// close instead of running tests.
const livePIDEnv = "ATOMICFILE_TEST_WAIT_STDIN"

func TestMain(m *testing.M) {
	if os.Getenv(livePIDEnv) == "1" {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// livePID returns the pid of a process that runs until the test ends, on any
// system (pid 1 is a live process on Unix only).
func livePID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), livePIDEnv+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	return cmd.Process.Pid
}
