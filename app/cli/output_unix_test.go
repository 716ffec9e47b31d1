// SPDX-License-Identifier: Apache-2.0

//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Windows refuses control characters in file names: the folder below can
// only be made on Unix.

// TestCLITextEscapesNames: a folder whose name holds ESC, BEL,
// CR and a C1 control is shown escaped by --text (its answer on stdout, its
// error on stderr), and as JSON escapes without --text.
func TestCLITextEscapesNames(t *testing.T) {
	c := newCLI(t)
	name := "evil\x1b]0;owned\x07\rok\u009b31m"
	dir := filepath.Join(t.TempDir(), name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shown := `evil\x1b]0;owned\x07\x0dok\u009b31m`
	run := func(args ...string) (string, string) {
		_, stdout, stderr := c.exec("", "", args...)
		return stdout, stderr
	}
	for _, args := range [][]string{{"--text", "status", dir}, {"--text", "setup", dir}, {"--text", "register", dir}} {
		out, _ := run(args...)
		if !strings.Contains(out, shown) || strings.ContainsAny(out, "\x1b\x07\r\u009b") {
			t.Errorf("%v printed %q, want the name shown as %s and no raw control", args[1], out, shown)
		}
	}
	_, stderr := run("--text", "status", filepath.Join(dir, "gone\x1b[2J"))
	if !strings.Contains(stderr, `gone\x1b[2J`) || strings.ContainsAny(stderr, "\x1b\x07\r\u009b") {
		t.Errorf("the error on stderr is %q, want the name escaped", stderr)
	}
	// A permissions file from a cloned repository, shown as a diff.
	writeFile(t, filepath.Join(dir, ".memo", "permissions.json"), []byte("{\"version\": 1,\n\t\"allowed_commands\": [\"go test \x1b[2K\rgo vet\"]}\n"))
	if out, _ := run("--text", "permissions", "diff", dir); !strings.Contains(out, "+\t\"allowed_commands\": [\"go test \\x1b[2K\\x0dgo vet\"]}\n") || strings.ContainsAny(out, "\x1b\r") {
		t.Errorf("permissions diff --text printed %q, want the file's controls escaped, its lines and tabs kept", out)
	}
	if out, _ := run("status", dir); strings.ContainsAny(out, "\x1b\x07\r") {
		t.Errorf("the JSON answer holds a raw control: %q", out)
	}
}
