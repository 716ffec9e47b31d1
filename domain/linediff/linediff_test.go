// SPDX-License-Identifier: Apache-2.0

package linediff

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// sides rebuilds both files from a diff.
func sides(lines []Line) (old, new string) {
	var o, n strings.Builder
	for _, l := range lines {
		text := l.Text
		if !l.NoNewline {
			text += "\n"
		}
		if l.Kind != Added {
			o.WriteString(text)
		}
		if l.Kind != Removed {
			n.WriteString(text)
		}
	}
	return o.String(), n.String()
}

// apply applies hunks to old the way patch does, trusting only the hunk
// headers for positions, and checks every context and removed line.
func apply(t *testing.T, old string, hunks []Hunk) string {
	t.Helper()
	src := splitLines(old)
	var out []string
	at := 0 // lines of src consumed
	for _, h := range hunks {
		start := h.OldStart - 1
		if h.OldLines == 0 {
			start = h.OldStart
		}
		out = append(out, src[at:start]...)
		at = start
		for _, l := range h.Lines {
			text := l.Text
			if !l.NoNewline {
				text += "\n"
			}
			switch l.Kind {
			case Same, Removed:
				if at >= len(src) || src[at] != text {
					t.Fatalf("hunk %+v: line %d is %q, want %q", h, at+1, src[min(at, len(src)-1)], text)
				}
				if l.Kind == Same {
					out = append(out, text)
				}
				at++
			case Added:
				out = append(out, text)
			}
		}
	}
	out = append(out, src[at:]...)
	return strings.Join(out, "")
}

func TestDiffUnified(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\n"
	new := "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\n"
	hunks, err := Hunks([]byte(old), []byte(new), 3)
	if err != nil {
		t.Fatal(err)
	}
	want := `--- trusted
+++ current
@@ -1,7 +1,7 @@
 a
 b
 c
-d
+D
 e
 f
 g
@@ -12,3 +12,4 @@
 l
 m
 n
+o
`
	if got := Unified("trusted", "current", hunks); got != want {
		t.Errorf("unified diff:\n%s\nwant:\n%s", got, want)
	}
	if got := apply(t, old, hunks); got != new {
		t.Errorf("applied: %q", got)
	}
}

func TestDiffMergesNearbyChanges(t *testing.T) {
	old := "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
	new := "1\nX\n3\n4\n5\n6\n7\nY\n9\n"
	hunks, _ := Hunks([]byte(old), []byte(new), 3)
	if len(hunks) != 1 || hunks[0].OldStart != 1 || hunks[0].OldLines != 9 || hunks[0].NewLines != 9 {
		t.Errorf("hunks %+v", hunks)
	}
}

func TestDiffFinalNewline(t *testing.T) {
	cases := []struct{ old, new, want string }{
		{"a\nb", "a\nb\n", "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
		{"a\nb\n", "a\nb", "@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n"},
		{"", "x", "@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n"},
		{"x\n", "", "@@ -1 +0,0 @@\n-x\n"},
	}
	for _, c := range cases {
		hunks, err := Hunks([]byte(c.old), []byte(c.new), 3)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.TrimPrefix(Unified("a", "b", hunks), "--- a\n+++ b\n")
		if got != c.want {
			t.Errorf("%q → %q:\n%s\nwant:\n%s", c.old, c.new, got, c.want)
		}
		if a := apply(t, c.old, hunks); a != c.new {
			t.Errorf("%q → %q: applied %q", c.old, c.new, a)
		}
	}
	if hunks, _ := Hunks([]byte("same\n"), []byte("same\n"), 3); len(hunks) != 0 || Unified("a", "b", hunks) != "" {
		t.Errorf("no change gives hunks %+v", hunks)
	}
}

func TestDiffAllNumbersLines(t *testing.T) {
	lines, _ := All([]byte("a\nb\nc\n"), []byte("a\nc\nd\n"))
	want := []Line{
		{Kind: Same, Old: 1, New: 1, Text: "a"},
		{Kind: Removed, Old: 2, Text: "b"},
		{Kind: Same, Old: 3, New: 2, Text: "c"},
		{Kind: Added, New: 3, Text: "d"},
	}
	if fmt.Sprint(lines) != fmt.Sprint(want) {
		t.Errorf("got %+v\nwant %+v", lines, want)
	}
}

func TestDiffSizeCap(t *testing.T) {
	big := make([]byte, MaxSize+1)
	if _, err := Hunks(big, nil, 3); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("oversized: %v", err)
	}
	lines := []byte(strings.Repeat("\n", MaxLines/2+1))
	if _, err := Hunks(lines, lines, 3); err == nil || !strings.Contains(err.Error(), "too many lines") {
		t.Errorf("too many lines: %v", err)
	}
}

// Two 1 MB files with scattered edits: a correct line diff (even when
// go-diff's deadline cuts its search short, as under -race). Its speed is
// BenchmarkDiffLargeFiles's to measure.
func TestDiffLargeFiles(t *testing.T) {
	old, new := largePair(1 << 20)
	hunks, err := Hunks(old, new, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := apply(t, string(old), hunks); got != string(new) {
		t.Fatalf("the diff of two 1 MB files does not turn one into the other")
	}
}

func BenchmarkDiffLargeFiles(b *testing.B) {
	old, new := largePair(1 << 20)
	for b.Loop() {
		if _, err := Hunks(old, new, 3); err != nil {
			b.Fatal(err)
		}
	}
}

func largePair(size int) ([]byte, []byte) {
	r := rand.New(rand.NewSource(1))
	var o, n strings.Builder
	for i := 0; o.Len() < size; i++ {
		line := fmt.Sprintf("line %d %x\n", i, r.Int63())
		o.WriteString(line)
		switch r.Intn(50) {
		case 0: // dropped
		case 1:
			n.WriteString("changed " + line)
		case 2:
			n.WriteString(line + "inserted\n")
		default:
			n.WriteString(line)
		}
	}
	return []byte(o.String()), []byte(n.String())
}

func BenchmarkDiff1MB(b *testing.B) {
	old, new := largePair(1 << 20)
	for b.Loop() {
		if _, err := Hunks(old, new, 3); err != nil {
			b.Fatal(err)
		}
	}
}

// The diff reproduces both sides, and its hunks turn one into the other.
func FuzzDiff(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd")
	f.Add("", "x\n")
	f.Add("x", "")
	f.Add("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "1\n2\nX\n4\n5\n6\n7\n8\n9\nY\n")
	f.Fuzz(func(t *testing.T, old, new string) {
		lines, err := All([]byte(old), []byte(new))
		if err != nil {
			t.Fatal(err)
		}
		o, n := sides(lines)
		if o != old || n != new {
			t.Fatalf("diff of %q → %q rebuilds %q → %q", old, new, o, n)
		}
		hunks, _ := Hunks([]byte(old), []byte(new), 2)
		if got := apply(t, old, hunks); got != new {
			t.Fatalf("hunks of %q → %q give %q", old, new, got)
		}
	})
}
