// SPDX-License-Identifier: Apache-2.0

// Package pathname says whether a path can be used at all, before anything
// is resolved or written: it must be valid UTF-8, and fit the system's
// limits on a path and on a name in it.
package pathname

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"memo.dev/projects/domain"
)

// Check refuses a path that is not valid UTF-8, as invalid input. Such a
// name cannot be shown, compared or sent as JSON as it is: its bytes turn
// into U+FFFD, two folders would look alike, and an answer (or a later
// call) would name a sibling that really holds U+FFFD. Every entry point
// (command line, API, window) checks what it is given here.
func Check(path string) error {
	if utf8.ValidString(path) {
		return nil
	}
	return domain.T("the path {{.Path}} is not valid UTF-8, so Memo cannot show or pass on its name as it is: rename the folder, or use another one",
		"Path", strconv.Quote(path)).Err(domain.ErrInvalid)
}

// Limits are the longest path and the longest name in it that a system
// accepts, in the units it counts (bytes; UTF-16 units on Windows).
type Limits struct {
	Path, Name int
	// PathName and NameName are what the system calls them, for messages.
	PathName, NameName string
	unit               domain.Text // what count counts
	count              func(string) int
	separators         string // between the names of a path
}

// Host is the running system's limits.
func Host() Limits { return host }

// Fits says why path (absolute, cleaned) cannot be created on this system
// as it is: too long a path or too long a name in it, naming the limit; nil
// when it fits.
func (l Limits) Fits(path string) error {
	if n := l.count(path); n > l.Path {
		return domain.T("{{.Path}} would be {{.Length}} {{.Unit}} long, and this system allows at most {{.Max}} {{.Unit}} in a path ({{.Limit}})",
			"Path", path, "Length", n, "Unit", l.unit, "Max", l.Path, "Limit", l.PathName).Err(domain.ErrInvalid)
	}
	for _, name := range strings.FieldsFunc(path, func(r rune) bool { return strings.ContainsRune(l.separators, r) }) {
		if n := l.count(name); n > l.Name {
			return domain.T("the name {{.Name}} in {{.Path}} is {{.Length}} {{.Unit}} long, and this system allows at most {{.Max}} {{.Unit}} in a name ({{.Limit}})",
				"Name", name, "Path", path, "Length", n, "Unit", l.unit, "Max", l.Name, "Limit", l.NameName).Err(domain.ErrInvalid)
		}
	}
	return nil
}

// NameFits reports whether name fits the limit on a name.
func (l Limits) NameFits(name string) bool { return l.count(name) <= l.Name }

func bytesOf(s string) int { return len(s) }
