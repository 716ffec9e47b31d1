// SPDX-License-Identifier: Apache-2.0

package permissions

import "testing"

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
