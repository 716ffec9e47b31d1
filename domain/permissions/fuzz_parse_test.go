// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"path/filepath"
	"strings"
	"testing"
)

// An approved line's every option is safe for its program or spelled in the
// rule, and no word names a path outside the folder or inside .git/.memo
// (checked on the line's words alone).
func FuzzDefaultDeny(f *testing.F) {
	for _, l := range benchLines {
		f.Add(strings.Fields(l)[0]+" "+strings.Fields(l)[1], l)
	}
	for _, s := range []string{"pytest --basetemp=/tmp", "git log --output=../x", "cargo test -- --nocapture",
		"uv run pytest -x", "pnpm build --filter web", "busybox sed -i x f", "python -m pytest -p x"} {
		f.Add(strings.Join(strings.Fields(s)[:2], " "), s)
	}
	for _, s := range []string{"npx vitest run", "pnpm exec tsc -b", "sed \"r /etc/passwd\" x", "git ls-files :/",
		"mytool -- --fix", "make test deploy", "pytest -qp evil"} {
		f.Add(strings.Join(strings.Fields(s)[:2], " "), s)
	}
	f.Fuzz(func(t *testing.T, rule, line string) {
		v := CheckCommand([]string{rule}, line, nil)
		if !v.Approved {
			return
		}
		words, _ := Words(line)
		rw, _ := Words(v.Rule)
		spelled := spelledOptions(rw)
		name, args := resolveProgram(words)
		if c, ok := compiledEntries()[name]; !ok && !isInterpreter(name) {
			for _, a := range args {
				if a != "--" && isOptionWord(a, false) && !spelled[a] {
					t.Fatalf("approved %q (rule %q): %q is not spelled in the rule of a program without an entry", line, v.Rule, a)
				}
			}
		} else if ok {
			r := c.read(name, args, spelled)
			if !r.unknown.IsZero() {
				t.Fatalf("approved %q (rule %q) while its entry reads: %s", line, v.Rule, r.unknown)
			}
		}
		// Checked without a project, no line runs a program from a
		// node_modules Memo cannot see.
		if r := (&inspector{spelled: spelled}).read(name, args); localBinRunner(name, r) {
			t.Fatalf("approved %q (rule %q) without a project to find its program in", line, v.Rule)
		}
		if name == "sed" {
			for _, f := range sedReadFiles(args) {
				if !filepathIsLocal(f) {
					t.Fatalf("approved %q (rule %q): sed reads %q outside", line, v.Rule, f)
				}
			}
		}
		for _, w := range words[1:] {
			if name == "git" && strings.HasPrefix(w, ":/") {
				t.Fatalf("approved %q (rule %q): %q is a path from the repository's top", line, v.Rule, w)
			}
			for _, c := range pathCandidates(w) {
				if strings.HasPrefix(c, "/") || strings.HasPrefix(c, "../") || c == ".." {
					// Text values (messages, patterns) are no paths: only
					// those the reader took for paths count.
					if isPathWordOf(name, args, w, spelled) {
						t.Fatalf("approved %q (rule %q) naming %q outside", line, v.Rule, c)
					}
				}
			}
		}
	})
}

// isPathWordOf: the reader takes w for a path (an operand or a value).
func isPathWordOf(name string, args []string, w string, spelled map[string]bool) bool {
	var r reading
	if c, ok := compiledEntries()[name]; ok {
		r = c.read(name, args, spelled)
	} else {
		r = readUnknown(name, args, spelled)
	}
	for _, p := range r.paths {
		if p == w {
			return true
		}
	}
	return false
}

// The config readers never fail on any input, and what they find is what
// the text holds.
func FuzzConfigReaders(f *testing.F) {
	for _, s := range []string{"[pytest]\naddopts = -q\n  -p x\n", "SHELL := /bin/bash\ninclude a.mk\n\tcurl x\n",
		"script-shell=x\n//r/:_authToken=y\n", `{"scripts": {"test": "jest", "x": ["a", "b"]}, "workspaces": ["p/*"]}`,
		"[core]\n\tfsmonitor = \"x\\\"y\" ; c\n", "a 'b c' \"d\\\"e\" f\\ g"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for k, v := range func() map[string]string { m, _ := iniSection(text, "pytest"); return m }() {
			if k != strings.ToLower(k) || strings.Contains(v, "\n") {
				t.Fatalf("iniSection(%q): key %q value %q", text, k, v)
			}
		}
		if words, ok := shellSplit(text); ok {
			for _, w := range words {
				if w == "" && !strings.Contains(text, `""`) && !strings.Contains(text, "''") {
					t.Fatalf("shellSplit(%q) gave an empty word", text)
				}
			}
		}
		mf := parseMakefile(text)
		for _, a := range mf.assigns {
			if strings.ContainsAny(a.name, " :") || a.name == "" {
				t.Fatalf("parseMakefile(%q): variable %q", text, a.name)
			}
		}
		for _, kv := range parseINI(text) {
			if strings.ContainsAny(kv.key, ":.") {
				t.Fatalf("parseINI(%q): key %q keeps its scope", text, kv.key)
			}
		}
		parseScriptsFile([]byte(text))
		parseGitConfig(text)
		reachScripts(map[string]string{"a": text, "b": "a", text: "b"}, []string{"a"}, false)
		parsePytestConfig("pyproject.toml", "tool.pytest.ini_options", []byte(text))
		parsePytestConfig("pytest.ini", "", []byte(text))
	})
}

func filepathIsLocal(p string) bool { return filepath.IsLocal(p) && !protectedPart(p) }
