// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/verdict"
)

// From an ask to a rule in one step (docs/permissions.md §13): the rule
// that approves exactly one line, and the file that holds it beside the
// rules already there.

// ProposeRule is the narrowest rule that approves line, checked on its words
// alone, or why no rule can (ProposeRule of the builtin catalogue).
func ProposeRule(line string) (string, domain.Text) { return proposeRule(catalog.Builtin(), line) }

// proposeRule: a rule approves the lines its words start (§4), so the
// narrowest that approves line is line's own words, every one of them; a
// shorter rule would approve other operands too. It is refused when §8
// refuses it, and when even it does not approve the line: then no rule can.
func proposeRule(c *catalog.Catalog, line string) (string, domain.Text) {
	// A compound line (§3) is approved when each of its commands is: a
	// rule approves one command, so each that asks is allowed on its own.
	// One command with harmless redirections is that command's rule.
	cmdWords := line
	if cl, ok, _ := cmdline.SplitCompound(line); ok {
		if len(cl.Commands) != 1 {
			return "", domain.T("no rule can approve this line: it holds several commands, and a rule approves one; allow each command that asks on its own")
		}
		cmdWords = cl.Commands[0].Line
	}
	words, reason := cmdline.Words(cmdWords)
	if !reason.IsZero() {
		return "", domain.T("no rule can approve this line: {{.Reason}}", "Reason", reason)
	}
	rule, ok := ruleText(words)
	if !ok {
		return "", domain.T("no rule can approve this line: its words cannot be written as a rule")
	}
	// The file is valid only with rules the builtin catalogue accepts, and
	// the checker keeps only those this one accepts: both must.
	for _, cat := range []*catalog.Catalog{catalog.Builtin(), c} {
		if why := verdict.AcceptRuleIn(cat, rule); !why.IsZero() {
			return "", domain.T("no rule can approve this line: {{.Reason}}", "Reason", why)
		}
	}
	if v := verdict.NewCheckerIn(c, []string{rule}).Check(line, nil); !v.Approved {
		return "", domain.T("no rule can approve this line: {{.Reason}}", "Reason", v.Reason)
	}
	return rule, domain.Text{}
}

// ruleText writes words as a rule whose words are exactly them: a plain
// word as it is, any other quoted so that Words reads it back unchanged.
func ruleText(words []string) (string, bool) {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = quoteWord(w)
	}
	rule := strings.Join(parts, " ")
	back, reason := cmdline.Words(rule)
	return rule, reason.IsZero() && slices.Equal(back, words)
}

func quoteWord(w string) string {
	switch {
	case w != "" && cmdline.Plain(w) && !strings.Contains(w, " "):
		return w
	case !strings.Contains(w, "'"):
		return "'" + w + "'"
	case !strings.Contains(w, `"`):
		return `"` + w + `"`
	}
	// Both quotes: each single quote in double quotes, the rest in single.
	var b strings.Builder
	for i, part := range strings.Split(w, "'") {
		if i > 0 {
			b.WriteString(`"'"`)
		}
		if part != "" {
			b.WriteString("'" + part + "'")
		}
	}
	return b.String()
}

// errNoList: the file's text has no allowed_commands list where the rule
// could go.
var errNoList = errors.New("no allowed_commands list")

// AddRule is the permissions file content with rule added as the last of
// its allowed_commands, every other byte as it was (content "" or nil: a
// new file holding that rule alone). The result is checked to read back as
// the same file plus the rule.
func AddRule(content []byte, rule string) ([]byte, error) {
	quoted, err := jsonString(rule)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(content)) == 0 {
		return []byte("{\n  \"version\": 1,\n  \"allowed_commands\": [\n    " + quoted + "\n  ],\n  \"allowed_tools\": []\n}\n"), nil
	}
	before, probs := Parse(content)
	if len(probs) > 0 {
		return nil, InvalidError(FileName, probs)
	}
	out, err := spliceRule(content, quoted)
	if err != nil {
		return nil, err
	}
	after, probs := Parse(out)
	want := append(slices.Clone(before.AllowedCommands), rule)
	if len(probs) > 0 || !slices.Equal(after.AllowedCommands, want) || !slices.Equal(after.AllowedTools, before.AllowedTools) {
		return nil, errNoList
	}
	return out, nil
}

func jsonString(s string) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a rule reads as typed
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// spliceRule inserts the quoted rule at the end of the top-level
// allowed_commands array, indented as the element before it; a file
// without that field gains it before its closing brace.
func spliceRule(content []byte, quoted string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(content))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errNoList
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, errNoList
		}
		if tok != "allowed_commands" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, errNoList
			}
			continue
		}
		if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
			return nil, errNoList
		}
		open := int(dec.InputOffset()) // just after [
		last := -1                     // end of the last element
		for dec.More() {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, errNoList
			}
			last = int(dec.InputOffset())
		}
		if _, err := dec.Token(); err != nil { // ]
			return nil, errNoList
		}
		closing := int(dec.InputOffset()) - 1
		if last < 0 {
			// An empty list: the rule on a line of its own when the
			// brackets are on two lines, else inside them.
			inner := string(content[open:closing])
			if strings.Contains(inner, "\n") {
				indent := lineIndent(content, closing)
				return splice(content, open, closing, "\n"+indent+"  "+quoted+"\n"+indent), nil
			}
			return splice(content, open, closing, quoted), nil
		}
		// After the last element, with the white space that comes before
		// it (a new line and its indentation, a space, nothing).
		start := elementStart(content, open, last)
		ws := start
		for ws > open && strings.IndexByte(" \t\r\n", content[ws-1]) >= 0 {
			ws--
		}
		sep := string(content[ws:start])
		if content[ws-1] == '[' && !strings.Contains(sep, "\n") {
			sep = " " // ["a"] becomes ["a", "b"], as people write it
		}
		return splice(content, last, last, ","+sep+quoted), nil
	}
	// No such field: it goes last, before the closing brace.
	if _, err := dec.Token(); err != nil { // }
		return nil, errNoList
	}
	end := int(dec.InputOffset()) - 1
	prev := bytes.LastIndexFunc(content[:end], func(r rune) bool { return r != ' ' && r != '\n' && r != '\r' && r != '\t' })
	field := `"allowed_commands": [` + quoted + `]`
	if prev >= 0 && content[prev] == '{' {
		return splice(content, prev+1, prev+1, field), nil
	}
	return splice(content, prev+1, prev+1, ", "+field), nil
}

func splice(b []byte, from, to int, s string) []byte {
	out := make([]byte, 0, len(b)+len(s))
	out = append(out, b[:from]...)
	out = append(out, s...)
	return append(out, b[to:]...)
}

// elementStart is where the last element of a list begins: the first byte
// after the separator before it.
func elementStart(b []byte, open, end int) int {
	// The element is a JSON string (rules are strings): walk back to its
	// opening quote, past escaped ones.
	i := end - 1
	for i > open {
		i--
		if b[i] == '"' && !escaped(b, i) {
			return i
		}
	}
	return open
}

func escaped(b []byte, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && b[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// lineIndent is the spaces and tabs that start the line holding b[i].
func lineIndent(b []byte, i int) string {
	start := bytes.LastIndexByte(b[:i], '\n') + 1
	end := start
	for end < len(b) && (b[end] == ' ' || b[end] == '\t') {
		end++
	}
	return string(b[start:end])
}
