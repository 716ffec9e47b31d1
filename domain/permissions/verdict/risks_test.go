// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"runtime"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// lead is the command a program's entries are tested behind: the program and
// a harmless subcommand where it takes one.
func lead(name string) []string {
	switch name {
	case "git":
		return []string{"git", "log"}
	case "go":
		return []string{"go", "test"}
	case "npm":
		return []string{"npm", "test"}
	case "cargo":
		return []string{"cargo", "build"}
	}
	return []string{name}
}

func asks(t *testing.T, words []string) {
	t.Helper()
	if catalog.CheckArgs(words).IsZero() {
		t.Errorf("%q is approved, want it to ask", strings.Join(words, " "))
	}
}

func passes(t *testing.T, words []string) {
	t.Helper()
	if r := catalog.CheckArgs(words); !r.IsZero() {
		t.Errorf("%q asks (%s), want it approved", strings.Join(words, " "), r)
	}
}

func with(base []string, more ...string) []string {
	return append(append([]string{}, base...), more...)
}

// TestEveryTableEntry checks every entry of the table in every spelling its
// program accepts, and that a spelling the program does not accept passes.
func TestEveryTableEntry(t *testing.T) {
	entryTests(t, []string{"some-program"}, catalog.AnyProgram)
	for name, p := range catalog.Programs {
		t.Run(name, func(t *testing.T) {
			entryTests(t, lead(name), p)
			for sub, sp := range p.Sub {
				if sp.Style == 0 {
					sp.Style = p.Style
				}
				entryTests(t, []string{name, sub}, sp)
			}
			harmless := with(lead(name), "--zzz-harmless")
			switch name {
			case "sed":
				harmless = append(harmless, "p") // sed's first operand is its script
			case "bun":
				harmless = append(harmless, "run", "build") // bun runs a file it is named
			case "tbump":
				harmless = append(harmless, "--no-push") // tbump VERSION pushes without it
			}
			passes(t, with(harmless, "file.txt"))
		})
	}
}

func entryTests(t *testing.T, base []string, p catalog.Program) {
	for _, r := range p.Long {
		n := r.Name
		t.Run("--"+n, func(t *testing.T) {
			asks(t, with(base, "--"+n))
			asks(t, with(base, "--"+n+"=v"))
			asks(t, with(base, "--"+n, "v"))
			asks(t, with(base, "file", "--", "--"+n+"=v")) // after --
			asks(t, with(base, "-v", "--"+strings.ToUpper(n)))
			switch {
			case p.Style == catalog.GoFlag:
				asks(t, with(base, "-"+n))
				asks(t, with(base, "-"+n+"=v"))
				if short := n[:len(n)-1]; len(n) > 1 && !isRiskyLong(p, short) {
					passes(t, with(base, "-"+short+"=v")) // no abbreviations
				}
			case p.Style == catalog.Getopt && len(n) > 2:
				asks(t, with(base, "--"+n[:len(n)-1]+"=v"))
				asks(t, with(base, "--"+n[:2]))
				if p.SingleDashLong {
					asks(t, with(base, "-"+n[:len(n)-1]))
				}
			case p.Style == catalog.GetoptExact && len(n) > 2:
				if !isRiskyLong(p, n[:len(n)-1]) {
					passes(t, with(base, "--"+n[:len(n)-1]+"=v"))
				}
			}
			// Through the whole checker, spelled with split quotes.
			quoted := `"--` + n[:1] + `""` + n[1:] + `=v"`
			line := strings.Join(base, " ") + " " + quoted
			rule := strings.Join(base, " ")
			if !AcceptRule(rule).IsZero() { // find: refused as a rule, its table still holds
				words, _ := cmdline.Words(line)
				if r := catalog.CheckArgs(words); !strings.Contains(r.String(), "-"+n) {
					t.Errorf("%s: reason %q, want it to name -%s", line, r, n)
				}
				return
			}
			if v := CheckCommand([]string{rule}, line, nil); v.Approved || !strings.Contains(v.Reason.String(), "--"+n) {
				t.Errorf("%s: approved=%v reason %q, want it to ask naming --%s", line, v.Approved, v.Reason, n)
			}
		})
	}
	for _, r := range p.Short {
		c := r.Name
		t.Run("-"+c, func(t *testing.T) {
			asks(t, with(base, "-"+c))
			asks(t, with(base, "-"+c, "value"))
			asks(t, with(base, "-"+c+"value"))
			asks(t, with(base, "-"+c+"=value"))
			asks(t, with(base, "-q"+c)) // bundled behind another
			asks(t, with(base, "x", "--", "-"+c))
		})
	}
	for _, r := range p.RiskySub {
		t.Run(r.Name, func(t *testing.T) { asks(t, with(base[:1], r.Name)) })
	}
}

