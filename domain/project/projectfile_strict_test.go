// SPDX-License-Identifier: Apache-2.0

package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
)

// TestProjectFileIsReadExactly: project.json is read by the strict reader
// (docs/folders.md §5): a key twice or in two cases, at any depth, is
// refused rather than read one way here and another by a person; unknown
// keys are kept.
func TestProjectFileIsReadExactly(t *testing.T) {
	const a, b = "p_0123456789abcdef0123456789abcdef", "p_fedcba9876543210fedcba9876543210"
	tests := []struct{ name, file, says string }{
		{"id twice", `{"kind":"project","id":"` + a + `","id":"` + b + `"}`, `duplicate key "id" at the top level`},
		{"ID beside id", `{"kind":"project","id":"` + a + `","ID":"` + b + `"}`, `key "ID" differs from "id" only in case, at the top level`},
		{"kind twice", `{"kind":"other","kind":"project","id":"` + a + `"}`, `duplicate key "kind" at the top level`},
		{"Kind alone", `{"Kind":"project","id":"` + a + `"}`, `project.json has no "kind": "project"`},
		{"Id alone", `{"kind":"project","Id":"` + a + `"}`, `project.json has no valid project id`},
		{"a duplicate nested in an unknown key", `{"kind":"project","id":"` + a + `","extra":{"x":1,"x":2}}`, `duplicate key "x" in extra`},
		{"a duplicate nested in a list", `{"kind":"project","id":"` + a + `","extra":[{"x":1,"X":2}]}`, `key "X" differs from "x" only in case, in extra[0]`},
		{"two values", `{"kind":"project","id":"` + a + `"}{}`, `there is more after the JSON value`},
		{"a list", `[]`, `the JSON value must be an object`},
	}
	for _, tt := range tests {
		root := t.TempDir()
		os.MkdirAll(filepath.Join(root, MemoDir), 0o755)
		os.WriteFile(filepath.Join(root, MemoDir, "project.json"), []byte(tt.file), 0o644)
		f, err := readFile(root)
		if domain.KindOf(err) != domain.KindInvalid || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("readFile with %s = %+v, %v; want invalid saying %q", tt.name, f, err, tt.says)
		}
	}
	// Unknown keys are kept, and read exactly.
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, MemoDir), 0o755)
	os.WriteFile(filepath.Join(root, MemoDir, "project.json"), []byte(`{"kind":"project","id":"`+a+`","note":{"by":"team"}}`), 0o644)
	f, err := readFile(root)
	if err != nil || f.ID != a || !strings.Contains(string(f.Bytes()), `"note": {`) {
		t.Errorf("readFile with an unknown key = %+v, %v; want it read and kept", f, err)
	}
}
