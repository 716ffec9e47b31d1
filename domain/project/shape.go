// SPDX-License-Identifier: Apache-2.0

package project

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Shape is what a folder looks like to someone about to set it up: whether
// it is a git repository's top folder, lies inside one, or holds several
// projects of its own (a folder of checkouts) — each a reason to think
// twice before making it one project.
type Shape struct {
	// Repository: the folder holds .git (a folder, or a worktree's file).
	Repository bool `json:"repository"`
	// InsideRepo is the repository's top folder above the folder, when it
	// lies below one ("" otherwise).
	InsideRepo string `json:"inside_repo,omitempty"`
	// Projects names the subfolders that are repositories or Memo projects,
	// sorted, at most MaxShapeProjects; More counts the rest.
	Projects []string `json:"projects,omitempty"`
	More     int      `json:"more,omitempty"`
}

// MaxShapeProjects is how many subfolder projects Shape names.
const MaxShapeProjects = 5

// maxShapeEntries bounds how much of a huge folder Shape reads.
const maxShapeEntries = 5000

// Shape looks at the folder path resolves to (Status's root). It only
// reads: the folder's entries (the first few thousand) and each
// subfolder's .git and .memo/project.json.
func (s *Service) Shape(path string) (Shape, error) {
	st, err := s.Status(path)
	if err != nil {
		return Shape{}, err
	}
	return FolderShape(st.Root), nil
}

// FolderShape is Shape of the folder root, read from the disk.
func FolderShape(root string) Shape {
	var sh Shape
	sh.Repository = exists(filepath.Join(root, ".git"))
	if !sh.Repository {
		for dir := filepath.Dir(root); dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
			if exists(filepath.Join(dir, ".git")) {
				sh.InsideRepo = dir
				break
			}
		}
	}
	f, err := os.Open(root)
	if err != nil {
		return sh
	}
	defer f.Close()
	entries, err := f.ReadDir(maxShapeEntries)
	if err != nil && err != io.EOF && len(entries) == 0 {
		return sh
	}
	var found []string
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		sub := filepath.Join(root, e.Name())
		if exists(filepath.Join(sub, ".git")) || exists(filepath.Join(sub, ".memo", "project.json")) {
			found = append(found, e.Name())
		}
	}
	sort.Strings(found)
	if len(found) > MaxShapeProjects {
		sh.More = len(found) - MaxShapeProjects
		found = found[:MaxShapeProjects]
	}
	sh.Projects = found
	return sh
}
