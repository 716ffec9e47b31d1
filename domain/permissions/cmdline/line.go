// SPDX-License-Identifier: Apache-2.0

package cmdline

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"memo.dev/projects/domain"
	"mvdan.cc/sh/v3/syntax"
)

// MaxLineLength bounds the command lines the checker reads.
const MaxLineLength = 32 << 10

// Words splits a command line into its words as the shell would, quotes
// removed, or tells why the line is not one plain command. Two gates, each
// enough on its own: the character set, then bash's own grammar.
func Words(line string) ([]string, domain.Text) {
	if len(line) > MaxLineLength {
		return nil, domain.T("the line is longer than {{.Max}} bytes", "Max", MaxLineLength)
	}
	if reason := CharGate(line); !reason.IsZero() {
		return nil, reason
	}
	return ParseGate(line)
}

// Allowed reports whether c may appear in a command line: ASCII letters,
// digits, space, `_ . / : = , @ + -` and the two quotes.
func Allowed(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte(" _./:=,@+-'\"", c) >= 0
}

// charReasons says what each refused character can do in bash.
var charReasons = map[byte]domain.Text{
	';':  domain.T("`;` can chain commands"),
	'&':  domain.T("`&` can chain commands or run one in the background"),
	'|':  domain.T("`|` can pipe into or chain another command"),
	'<':  domain.T("`<` redirects input (or substitutes a process)"),
	'>':  domain.T("`>` redirects output to a file"),
	'$':  domain.T("`$` expands variables and substitutes commands"),
	'`':  domain.T("a backquote substitutes a command"),
	'*':  domain.T("`*` is a file name pattern"),
	'?':  domain.T("`?` is a file name pattern"),
	'[':  domain.T("`[` is a file name pattern"),
	']':  domain.T("`]` is a file name pattern"),
	'~':  domain.T("`~` expands to a home folder"),
	'{':  domain.T("`{` is brace expansion or a command group"),
	'}':  domain.T("`}` is brace expansion or a command group"),
	'#':  domain.T("`#` starts a comment"),
	'\\': domain.T("a backslash escapes characters and joins lines"),
	'!':  domain.T("`!` negates a command or expands history"),
	'(':  domain.T("`(` starts a subshell or a function"),
	')':  domain.T("`)` ends a subshell or a function"),
	'%':  domain.T("`%` is not among the allowed characters"),
	'^':  domain.T("`^` is not among the allowed characters"),
	'\n': domain.T("a newline can chain commands"),
	'\r': domain.T("a carriage return can hide part of the line"),
	'\t': domain.T("a tab is not among the allowed characters"),
}

// CharGate tells why a character of line is not allowed in a command line
// (what it can do in bash), or nothing: the first gate of Words.
func CharGate(line string) domain.Text {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if Allowed(c) {
			continue
		}
		if r, ok := charReasons[c]; ok {
			return r
		}
		if c >= utf8.RuneSelf {
			r, _ := utf8.DecodeRuneInString(line[i:])
			if r == utf8.RuneError {
				return domain.T("byte 0x{{.Byte}} is not valid text", "Byte", fmt.Sprintf("%02X", c))
			}
			return domain.T("{{.Char}} (U+{{.Code}}) is not an ASCII character", "Char", fmt.Sprintf("%q", r), "Code", fmt.Sprintf("%04X", r))
		}
		if c < 0x20 || c == 0x7f {
			return domain.T("control character 0x{{.Byte}} is not allowed", "Byte", fmt.Sprintf("%02X", c))
		}
		return domain.T("`{{.Char}}` is not among the allowed characters", "Char", string(rune(c)))
	}
	return domain.Text{}
}

// parsers are bash parsers, reused: a Parser resets its state at every
// Parse, and making one costs as much as a short line's parse.
var parsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true))
}}

// ParseGate parses the line as bash and accepts exactly one simple command
// whose words are literal text and plain quotes.
func ParseGate(line string) ([]string, domain.Text) {
	parser := parsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(line), "")
	parsers.Put(parser)
	if err != nil {
		if syntax.IsIncomplete(err) {
			return nil, domain.T("the line has an unbalanced quote")
		}
		return nil, domain.T("the line does not parse as a plain command: {{.Error}}", "Error", err.Error())
	}
	if len(f.Stmts) != 1 || len(f.Last) > 0 {
		if len(f.Stmts) == 0 {
			return nil, domain.T("the line is empty")
		}
		return nil, domain.T("the line holds more than one command")
	}
	st := f.Stmts[0]
	switch {
	case len(st.Comments) > 0:
		return nil, domain.T("the line holds a comment")
	case st.Negated:
		return nil, domain.T("the line negates a command")
	case st.Background, st.Coprocess:
		return nil, domain.T("the line runs a command in the background")
	case st.Semicolon.IsValid():
		return nil, domain.T("the line ends with a command separator")
	case len(st.Redirs) > 0:
		return nil, domain.T("the line redirects input or output")
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok {
		return nil, domain.T("the line is a shell construct, not a plain command")
	}
	if len(call.Assigns) > 0 {
		return nil, SetsVariable
	}
	if len(call.Args) == 0 {
		return nil, domain.T("the line is empty")
	}
	words := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		s, reason := literal(w)
		if !reason.IsZero() {
			return nil, reason
		}
		words = append(words, s)
	}
	return words, domain.Text{}
}

// literal unquotes a word made only of literal text, '…' and "…" with
// literal text inside.
func literal(w *syntax.Word) (string, domain.Text) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if !Plain(p.Value) {
				return "", domain.T("the word `{{.Word}}` is not literal text", "Word", p.Value)
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", domain.T("$'…' quoting decodes escapes")
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", domain.T("$\"…\" quoting is translated")
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || !Plain(strings.ReplaceAll(l.Value, "'", "")) {
					return "", domain.T("a double-quoted word holds an expansion")
				}
				b.WriteString(l.Value)
			}
		default:
			return "", domain.T("a word holds an expansion or substitution")
		}
	}
	return b.String(), domain.Text{}
}

// Plain reports whether s is literal text with nothing the shell would read specially.
func Plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if !Allowed(s[i]) || s[i] == '\'' || s[i] == '"' {
			return false
		}
	}
	return true
}
