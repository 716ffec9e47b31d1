// SPDX-License-Identifier: Apache-2.0

//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A hostile .memo/AGENTS.md (a link to /dev/zero, a FIFO) gets a plain
// sentence from files, setup and status: no hang, no out-of-memory crash.
func TestCLIHostileRulesFileAnswers(t *testing.T) {
	for _, kind := range []string{"link to /dev/zero", "FIFO"} {
		t.Run(kind, func(t *testing.T) {
			c := newCLI(t)
			dir := t.TempDir()
			if r := c.run("setup", dir); r.code != 0 {
				t.Fatalf("setup = %d %s", r.code, r.stdout)
			}
			rules := filepath.Join(dir, ".memo", "AGENTS.md")
			os.Remove(rules)
			if kind == "FIFO" {
				syscall.Mkfifo(rules, 0o644)
			} else {
				os.Symlink("/dev/zero", rules)
			}
			r := c.run("files", dir)
			if r.code != 0 || !strings.Contains(r.stdout, `"rules file cannot be read"`) {
				t.Errorf("files with the rules as a %s = %d %s", kind, r.code, r.stdout)
			}
			r = c.run("setup", dir)
			if r.code != 0 || !strings.Contains(r.stdout, "Memo reads only plain files") {
				t.Errorf("setup with the rules as a %s = %d %s", kind, r.code, r.stdout)
			}
			if r = c.run("status", dir); r.code != 0 || r.obj["enabled"] != true {
				t.Errorf("status with the rules as a %s = %d %s", kind, r.code, r.stdout)
			}
		})
	}
}

// The guard's holes from outside: setup inside a foreign .memo writes nothing
// (exit 3); with HOME=/ the system folders stay refused.
func TestCLIGuardHoles(t *testing.T) {
	c := newCLI(t)
	x := t.TempDir()
	os.MkdirAll(filepath.Join(x, ".memo", "skills", "foo"), 0o755)
	os.WriteFile(filepath.Join(x, ".memo", "mine.txt"), []byte("mine"), 0o644)
	for _, pick := range []string{filepath.Join(x, ".memo"), filepath.Join(x, ".memo", "skills", "foo")} {
		for _, cmd := range []string{"setup", "register"} {
			if r := c.run(cmd, pick); r.code != 3 || r.str("kind") != "forbidden" {
				t.Errorf("%s %s = %d %s, want exit 3", cmd, pick, r.code, r.stdout)
			}
		}
		if r := c.run("status", pick); r.code != 0 || r.obj["allowed"] != false || !strings.Contains(r.str("reason"), ".memo") {
			t.Errorf("status %s = %d %s, want not allowed, saying why", pick, r.code, r.stdout)
		}
	}
	var names []string
	filepath.Walk(x, func(p string, _ os.FileInfo, _ error) error { names = append(names, p); return nil })
	if len(names) != 5 {
		t.Errorf("refused commands wrote into the foreign .memo: %v", names)
	}

	root := &cli{t: t, home: c.home, user: "/"}
	for _, p := range []string{"/etc", "/usr/share", "/var/lib"} {
		if r := root.run("status", p); r.code != 0 || r.obj["allowed"] != false {
			t.Errorf("HOME=/ status %s = %d %s, want not allowed", p, r.code, r.stdout)
		}
	}
}

// TestCLIPermissionsHostileFiles: a file Memo must not follow, block on or
// read whole is ignored (state invalid, a problem naming it) and cannot be
// trusted; the command answers within its time.
func TestCLIPermissionsHostileFiles(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, path string)
	}{
		{"symlink", func(t *testing.T, path string) {
			target := filepath.Join(t.TempDir(), "elsewhere.json")
			writeFile(t, target, []byte(permsGood))
			if err := os.Symlink(target, path); err != nil {
				t.Fatal(err)
			}
		}},
		{"10 MB", func(t *testing.T, path string) {
			writeFile(t, path, []byte(`{"version":1,"allowed_commands":["`+strings.Repeat("a", 10<<20)+`"]}`))
		}},
		{"FIFO", func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCLI(t)
			dir, _ := c.setUpProject()
			tc.make(t, permsFile(dir))
			r := c.run("permissions", dir)
			probs, _ := r.obj["problems"].([]any)
			if r.code != 0 || r.status()["state"] != "invalid" || r.status()["trusted"] != false || len(probs) == 0 {
				t.Errorf("permissions(%s) = %d %s", tc.name, r.code, r.stdout)
			}
			if r := c.run("permissions", "trust", dir); r.code != 2 || r.str("kind") != "invalid" {
				t.Errorf("trust(%s) = %d %s, want 2 invalid", tc.name, r.code, r.stdout)
			}
			if r := c.run("check-command", dir, "go test"); r.code != 0 || r.obj["approved"] != false {
				t.Errorf("check-command(%s) = %d %s", tc.name, r.code, r.stdout)
			}
			if r := c.run("permissions", "diff", dir); r.code != 0 {
				t.Errorf("diff(%s) = %d %s", tc.name, r.code, r.stdout)
			}
		})
	}
}
