package permissions

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// MaxLineLength bounds the command lines the checker reads.
const MaxLineLength = 32 << 10

// Verdict is the checker's answer for one command line (SPEC §8.2
// check-command: {approved, rule, reason}).
type Verdict struct {
	Approved bool   `json:"approved"`
	Rule     string `json:"rule"`
	Reason   string `json:"reason"`
}

// GitCheck tells why a line that runs git must ask in this repository (""
// when it need not): its configuration sets a program-running key, or it
// holds an executable hook that the git subcommand may run. subcommand is ""
// for programs that run git themselves (go, npm …). RepoGit makes one.
type GitCheck func(subcommand string) string

// noRule is the reason when no rule starts the line.
const noRule = "no allowed rule starts this line"

// Checker holds a file's accepted rules, each split into words once.
type Checker struct {
	rules []rule
}

type rule struct {
	text  string
	words []string
}

// NewChecker keeps the rules that are accepted (AcceptRule); refused ones
// approve nothing.
func NewChecker(rules []string) *Checker {
	c := &Checker{}
	for _, r := range rules {
		if AcceptRule(r) != "" {
			continue
		}
		words, _ := Words(r)
		c.rules = append(c.rules, rule{text: r, words: words})
	}
	return c
}

// CheckCommand decides whether line is approved by rules (SPEC §7.1); see
// Checker.Check.
func CheckCommand(rules []string, line string, git GitCheck) Verdict {
	return NewChecker(rules).Check(line, git)
}

// Check decides whether line is approved. git may be nil when the line is
// checked without a repository (the editor's live verdicts). The work is
// linear in the line and the rules.
func (c *Checker) Check(line string, git GitCheck) Verdict {
	words, reason := Words(line)
	if reason != "" {
		return Verdict{Reason: reason}
	}
	rule := ""
	for _, r := range c.rules {
		if hasPrefixWords(words, r.words) {
			rule = r.text
			break
		}
	}
	if rule == "" {
		return Verdict{Reason: noRule}
	}
	if reason := checkArgs(words); reason != "" {
		return Verdict{Rule: rule, Reason: reason}
	}
	if name, _, _ := lookupProgram(words[0]); git != nil && (name == "git" || runsGit[name]) {
		sub := ""
		if name == "git" {
			sub = firstOperand(words[1:])
		}
		if reason := git(sub); reason != "" {
			return Verdict{Rule: rule, Reason: reason}
		}
	}
	return Verdict{Approved: true, Rule: rule}
}

// runsGit are programs that run git in the project on their own: go stamps
// binaries by running git status, package managers run git for git
// dependencies and versions. The repository's git configuration applies to
// them too.
var runsGit = map[string]bool{"go": true, "npm": true, "pnpm": true, "yarn": true, "cargo": true, "pre-commit": true}

func hasPrefixWords(words, prefix []string) bool {
	if len(prefix) == 0 || len(words) < len(prefix) {
		return false
	}
	for i := range prefix {
		if words[i] != prefix[i] {
			return false
		}
	}
	return true
}

// Words splits a command line into its words as the shell would, quotes
// removed, or tells why the line is not one plain command. Two gates, each
// enough on its own: the character set, then bash's own grammar.
func Words(line string) ([]string, string) {
	if len(line) > MaxLineLength {
		return nil, fmt.Sprintf("the line is longer than %d bytes", MaxLineLength)
	}
	if reason := charGate(line); reason != "" {
		return nil, reason
	}
	return parseGate(line)
}

// allowed reports whether c may appear in a command line: ASCII letters,
// digits, space, `_ . / : = , @ + -` and the two quotes.
func allowed(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte(" _./:=,@+-'\"", c) >= 0
}

