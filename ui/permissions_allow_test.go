// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"memo.dev/projects/domain/permissions"
)

// TestPermissionsTabAlwaysAllow: under a line that would ask, Always allow
// shows the proposed rule with what it can do and runs; confirmed, the
// rule is saved and trusted, the tab shows the trusted file with it and
// the tester says the line is approved; Cancel saves nothing; a line no
// rule can approve says why under the verdict.
func TestPermissionsTabAlwaysAllow(t *testing.T) {
	f, tab, root := permsProject(t, func(f *fixture, root string) {
		os.WriteFile(filepath.Join(root, "package.json"), []byte(`{"scripts": {"lint": "eslint ."}}`), 0o644)
		saveTrusted(t, f, root, trustedFile)
	})
	tab.tester.line.SetText("go test ./...")
	if tab.tester.allowBtn.Visible() {
		t.Error("Always allow is offered under an approved line")
	}
	tab.tester.line.SetText("npm run lint")
	if !strings.HasPrefix(tab.tester.result.Text, "Would ask: ") || !tab.tester.allowBtn.Visible() {
		t.Fatalf("tester(npm run lint) = %q, Always allow shown %v", tab.tester.result.Text, tab.tester.allowBtn.Visible())
	}

	// Cancel: nothing is written.
	test.Tap(tab.tester.allowBtn)
	if len(f.shown) == 0 || !strings.Contains(f.shown[len(f.shown)-1], "Always allow this command in “"+filepath.Base(root)+"”?") || !strings.Contains(f.shown[len(f.shown)-1], "“npm run lint”") {
		t.Fatalf("Always allow asked %q", f.shown)
	}
	if !f.says(f.m.win, "eslint .") {
		t.Error("the question does not show what the rule runs")
	}
	f.tap(f.m.win, lang.L("Cancel"))
	if b, _ := os.ReadFile(permissions.Path(root)); string(b) != trustedFile {
		t.Fatalf("Cancel wrote the file: %q", b)
	}

	test.Tap(tab.tester.allowBtn)
	f.tap(f.m.win, lang.L("Always allow"))
	want := strings.Replace(trustedFile, `"git status"]`, `"git status", "npm run lint"]`, 1)
	if b, _ := os.ReadFile(permissions.Path(root)); string(b) != want {
		t.Fatalf("file after Always allow = %q, want %q", b, want)
	}
	if st := stateOf(t, f, root); st.State != permissions.StateTrusted {
		t.Errorf("after Always allow the file is %s", st.State)
	}
	if tab.viewer.stateName.Text != "Trusted" || !strings.Contains(tab.tester.result.Text, "Approved by “npm run lint”") || tab.tester.allowBtn.Visible() {
		t.Errorf("after Always allow the tab says %q, the tester %q", tab.viewer.stateName.Text, tab.tester.result.Text)
	}

	// A line no rule can approve.
	tab.tester.line.SetText("bash -c 'npm run lint'")
	test.Tap(tab.tester.allowBtn)
	if !strings.Contains(tab.tester.result.Text, "no rule can approve this line") || tab.tester.allowBtn.Visible() {
		t.Errorf("Always allow of a refused line: %q", tab.tester.result.Text)
	}
}
