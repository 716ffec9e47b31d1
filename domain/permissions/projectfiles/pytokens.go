// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A small, strict reader of Python's tokens, enough to find the calls that
// build a script's command-line parser (pyargs.go). It knows names,
// numbers, operators, brackets and string literals (single, double and
// triple quoted, with the r, u and b prefixes); an f-string, a character
// it does not know or an unclosed string or bracket is an error, and the
// script's arguments stay unknown.

type pyKind int

const (
	pyName pyKind = iota
	pyString
	pyBytes // a bytes literal: never a name or a choice
	// pyFString is an f-string (or t-string), its source as text: never
	// a literal.
	pyFString
	pyNumber
	pyOp
	pyNewline // the end of a logical line
)

type pyToken struct {
	kind pyKind
	text string // the name, the operator, the number, or the string's value
	// col is the column of the line's first token (on pyNewline: unused).
	col int
}

// maxPyTokens bounds the tokens read from one script.
const maxPyTokens = 200_000

// pyTokenize reads src into tokens, or says why it cannot.
func pyTokenize(src string) ([]pyToken, string) {
	var out []pyToken
	depth := 0 // open brackets: newlines inside do not end the line
	lineStart := true
	col := 0
	i := 0
	for i < len(src) {
		if len(out) > maxPyTokens {
			return nil, "too many tokens"
		}
		c := src[i]
		switch {
		case c == '\n':
			if depth == 0 && !lineStart {
				out = append(out, pyToken{kind: pyNewline})
				lineStart = true
			}
			col = 0
			i++
			continue
		case c == '\r' || c == '\f':
			i++
			continue
		case c == ' ' || c == '\t':
			if lineStart {
				if c == '\t' {
					col = (col/8 + 1) * 8
				} else {
					col++
				}
			}
			i++
			continue
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '\\':
			// A line continuation: the backslash must end the line.
			j := i + 1
			if j < len(src) && src[j] == '\r' {
				j++
			}
			if j >= len(src) || src[j] != '\n' {
				return nil, "a backslash outside a string"
			}
			i = j + 1
			continue
		}
		first := lineStart && depth == 0
		lineStart = false
		tok := pyToken{col: -1}
		switch {
		case c == '"' || c == '\'' || isPyStringPrefix(src[i:]):
			n, val, kind, why := pyStringAt(src[i:])
			if why != "" {
				return nil, why
			}
			tok.kind, tok.text = kind, val
			i += n
		case c < utf8.RuneSelf && (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || c >= utf8.RuneSelf:
			j := i
			for j < len(src) {
				r, size := utf8.DecodeRuneInString(src[j:])
				if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
					j += size
					continue
				}
				break
			}
			if j == i {
				return nil, "a character Memo does not read"
			}
			tok.kind, tok.text = pyName, src[i:j]
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i
			for j < len(src) && (isPyWord(src[j]) || src[j] == '.' || (src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E')) {
				j++
			}
			tok.kind, tok.text = pyNumber, src[i:j]
			i = j
		default:
			op := pyOperator(src[i:])
			if op == "" {
				return nil, "a character Memo does not read"
			}
			switch op {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth == 0 {
					return nil, "an unbalanced bracket"
				}
				depth--
			}
			tok.kind, tok.text = pyOp, op
			i += len(op)
		}
		if first {
			tok.col = col
		}
		out = append(out, tok)
	}
	if depth != 0 {
		return nil, "an unbalanced bracket"
	}
	if !lineStart {
		out = append(out, pyToken{kind: pyNewline})
	}
	return out, ""
}

func isPyWord(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// isPyStringPrefix: s starts with a string prefix and a quote (r"…", b'…').
func isPyStringPrefix(s string) bool {
	for n := 1; n <= 2 && n < len(s); n++ {
		if (s[n] == '"' || s[n] == '\'') && strings.Trim(strings.ToLower(s[:n]), "rubf") == "" {
			return true
		}
		if !isPyWord(s[n]) {
			return false
		}
	}
	return false
}

// pyStringAt reads the string literal at the start of s: its length, its
// value and kind, or why it is not read.
func pyStringAt(s string) (int, string, pyKind, string) {
	i := 0
	raw, bytes, format := false, false, false
	for i < len(s) && s[i] != '"' && s[i] != '\'' {
		switch s[i] {
		case 'r', 'R':
			raw = true
		case 'b', 'B':
			bytes = true
		case 'u', 'U':
		case 'f', 'F', 't', 'T':
			format = true
		default:
			return 0, "", 0, "a string prefix Memo does not know"
		}
		i++
	}
	if format {
		n, why := pyFStringAt(s, i, raw, 0)
		if why != "" {
			return 0, "", 0, why
		}
		return n, s[:n], pyFString, ""
	}
	q := s[i]
	quote := string(q)
	if strings.HasPrefix(s[i:], strings.Repeat(quote, 3)) {
		quote = strings.Repeat(quote, 3)
	}
	i += len(quote)
	var b strings.Builder
	for {
		if i >= len(s) {
			return 0, "", 0, "an unclosed string"
		}
		if strings.HasPrefix(s[i:], quote) {
			i += len(quote)
			break
		}
		c := s[i]
		if c == '\n' && len(quote) == 1 {
			return 0, "", 0, "an unclosed string"
		}
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return 0, "", 0, "an unclosed string"
		}
		if raw {
			b.WriteString(s[i : i+2])
			i += 2
			continue
		}
		e := s[i+1]
		i += 2
		switch e {
		case '\n':
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '0', '1', '2', '3', '4', '5', '6', '7', 'x', 'u', 'U', 'N', 'a', 'b', 'f', 'v':
			// An escape whose value Memo does not work out: the string is
			// read, but as no word a line could spell.
			b.WriteString("\x00")
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	if bytes {
		return i, b.String(), pyBytes, ""
	}
	return i, b.String(), pyString, ""
}

// pyFStringAt reads the f-string whose quote is at s[i]: its end. The
// replacement fields ({…}) are read as code, strings in them too (Python
// 3.12 lets them reuse the quote), to the brace that closes them.
func pyFStringAt(s string, i int, raw bool, nest int) (int, string) {
	if nest > 8 {
		return 0, "an f-string nested too deeply"
	}
	quote := string(s[i])
	if strings.HasPrefix(s[i:], strings.Repeat(quote, 3)) {
		quote = strings.Repeat(quote, 3)
	}
	i += len(quote)
	for {
		if i >= len(s) {
			return 0, "an unclosed string"
		}
		switch {
		case strings.HasPrefix(s[i:], quote):
			return i + len(quote), ""
		case s[i] == '\\' && !raw:
			i += 2
		case s[i] == '\n' && len(quote) == 1:
			return 0, "an unclosed string"
		case strings.HasPrefix(s[i:], "{{") || strings.HasPrefix(s[i:], "}}"):
			i += 2
		case s[i] == '{':
			n, why := pyFieldAt(s, i+1, nest)
			if why != "" {
				return 0, why
			}
			i = n
		default:
			i++
		}
	}
}

// pyFieldAt reads an f-string's replacement field from s[i] to past its
// closing brace.
func pyFieldAt(s string, i, nest int) (int, string) {
	depth := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"' || c == '\'' || isPyStringPrefix(s[i:]):
			j := i
			for s[j] != '"' && s[j] != '\'' {
				j++
			}
			var n int
			var why string
			if strings.ContainsAny(strings.ToLower(s[i:j]), "ft") {
				n, why = pyFStringAt(s, j, strings.ContainsAny(strings.ToLower(s[i:j]), "r"), nest+1)
			} else {
				n, _, _, why = pyStringAt(s[i:])
				n += i
			}
			if why != "" {
				return 0, why
			}
			i = n
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '}':
			if depth == 0 {
				return i + 1, ""
			}
			depth--
		}
		i++
	}
	return 0, "an unclosed string"
}

// pyOperators, the longest first.
var pyOperators = []string{
	"**=", "//=", ">>=", "<<=", "...", "->", ":=",
	"**", "//", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
	"(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "@", "=", "+", "-", "*", "/", "%", "<", ">", "&", "|", "^", "~", "!",
}

func pyOperator(s string) string {
	for _, op := range pyOperators {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	return ""
}

// pyQuote is a token as the reader's errors may show it.
func pyQuote(t pyToken) string {
	if t.kind == pyString {
		return strconv.Quote(t.text)
	}
	return t.text
}