func isRiskyLong(p catalog.Program, n string) bool {
	for _, r := range p.Long {
		if catalog.NormLong(r.Name) == catalog.NormLong(n) {
			return true
		}
	}
	return false
}

// TestOperandRisks covers the table entries that are not options.
func TestOperandRisks(t *testing.T) {
	ask := [][]string{
		{"make", "SHELL=/bin/sh"},
		{"make", "test", "CC=x"},
		{"make", "--", "SHELL=x"},
		{"uniq", "in", "out"},
		{"uniq", "-f", "1", "in", "out"},
		{"tar", "xf", "a.tar"},
		{"tar", "cvf", "a.tar", "."},
		{"tar", "-tf", "host:/a.tar"},
		{"git", "-c", "core.pager=sh", "log"},
		{"git", "--no-pager", "-c", "core.pager=sh", "log"},
		{"git", "clone", "ext::sh"},
		{"git", "fetch", "fd::3"},
		{"git", "submodule", "foreach", "id"},
		{"git", "bisect", "run", "id"},
		{"git", "bundle", "create", "/tmp/x"},
		{"git", "worktree", "add", "/tmp/x"},
		{"go", "run", "example.com/x@latest"},
		{"go", "env", "-w", "CC=sh"},
		{"go", "env", "-u", "CC"},
		{"git", "CONFIG", "core.pager", "sh"},
		{"npm", "exe", "x"},
		{"npm", "expl", "x"},
		{"npm", "conf", "set", "x"},
		{"npm", "ini", "x"},
		{"less", "+Gq", "file"},
		{"more", "+10", "file"},
		{"gcc", "-B/tmp", "a.c"},
		{"cc", "-wrapper", "sh", "a.c"},
		{"cc", "@args"},
		{"cc", "-o/tmp/x", "a.c"},
		{"cc", "-Wl,-plugin=x", "a.c"},
		{"rustc", "-Clinker=sh", "a.rs"},
		{"rustc", "-C", "linker=sh", "a.rs"},
		{"rustc", "--emit=link=/tmp/x", "a.rs"},
		{"git", "clone", "https://example.com/x", "/etc/x"},
		{"git", "clone", "https://example.com/x", "../x"},
		{"git", "init", "/tmp/x"},
		{"git", "init", "a/../../x"},
		{"cmake", "-E", "env", "sh"},
		{"cmake", "-P", "x.cmake"},
		{"cmake", "-DCMAKE_C_COMPILER=sh", "."},
		{"cmake", "-C", "cache.cmake", "."},
		{"mvn", "exec:exec", "-Dexec.executable=sh"},
		{"mvn", "-Dmaven.repo.local=/tmp", "test"},
		{"mvn", "antrun:run"},
		{"git", "clone", "git@example.com:x/y", "../y"},
		{"npm", "in", "x"}, // issue 18: installing a package by name runs its scripts
		{"npm", "install", "left-pad"},
		{"pnpm", "add", "x"},
		{"git", "clone", "https://example.com/x", "dir/../../x"},
	}
	if runtime.GOOS == "windows" {
		// Drive and UNC paths are outside; a drive letter is no scp-like host.
		ask = append(ask, []string{"git", "clone", "https://example.com/x", `C:\x`},
			[]string{"git", "init", "C:x"}, []string{"git", "init", `\\host\share\x`},
			[]string{"git", "clone", "https://example.com/x", `..\x`})
	}
	for _, w := range ask {
		asks(t, w)
	}
	pass := [][]string{
		{"make", "test"},
		{"uniq", "-c", "in"},
		{"uniq", "-f", "1", "in"},
		{"tar", "tf", "a.tar"},
		{"git", "--version"},
		{"git", "--no-pager", "log"}, // issue 18: it turns the pager off; it runs none
		{"git", "log", "--no-ext-diff"},
		{"go", "env", "GOPATH"},
		{"npm", "i"},
		{"npm", "install"},
		{"npm", "t"},
		{"npm", "ci"},
		{"npm", "run", "build"},
		{"less", "file"},
		{"cc", "-O2", "-c", "a.c"},
		{"cmake", "--build", "build"},
		{"git", "clone", "https://example.com/x"},
		{"git", "clone", "https://example.com/x", "vendor/x"},
		{"git", "clone", "git@example.com:x/y.git"},
		{"git", "clone", "git@example.com:x/y.git", "vendor/y"},
		{"git", "clone", "ssh://git@example.com:22/x/y", "vendor/y"},
		{"git", "init"},
		{"mvn", "test"},
		{"rustc", "-C", "opt-level=3", "a.rs"},
	}
	for _, w := range pass {
		passes(t, w)
	}
}

