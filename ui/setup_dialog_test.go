package ui

import (
	"os"
	"path/filepath"
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
