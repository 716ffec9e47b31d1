// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// controls are every rune a terminal acts on: C0, DEL and C1.
func controls() []rune {
	var out []rune
	for r := rune(0); r < 0x20; r++ {
		out = append(out, r)
	}
	out = append(out, 0x7f)
	for r := rune(0x80); r <= 0x9f; r++ {
		out = append(out, r)
	}
	return out
}

// escaped is how --text shows r.
func escaped(r rune) string {
	if r >= 0x80 {
		return fmt.Sprintf(`\u%04x`, r)
	}
	return fmt.Sprintf(`\x%02x`, r)
}

// TestTextEscapesControls: --text shows every control character of a
// name, a key or a list item as \x1b, \x7f, \u009b…, never raw; a text
// field (a memory's content) keeps its line breaks and tabs, its other
// controls escaped as well.
func TestTextEscapesControls(t *testing.T) {
	for _, r := range controls() {
		name := "a" + string(r) + "b"
		doc, _ := json.Marshal(map[string]any{
			"root":        "/work/" + name,
			"key" + name:  true,
			"skipped":     []string{name},
			"content":     "line one" + string(r) + "\nline two",
			"nested":      map[string]any{"path": name},
			"skipped_why": []map[string]string{{"reason": name}},
		})
		var out bytes.Buffer
		if err := writeText(&out, doc); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		want := map[string]bool{
			"root: /work/a" + escaped(r) + "b": true,
			"key a" + escaped(r) + "b: true":   false, // keys are escaped too (checked below)
			"skipped:":                         true,
			"  - a" + escaped(r) + "b":         true,
			"  path: a" + escaped(r) + "b":     true,
			"  - reason: a" + escaped(r) + "b": true,
		}
		for line, must := range want {
			if must && !strings.Contains("\n"+got, "\n"+line+"\n") {
				t.Errorf("control %U: --text lacks the line %q:\n%s", r, line, got)
			}
		}
		if !strings.Contains(got, "keya"+escaped(r)+"b: true") {
			t.Errorf("control %U: the key is not escaped:\n%s", r, got)
		}
		content := "content: line one" + escaped(r) + "\n  line two"
		if r == '\n' {
			content = "content: line one\n  \n  line two"
		} else if r == '\t' {
			content = "content: line one\t\n  line two"
		}
		if !strings.Contains(got, content) {
			t.Errorf("control %U: content is not %q:\n%s", r, content, got)
		}
		for _, line := range lines {
			for _, c := range line {
				if c == '\t' && strings.HasPrefix(line, "content:") && r == '\t' {
					continue
				}
				if c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) {
					t.Errorf("control %U: a raw %U reaches the terminal in %q", r, c, line)
				}
			}
		}
	}
}