func TestSedScripts(t *testing.T) {
	cases := []struct {
		args []string
		ask  bool
	}{
		{[]string{"s/a/b/g", "f"}, false},
		{[]string{"-n", "1,20p", "f"}, false},
		{[]string{"-n", "/re/,/end/p", "f"}, false},
		{[]string{"/re/Id", "f"}, false},
		{[]string{"5q", "f"}, false},
		{[]string{"y/abc/xyz/", "f"}, false},
		{[]string{"a hello", "f"}, false},
		{[]string{"-E", "-e", "s/a/b/", "-e", "2d", "f"}, false},
		{[]string{"--expression=s/a/b/", "f"}, false},
		{[]string{"-l", "5", "s/a/b/", "f"}, false},
		{[]string{"e"}, true},
		{[]string{"1e id", "f"}, true},
		{[]string{"s/a/id/e", "f"}, true},
		{[]string{"s/a/b/w /tmp/x", "f"}, true},
		{[]string{"s/a/b/gw /tmp/x", "f"}, true},
		{[]string{"s,a,b,e", "f"}, true},
		{[]string{"sxaxbxe", "f"}, true},
		{[]string{"w /tmp/x", "f"}, true},
		{[]string{"1,3W /tmp/x", "f"}, true},
		{[]string{"/x/,+2w /tmp/x", "f"}, true},
		{[]string{"-n", "-e", "p", "-e", "w /tmp/x", "f"}, true},
		{[]string{"--expression", "e", "f"}, true},
		{[]string{"--ex=e", "f"}, true},
		{[]string{"-ne", "e", "f"}, true},
		{[]string{"-nee", "f"}, true},
		{[]string{"-s", "--", "e", "f"}, true},
		{[]string{"s/a/b", "f"}, true},   // unterminated: Memo cannot read it
		{[]string{"Kfoo", "f"}, true},    // unknown command
		{[]string{"s/a/b/X", "f"}, true}, // unknown flag
	}
	for _, c := range cases {
		words := with([]string{"sed"}, c.args...)
		if got := !catalog.CheckArgs(words).IsZero(); got != c.ask {
			t.Errorf("%q: asks=%v, want %v (%s)", strings.Join(words, " "), got, c.ask, catalog.CheckArgs(words))
		}
	}
}
