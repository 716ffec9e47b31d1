// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"
)

// A user entry may mark its own tool's text (=p, text_pattern), with
// examples; the marks mean what they mean for a builtin table.
func TestUserEntryMarksText(t *testing.T) {
	const tool = `
[mytool]
style = "getopt"
text_first = true
text_pattern = true
does = ["reads-project"]
options = "-k=p -c="

[[mytool.example]]
rule = "mytool"
approve = ["mytool 'a|b' src", "mytool -k '(x)' src"]

[[mytool.example]]
rule = "mytool"
ask = "mytool -c 'a;b'"
reason = "can chain commands"
`
	cat, err := LoadCatalog(userHome(t, map[string]string{"mine.toml": tool}))
	if err != nil {
		t.Fatal(err)
	}
	if p := cat.Problems(); len(p) > 0 {
		t.Fatalf("problems %v", p)
	}
	ch := cat.NewChecker([]string{"mytool"})
	for line, approved := range map[string]bool{
		"mytool 'a|b' src":      true,
		"mytool -k '(x)' src":   true,
		"mytool a 'src;x'":      false, // a path
		"mytool -c 'a;b'":       false, // a value that is not text
		"mytool -k \"$(id)\" .": false,
	} {
		if v := ch.Check(line, nil); v.Approved != approved {
			t.Errorf("Check(%q) = approved %v (%s), want %v", line, v.Approved, v.Reason, approved)
		}
	}
}

// text_pattern says what text_first or text_all make text is a pattern: a
// table that sets it alone is refused.
func TestTextPatternNeedsText(t *testing.T) {
	for name, text := range map[string]string{
		"program": strings.Replace(myTool, "style = \"getopt\"", "style = \"getopt\"\ntext_pattern = true", 1),
		"sub":     myTool + "\n[mytool.sub.find]\ntext_pattern = true\n",
	} {
		cat, err := LoadCatalog(userHome(t, map[string]string{"mine.toml": text}))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range cat.Problems() {
			got = append(got, p.String())
		}
		if !strings.Contains(strings.Join(got, "\n"), "text_pattern needs text_first") {
			t.Errorf("%s: problems %q, want one saying text_pattern needs text_first", name, got)
		}
	}
}
