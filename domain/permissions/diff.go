package permissions

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"

	"memo.dev/projects/domain"
)

// MaxDiffSize caps each side of a diff.
const MaxDiffSize = 4 << 20

// maxDiffLines keeps the distinct lines of both sides below the number of
// Unicode code points go-diff can stand them for.
const maxDiffLines = 1_000_000

// DiffTimeout bounds the line diff; past it go-diff returns a correct but
// coarser diff (whole blocks removed and added).
const DiffTimeout = 5 * time.Second

// DiffContext is the number of unchanged lines shown around a change.
const DiffContext = 3

// LineKind says whether a diff line is unchanged, added or removed.
type LineKind string

const (
	LineSame    LineKind = "same"
	LineAdded   LineKind = "added"
	LineRemoved LineKind = "removed"
)

// DiffLine is one line of a diff. Old and New are 1-based line numbers on
// each side (0 when the line is not on that side). NoNewline marks a last
// line without a final newline.
type DiffLine struct {
	Kind      LineKind `json:"kind"`
	Old       int      `json:"old,omitempty"`
	New       int      `json:"new,omitempty"`
	Text      string   `json:"text"`
	NoNewline bool     `json:"no_newline,omitempty"`
}

// Hunk is a run of changes with context, as in a unified diff.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Lines              []DiffLine
}

// DiffAll compares old and new line by line and returns every line, unchanged
// ones included (for the colored view of a small file).
func DiffAll(old, new []byte) ([]DiffLine, error) {
	if len(old) > MaxDiffSize || len(new) > MaxDiffSize {
		return nil, domain.T("the files are too large to compare (over {{.MiB}} MiB)", "MiB", MaxDiffSize>>20).Err(domain.ErrInvalid)
	}
	// go-diff gives each distinct line one Unicode code point.
	if bytes.Count(old, []byte("\n"))+bytes.Count(new, []byte("\n")) > maxDiffLines {
		return nil, domain.T("the files have too many lines to compare (over {{.Lines}} together)", "Lines", maxDiffLines).Err(domain.ErrInvalid)
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = DiffTimeout
	a, b, lines := dmp.DiffLinesToChars(string(old), string(new))
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var out []DiffLine
	o, n := 0, 0
	for _, d := range diffs {
		for _, text := range splitLines(d.Text) {
			l := DiffLine{Text: strings.TrimSuffix(text, "\n"), NoNewline: !strings.HasSuffix(text, "\n")}
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				o, n = o+1, n+1
				l.Kind, l.Old, l.New = LineSame, o, n
			case diffmatchpatch.DiffDelete:
				o++
				l.Kind, l.Old = LineRemoved, o
			case diffmatchpatch.DiffInsert:
				n++
				l.Kind, l.New = LineAdded, n
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

// Diff returns the hunks of changes between old and new with context lines.
func Diff(old, new []byte, context int) ([]Hunk, error) {
	all, err := DiffAll(old, new)
	if err != nil {
		return nil, err
	}
	var hunks []Hunk
	for i := 0; i < len(all); {
		if all[i].Kind == LineSame {
			i++
			continue
		}
		start := max(0, i-context)
		end := i // one past the last change of the hunk
		for j := i; j < len(all); j++ {
			if all[j].Kind != LineSame {
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
			if l.Kind != LineAdded {
				h.OldLines++
			}
			if l.Kind != LineRemoved {
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

// Unified renders hunks as a unified diff (`permissions diff`); empty when
// nothing changed.
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
			case LineSame:
				b.WriteByte(' ')
			case LineAdded:
				b.WriteByte('+')
			case LineRemoved:
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
