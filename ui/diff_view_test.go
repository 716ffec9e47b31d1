// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"memo.dev/projects/domain/permissions"
)

// A changed line marks the words that changed, in the old line and the new.
func TestDiffViewMarksChangedWords(t *testing.T) {
	test.NewTempApp(t)
	lines, err := permissions.DiffAll([]byte("\"go test\",\n"), []byte("\"go vet\",\n"))
	if err != nil {
		t.Fatal(err)
	}
	rows := lineRows(lines)
	if len(rows) != 2 {
		t.Fatalf("rows %v", rows)
	}
	content := func(r diffViewRow, s runeSpan) string {
		return string([]rune(r.text)[diffPrefix+s.from : diffPrefix+s.to])
	}
	for i, want := range []string{"test", "vet"} {
		if len(rows[i].marks) != 1 || content(rows[i], rows[i].marks[0]) != want {
			t.Errorf("row %q marks %v, want %q marked", rows[i].text, rows[i].marks, want)
		}
	}
}

// Every tint is drawn before every text: an underscore at a row's foot is
// not covered by the next row's tint; marks sit on the changed characters.
func TestDiffViewDrawsTextsOverAllTints(t *testing.T) {
	test.NewTempApp(t)
	d := newDiffView()
	lines, _ := permissions.DiffAll([]byte("go_test\nx\n"), []byte("go_vet\nx\n"))
	d.setLines(lines)
	w := test.NewTempWindow(t, d)
	w.Resize(fyne.NewSize(600, 200))
	objs := test.WidgetRenderer(d).Objects()
	lastTint, firstText := -1, len(objs)
	for i, o := range objs {
		switch o.(type) {
		case *canvas.Rectangle:
			lastTint = i
		case *canvas.Text:
			firstText = min(firstText, i)
		}
	}
	if lastTint > firstText {
		t.Errorf("a tint (object %d) is drawn over a text (object %d)", lastTint, firstText)
	}
}

// A one-line JSON file is compared laid out: the change is one rule.
func TestOneLineJSONDiffIsPrettyPrinted(t *testing.T) {
	test.NewTempApp(t)
	old := []byte(`{"version":1,"allowed_commands":["go test","make build"],"allowed_tools":[]}`)
	cur := []byte(`{"version":1,"allowed_commands":["go test","make deploy"],"allowed_tools":[]}`)
	s := shownOf(permissions.Status{Exists: true, State: permissions.StateChanged, Bytes: cur, TrustedBytes: old}, nil)
	if !s.pretty || s.derr != nil {
		t.Fatalf("pretty %v, err %v", s.pretty, s.derr)
	}
	d := newDiffView()
	d.setHunks(s.hunks)
	text := d.text()
	for _, want := range []string{"@@ -", `-     "make build"`, `+     "make deploy"`, `      "go test",`} {
		if !strings.Contains(text, want) {
			t.Errorf("the diff does not show %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, `"allowed_commands":[`) {
		t.Errorf("the diff still shows the one-line file:\n%s", text)
	}
}

// A line wider than the view wraps: the view never asks for more width
// than a short line, and every character is still drawn.
func TestDiffViewWrapsLongLines(t *testing.T) {
	test.NewTempApp(t)
	d := newDiffView()
	long := strings.Repeat("abcdefghij", 30)
	d.setLines([]permissions.DiffLine{{Kind: permissions.LineAdded, New: 1, Text: long}})
	w := test.NewTempWindow(t, d)
	w.Resize(fyne.NewSize(400, 400))
	d.Resize(fyne.NewSize(400, d.MinSize().Height))
	if d.MinSize().Width > 400 {
		t.Errorf("the view asks for %v px", d.MinSize().Width)
	}
	var drawn string
	n := 0
	for _, o := range test.WidgetRenderer(d).Objects() {
		if txt, ok := o.(*canvas.Text); ok {
			drawn += strings.TrimSpace(txt.Text)
			n++
		}
	}
	if n < 2 || !strings.Contains(drawn, long) {
		t.Errorf("a %d-character line is drawn on %d lines: %q", len(long), n, drawn)
	}
}
