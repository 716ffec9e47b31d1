// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// quotedOutsideText is why the line asks when a marked word of words does
// not sit where the catalogue reads text the program only matches or
// prints (the programs a wrapper runs read with their own entries, as
// inspect reads them): the line check's reason for the first such word's
// first refused character. Zero when every marked word is text.
func (in *inspector) quotedOutsideText(words []string, q cmdline.QuotedChars) domain.Text {
	text := map[int]bool{}
	in.textPlaces(words, 0, text)
	for i, w := range words {
		if at := len(words) - i; q.At[at] != "" && !text[at] {
			return cmdline.CharGate(w)
		}
	}
	return domain.Text{}
}

// textPlaces adds the places (counted from the end) of the words that are
// text a program only matches or prints: the program's own and, when it
// wraps a program that inspect reads as a line of its own, that program's.
func (in *inspector) textPlaces(words []string, depth int, text map[int]bool) {
	if depth > catalog.MaxWrapDepth || len(words) == 0 || projectfiles.ProtectedPart(words[0]) {
		return
	}
	name, args := in.catalog().ResolveProgram(words)
	r := in.read(name, args)
	if !r.Unknown.IsZero() {
		return
	}
	for _, at := range r.Text {
		text[at] = true
	}
	if r.Wrapped != nil && !in.definedPyScript(name, r) {
		was := in.module
		in.module = r.Module
		in.textPlaces(r.Wrapped, depth+1, text)
		in.module = was
	}
}
