// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Commands keep stderr quiet in every locale a machine commonly has, the
// container default C.UTF-8 included (Fyne's init used to log "Error parsing
// user locale C" there on every run).
func TestCLIStderrQuietInEveryLocale(t *testing.T) {
	dir := t.TempDir()
	for _, env := range [][]string{
		{"LANG=C.UTF-8"},
		{"LANG=C"},
		{"LANG=POSIX"},
		{"LC_ALL=C.UTF-8", "LANG=en_US.UTF-8"},
		{"LC_MESSAGES=C.utf8"},
		{"LANG=tr_TR.UTF-8"},
		{"LANG=en_US.UTF-8", "LANGUAGE=tr:en"},
		{},
	} {
		cmd := exec.Command(binary, "status", dir)
		cmd.Env = append(withoutLocale(os.Environ()), append(env, "MEMO_HOME="+filepath.Join(t.TempDir(), "h"))...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("status with %v: %v\n%s", env, err, stderr.String())
			continue
		}
		if stderr.Len() != 0 {
			t.Errorf("status with %v wrote to stderr:\n%s", env, stderr.String())
		}
		if !strings.Contains(stdout.String(), `"allowed":true`) {
			t.Errorf("status with %v: %s", env, stdout.String())
		}
	}
}

func withoutLocale(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "LANG") && !strings.HasPrefix(kv, "LC_") {
			out = append(out, kv)
		}
	}
	return out
}
