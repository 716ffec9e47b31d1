// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memo.dev/projects/domain"
)

// Quoted text (docs/permissions.md §2): a pattern, a format or a message
// often needs a character the line check refuses (`-run 'TestA|TestB'`,
// `--format='%h %s'`). Inside single quotes bash reads every character
// literally, inside double quotes every one but `$`, a backquote, `\` and
// `!`. Such a word passes the character check marked with what it holds,
// and the line is approved only when every marked word sits where the
// catalogue says the program reads text it only matches or prints (an
// `=p` option value, a `text_pattern` operand). Anywhere else — an operand
// of a program without an entry, a make variable, a script's arguments, a
// wrapper's command string, an option Memo does not know — the line asks
// with the character's reason, as if the quotes did not count.

// text: the value is text, not a path, glued or the next word (=t, =p).
func (a arity) text() bool { return a == textValue || a == patternValue }

// gluedText: a value glued on is text, not a path (=t, =p, =p?).
func (a arity) gluedText() bool { return a.text() || a == optPatternValue }

// pattern: the value is text the program only matches or prints (=p, =p?).
func (a arity) pattern() bool { return a == patternValue || a == optPatternValue }

// quotedChars are the words of a line that hold characters the line check
// refuses, inside quotes that make them literal.
type quotedChars struct {
	// at maps a word's place, counted from the end of the line (the last
	// word is 1), to the refused characters it holds, sorted.
	at map[int]string
	// reason is the line check's answer for the line as it is: the line
	// asks with it when no rule starts it.
	reason domain.Text
}

// any: some word holds refused characters.
func (q quotedChars) any() bool { return len(q.at) > 0 }

// quotedWords splits line as Words does, except that characters the line
// check refuses pass where quotes make them literal: the words holding them
// are returned marked. A line that fails in any other way gets Words'
// answer, the character's reason first.
func quotedWords(line string) ([]string, quotedChars, domain.Text) {
	if len(line) > MaxLineLength {
		words, reason := Words(line)
		return words, quotedChars{}, reason
	}
	gate := charGate(line)
	if gate.IsZero() {
		words, reason := parseGate(line)
		return words, quotedChars{}, reason
	}
	clean, ok := literalInQuotes(line)
	if !ok {
		return nil, quotedChars{}, gate
	}
	// The refused characters replaced by a letter: bash reads the same
	// structure, and parseGate holds it to one plain command.
	if _, reason := parseGate(clean); !reason.IsZero() {
		return nil, quotedChars{}, gate
	}
	parser := parsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(line), "")
	parsers.Put(parser)
	if err != nil || len(f.Stmts) != 1 {
		return nil, quotedChars{}, gate
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return nil, quotedChars{}, gate
	}
	q := quotedChars{at: map[int]string{}, reason: gate}
	words := make([]string, 0, len(call.Args))
	for i, w := range call.Args {
		s, held, ok := quotedLiteral(w)
		if !ok {
			return nil, quotedChars{}, gate
		}
		if held != "" {
			q.at[len(call.Args)-i] = held
		}
		words = append(words, s)
	}
	return words, q, domain.Text{}
}

// quotable: a character the line check refuses that quotes may make
// literal. Only printable ASCII: a tab, newline, control or non-ASCII
// character asks wherever it stands.
func quotable(c byte) bool { return c > ' ' && c < 0x7f && !allowed(c) }

// dqSpecial: what double quotes do not make literal.
func dqSpecial(c byte) bool { return strings.IndexByte("$`\\!", c) >= 0 }

// literalInQuotes is line with every refused character that quotes make
// literal replaced by a letter, or false when a refused character stands
// outside quotes, or inside double quotes and is one they do not make
// literal.
func literalInQuotes(line string) (string, bool) {
	b := []byte(line)
	var quote byte // 0, '\'' or '"'
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote != 0 && c == quote:
			quote = 0
		case allowed(c):
		case quote == 0 || !quotable(c) || quote == '"' && dqSpecial(c):
			return "", false
		default:
			b[i] = 'x'
		}
	}
	return string(b), quote == 0
}

// quotedLiteral unquotes a word as literal does, allowing inside quotes the
// characters they make literal: the word, the refused characters it holds
// (sorted, each once) and whether it is literal text.
func quotedLiteral(w *syntax.Word) (string, string, bool) {
	var b strings.Builder
	held := map[byte]bool{}
	quoted := func(s string, dq bool) bool {
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case allowed(c):
			case !quotable(c) || dq && dqSpecial(c):
				return false
			default:
				held[c] = true
			}
		}
		b.WriteString(s)
		return true
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if !plain(p.Value) {
				return "", "", false
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar || !quoted(p.Value, false) {
				return "", "", false
			}
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", "", false
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || !quoted(l.Value, true) {
					return "", "", false
				}
			}
		default:
			return "", "", false
		}
	}
	chars := make([]byte, 0, len(held))
	for c := range held {
		chars = append(chars, c)
	}
	sort.Slice(chars, func(i, j int) bool { return chars[i] < chars[j] })
	return b.String(), string(chars), true
}

// quotedOutsideText is why the line asks when a marked word of words does
// not sit where the catalogue reads text the program only matches or
// prints (the programs a wrapper runs read with their own entries, as
// inspect reads them): the line check's reason for the first such word's
// first refused character. Zero when every marked word is text.
func (in *inspector) quotedOutsideText(words []string, q quotedChars) domain.Text {
	text := map[int]bool{}
	in.textPlaces(words, 0, text)
	for i, w := range words {
		if at := len(words) - i; q.at[at] != "" && !text[at] {
			return charGate(w)
		}
	}
	return domain.Text{}
}

// textPlaces adds the places (counted from the end) of the words that are
// text a program only matches or prints: the program's own and, when it
// wraps a program that inspect reads as a line of its own, that program's.
func (in *inspector) textPlaces(words []string, depth int, text map[int]bool) {
	if depth > maxWrapDepth || len(words) == 0 || protectedPart(words[0]) {
		return
	}
	name, args := in.catalog().resolveProgram(words)
	r := in.read(name, args)
	if !r.unknown.IsZero() {
		return
	}
	for _, at := range r.text {
		text[at] = true
	}
	if r.wrapped != nil && !in.definedPyScript(name, r) {
		in.textPlaces(r.wrapped, depth+1, text)
	}
}
