// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// touch creates an empty file or changes times inside the project, as a
// formatter writes there: accepted as a rule, its operands and --reference
// path-checked; anything that leaves the project asks (docs/permissions.md §8).
func TestTouchInsideTheProject(t *testing.T) {
	outside := t.TempDir()
	root := fixture.LinkedProject(t, map[string]string{"link-out": filepath.Join(outside, "x"), "gitlink": ".git/hooks"},
		"node_modules/.keep", "src/a.go", ".git/HEAD")
	for _, rule := range []string{"touch", "touch node_modules", "touch -c src/a.go"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
	cases := []struct{ rule, line, want string }{
		{"touch node_modules", "touch node_modules", ""},
		{"touch", "touch src/a.go src/new.txt", ""},
		{"touch", "touch -c -d '2020-01-01 10:00' src/a.go", ""},
		{"touch", "touch -t 202001011200 src/a.go", ""},
		{"touch", "touch -r src/a.go src/b.go", ""},
		{"touch", "touch --reference=src/a.go src/b.go", ""},
		{"touch", "touch /tmp/x", "/tmp/x"},
		{"touch", "touch ../x", "../x"},
		{"touch", "touch .git/hooks/pre-commit", ".git"},
		{"touch", "touch gitlink/pre-commit", "gitlink/pre-commit"},
		{"touch", "touch link-out", "link-out"},
		{"touch", "touch -r /etc/passwd src/a.go", "/etc/passwd"},
		{"touch", "touch --reference=../x src/a.go", "../x"},
		{"touch", "touch .memo/x", ".memo"},
		{"touch", "touch --zzz src/a.go", "--zzz"},
		{"touch node_modules", "touch node_modules /tmp/x", "/tmp/x"},
	}
	for _, c := range cases {
		v := checkIn(root, "", []string{c.rule}, c.line)
		switch {
		case c.want == "" && !v.Approved:
			t.Errorf("rule %q: %q asks (%s), want it approved", c.rule, c.line, v.Reason)
		case c.want != "" && v.Approved:
			t.Errorf("rule %q: %q is approved, want it to ask naming %q", c.rule, c.line, c.want)
		case c.want != "" && !strings.Contains(v.Reason.String(), c.want):
			t.Errorf("rule %q: %q asks with %q, want %q", c.rule, c.line, v.Reason, c.want)
		}
	}
}
