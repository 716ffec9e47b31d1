// SPDX-License-Identifier: Apache-2.0

package permissions

import "memo.dev/projects/domain/linediff"

// The permissions file's diff is domain/linediff's, under the names the
// permissions package has always given it.

// MaxDiffSize caps each side of a diff.
const MaxDiffSize = linediff.MaxSize

// DiffTimeout bounds the line diff (linediff.Timeout).
const DiffTimeout = linediff.Timeout

// DiffContext is the number of unchanged lines shown around a change.
const DiffContext = linediff.Context

// LineKind says whether a diff line is unchanged, added or removed.
type LineKind = linediff.Kind

const (
	LineSame    = linediff.Same
	LineAdded   = linediff.Added
	LineRemoved = linediff.Removed
)

// DiffLine is one line of a diff (linediff.Line).
type DiffLine = linediff.Line

// Hunk is a run of changes with context, as in a unified diff.
type Hunk = linediff.Hunk

// DiffAll compares old and new line by line and returns every line.
func DiffAll(old, new []byte) ([]DiffLine, error) { return linediff.All(old, new) }

// Diff returns the hunks of changes between old and new with context lines.
func Diff(old, new []byte, context int) ([]Hunk, error) { return linediff.Hunks(old, new, context) }

// Unified renders hunks as a unified diff (`permissions diff`); empty when
// nothing changed.
func Unified(oldName, newName string, hunks []Hunk) string {
	return linediff.Unified(oldName, newName, hunks)
}

// UnifiedDiff is `permissions diff`: the last trusted version against the
// current file (against nothing when nothing was trusted, or the file is gone).
func (st Status) UnifiedDiff() (string, error) {
	hunks, err := Diff(st.TrustedBytes, st.Bytes, DiffContext)
	if err != nil {
		return "", err
	}
	old := "trusted/" + FileName
	if st.TrustedHash == "" {
		old = "/dev/null"
	}
	return Unified(old, "current/"+FileName, hunks), nil
}
