// SPDX-License-Identifier: Apache-2.0

package project

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestFolderShape(t *testing.T) {
	mk := func(t *testing.T, root string, paths ...string) {
		for _, p := range paths {
			full := filepath.Join(root, p)
			if filepath.Ext(p) != "" {
				os.MkdirAll(filepath.Dir(full), 0o755)
				if err := os.WriteFile(full, []byte("{}"), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	var many []string
	for i := range MaxShapeProjects + 2 {
		many = append(many, fmt.Sprintf("r%d/.git", i))
	}
	tests := []struct {
		name  string
		paths []string
		sub   string // the folder looked at, below the temp root
		want  Shape
	}{
		{"a repository", []string{".git", "src"}, "", Shape{Repository: true}},
		{"a worktree (.git is a file)", []string{".git.file"}, "", Shape{}},
		{"not a repository", []string{"notes"}, "", Shape{}},
		{"inside a repository", []string{".git", "web/app"}, "web/app", Shape{InsideRepo: "."}},
		{"a folder of checkouts", []string{"beta/.git", "alpha/.git", ".hidden/.git", "plain", "set/.memo/project.json"}, "", Shape{Projects: []string{"alpha", "beta", "set"}}},
		{"many checkouts", many, "", Shape{Projects: []string{"r0", "r1", "r2", "r3", "r4"}, More: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			mk(t, root, tt.paths...)
			if tt.name == "a worktree (.git is a file)" {
				os.Rename(filepath.Join(root, ".git.file"), filepath.Join(root, ".git"))
				tt.want.Repository = true
			}
			if tt.want.InsideRepo == "." {
				tt.want.InsideRepo = root
			}
			got := FolderShape(filepath.Join(root, tt.sub))
			if got.Repository != tt.want.Repository || got.InsideRepo != tt.want.InsideRepo || !slices.Equal(got.Projects, tt.want.Projects) || got.More != tt.want.More {
				t.Errorf("FolderShape(%s) = %+v, want %+v", tt.name, got, tt.want)
			}
		})
	}
}
