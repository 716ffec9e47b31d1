// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"

	"memo.dev/projects/domain"
)

// sed's script is a program: `e` and `s///e` run commands, `w`, `W` and
// `s///w` write files. The character check leaves room for one sed command
// per script (no `;`, newline, braces or `!`), so one command is read here;
// what cannot be read asks.

// sedOperands finds sed's scripts the way sed does (-e values, or the first
// operand) and reads each.
func sedOperands(_ *Catalog, _ Program, args []string) domain.Text {
	for _, s := range sedScripts(args) {
		if reason := sedScriptRisk(s); !reason.IsZero() {
			return reason
		}
	}
	return domain.Text{}
}

// SedReadFiles are the files the scripts' r and R commands read, which
// must be paths inside the project like any other.
func SedReadFiles(args []string) []string {
	var out []string
	for _, s := range sedScripts(args) {
		rest, ok := skipSedAddress(strings.TrimLeft(s, " "))
		if ok {
			rest, ok = skipSedAddressTail(rest)
		}
		rest = strings.TrimLeft(rest, " ")
		if ok && rest != "" && (rest[0] == 'r' || rest[0] == 'R') {
			out = append(out, strings.TrimSpace(rest[1:]))
		}
	}
	return out
}

// sedScripts are the scripts of a sed command line.
func sedScripts(args []string) []string {
	var scripts []string
	var operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			operands = append(operands, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			n := NormLong(name)
			switch {
			case n == "":
			case strings.HasPrefix("expression", n):
				if !hasVal && i+1 < len(args) {
					i++
					val = args[i]
				}
				scripts = append(scripts, val)
			case strings.HasPrefix("file", n) || strings.HasPrefix("line-length", n):
				if !hasVal {
					i++
				}
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			body := a[1:]
			for j := 0; j < len(body); j++ {
				c := body[j]
				if c == 'i' { // optional suffix attached
					break
				}
				if c == 'e' || c == 'f' || c == 'l' {
					val := body[j+1:]
					if val == "" && i+1 < len(args) {
						i++
						val = args[i]
					}
					if c == 'e' {
						scripts = append(scripts, val)
					}
					break
				}
			}
		default:
			operands = append(operands, a)
		}
	}
	if len(scripts) == 0 && len(operands) > 0 {
		scripts = append(scripts, operands[0])
	}
	return scripts
}

// sedScriptRisk reads one sed command: an optional address, then the
// command letter and its arguments.
func sedScriptRisk(script string) domain.Text {
	unreadable := domain.T("Memo cannot read the sed script `{{.Script}}`", "Script", script)
	s := strings.TrimLeft(script, " ")
	rest, ok := skipSedAddress(s)
	if !ok {
		return unreadable
	}
	if rest, ok = skipSedAddressTail(rest); !ok {
		return unreadable
	}
	rest = strings.TrimLeft(rest, " ")
	if rest == "" {
		return domain.Text{}
	}
	cmd, arg := rest[0], rest[1:]
	switch cmd {
	case 'e':
		return domain.T("the sed script `{{.Script}}` runs a command (sed e)", "Script", script)
	case 'w', 'W':
		return domain.T("the sed script `{{.Script}}` writes a file (sed {{.Command}})", "Script", script, "Command", string(cmd))
	case 's':
		return sedSubstitute(script, arg)
	case 'y', '=', 'a', 'b', 'c', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'i', 'l', 'n', 'N',
		'p', 'P', 'q', 'Q', 'r', 'R', 't', 'T', 'x', 'z', ':', 'v':
		return domain.Text{}
	}
	return unreadable
}

func skipSedAddress(s string) (string, bool) {
	switch {
	case s == "":
		return s, true
	case s[0] >= '0' && s[0] <= '9':
		return strings.TrimLeft(s, "0123456789"), true
	case s[0] == '/':
		end := strings.IndexByte(s[1:], '/')
		if end < 0 {
			return s, false
		}
		rest := s[end+2:]
		return strings.TrimLeft(rest, "IM"), true
	}
	return s, true
}

// skipSedAddressTail reads `,addr` or `,+N` after a first address.
func skipSedAddressTail(s string) (string, bool) {
	if !strings.HasPrefix(s, ",") {
		return s, true
	}
	s = strings.TrimLeft(s[1:], " ")
	if strings.HasPrefix(s, "+") {
		return strings.TrimLeft(s[1:], "0123456789"), true
	}
	if s == "" || !(s[0] == '/' || (s[0] >= '0' && s[0] <= '9')) {
		return s, false
	}
	return skipSedAddress(s)
}

// sedSubstitute reads `s<d>regex<d>replacement<d>flags`: the flags e and w
// run a command and write a file.
func sedSubstitute(script, arg string) domain.Text {
	unreadable := domain.T("Memo cannot read the sed script `{{.Script}}`", "Script", script)
	if arg == "" {
		return unreadable
	}
	d := arg[0]
	parts := strings.SplitN(arg[1:], string(d), 3)
	if len(parts) != 3 {
		return unreadable
	}
	flags := strings.TrimRight(parts[2], " ")
	for i := 0; i < len(flags); i++ {
		switch c := flags[i]; {
		case c == 'e':
			return domain.T("the sed script `{{.Script}}` runs the result as a command (s///e)", "Script", script)
		case c == 'w':
			return domain.T("the sed script `{{.Script}}` writes a file (s///w)", "Script", script)
		case strings.IndexByte("gpiImM0123456789", c) >= 0:
		default:
			return unreadable
		}
	}
	return domain.Text{}
}
