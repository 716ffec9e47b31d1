// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// cellTexts are a parsed table's cells as text, row by row.
func cellTexts(t *mdTable) [][]string {
	var out [][]string
	for _, row := range t.rows {
		var cells []string
		for _, c := range row {
			var b strings.Builder
			for _, s := range c {
				b.WriteString(s.Textual())
			}
			cells = append(cells, b.String())
		}
		out = append(out, cells)
	}
	return out
}

// TestSplitTables: GitHub tables at the top level become tables, with
// their inline Markdown; the text around them stays Markdown; what is not
// a table (in a list, a code block, a lone pipe) stays text.
func TestSplitTables(t *testing.T) {
	tests := []struct {
		name  string
		md    string
		parts []string // "text:…" (trimmed) or "table:a|b/c|d"
	}{
		{"no table", "# Title\n\nText | with a pipe.\n", []string{"text:# Title\n\nText | with a pipe."}},
		{"table between text", "# Use\n\nBefore.\n\n| Name | Value |\n|---|:-:|\n| `x` | **1** |\n| y \\| z | [a](https://a.example) |\n\nAfter.\n",
			[]string{"text:# Use\n\nBefore.", "table:Name|Value/x|1/y | z|a", "text:After."}},
		{"table right after a paragraph line", "Intro line\n| a | b |\n| - | - |\n| 1 | 2 |\n", []string{"text:Intro line", "table:a|b/1|2"}},
		{"header only", "| a | b |\n|---|---|\n\nText.\n", []string{"table:a|b", "text:Text."}},
		{"short and long rows", "| a | b | c |\n|---|---|---|\n| 1 |\n| 1 | 2 | 3 | 4 |\n", []string{"table:a|b|c/1||/1|2|3"}},
		{"in a code block", "```\n| a | b |\n|---|---|\n```\n", []string{"text:```\n| a | b |\n|---|---|\n```"}},
		{"in a list", "- item\n\n  | a | b |\n  |---|---|\n", []string{"text:- item\n\n  | a | b |\n  |---|---|"}},
		{"CRLF", "| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n\r\nEnd.\r\n", []string{"table:a|b/1|2", "text:End."}},
	}
	for _, tt := range tests {
		var got []string
		for _, p := range splitTables(tt.md) {
			if p.table == nil {
				got = append(got, "text:"+strings.TrimSpace(p.text))
				continue
			}
			var rows []string
			for _, r := range cellTexts(p.table) {
				rows = append(rows, strings.Join(r, "|"))
			}
			got = append(got, "table:"+strings.Join(rows, "/"))
		}
		if strings.Join(got, "\n~\n") != strings.Join(tt.parts, "\n~\n") {
			t.Errorf("%s: parts\n%q\nwant\n%q", tt.name, got, tt.parts)
		}
	}
}

// TestSplitTablesKeepsReferenceLinks: a link whose definition is on the
// other side of a table still resolves.
func TestSplitTablesKeepsReferenceLinks(t *testing.T) {
	parts := splitTables("See [the docs][d].\n\n| a |\n|---|\n| 1 |\n\n[d]: https://docs.example/x \"Docs\"\n")
	if len(parts) != 3 {
		t.Fatalf("%d parts, want 3", len(parts))
	}
	rt := widget.NewRichTextFromMarkdown(parts[0].text)
	found := false
	for _, s := range rt.Segments {
		for _, in := range append([]widget.RichTextSegment{s}, paragraphTexts(s)...) {
			if h, ok := in.(*widget.HyperlinkSegment); ok && h.URL.String() == "https://docs.example/x" {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("the reference link before the table does not resolve: %q", parts[0].text)
	}
}

func paragraphTexts(s widget.RichTextSegment) []widget.RichTextSegment {
	if p, ok := s.(*widget.ParagraphSegment); ok {
		return p.Texts
	}
	return nil
}

// TestMarkdownTableSegments: the header is bold, code is code, a link is a
// link, and the delimiter row's alignment is kept.
func TestMarkdownTableSegments(t *testing.T) {
	parts := splitTables("| Name | Right |\n|---|--:|\n| `run.sh` | [site](https://x.example) |\n")
	tab := parts[0].table
	head := tab.rows[0][0][0].(*widget.TextSegment)
	if !head.Style.TextStyle.Bold {
		t.Error("the header is not bold")
	}
	code := tab.rows[1][0][0].(*widget.TextSegment)
	if code.Style.ColorName != widget.RichTextStyleCodeInline.ColorName || code.Style.TextStyle != widget.RichTextStyleCodeInline.TextStyle || code.Text != "run.sh" {
		t.Errorf("the code cell is %+v", code)
	}
	if l, ok := tab.rows[1][1][0].(*widget.HyperlinkSegment); !ok || l.URL.String() != "https://x.example" || l.Text != "site" {
		t.Errorf("the link cell is %#v", tab.rows[1][1][0])
	}
	test.NewTempApp(t)
	newMarkdownTable(tab)
	if right := tab.rows[0][1][0].(*widget.TextSegment); right.Style.Alignment != fyne.TextAlignTrailing {
		t.Errorf("a --: column is aligned %v", right.Style.Alignment)
	}
}

// TestMarkdownTableLaysOutAGrid: cells of a row share a line, columns
// line up row after row; a narrow window wraps the widest column instead
// of overflowing.
func TestMarkdownTableLaysOutAGrid(t *testing.T) {
	test.NewTempApp(t)
	long := strings.Repeat("a long description ", 12)
	md := "| Tool | What it does |\n|---|---|\n| pdftotext | " + long + "|\n| qpdf | splits |\n"
	view := markdownView(md)
	w := test.NewTempWindow(t, view)
	for _, width := range []float32{1400, 420} {
		w.Resize(fyne.NewSize(width, 800))
		grid := view.(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*fyne.Container)
		l := grid.Layout.(*mdTableLayout)
		grid.Refresh()
		l.Layout(grid.Objects, grid.Size())
		c := l.cells
		if len(c) != 3 || len(c[0]) != 2 {
			t.Fatalf("width %v: %d rows", width, len(c))
		}
		for r := range c {
			if c[r][0].Position().Y != c[r][1].Position().Y {
				t.Errorf("width %v: row %d's cells are not on one line", width, r)
			}
			if r > 0 && (c[r][0].Position().X != c[0][0].Position().X || c[r][1].Position().X != c[0][1].Position().X) {
				t.Errorf("width %v: row %d's columns do not line up", width, r)
			}
			if r > 0 && c[r][0].Position().Y <= c[r-1][0].Position().Y {
				t.Errorf("width %v: row %d is not below row %d", width, r, r-1)
			}
		}
		right := c[1][1].Position().X + c[1][1].Size().Width
		tall := c[1][1].Size().Height > 2*c[2][1].Size().Height
		switch {
		case width == 1400 && tall:
			t.Errorf("a wide window wraps the table")
		case width == 420 && (!tall || right > grid.Size().Width):
			t.Errorf("a narrow window: the long cell ends at %v of %v, wrapped %v", right, grid.Size().Width, tall)
		}
	}
	for _, o := range test.LaidOutObjects(view) {
		if rt, ok := o.(*widget.RichText); ok && strings.Contains(rt.String(), "|") {
			t.Errorf("a pipe is drawn: %q", rt.String())
		}
	}
}
