// SPDX-License-Identifier: Apache-2.0

// Package linediff compares two texts line by line (go-diff, in its line
// mode) for the colored diffs the window shows and the unified diffs the
// command line prints: the permissions file against the version trusted, a
// skill against the version turned on or the version an update brings.
package linediff

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"

	"memo.dev/projects/domain"
)

// MaxSize caps each side of a diff.
const MaxSize = 4 << 20

// MaxLines keeps the distinct lines of both sides below the number of
// Unicode code points go-diff can stand them for.
const MaxLines = 1_000_000

// Timeout bounds the line diff; past it go-diff returns a correct but
// coarser diff (whole blocks removed and added).
const Timeout = 5 * time.Second

// Context is the number of unchanged lines shown around a change.
const Context = 3

// Kind says whether a diff line is unchanged, added or removed.
type Kind string

const (
	Same    Kind = "same"
	Added   Kind = "added"
	Removed Kind = "removed"
)

// Line is one line of a diff. Old and New are 1-based line numbers on
// each side (0 when the line is not on that side). NoNewline marks a last
// line without a final newline.
type Line struct {
	Kind      Kind   `json:"kind"`
	Old       int    `json:"old,omitempty"`
	New       int    `json:"new,omitempty"`
	Text      string `json:"text"`
	NoNewline bool   `json:"no_newline,omitempty"`
}

// Hunk is a run of changes with context, as in a unified diff.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Lines              []Line
}

// All compares old and new line by line and returns every line, unchanged
// ones included (for the colored view of a small file).
func All(old, new []byte) ([]Line, error) {
	if len(old) > MaxSize || len(new) > MaxSize {
		return nil, domain.T("the files are too large to compare (over {{.MiB}} MiB)", "MiB", MaxSize>>20).Err(domain.ErrInvalid)
	}
	// go-diff gives each distinct line one Unicode code point.
	if bytes.Count(old, []byte("\n"))+bytes.Count(new, []byte("\n")) > MaxLines {
		return nil, domain.T("the files have too many lines to compare (over {{.Lines}} together)", "Lines", MaxLines).Err(domain.ErrInvalid)
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = Timeout
	a, b, lines := dmp.DiffLinesToChars(string(old), string(new))
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var out []Line
	o, n := 0, 0
	for _, d := range diffs {
		for _, text := range splitLines(d.Text) {
			l := Line{Text: strings.TrimSuffix(text, "\n"), NoNewline: !strings.HasSuffix(text, "\n")}
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				o, n = o+1, n+1
				l.Kind, l.Old, l.New = Same, o, n
			case diffmatchpatch.DiffDelete:
				o++
				l.Kind, l.Old = Removed, o
			case diffmatchpatch.DiffInsert:
				n++
				l.Kind, l.New = Added, n
			}
			out = append(out, l)
		}
	}
	return out, nil
}

// splitLines splits text after each newline; a last line without one is kept.
func splitLines(text string) []string {
	var out []string
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// Hunks returns the hunks of changes between old and new with context lines.
func Hunks(old, new []byte, context int) ([]Hunk, error) {
	all, err := All(old, new)
	if err != nil {
		return nil, err
	}
	var hunks []Hunk
	for i := 0; i < len(all); {
		if all[i].Kind == Same {
			i++
			continue
		}
		start := max(0, i-context)
		end := i // one past the last change of the hunk
		for j := i; j < len(all); j++ {
			if all[j].Kind != Same {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		stop := min(len(all), end+context)
		h := Hunk{Lines: all[start:stop]}
		o, n := 0, 0 // lines on each side before the hunk
		for _, l := range all[:start] {
			if l.Old > 0 {
				o = l.Old
			}
			if l.New > 0 {
				n = l.New
			}
		}
		for _, l := range h.Lines {
			if l.Kind != Added {
				h.OldLines++
			}
			if l.Kind != Removed {
				h.NewLines++
			}
		}
		h.OldStart, h.NewStart = o+1, n+1
		if h.OldLines == 0 {
			h.OldStart = o
		}
		if h.NewLines == 0 {
			h.NewStart = n
		}
		hunks = append(hunks, h)
		i = stop
	}
	return hunks, nil
}

// Unified renders hunks as a unified diff; empty when nothing changed.
func Unified(oldName, newName string, hunks []Hunk) string {
	if len(hunks) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", oldName, newName)
	for _, h := range hunks {
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", span(h.OldStart, h.OldLines), span(h.NewStart, h.NewLines))
		for _, l := range h.Lines {
			switch l.Kind {
			case Same:
				b.WriteByte(' ')
			case Added:
				b.WriteByte('+')
			case Removed:
				b.WriteByte('-')
			}
			b.WriteString(l.Text)
			b.WriteByte('\n')
			if l.NoNewline {
				b.WriteString("\\ No newline at end of file\n")
			}
		}
	}
	return b.String()
}

func span(start, count int) string {
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}
