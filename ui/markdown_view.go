// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"net/url"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdownView renders Markdown (a SKILL.md): Fyne's RichText for the
// text and a grid for each table, which Fyne's Markdown does not know (a
// GitHub table comes out as lines of pipes). The document is parsed once
// with goldmark's table extension to find the tables at its top level;
// the text between them goes to RichText as it is.
func markdownView(md string) fyne.CanvasObject {
	box := container.NewVBox()
	for _, part := range splitTables(md) {
		if part.table != nil {
			// Inset as RichText insets its text, so that the table's edge
			// lines up with the text around it.
			pad := theme.InnerPadding()
			box.Add(container.New(layout.NewCustomPaddedLayout(0, 0, pad, pad), newMarkdownTable(part.table)))
			continue
		}
		rt := widget.NewRichTextFromMarkdown(part.text)
		rt.Wrapping = fyne.TextWrapWord
		box.Add(rt)
	}
	return box
}

// mdPart is a stretch of a document: Markdown text, or a table.
type mdPart struct {
	text  string
	table *mdTable
}

// mdTable is a parsed table: its rows of cells, the header first, each
// cell its inline content as RichText segments.
type mdTable struct {
	align []east.Alignment
	rows  [][][]widget.RichTextSegment
}

// splitTables cuts md into text and the tables at its top level. Each
// text part is given the document's link reference definitions, so a
// [link][ref] resolves whichever part defines it.
func splitTables(md string) []mdPart {
	source := []byte(md)
	pc := parser.NewContext()
	doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(source), parser.WithContext(pc))
	var parts []mdPart
	at := 0
	refs := ""
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		t, ok := n.(*east.Table)
		if !ok {
			continue
		}
		start, stop, ok := tableSpan(t, source)
		if !ok || start < at {
			continue
		}
		if refs == "" {
			refs = referenceLines(pc)
		}
		if strings.TrimSpace(md[at:start]) != "" {
			parts = append(parts, mdPart{text: md[at:start] + refs})
		}
		parts = append(parts, mdPart{table: tableOf(t, source)})
		at = stop
	}
	if len(parts) == 0 {
		return []mdPart{{text: md}}
	}
	if strings.TrimSpace(md[at:]) != "" {
		parts = append(parts, mdPart{text: md[at:] + refs})
	}
	return parts
}

// tableSpan is where t is in source, as whole lines: from its header's
// line to the end of its last row's (of the delimiter row's, when it has
// no other rows).
func tableSpan(t *east.Table, source []byte) (start, stop int, ok bool) {
	start, stop = len(source), -1
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			lines := cell.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				start, stop = min(start, seg.Start), max(stop, seg.Stop)
			}
		}
	}
	if stop < 0 {
		return 0, 0, false
	}
	lineEnd := func(i int) int {
		for i < len(source) && source[i] != '\n' {
			i++
		}
		return min(i+1, len(source))
	}
	for start > 0 && source[start-1] != '\n' {
		start--
	}
	stop = lineEnd(stop)
	if t.ChildCount() == 1 { // the header alone: its delimiter row follows
		stop = lineEnd(stop)
	}
	return start, stop, true
}

// referenceLines are the link reference definitions pc found, as lines
// of Markdown ("" when there are none).
func referenceLines(pc parser.Context) string {
	var b strings.Builder
	for _, r := range pc.References() {
		b.WriteString("\n\n[" + string(r.Label()) + "]: <" + string(r.Destination()) + ">")
		if title := string(r.Title()); title != "" && !strings.Contains(title, `"`) {
			b.WriteString(` "` + title + `"`)
		}
	}
	return b.String()
}

// tableOf is t's rows of cells.
func tableOf(t *east.Table, source []byte) *mdTable {
	out := &mdTable{align: t.Alignments}
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		_, header := row.(*east.TableHeader)
		var cells [][]widget.RichTextSegment
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			style := widget.RichTextStyleInline
			style.TextStyle.Bold = header
			cells = append(cells, inlineSegments(cell, source, style))
		}
		out.rows = append(out.rows, cells)
	}
	return out
}

// inlineSegments renders the inline content of n (a table cell): text,
// emphasis, code, links; anything else as its text.
func inlineSegments(n ast.Node, source []byte, style widget.RichTextStyle) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.Text:
			s := textOf(t, source)
			if t.SoftLineBreak() || t.HardLineBreak() {
				s += " "
			}
			out = append(out, &widget.TextSegment{Text: s, Style: style})
		case *ast.String:
			out = append(out, &widget.TextSegment{Text: string(t.Value), Style: style})
		case *ast.CodeSpan:
			code := widget.RichTextStyleCodeInline
			code.TextStyle.Bold = style.TextStyle.Bold
			out = append(out, &widget.TextSegment{Text: plainText(t, source), Style: code})
		case *ast.Emphasis:
			em := style
			if t.Level >= 2 {
				em.TextStyle.Bold = true
			} else {
				em.TextStyle.Italic = true
			}
			out = append(out, inlineSegments(t, source, em)...)
		case *ast.Link:
			out = append(out, link(plainText(t, source), string(t.Destination), style))
		case *ast.AutoLink:
			out = append(out, link(string(t.Label(source)), string(t.URL(source)), style))
		default:
			if s := plainText(c, source); s != "" {
				out = append(out, &widget.TextSegment{Text: s, Style: style})
			}
		}
	}
	return out
}

// link is a hyperlink, or its text when its address does not parse.
func link(label, dest string, style widget.RichTextStyle) widget.RichTextSegment {
	u, err := url.Parse(dest)
	if err != nil || dest == "" {
		return &widget.TextSegment{Text: label, Style: style}
	}
	return &widget.HyperlinkSegment{Text: label, URL: u}
}

// textOf is what a text node says: its backslash escapes and entities
// resolved, unless it is raw (code).
func textOf(t *ast.Text, source []byte) string {
	v := t.Segment.Value(source)
	if !t.IsRaw() {
		v = util.ResolveNumericReferences(util.ResolveEntityNames(util.UnescapePunctuations(v)))
	}
	return string(v)
}

// plainText is the text of n and everything inside it.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.WriteString(textOf(t, source))
			if t.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.RawHTML:
			for i := 0; i < t.Segments.Len(); i++ {
				seg := t.Segments.At(i)
				b.Write(seg.Value(source))
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
