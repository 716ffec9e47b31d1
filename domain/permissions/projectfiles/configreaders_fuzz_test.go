// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"strings"
	"testing"
)

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
			if strings.ContainsAny(kv.Key, ":.") {
				t.Fatalf("parseINI(%q): key %q keeps its scope", text, kv.Key)
			}
		}
		parseScriptsFile([]byte(text))
		ParseGitConfig(text)
		reachScripts(map[string]string{"a": text, "b": "a", text: "b"}, []string{"a"}, false)
		parsePytestConfig("pyproject.toml", "tool.pytest.ini_options", []byte(text))
		parsePytestConfig("pytest.ini", "", []byte(text))
	})
}
