// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestRulesMarkedSinceTheTrustedVersion: a changed file's rules say which
// are new and which unchanged, and the trusted rules it dropped are listed.
func TestRulesMarkedSinceTheTrustedVersion(t *testing.T) {
	_, tab, root := permsProject(t, func(f *fixture, root string) { saveTrusted(t, f, root, trustedFile) })
	if strings.Contains(rowTexts(tab), "(new)") || strings.Contains(rowTexts(tab), "(unchanged)") {
		t.Errorf("a trusted file's rules are marked:\n%s", rowTexts(tab))
	}
	writePerms(t, root, changedFile) // git status → git log
	tab.refresh()
	rows := rowTexts(tab)
	for _, want := range []string{"Command “go test”: valid rule (unchanged)", "Command “git log”: valid rule (new)", "Command “git status”: removed (it would ask again)", "File tool “read_file”: valid rule (unchanged)"} {
		if !strings.Contains(rows, want) {
			t.Errorf("the rules do not say %q:\n%s", want, rows)
		}
	}
}

// TestTesterAnswersForThePendingVersion: while a version waits for review
// the tester also says what it would answer, and when a line would be
// approved by a rule that is not trusted yet.
func TestTesterAnswersForThePendingVersion(t *testing.T) {
	_, tab, root := permsProject(t, func(f *fixture, root string) { saveTrusted(t, f, root, trustedFile) })
	writePerms(t, root, changedFile)
	tab.refresh()
	tests := []struct{ line, want string }{
		{"git log --oneline", "If you trust this version: approved by “git log”, a rule that is not trusted yet."},
		{"go test ./...", "If you trust this version: approved by “go test”, as in the version you trusted."},
		{"git status", "If you trust this version: it would ask (“git status” is no longer in it):"},
		{"rm -rf /", "If you trust this version: it would still ask."},
	}
	for _, tt := range tests {
		tab.tester.line.SetText(tt.line)
		if got := tab.tester.result.Text; !strings.Contains(got, tt.want) {
			t.Errorf("tester(%q) says %q, want it to say %q", tt.line, got, tt.want)
		}
	}
}

// TestListsEditorOpensAnInvalidFileWithItsRefusedRulesMarked: a file whose
// rules are refused opens as lists, each refused rule's row saying why.
func TestListsEditorOpensAnInvalidFileWithItsRefusedRulesMarked(t *testing.T) {
	_, tab, root := permsProject(t, func(f *fixture, root string) {
		writePerms(t, root, "{\n  \"version\": 1,\n  \"allowed_commands\": [\"sudo make install\", \"go test\"],\n  \"allowed_tools\": [\"read_file\"]\n}\n")
	})
	_ = root
	test.Tap(tab.viewer.edit)
	if tab.editor.jsonMode {
		t.Fatal("the editor opened the file as JSON text, not as lists")
	}
	var verdicts []string
	for _, r := range tab.editor.lists.rows {
		verdicts = append(verdicts, r.entry.Text+": "+r.verdict.Text)
	}
	if len(verdicts) != 2 || !strings.HasPrefix(verdicts[0], "sudo make install: refused:") || verdicts[1] != "go test: valid rule" {
		t.Errorf("the rows say %q", verdicts)
	}
	if !tab.editor.save.Disabled() {
		t.Error("Save & Trust is enabled with a refused rule")
	}
}
