// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
)

// CheckArgs returns the reason a command's arguments ask, or nothing when
// none of them is risky (the table of risky arguments alone). words are the
// unquoted words of the line, the program first.
func CheckArgs(words []string) domain.Text {
	if len(words) == 0 {
		return domain.Text{}
	}
	c := Builtin()
	name, args := c.ResolveProgram(words)
	return c.RiskyArgs(name, args, firstOperand(args))
}

// RiskyArgs checks a program's arguments against its table; sub is the
// subcommand the entry read, checked as well as the first operand (they
// differ when an option before the subcommand takes a value).
func (c *Catalog) RiskyArgs(name string, args []string, sub string) domain.Text {
	p, ok := c.Programs[name]
	if !ok {
		if e := c.Entries[name]; e != nil && e.takesCommands() {
			return domain.Text{} // its options are its entry's (wrappers.go)
		}
		p = AnyProgram
	}
	args = c.withoutCaseTwins(name, args, sub, p)
	if reason := p.check(name, args); !reason.IsZero() {
		return reason
	}
	for _, sub := range cmdline.Uniq(strings.ToLower(firstOperand(args)), strings.ToLower(sub)) {
		if reason := p.checkSub(c, name, sub, args); !reason.IsZero() {
			return reason
		}
	}
	return p.checkOperands(c, args)
}

// checkOperands: the words that ask as they are, then the program's own
// check of its operands.
func (p Program) checkOperands(c *Catalog, args []string) domain.Text {
	for _, w := range p.words {
		for _, a := range args {
			if a == w.Name {
				return domain.T("`{{.Word}}` {{.Why}}", "Word", w.Name, "Why", w.why)
			}
		}
	}
	if p.operands != nil {
		return p.operands(c, p, args)
	}
	return domain.Text{}
}

// checkSub checks a subcommand: refused ones, and the risky options and
// operands of its own.
func (p Program) checkSub(c *Catalog, name, sub string, args []string) domain.Text {
	if sub == "" {
		return domain.Text{}
	}
	for _, r := range p.RiskySub {
		if sub == r.Name {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", name+" "+sub, "Why", r.why)
		}
		if p.subAbbrev && len(sub) >= 2 && strings.HasPrefix(r.Name, sub) && !p.safeSub[sub] {
			return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", name+" "+sub, "Why", r.why, "Spelled", name+" "+r.Name)
		}
	}
	sp, ok := p.Sub[sub]
	if !ok {
		return domain.Text{}
	}
	if reason := sp.check(name+" "+sub, args); !reason.IsZero() {
		return reason
	}
	return sp.checkOperands(c, args)
}

// firstOperand is the first argument that is not an option.
func firstOperand(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// check reads every argument as an option in every spelling the program
// accepts. Every word is read, also after `--` and after an option that
// takes a value: a value that looks like a risky option asks too, which costs
// a question at worst.
func (p Program) check(name string, args []string) domain.Text {
	skip := 0
	for i, a := range args {
		if skip > 0 {
			skip-- // the value of a flag list that passed
			continue
		}
		if len(a) < 2 || a[0] != '-' || a == "--" || p.isProp(a) {
			continue
		}
		if p.safeShortValue(args, i) {
			continue
		}
		if p.sameValue(args, i) {
			continue
		}
		if strings.HasPrefix(a, "--") {
			if r, ok := p.matchLong(a[2:], p.Style == Getopt); ok {
				if safe, n := p.safeFlagValue(r, args, i); safe {
					skip = n // bazel --javacopt=-Werror, go --ldflags=-s
					continue
				}
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" --"+r.Name)
			}
			continue
		}
		body := a[1:]
		if p.Style == GoFlag || p.SingleDashLong {
			if r, ok := p.matchLong(body, p.SingleDashLong && p.Style == Getopt); ok {
				if safe, n := p.safeFlagValue(r, args, i); safe {
					skip = n
					continue
				}
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" -"+r.Name)
			}
		}
		if p.Style == GoFlag || p.whole[a] {
			continue
		}
		if r, ok := p.shortAlone(body); ok {
			if safe, n := p.safeFlagValue(r, args, i); safe {
				skip = n // xvfb-run -s '-screen 0 1280x1024x24'
				continue
			}
		}
		for i := 0; i < len(body); i++ {
			for _, r := range p.Short {
				if body[i] == r.Name[0] {
					return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" -"+r.Name)
				}
			}
		}
	}
	return domain.Text{}
}

// shortAlone: body is one risky short option alone (-s, its value the next
// word).
func (p Program) shortAlone(body string) (risk, bool) {
	for _, r := range p.Short {
		if body == r.Name {
			return r, true
		}
	}
	return risk{}, false
}

// matchLong finds the risky long option a spelling names: exactly, or as a
// unique prefix when the program takes abbreviations. A prefix of several
// options counts too: Memo need not know every harmless option it might
// also abbreviate.
func (p Program) matchLong(spelling string, abbrev bool) (risk, bool) {
	n := spelling
	if i := strings.IndexByte(n, '='); i >= 0 {
		n = n[:i]
	}
	n = NormLong(n)
	if p.Style == GoFlag {
		n = strings.TrimPrefix(n, "test.") // go test's flags for the test binary
	}
	if n == "" {
		return risk{}, false
	}
	for _, r := range p.Long {
		l := NormLong(r.Name)
		if n == l || (abbrev && strings.HasPrefix(l, n)) {
			return r, true
		}
	}
	return risk{}, false
}

func NormLong(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "_", "-")
}

// sameValue: args[i] is a risky option spelled in full (--file=pom.xml,
// --file pom.xml, -f pom.xml, -fpom.xml) whose value is one the table lists
// as what the program reads anyway. The value word that follows is then
// read as a value too: it is one of the listed ones, never an option.
func (p Program) sameValue(args []string, i int) bool {
	a := args[i]
	for n, vs := range p.same {
		var v string
		var ok, glued bool
		switch {
		case len(n) == 1:
			v, ok = strings.CutPrefix(a, "-"+n)
			glued = v != ""
		default:
			v, ok = strings.CutPrefix(a, "--"+n)
			if !ok && (p.Style == GoFlag || p.SingleDashLong) {
				v, ok = strings.CutPrefix(a, "-"+n)
			}
			if ok && v != "" {
				v, ok = strings.CutPrefix(v, "=")
				glued = true // -name= is the empty value, glued
			}
		}
		if !ok {
			continue
		}
		if !glued {
			if i+1 >= len(args) {
				return false
			}
			v = args[i+1]
		}
		return slices.Contains(vs, v)
	}
	return false
}
