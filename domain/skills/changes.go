// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"sort"

	"memo.dev/projects/domain/linediff"
)

// Kinds of a Change.
const (
	ChangeAdded    = "added"
	ChangeRemoved  = "removed"
	ChangeModified = "modified"
)

// Change is one file that differs between two versions of a skill.
type Change struct {
	Path   string `json:"path"`
	Change string `json:"change"` // added, removed or modified
	// Diff is a text file's unified line diff; empty for a file compared
	// by its digest alone (Binary) or one too large to compare.
	Diff   string `json:"diff,omitempty"`
	Binary bool   `json:"binary,omitempty"`
	// Hunks are the changed lines with linediff.Context lines around them,
	// for the window's colored view (a file added or removed is one hunk).
	Hunks []linediff.Hunk `json:"-"`
}

// changes lists the files added, removed and modified from old to new, in
// path order, with a line diff for text (linediff: go-diff).
func changes(old, new snapshot) []Change {
	before := map[string]snapFile{}
	for _, f := range old.Files {
		before[f.Path] = f
	}
	out := []Change{}
	seen := map[string]bool{}
	for _, f := range new.Files {
		seen[f.Path] = true
		o, had := before[f.Path]
		switch {
		case !had:
			out = append(out, lineChange(f.Path, ChangeAdded, snapFile{}, f))
		case o.SHA256 != f.SHA256 || o.Kind != f.Kind:
			out = append(out, lineChange(f.Path, ChangeModified, o, f))
		}
	}
	for _, f := range old.Files {
		if !seen[f.Path] {
			out = append(out, lineChange(f.Path, ChangeRemoved, f, snapFile{}))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// lineChange is the change of one file from a to b (a zero side is absent).
func lineChange(path, kind string, a, b snapFile) Change {
	c := Change{Path: path, Change: kind}
	textA, okA := sideText(a)
	textB, okB := sideText(b)
	if !okA || !okB {
		c.Binary = true
		return c
	}
	hunks, err := linediff.Hunks([]byte(textA), []byte(textB), linediff.Context)
	if err != nil {
		return c
	}
	from, to := "a/"+path, "b/"+path
	if kind == ChangeAdded {
		from = "/dev/null"
	}
	if kind == ChangeRemoved {
		to = "/dev/null"
	}
	c.Hunks, c.Diff = hunks, linediff.Unified(from, to, hunks)
	return c
}

// sideText is one side of a change as text: an absent side is empty; ok is
// false for a file kept by its digest alone.
func sideText(f snapFile) (string, bool) {
	switch {
	case f.Path == "":
		return "", true
	case f.Text != nil:
		return *f.Text, true
	}
	return "", false
}
