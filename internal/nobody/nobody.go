// SPDX-License-Identifier: Apache-2.0

// Package nobody lets a test that checks permissions run as the unprivileged
// user nobody when the tests run as root, whose privileges would void the
// check (root writes into read-only folders and reads unreadable files).
package nobody

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Rerun runs the current (sub)test again, when the tests run as root, in a
// copy of the test binary as nobody (setpriv), fails t if it does not pass
// there, and returns true: the caller returns. Otherwise it returns false
// and the test goes on as it is.
func Rerun(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return false
	}
	// A copy in a folder nobody may enter: the build cache's binary may lie
	// under root's home.
	dir, err := os.MkdirTemp("", "memo-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	tmp := filepath.Join(dir, "tmp")
	bin := filepath.Join(dir, "test.bin")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, step := range []error{os.Mkdir(tmp, 0o777), os.Chmod(tmp, 0o777), os.Chmod(dir, 0o755)} {
		if step != nil {
			t.Fatal(step)
		}
	}
	var pattern []string
	for _, part := range strings.Split(t.Name(), "/") {
		pattern = append(pattern, "^"+regexp.QuoteMeta(part)+"$")
	}
	cmd := exec.Command("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
		bin, "-test.run="+strings.Join(pattern, "/"), "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "HOME="+tmp)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("%s as nobody: %v\n%s", t.Name(), err, out)
	}
	return true
}
