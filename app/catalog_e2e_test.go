// SPDX-License-Identifier: Apache-2.0

package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLIReadsTheCatalogueOnlyToCheck: a command that checks nothing
// (help, status, files, settings) never looks at the user's catalogue files, and
// check-command reads them, with the user's entry in effect
// (docs/permissions.md §12). The builtin files are embedded: what they cost
// a check is BenchmarkLoadCatalog's.
func TestCLIReadsTheCatalogueOnlyToCheck(t *testing.T) {
	if _, err := exec.LookPath("strace"); err != nil {
		t.Fatal("this test needs strace (Debian package strace; make test-deps installs it)")
	}
	c := newCLI(t)
	dir := t.TempDir()
	if r := c.run("setup", dir); r.code != 0 {
		t.Fatalf("setup: %s", r.stdout)
	}
	catalog := filepath.Join(c.home, "catalog")
	if err := os.MkdirAll(catalog, 0o755); err != nil {
		t.Fatal(err)
	}
	entry := "[mytool]\noptions = \"--fast -v\"\n[[mytool.example]]\nrule = \"mytool\"\napprove = [\"mytool --fast src\"]\n"
	os.WriteFile(filepath.Join(catalog, "mine.toml"), []byte(entry), 0o644)
	os.WriteFile(filepath.Join(dir, ".memo", "permissions.json"), []byte(`{"version": 1, "allowed_commands": ["mytool --fast"]}`), 0o644)
	if r := c.run("permissions", "trust", dir); r.code != 0 {
		t.Fatalf("trust: %s", r.stdout)
	}
	traced := func(args ...string) (string, string) {
		t.Helper()
		log := filepath.Join(t.TempDir(), "strace")
		cmd := c.command(args...)
		cmd.Args = append([]string{"strace", "-f", "-qq", "-o", log, "-e", "trace=%file", binary}, args...)
		cmd.Path, _ = exec.LookPath("strace")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		b, _ := os.ReadFile(log)
		return string(out), string(b)
	}
	for _, args := range [][]string{{"help"}, {"status", dir}, {"files", dir}, {"settings"}} {
		if _, calls := traced(args...); strings.Contains(calls, catalog) {
			t.Errorf("%v looked at the user's catalogue:\n%s", args, grepLines(calls, catalog))
		}
	}
	out, calls := traced("check-command", dir, "mytool --fast -v src")
	if !strings.Contains(calls, filepath.Join(catalog, "mine.toml")) || !strings.Contains(out, `"approved":true`) {
		t.Errorf("check-command did not read the user's entry (%s):\n%s", out, grepLines(calls, catalog))
	}
}

func grepLines(text, s string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
