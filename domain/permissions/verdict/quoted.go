// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"

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
	text, revs := map[int]bool{}, map[int]string{}
	in.textPlaces(words, 0, text, revs)
	for i, w := range words {
		at := len(words) - i
		if q.At[at] == "" || text[at] || revs[at] != "" && revision(w, revs[at], q.At[at]) {
			continue
		}
		return cmdline.CharGate(w)
	}
	return domain.Text{}
}

// revision: w, holding the refused characters held, passes as a revision
// git only resolves (HEAD~1, main^2, v1.0..HEAD~3): only `~` and `^` (a
// `@{u}` or `^{commit}` holds braces and asks), not an option, not a word
// starting with `~` (a home folder, where it is not quoted). kind is
// "word", or "glued" for an option word with the revision after its `=`
// (--onto=main~1).
func revision(w, kind, held string) bool {
	if strings.Trim(held, "~^") != "" {
		return false
	}
	if kind == "glued" {
		name, v, ok := strings.Cut(w, "=")
		if !ok || strings.ContainsAny(name, "~^") {
			return false
		}
		w = v
	}
	return w != "" && !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "~")
}

// textPlaces adds the places (counted from the end) of the words that are
// text a program only matches or prints: the program's own and, when it
// wraps a program that inspect reads as a line of its own, that program's.
// revs gets the places of the revisions (catalog.Reading.Revs) likewise.
func (in *inspector) textPlaces(words []string, depth int, text map[int]bool, revs map[int]string) {
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
	if name == "git" {
		// git config user.name "github-actions[bot]": the value of a key
		// that runs nothing is text git stores and prints.
		if at := in.catalog().GitConfigValue(args); at > 0 {
			text[at] = true
		}
	}
	if name == "pip" || name == "uv" {
		// pip install ".[dev]": the extras of a project folder, which pip
		// reads as names (catalog.PipExtras), never a pattern.
		for i, a := range args {
			if catalog.PipExtras(a) {
				text[len(args)-i] = true
			}
		}
	}
	for _, at := range r.Revs {
		revs[at] = "word"
	}
	for _, at := range r.RevGlued {
		revs[at] = "glued"
	}
	if r.Wrapped != nil && !in.definedPyScript(name, r) {
		was := in.module
		in.module = r.Module
		in.textPlaces(r.Wrapped, depth+1, text, revs)
		in.module = was
	}
}
