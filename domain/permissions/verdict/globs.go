// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// File-name patterns (docs/permissions.md §2): bash replaces an unquoted
// word holding `*`, `?` or `[…]` by the names it matches in the line's
// folder, sorted, or passes it as it is when none matches. In a project
// Memo computes that list (projectfiles.Glob) and judges the words bash
// will pass: each name must be a path inside the project (links followed),
// must not start with `-`, must hold only the characters the line check
// allows, and the line with the names in the pattern's place must pass
// every check. bash sorts by the locale, so the names are judged in byte
// order, in the reverse order, and each alone in the pattern's place. A
// pattern that matches nothing is the literal word, judged as a quoted one
// is: only where the program reads text it only matches (cargo
// --exclude). The line is one command (§3), so no earlier command can
// create names the pattern would match.

// maxGlobShown bounds the names a verdict's reason lists for one pattern.
const maxGlobShown = 10

// globWord is one pattern of the line and the names bash expands it to.
type globWord struct {
	at      int // its place, counted from the end
	pattern string
	matches []string
}

// checkGlobs judges a line holding file-name patterns by what bash
// expands them to.
func (c *Checker) checkGlobs(words []string, q cmdline.QuotedChars, in *inspector) Verdict {
	if in.project == nil {
		return Verdict{Reason: q.Reason} // nothing to expand against: as before
	}
	var globs []globWord
	var notes []domain.Text
	total := 0
	for i, w := range words {
		at := len(words) - i
		if !q.Globs[at] {
			continue
		}
		if i == 0 {
			return Verdict{Reason: q.Reason} // the program bash runs
		}
		matches, isPattern, why := projectfiles.Glob(in.project.Root, in.project.Dir, w)
		if !why.IsZero() {
			return Verdict{Reason: why}
		}
		total += len(matches)
		if total > projectfiles.MaxGlobMatches {
			return Verdict{Reason: domain.T("the line's file name patterns match more than 1,000 names")}
		}
		for _, m := range matches {
			if reason := in.globMatchProblem(m); !reason.IsZero() {
				return Verdict{Reason: domain.T("`{{.Pattern}}` matches `{{.File}}`: {{.Reason}}", "Pattern", w, "File", m, "Reason", reason)}
			}
		}
		switch {
		case !isPattern:
			// x] or [x: bash passes the word as it is; judged as a quoted one.
		case len(matches) == 0:
			notes = append(notes, domain.T("`{{.Pattern}}` matches no name, so bash passes it as it is", "Pattern", w))
		default:
			globs = append(globs, globWord{at: at, pattern: w, matches: matches})
			notes = append(notes, expansionNote(w, matches))
		}
	}
	note := joinNotes(notes)
	if len(globs) == 0 {
		return withNote(c.judge(words, q, nil, in), note)
	}
	// The orders bash may give (byte order, its reverse) and each name
	// alone in its pattern's place: a program that reads its first or last
	// operand apart is judged with every name there.
	variants := [][][]string{sortedOrder(globs, false), sortedOrder(globs, true)}
	for j := range globs {
		for _, m := range globs[j].matches {
			v := sortedOrder(globs, false)
			v[j] = []string{m}
			variants = append(variants, v)
		}
	}
	var first Verdict
	for k, v := range variants {
		expanded, eq, places := expandWords(words, q, globs, v)
		judged := *in
		verdict := c.judge(expanded, eq, places, &judged)
		if !verdict.Approved {
			return withNote(verdict, note)
		}
		if k == 0 {
			first = verdict
		}
	}
	return withNote(first, note)
}

// globMatchProblem is why a name a pattern matches cannot stand as a word
// of the line: an option, a name the line check would refuse, a path
// outside the project or in its .git or .memo folder.
func (in *inspector) globMatchProblem(m string) domain.Text {
	switch {
	case strings.HasPrefix(m, "-"):
		return domain.T("a program would read the name as an option")
	case !cmdline.Plain(m) || strings.Contains(m, " "):
		return domain.T("the name holds characters the line check refuses")
	}
	return in.project.PathProblem(m)
}

// sortedOrder is each pattern's names in byte order, or reversed.
func sortedOrder(globs []globWord, reverse bool) [][]string {
	out := make([][]string, len(globs))
	for j, g := range globs {
		out[j] = slices.Clone(g.matches)
		if reverse {
			slices.Reverse(out[j])
		}
	}
	return out
}

// expandWords puts names[j] in the place of globs[j]: the words, their
// marks moved with them (a name holds none) and the places, counted from
// the end, of the words that came from a pattern.
func expandWords(words []string, q cmdline.QuotedChars, globs []globWord, names [][]string) ([]string, cmdline.QuotedChars, map[int]bool) {
	var out []string
	var held []string
	var fromGlob []bool
	j := 0
	for i, w := range words {
		at := len(words) - i
		if j < len(globs) && globs[j].at == at {
			for _, m := range names[j] {
				out, held, fromGlob = append(out, m), append(held, ""), append(fromGlob, true)
			}
			j++
			continue
		}
		out, held, fromGlob = append(out, w), append(held, q.At[at]), append(fromGlob, false)
	}
	eq := cmdline.QuotedChars{At: map[int]string{}, Reason: q.Reason}
	places := map[int]bool{}
	for i := range out {
		at := len(out) - i
		if held[i] != "" {
			eq.At[at] = held[i]
		}
		if fromGlob[i] {
			places[at] = true
		}
	}
	return out, eq, places
}

// expansionNote says what a pattern expanded to: "`dist/*` is dist/a.whl,
// dist/b.tar.gz".
func expansionNote(pattern string, matches []string) domain.Text {
	if len(matches) <= maxGlobShown {
		return domain.T("`{{.Pattern}}` is {{.Files}}", "Pattern", pattern, "Files", strings.Join(matches, ", "))
	}
	return domain.T("`{{.Pattern}}` is {{.Files}} and {{.More}} more names", "Pattern", pattern, "Files", strings.Join(matches[:maxGlobShown], ", "), "More", len(matches)-maxGlobShown)
}

func joinNotes(notes []domain.Text) domain.Text {
	if len(notes) == 0 {
		return domain.Text{}
	}
	out := notes[len(notes)-1]
	for k := len(notes) - 2; k >= 0; k-- {
		out = domain.T("{{.First}}; {{.Rest}}", "First", notes[k], "Rest", out)
	}
	return out
}

// withNote adds what the patterns expanded to: an approved line's reason
// is the note itself, an ask's carries it after its own.
func withNote(v Verdict, note domain.Text) Verdict {
	switch {
	case note.IsZero():
	case v.Approved:
		v.Reason = note
	default:
		v.Reason = domain.T("{{.Item}} ({{.Detail}})", "Item", v.Reason, "Detail", note)
	}
	return v
}
