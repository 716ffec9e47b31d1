// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"memo.dev/projects/domain"
)

// MaxLineLength bounds the command lines the checker reads.
const MaxLineLength = 32 << 10

// Verdict is the checker's answer for one command line (docs/cli.md §14
// check-command: {approved, rule, reason}).
type Verdict struct {
	Approved bool   `json:"approved"`
	Rule     string `json:"rule"`
	// Reason prints as its English sentence; the window words it.
	Reason domain.Text `json:"reason"`
	// BlockedBy is the project file and key that make the line ask, when
	// one does (a git config key, .npmrc, .cargo/config.toml …).
	BlockedBy *Block `json:"blocked_by,omitempty"`
}

// GitCheck tells why a line that runs git must ask in this repository (""
// when it need not): its configuration sets a program-running key, or it
// holds an executable hook that the git subcommand may run. subcommand is ""
// for programs that run git themselves (go, npm …). RepoGit makes one.
type GitCheck func(subcommand string) domain.Text

// noRule is the reason when no rule starts the line.
var noRule = domain.T("no allowed rule starts this line")

// Checker holds a file's accepted rules, each split into words once.
type Checker struct {
	cat   *catalog
	rules []rule
}

type rule struct {
	text    string
	words   []string
	spelled map[string]bool
}

// NewChecker keeps the rules that are accepted (AcceptRule); refused ones
// approve nothing.
func NewChecker(rules []string) *Checker { return builtin().newChecker(rules) }

func (c *catalog) newChecker(rules []string) *Checker {
	ch := &Checker{cat: c}
	for _, r := range rules {
		if !c.acceptRule(r).IsZero() {
			continue
		}
		words, _ := Words(r)
		ch.rules = append(ch.rules, rule{text: r, words: words, spelled: spelledOptions(words)})
	}
	return ch
}

// CheckCommand decides whether line is approved by rules (docs/permissions.md §2–§7); see
// Checker.Check.
func CheckCommand(rules []string, line string, git GitCheck) Verdict {
	return NewChecker(rules).Check(line, git)
}

// Check decides whether line is approved. git may be nil when the line is
// checked without a repository (the editor's live verdicts); paths are then
// checked on their words alone. The work is linear in the line and the
// rules.
func (c *Checker) Check(line string, git GitCheck) Verdict {
	return c.check(line, &inspector{cat: c.cat, git: git})
}

// CheckIn decides whether line is approved in a project: its paths through
// the links the project holds, the repository's remotes, git
// configuration and hooks, and the configs that make programs run others.
func (c *Checker) CheckIn(line string, p *Project) Verdict {
	p.cache.sync()
	return c.check(line, &inspector{cat: c.cat, project: p, git: p.Git})
}

func (c *Checker) check(line string, in *inspector) Verdict {
	words, reason := Words(line)
	if reason.Template == setsVariable.Template {
		words, reason = in.afterAssignments(line) // assigns.go
	}
	if !reason.IsZero() {
		return Verdict{Reason: reason}
	}
	matched := c.match(words)
	if matched == nil {
		// cargo +nightly test under the rule cargo test: the toolchain word
		// is read as absent (a rule may still spell it).
		if w := c.cat.withoutToolchain(words); w != nil {
			words, matched = w, c.match(w)
		}
	}
	prefix := 0
	if matched != nil {
		prefix = len(matched.words)
	} else if matched, prefix = c.matchBetween(words); matched == nil {
		return Verdict{Reason: noRule}
	}
	in.spelled, in.named = matched.spelled, matched.words
	if reason, b := in.inspect(words, prefix, 0); !reason.IsZero() {
		return Verdict{Rule: matched.text, Reason: reason, BlockedBy: b}
	}
	if reason, b := in.project.definitionsChanged(matched.text); !reason.IsZero() {
		return Verdict{Rule: matched.text, Reason: reason, BlockedBy: b}
	}
	return Verdict{Approved: true, Rule: matched.text}
}

// match is the first rule that starts words, or nil.
func (c *Checker) match(words []string) *rule {
	for i := range c.rules {
		if hasPrefixWords(words, c.rules[i].words) {
			return &c.rules[i]
		}
	}
	return nil
}

// runsGit: the program runs git in the project on its own (runs_git in its
// entry): go stamps binaries by running git status, package managers run
// git for git dependencies and versions. The repository's git
// configuration applies to them too.
func (c *catalog) runsGit(name string) bool {
	e := c.entries[name]
	return e != nil && e.runsGit
}

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
func Words(line string) ([]string, domain.Text) {
	if len(line) > MaxLineLength {
		return nil, domain.T("the line is longer than {{.Max}} bytes", "Max", MaxLineLength)
	}
	if reason := charGate(line); !reason.IsZero() {
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

func charGate(line string) domain.Text {
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

// parseGate parses the line as bash and accepts exactly one simple command
// whose words are literal text and plain quotes.
func parseGate(line string) ([]string, domain.Text) {
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
		return nil, setsVariable
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
			if !plain(p.Value) {
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
				if !ok || !plain(strings.ReplaceAll(l.Value, "'", "")) {
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

// plain: literal text with nothing the shell would read specially.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if !allowed(s[i]) || s[i] == '\'' || s[i] == '"' {
			return false
		}
	}
	return true
}
