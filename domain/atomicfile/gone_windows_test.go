// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"os"
	"os/exec"
	"testing"

	"golang.org/x/sys/windows"
)

// An exited process whose handle someone still holds keeps its pid: it is gone
// all the same, so its leftovers are not kept until they are old.
func TestProcessGoneWhileItsHandleIsHeld(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		t.Fatal(err)
	}
	defer windows.CloseHandle(h)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if !processGone(pid) {
		t.Errorf("processGone(%d) = false for an exited process whose handle is held", pid)
	}
}
