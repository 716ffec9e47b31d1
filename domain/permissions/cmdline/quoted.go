// SPDX-License-Identifier: Apache-2.0

package cmdline

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

// QuotedChars are the words of a line that hold characters the line check
// refuses, inside quotes that make them literal.
type QuotedChars struct {
	// At maps a word's place, counted from the end of the line (the last
	// word is 1), to the refused characters it holds, sorted.
	At map[int]string
	// Reason is the line check's answer for the line as it is: the line
	// asks with it when no rule starts it.
	Reason domain.Text
	// Globs are the places (as At) of the words bash reads as file-name
	// patterns: unquoted words holding `*`, `?`, `[` or `]` (globWord).
	// The checker expands them as bash would, or judges them as the
	// literal words bash passes when nothing matches.
	Globs map[int]bool
}

// Any reports whether some word holds refused characters.
func (q QuotedChars) Any() bool { return len(q.At) > 0 }

// QuotedWords splits line as Words does, except that characters the line
// check refuses pass where quotes make them literal: the words holding them
// are returned marked. A line that fails in any other way gets Words'
// answer, the character's reason first.
func QuotedWords(line string) ([]string, QuotedChars, domain.Text) {
	if len(line) > MaxLineLength {
		words, reason := Words(line)
		return words, QuotedChars{}, reason
	}
	gate := CharGate(line)
	if gate.IsZero() {
		words, reason := ParseGate(line)
		return words, QuotedChars{}, reason
	}
	clean, ok := LiteralInQuotes(line)
	if !ok {
		return nil, QuotedChars{}, gate
	}
	// The refused characters replaced by a letter: bash reads the same
	// structure, and parseGate holds it to one plain command.
	if _, reason := ParseGate(clean); !reason.IsZero() {
		return nil, QuotedChars{}, gate
	}
	parser := parsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(line), "")
	parsers.Put(parser)
	if err != nil || len(f.Stmts) != 1 {
		return nil, QuotedChars{}, gate
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return nil, QuotedChars{}, gate
	}
	q := QuotedChars{At: map[int]string{}, Reason: gate}
	words := make([]string, 0, len(call.Args))
	for i, w := range call.Args {
		s, held, glob, ok := quotedLiteral(w)
		if !ok {
			return nil, QuotedChars{}, gate
		}
		if held != "" {
			q.At[len(call.Args)-i] = held
		}
		if glob {
			if q.Globs == nil {
				q.Globs = map[int]bool{}
			}
			q.Globs[len(call.Args)-i] = true
		}
		words = append(words, s)
	}
	return words, q, domain.Text{}
}

// bareLiteral: line[i] is a character the line check refuses that bash
// reads literally without quotes: `^` (special only to an interactive
// shell's history and inside [^…] and ${…^}, whose brackets are refused),
// `$` ending a word (go test -run=^$), a `~` that is not a tilde prefix
// (midTilde: HEAD~1), and a `#` inside a word (bash starts a comment only
// at a word's start: nix run .#lint, --grep=issue#12) and a `!` inside a
// word (history expansion is off in bash -c, and `!` negates a pipeline
// only as a word of its own: --filter=!docs). Such a word is marked as a
// quoted one is, and passes only where the program reads text or a
// revision. A bare `%` stays refused (the hostile corpus holds
// `git log --format=%H` to ask): quoted, it is text as any character.
func bareLiteral(line []byte, i int) bool {
	switch line[i] {
	case '^':
		return true
	case '#', '!':
		return i > 0 && line[i-1] != ' '
	case '$':
		return i+1 == len(line) || line[i+1] == ' '
	case '~':
		return i > 0 && midTilde(line[i-1])
	}
	return false
}

// midTilde: a `~` after prev is literal. bash expands a `~` that starts a
// word, or follows `=` or `:` (assignments, and arguments that look like
// them: a=~, a=b:~/c); after a quote the word may start there, so that asks
// too.
func midTilde(prev byte) bool { return strings.IndexByte(" =:'\"", prev) < 0 }

