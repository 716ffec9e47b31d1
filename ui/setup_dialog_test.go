// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The setup question says the new root files will show up in git status
// where there is a git repository (.git above or here), and only there.
func TestSetupQuestionMentionsGitStatus(t *testing.T) {
	for _, git := range []bool{true, false} {
		f := newFixture(t, memoryOn)
		repo := t.TempDir()
		dir := filepath.Join(repo, "sub")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if git {
			if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		f.m.OpenFolder(dir)
		if got := f.says(f.m.win, "will show up in git status"); got != git {
			t.Errorf("in a git repository %v: the setup question mentions git status: %v", git, got)
		}
	}
}

// TestSetupQuestionSaysWhatTheFolderIs: a folder of checkouts, a folder that
// is no repository, and one inside a repository are each said in the
// question; a repository's top folder needs no note.
func TestSetupQuestionSaysWhatTheFolderIs(t *testing.T) {
	tests := []struct {
		name string
		make []string // folders made below the temp root
		open string   // what is opened, below it
		want string   // "" : no note
	}{
		{"a repository", []string{"r/.git"}, "r", ""},
		{"a folder of checkouts", []string{"code/shop/.git", "code/blog/.git"}, "code", "This folder holds 2 projects of their own (blog, shop)"},
		{"not a repository", []string{"notes"}, "notes", "This folder is not a git repository."},
		{"inside a repository", []string{"r/.git", "r/web"}, "r/web", "This folder is inside the repository "},
	}
	notes := []string{"projects of their own", "not a git repository", "inside the repository"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, memoryOn)
			root := t.TempDir()
			for _, d := range tt.make {
				if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			f.m.OpenFolder(filepath.Join(root, tt.open))
			if f.button(f.m.win, "Set up") == nil {
				t.Fatal("no setup question")
			}
			for _, n := range notes {
				if got := f.says(f.m.win, n); got != (tt.want != "" && strings.Contains(tt.want, n)) {
					t.Errorf("the question says %q: %v", n, got)
				}
			}
			if tt.want != "" && !f.says(f.m.win, tt.want) {
				t.Errorf("the question does not say %q", tt.want)
			}
		})
	}
}
