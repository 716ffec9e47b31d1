package permissions

import (
	"path"
	"strings"

	"memo.dev/projects/domain"
)

// them is risky. words are the unquoted words of the line, the program first.
func checkArgs(words []string) domain.Text {
	if len(words) == 0 {
		return domain.Text{}
	}
	name, p, ok := lookupProgram(words[0])
	if !ok {
		p = anyProgram
	}
	args := words[1:]
	if reason := p.check(name, args); !reason.IsZero() {
		return reason
	}
	sub := strings.ToLower(firstOperand(args))
	for _, r := range p.riskySub {
		if sub == r.name {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", name+" "+sub, "Why", r.why)
		}
		if p.subAbbrev && len(sub) >= 2 && strings.HasPrefix(r.name, sub) && !p.safeSub[sub] {
			return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", name+" "+sub, "Why", r.why, "Spelled", name+" "+r.name)
		}
	}
	if sp, ok := p.sub[sub]; ok && sub != "" {
		if reason := sp.check(name+" "+sub, args); !reason.IsZero() {
			return reason
		}
		if sp.operands != nil {
			if reason := sp.operands(args); !reason.IsZero() {
				return reason
			}
		}
	}
	if p.operands != nil {
		return p.operands(args)
	}
	return domain.Text{}
}

// programName is how the table and the refused list know a command: its
// base name in lower case (case-insensitive file systems run `GIT` as git),
// without `.exe`.
func programName(word string) string {
	return strings.TrimSuffix(strings.ToLower(path.Base(word)), ".exe")
}

// unversioned drops a version from a program name: python3.12, gcc-13,
// node20 are python, gcc, node.
func unversioned(name string) string {
	return strings.TrimRight(strings.TrimRight(name, "0123456789."), "-_")
}

func lookupProgram(word string) (string, program, bool) {
	name := programName(word)
	if p, ok := programs[name]; ok {
		return name, p, true
	}
	name = unversioned(name)
	p, ok := programs[name]
	return name, p, ok
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
func (p program) check(name string, args []string) domain.Text {
	for _, a := range args {
		if len(a) < 2 || a[0] != '-' || a == "--" {
			continue
		}
		if strings.HasPrefix(a, "--") {
			if r, ok := p.matchLong(a[2:], p.style == getopt); ok {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" --"+r.name)
			}
			continue
		}
		body := a[1:]
		if p.style == goFlag || p.singleDashLong {
			if r, ok := p.matchLong(body, p.singleDashLong && p.style == getopt); ok {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" -"+r.name)
			}
		}
		if p.style == goFlag {
			continue
		}
		for i := 0; i < len(body); i++ {
			for _, r := range p.short {
				if body[i] == r.name[0] {
					return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", r.why, "Spelled", name+" -"+r.name)
				}
			}
		}
	}
	return domain.Text{}
}

// matchLong finds the risky long option a spelling names: exactly, or as a
// unique prefix when the program takes abbreviations. A prefix of several
// options counts too: Memo need not know every harmless option it might
// also abbreviate.
func (p program) matchLong(spelling string, abbrev bool) (risk, bool) {
	n := spelling
	if i := strings.IndexByte(n, '='); i >= 0 {
		n = n[:i]
	}
	n = normLong(n)
	if p.style == goFlag {
		n = strings.TrimPrefix(n, "test.") // go test's flags for the test binary
	}
	if n == "" {
		return risk{}, false
	}
	for _, r := range p.long {
		l := normLong(r.name)
		if n == l || (abbrev && strings.HasPrefix(l, n)) {
			return r, true
		}
	}
	return risk{}, false
}

func normLong(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "_", "-")
}
