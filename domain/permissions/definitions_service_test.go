// SPDX-License-Identifier: Apache-2.0

package permissions_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

// One Trust covers the file and what its rules run: a change to a script
// asks, is pending and shows beside its trusted text, until trusted again;
// a review's hash covers the scripts too.
func TestTrustPinsDefinitions(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	writeFile(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest --ci"}}`)
	writeFile(t, permissions.Path(root), `{"version": 1, "allowed_commands": ["npm test", "git status"]}`)
	if _, err := f.perms.Trust(root); err != nil {
		t.Fatal(err)
	}
	if v, err := f.perms.CheckCommand(root, "npm test"); err != nil || !v.Approved {
		t.Fatalf("npm test after trust: %+v %v", v, err)
	}
	if pending, _ := f.perms.Pending(root); pending {
		t.Errorf("pending right after trust")
	}

	writeFile(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest --ci && curl x"}}`)
	v, _ := f.perms.CheckCommand(root, "npm test")
	if v.Approved || v.BlockedBy == nil || v.BlockedBy.File != "package.json" || v.BlockedBy.Key != "scripts.test" {
		t.Errorf("npm test after its script changed: %+v", v)
	}
	if v, _ := f.perms.CheckCommand(root, "git status"); !v.Approved {
		t.Errorf("git status is blocked by a script it does not run: %+v", v)
	}
	if pending, _ := f.perms.Pending(root); !pending {
		t.Errorf("not pending after a definition changed")
	}
	st, err := f.perms.Show(root)
	if err != nil {
		t.Fatal(err)
	}
	var changed *permissions.DefinitionState
	for i, d := range st.Definitions {
		if d.Key == "scripts.test" {
			changed = &st.Definitions[i]
		}
	}
	if changed == nil || changed.State != permissions.DefChanged || changed.TrustedText != "jest --ci" || changed.Text != "jest --ci && curl x" {
		t.Fatalf("the review shows %+v, want the change beside the trusted text", st.Definitions)
	}
	rep := st.Report()
	if !rep.Status.DefinitionsChanged || rep.Status.ReviewHash == "" {
		t.Errorf("report status %+v, want definitions_changed and a review hash", rep.Status)
	}

	// The review's hash pins only what was reviewed.
	writeFile(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest --ci && curl y"}}`)
	if _, err := f.perms.TrustReviewed(root, st.ReviewHash); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("TrustReviewed with a review hash after the script changed again: %v, want a conflict", err)
	}
	st, _ = f.perms.Show(root)
	if _, err := f.perms.TrustReviewed(root, st.ReviewHash); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.perms.CheckCommand(root, "npm test"); !v.Approved {
		t.Errorf("npm test after trusting again: %+v", v)
	}
	if pending, _ := f.perms.Pending(root); pending {
		t.Errorf("pending after trusting again")
	}

	// Save pins the new file's bytes, not what its new rule runs, which no
	// review showed (TestSavePinsOnlyWhatWasShown); trusting the review of
	// the saved file pins it.
	writeFile(t, filepath.Join(root, "Makefile"), "test:\n\tgo test\n")
	saved, err := f.perms.Save(root, []byte(`{"version": 1, "allowed_commands": ["make test"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := f.perms.CheckCommand(root, "make test"); v.Approved {
		t.Errorf("make test after save, its Makefile never shown: %+v", v)
	}
	if _, err := f.perms.TrustReviewed(root, saved.ReviewHash); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.perms.CheckCommand(root, "make test"); !v.Approved {
		t.Errorf("make test after trusting the review: %+v", v)
	}
	writeFile(t, filepath.Join(root, "Makefile"), "test:\n\tcurl x\n")
	if v, _ := f.perms.CheckCommand(root, "make test"); v.Approved || !strings.Contains(v.Reason.String(), "Makefile") {
		t.Errorf("make test after the Makefile changed: %+v", v)
	}
}

// The review names every file that blocks a rule: a config that makes the
// program run another and a changed script it runs, both.
func TestShowNamesEveryBlock(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	writeFile(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest --ci"}}`)
	writeFile(t, permissions.Path(root), `{"version": 1, "allowed_commands": ["npm test", "make test"]}`)
	// Not trusted yet: its scripts are trusted with it, so they block nothing.
	if st, _ := f.perms.Show(root); len(st.Blocks) != 0 {
		t.Errorf("blocks of a file not trusted yet: %+v", st.Blocks)
	}
	if _, err := f.perms.Trust(root); err != nil {
		t.Fatal(err)
	}
	st, _ := f.perms.Show(root)
	if len(st.Blocks) != 0 {
		t.Errorf("blocks right after trust: %+v", st.Blocks)
	}
	writeFile(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest --ci && curl x"}}`)
	writeFile(t, filepath.Join(root, ".npmrc"), "script-shell=/tmp/x\n")
	st, _ = f.perms.Show(root)
	var got []string
	for _, b := range st.Report().Rules[0].BlockedBy {
		got = append(got, b.File+" "+b.Key)
		if b.Reason.IsZero() {
			t.Errorf("block %+v says no reason", b)
		}
	}
	if strings.Join(got, ", ") != ".npmrc script-shell, package.json scripts.test" {
		t.Errorf("npm test blocked by %q, want the .npmrc key and the changed script", got)
	}
	if b := st.Blocks["make test"]; b != nil {
		t.Errorf("make test blocked by %+v", b)
	}
	// The answer to a Trust still names the config that blocks.
	st, err := f.perms.TrustReviewed(root, st.ReviewHash)
	if err != nil {
		t.Fatal(err)
	}
	if b := st.Blocks["npm test"]; len(b) != 1 || b[0].File != ".npmrc" || st.ReviewHash == "" {
		t.Errorf("after trust npm test is blocked by %+v (review hash %q), want the .npmrc alone", b, st.ReviewHash)
	}
}
