// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"testing"
)

// A project file whose name only starts like an interpreter's is the
// project's own script (./scripts/pipeline.sh is not pip); a version or a
// variant of an interpreter is refused wherever it is, and on the PATH any
// name with the prefix still is.
func TestInterpreterLikeNames(t *testing.T) {
	for _, tc := range []struct {
		rule    string
		refused bool
	}{
		{"scripts/pipeline.sh", false},
		{"./scripts/perlin", false},
		{"vendor/bin/php-coveralls", false},
		{"bin/ruby-tool", false},
		{"tools/python_checks.sh", false},
		{"vendor/bin/php8.2", true},
		{"bin/python3", true},
		{"bin/python3-dbg", true},
		{"bin/python3.13t", true},
		{".venv/bin/pip3.12", true},
		{"bin/ruby3.3", true},
		{"bin/php-cgi", true},
		{"pythonw", true},
		{"php-cgi", true},
		{"php-coveralls", true},
		{"pipeline", true},
		{"ruby-tool", true},
	} {
		if got := !AcceptRule(tc.rule).IsZero(); got != tc.refused {
			t.Errorf("AcceptRule(%q) refused = %v, want %v (%s)", tc.rule, got, tc.refused, AcceptRule(tc.rule))
		}
	}
}

// A language runtime's version query is a rule of its own (node -v,
// python --version), and approves the query alone: nothing may follow it,
// since ruby -v x.rb runs x.rb. Shells stay refused under every name.
func TestInterpreterVersionRules(t *testing.T) {
	for _, rule := range []string{"node -v", "node --version", "python --version", "python3 -V", "python3.12 --version",
		"ruby --version", "ruby -v", "php -v", "perl --version", "python --version --version"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused (%s), want it accepted", rule, r)
		}
	}
	for _, rule := range []string{"node", "bash --version", "sh --version", "zsh --version", "./node -v", "bin/node -v",
		"/usr/bin/node -v", "../node -v", "node -v -e 1", "node -v x.js", "node --version --require x", "python -v",
		"python --version -c 1", "python -V -m http.server", "ruby -v -e 1", "node -e 1", "NODE -v x"} {
		if r := AcceptRule(rule); r.IsZero() {
			t.Errorf("rule %q accepted, want it refused", rule)
		}
	}
	rules := []string{"node -v", "python --version", "ruby -v"}
	for line, want := range map[string]string{
		"node -v":                         "",
		"python --version":                "",
		"ruby -v":                         "",
		"node -v x.js":                    "approves the version query alone",
		"node -v -e 1":                    "approves the version query alone",
		"node -v --require ./x.js":        "approves the version query alone",
		"ruby -v script.rb":               "approves the version query alone",
		"ruby -v -e 1":                    "approves the version query alone",
		"python --version -c 'import os'": "approves the version query alone",
		"python --version --version x.py": "approves the version query alone",
		"node --version":                  "no allowed rule starts this line",
		"node -v & id":                    "can chain commands",
		"node -v > out":                   "redirects",
	} {
		v := NewChecker(rules).Check(line, nil)
		wantVerdict(t, fmt.Sprintf("%q", line), v, want)
	}
}

// A version rule's label says it prints the version, not that it runs the
// project's code; a rule of the same runtime that runs a script keeps its
// own labels.
func TestInterpreterVersionRuleLabels(t *testing.T) {
	for rule, want := range map[string]string{
		"node -v":               "prints the program's version, nothing else",
		"python3 --version":     "prints the program's version, nothing else",
		"ruby -v":               "prints the program's version, nothing else",
		"node scripts/build.js": "runs the project's own code",
	} {
		labels := RuleLabels(rule, nil)
		if len(labels) == 0 || labels[0].String() != want {
			t.Errorf("RuleLabels(%q) = %v, want first %q", rule, labels, want)
		}
	}
}
