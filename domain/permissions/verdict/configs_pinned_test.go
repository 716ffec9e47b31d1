// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// goreleaser runs the hooks, builds and publishers its configuration
// declares, and tbump the commands of its own: the configuration is pinned
// with the trust as a definitions file, the one a rule names with -f or -c
// instead of the default ones, and an edit makes the rule's lines ask
// naming it. A configuration the line names and the rule does not asks.
func TestReleaseToolConfigsArePinned(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		".goreleaser.yaml":         "before:\n  hooks:\n    - go mod tidy\n",
		".goreleaser-nightly.yaml": "before:\n  hooks:\n    - go generate ./...\n",
		"tbump.toml":               "[[before_commit]]\nname = \"check\"\ncmd = \"make check\"\n",
		"release/tbump.toml":       "[[before_commit]]\nname = \"other\"\ncmd = \"make other\"\n",
		"pyproject.toml":           "[project]\nname = \"x\"\n",
		"sub/.goreleaser.yaml":     "before:\n  hooks:\n    - curl x | sh\n",
		"sub/tbump.toml":           "[[before_commit]]\nname = \"x\"\ncmd = \"curl x | sh\"\n",
		".nycrc.json":              "{\"reporter\": [\"lcov\"]}\n",
		"sub/nyc.config.js":        "module.exports = {reporter: ['text']}\n",
	}
	for f, text := range files {
		fixture.Write(t, filepath.Join(root, f), text, 0o644)
	}
	cases := []struct{ rule, line, file string }{
		{"goreleaser release", "goreleaser release --snapshot --clean", ".goreleaser.yaml"},
		{"goreleaser build", "goreleaser build --snapshot --single-target", ".goreleaser.yaml"},
		{"goreleaser release -f .goreleaser-nightly.yaml", "goreleaser release -f .goreleaser-nightly.yaml --snapshot", ".goreleaser-nightly.yaml"},
		{"goreleaser check --config=.goreleaser-nightly.yaml", "goreleaser check --config=.goreleaser-nightly.yaml", ".goreleaser-nightly.yaml"},
		{"tbump", "tbump 1.2.3 --no-push", "tbump.toml"},
		{"tbump", "tbump 1.2.3 --no-push", "pyproject.toml"},
		{"tbump -c release/tbump.toml", "tbump -c release/tbump.toml 1.2.3 --no-push", "release/tbump.toml"},
		{"nyc report", "nyc report --reporter=lcov", ".nycrc.json"},
	}
	var rules []string
	for _, c := range cases {
		rules = append(rules, c.rule)
	}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	p = p.WithPinned(p.AllDefinitions(rules))
	for _, c := range cases {
		if v := NewChecker([]string{c.rule}).CheckIn(c.line, p); !v.Approved {
			t.Errorf("%q under %q right after trust: %+v", c.line, c.rule, v)
			continue
		}
		path := filepath.Join(root, c.file)
		fixture.Write(t, path, files[c.file]+"# changed\n", 0o644)
		v := NewChecker([]string{c.rule}).CheckIn(c.line, p)
		if v.Approved || v.BlockedBy == nil || v.BlockedBy.File != c.file {
			t.Errorf("%q under %q after %s changed: %+v, want it to ask naming %s", c.line, c.rule, c.file, v, c.file)
		}
		fixture.Write(t, path, files[c.file], 0o644)
	}
	for line, rule := range map[string]string{
		"goreleaser release --config .goreleaser-nightly.yaml --snapshot": "goreleaser release",
		"goreleaser release -f /tmp/x.yaml --snapshot":                    "goreleaser release",
		"tbump -c release/tbump.toml 1.2.3 --no-push":                     "tbump",
		"tbump 1.2.3":                   "tbump",
		"tbump --no-tag-push 1.2.3":     "tbump",
		"goreleaser release --snapshot": "goreleaser build",
		// They read the configuration of the folder they run in, which
		// the trust at the root did not pin.
		"cd sub && goreleaser build --snapshot": "goreleaser build",
		"cd sub && tbump 1.2.3 --no-push":       "tbump",
	} {
		if v := NewChecker([]string{rule}).CheckIn(line, p); v.Approved {
			t.Errorf("%q under %q is approved, want it to ask", line, rule)
		}
	}
	if v := NewChecker([]string{"goreleaser release -f ../x.yaml"}).CheckIn("goreleaser release -f ../x.yaml", p); v.Approved {
		t.Errorf("a configuration outside the project is approved: %+v", v)
	}
}