// globChar: line[i] is a character of a file-name pattern outside quotes:
// `*`, `?`, `[`, `]`, and the `!` that negates a class right after `[`
// (history expansion is off in bash -c). The word holding it is judged by
// what bash expands it to (verdict/globs.go).
func globChar(line string, i int) bool {
	switch line[i] {
	case '*', '?', '[', ']':
		return true
	case '!':
		return i > 0 && line[i-1] == '['
	}
	return false
}

// quotable: a character the line check refuses that quotes may make
// literal. Only printable ASCII: a tab, newline, control or non-ASCII
// character asks wherever it stands.
func quotable(c byte) bool { return c > ' ' && c < 0x7f && !Allowed(c) }

// dqSpecial: what double quotes do not make literal.
func dqSpecial(c byte) bool { return strings.IndexByte("$`\\!", c) >= 0 }

// LiteralInQuotes is line with every refused character that quotes make
// literal replaced by a letter, or false when a refused character stands
// outside quotes, or inside double quotes and is one they do not make
// literal.
func LiteralInQuotes(line string) (string, bool) {
	b := []byte(line)
	var quote byte // 0, '\'' or '"'
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote != 0 && c == quote:
			quote = 0
		case Allowed(c):
		case quote == 0 && (bareLiteral(b, i) || globChar(line, i)):
			b[i] = 'x'
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
// (sorted, each once), whether it is a file-name pattern (globChar: only a
// word that is unquoted text as a whole) and whether it is literal text.
func quotedLiteral(w *syntax.Word) (string, string, bool, bool) {
	s, held, glob, ok := quotedLiteralParts(w)
	if glob {
		for _, p := range w.Parts {
			if _, lit := p.(*syntax.Lit); !lit {
				return "", "", false, false // a pattern beside quotes: bash's reading is not Memo's to guess
			}
		}
	}
	return s, held, glob, ok
}

func quotedLiteralParts(w *syntax.Word) (string, string, bool, bool) {
	glob := false
	var b strings.Builder
	held := map[byte]bool{}
	quoted := func(s string, dq bool) bool {
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case Allowed(c):
			case !quotable(c) || dq && dqSpecial(c):
				return false
			default:
				held[c] = true
			}
		}
		b.WriteString(s)
		return true
	}
	for k, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			for i := 0; i < len(p.Value); i++ {
				c := p.Value[i]
				switch {
				case Allowed(c) && c != '\'' && c != '"':
				case c == '^' || c == '$' && i == len(p.Value)-1 && k == len(w.Parts)-1,
					c == '~' && i > 0 && midTilde(p.Value[i-1]),
					c == '#' && (i > 0 || k > 0):
					held[c] = true // literal unquoted too (bareLiteral)
				case strings.IndexByte("*?[]", c) >= 0 || c == '!' && (i > 0 && p.Value[i-1] == '[' || i == 0 && k > 0 && strings.HasSuffix(litValue(w.Parts[k-1]), "[")):
					held[c], glob = true, true
				case c == '!' && (i > 0 || k > 0):
					held[c] = true // literal inside a word (bareLiteral)
				default:
					return "", "", false, false
				}
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar || !quoted(p.Value, false) {
				return "", "", false, false
			}
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", "", false, false
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || !quoted(l.Value, true) {
					return "", "", false, false
				}
			}
		default:
			return "", "", false, false
		}
	}
	chars := make([]byte, 0, len(held))
	for c := range held {
		chars = append(chars, c)
	}
	sort.Slice(chars, func(i, j int) bool { return chars[i] < chars[j] })
	return b.String(), string(chars), glob, true
}

// litValue is the text of a literal part, "" for any other.
func litValue(p syntax.WordPart) string {
	if l, ok := p.(*syntax.Lit); ok {
		return l.Value
	}
	return ""
}