// charReasons says what each refused character can do in bash.
var charReasons = map[byte]string{
	';':  "`;` can chain commands",
	'&':  "`&` can chain commands or run one in the background",
	'|':  "`|` can pipe into or chain another command",
	'<':  "`<` redirects input (or substitutes a process)",
	'>':  "`>` redirects output to a file",
	'$':  "`$` expands variables and substitutes commands",
	'`':  "a backquote substitutes a command",
	'*':  "`*` is a file name pattern",
	'?':  "`?` is a file name pattern",
	'[':  "`[` is a file name pattern",
	']':  "`]` is a file name pattern",
	'~':  "`~` expands to a home folder",
	'{':  "`{` is brace expansion or a command group",
	'}':  "`}` is brace expansion or a command group",
	'#':  "`#` starts a comment",
	'\\': "a backslash escapes characters and joins lines",
	'!':  "`!` negates a command or expands history",
	'(':  "`(` starts a subshell or a function",
	')':  "`)` ends a subshell or a function",
	'%':  "`%` is not among the allowed characters",
	'^':  "`^` is not among the allowed characters",
	'\n': "a newline can chain commands",
	'\r': "a carriage return can hide part of the line",
	'\t': "a tab is not among the allowed characters",
}

func charGate(line string) string {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if allowed(c) {
			continue
		}
		if r, ok := charReasons[c]; ok {
			return r
		}
		if c >= utf8.RuneSelf {
			r, _ := utf8.DecodeRuneInString(line[i:])
			if r == utf8.RuneError {
				return fmt.Sprintf("byte 0x%02X is not valid text", c)
			}
			return fmt.Sprintf("%q (U+%04X) is not an ASCII character", r, r)
		}
		if c < 0x20 || c == 0x7f {
			return fmt.Sprintf("control character 0x%02X is not allowed", c)
		}
		return fmt.Sprintf("`%c` is not among the allowed characters", c)
	}
	return ""
}

// parseGate parses the line as bash and accepts exactly one simple command
// whose words are literal text and plain quotes.
func parseGate(line string) ([]string, string) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true)).
		Parse(strings.NewReader(line), "")
	if err != nil {
		if syntax.IsIncomplete(err) {
			return nil, "the line has an unbalanced quote"
		}
		return nil, "the line does not parse as a plain command: " + err.Error()
	}
	if len(f.Stmts) != 1 || len(f.Last) > 0 {
		if len(f.Stmts) == 0 {
			return nil, "the line is empty"
		}
		return nil, "the line holds more than one command"
	}
	st := f.Stmts[0]
	switch {
	case len(st.Comments) > 0:
		return nil, "the line holds a comment"
	case st.Negated:
		return nil, "the line negates a command"
	case st.Background, st.Coprocess:
		return nil, "the line runs a command in the background"
	case st.Semicolon.IsValid():
		return nil, "the line ends with a command separator"
	case len(st.Redirs) > 0:
		return nil, "the line redirects input or output"
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok {
		return nil, "the line is a shell construct, not a plain command"
	}
	if len(call.Assigns) > 0 {
		return nil, "the line sets a variable before the command"
	}
	if len(call.Args) == 0 {
		return nil, "the line is empty"
	}
	words := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		s, reason := literal(w)
		if reason != "" {
			return nil, reason
		}
		words = append(words, s)
	}
	return words, ""
}

// literal unquotes a word made only of literal text, '…' and "…" with
// literal text inside.
func literal(w *syntax.Word) (string, string) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if !plain(p.Value) {
				return "", "the word `" + p.Value + "` is not literal text"
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", "$'…' quoting decodes escapes"
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", "$\"…\" quoting is translated"
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || !plain(strings.ReplaceAll(l.Value, "'", "")) {
					return "", "a double-quoted word holds an expansion"
				}
				b.WriteString(l.Value)
			}
		default:
			return "", "a word holds an expansion or substitution"
		}
	}
	return b.String(), ""
}

// plain: literal text with nothing the shell would read specially.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if !allowed(s[i]) || s[i] == '\'' || s[i] == '"' {
			return false
		}
	}
	return true
}
