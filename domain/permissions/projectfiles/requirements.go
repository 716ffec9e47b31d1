// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"strings"
	"unicode/utf8"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
)

// pip's requirement files are hostile input: a cloned repository writes
// them. ParseRequirements reads one the way pip does (comments, `\`
// continuations, one requirement or option a line) and passes only what
// installs what the file names from the package index the user set up: a
// plain PEP 508 requirement (name, extras, version specifiers, environment
// markers, --hash options) or -r, -c, -e of a file or folder. Anything else
// — a URL, `name @ url`, an index or find-links option, a variable pip
// would expand — is a problem naming the line (docs/permissions.md §7 pip).

// ReqLine is one line of a requirement file that passed.
type ReqLine struct {
	// Line is the line's number, from 1 (the first of a continued line).
	Line int
	// Kind is "req" (a requirement by name), "path" (a folder as a
	// requirement), "r", "c" or "e" (the option that names Value).
	Kind  string
	Value string
}

// ReqProblem is why a requirement file makes pip install ask, at Line (0
// for the whole file).
type ReqProblem struct {
	Line int
	Why  domain.Text
}

// IsZero reports whether there is no problem.
func (p ReqProblem) IsZero() bool { return p.Why.IsZero() }

// maxRequirementLines bounds the logical lines Memo reads of one file.
const maxRequirementLines = 20000

// ParseRequirements reads a requirement or constraint file.
func ParseRequirements(text string) ([]ReqLine, ReqProblem) {
	if !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return nil, ReqProblem{Why: domain.T("it is not text")}
	}
	text = strings.TrimPrefix(text, "\ufeff")
	var out []ReqLine
	physical := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	count := 0
	for i := 0; i < len(physical); i++ {
		start := i + 1
		line := physical[i]
		for strings.HasSuffix(line, `\`) && i+1 < len(physical) {
			i++
			line = line[:len(line)-1] + physical[i]
		}
		line = strings.TrimSuffix(line, `\`)
		if count++; count > maxRequirementLines {
			return nil, ReqProblem{Line: start, Why: domain.T("it holds more lines than Memo reads")}
		}
		line = stripReqComment(line)
		if line == "" {
			continue
		}
		l, why := parseReqLine(line)
		if !why.IsZero() {
			return nil, ReqProblem{Line: start, Why: why}
		}
		if l.Kind != "" {
			l.Line = start
			out = append(out, l)
		}
	}
	return out, ReqProblem{}
}

// stripReqComment drops a comment as pip does: # at the start or after
// white space, and the white space around the rest.
func stripReqComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			line = line[:i]
			break
		}
	}
	return strings.TrimSpace(line)
}

// reqLineChars are the characters a requirement line may hold at all:
// none a shell, pip's ${VAR} expansion or a URL needs.
const reqLineChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \t._-[],<>=!~*+();'\"/:"

func parseReqLine(line string) (ReqLine, domain.Text) {
	if strings.Contains(line, "://") || strings.Contains(line, "@") {
		return ReqLine{}, domain.T("`{{.Line}}` installs from a URL or a repository, not from the package index", "Line", line)
	}
	for _, r := range line {
		if !strings.ContainsRune(reqLineChars, r) {
			return ReqLine{}, domain.T("`{{.Char}}` is a character Memo does not read in a requirement ({{.Line}})", "Char", string(r), "Line", line)
		}
	}
	if strings.HasPrefix(line, "-") {
		return parseReqOption(line)
	}
	req, opts := line, ""
	if i := strings.Index(line, " -"); i >= 0 {
		req, opts = strings.TrimSpace(line[:i]), line[i:]
	} else if i := strings.Index(line, "\t-"); i >= 0 {
		req, opts = strings.TrimSpace(line[:i]), line[i:]
	}
	for _, o := range strings.Fields(opts) {
		if !reqHash(o) {
			return ReqLine{}, domain.T("`{{.Option}}` is an option of a requirement that Memo does not pass; only --hash is", "Option", o)
		}
	}
	if reqPathForm(req) {
		if strings.ContainsAny(cutReqExtras(req), ":;'\"") {
			return ReqLine{}, domain.T("`{{.Line}}` installs from a URL or a repository, not from the package index", "Line", line)
		}
		return ReqLine{Kind: "path", Value: cutReqExtras(req)}, domain.Text{}
	}
	if why := pep508(req); !why.IsZero() {
		return ReqLine{}, why
	}
	return ReqLine{Kind: "req", Value: req}, domain.Text{}
}

// reqHash: --hash=algorithm:hex, the one option a requirement may carry.
func reqHash(o string) bool {
	v, ok := strings.CutPrefix(o, "--hash=")
	if !ok {
		return false
	}
	alg, hex, ok := strings.Cut(v, ":")
	if !ok || hex == "" || (alg != "sha256" && alg != "sha384" && alg != "sha512") {
		return false
	}
	return strings.Trim(strings.ToLower(hex), "0123456789abcdef") == ""
}

// parseReqOption reads an option line: -r, -c and -e with a value pass,
// and the switches that change neither where packages come from nor
// what runs; everything else (-i, --extra-index-url, -f, --trusted-host,
// --config-settings, an abbreviation) is a problem.
func parseReqOption(line string) (ReqLine, domain.Text) {
	if strings.ContainsAny(line, `'";`) {
		return ReqLine{}, domain.T("`{{.Line}}` is quoted, which Memo does not read in a requirement file", "Line", line)
	}
	fields := strings.Fields(line)
	name, value, glued := strings.Cut(fields[0], "=")
	kinds := map[string]string{"-r": "r", "--requirement": "r", "-c": "c", "--constraint": "c", "-e": "e", "--editable": "e"}
	switch name {
	case "--require-hashes", "--pre", "--prefer-binary":
		if len(fields) == 1 && !glued {
			return ReqLine{}, domain.Text{}
		}
	case "--only-binary", "--no-binary":
		if !glued && len(fields) == 2 {
			value = fields[1]
		}
		if (glued && len(fields) == 1 || !glued && len(fields) == 2) && binaryValue(value) {
			return ReqLine{}, domain.Text{}
		}
	}
	kind, ok := kinds[name]
	if !ok && !strings.HasPrefix(name, "--") && len(name) > 2 {
		if k, short := kinds[name[:2]]; short {
			kind, ok, value, glued = k, true, name[2:], true
		}
	}
	if !ok {
		return ReqLine{}, domain.T("`{{.Option}}` is an option Memo does not pass in a requirement file (it may name another index, a place to fetch from, or a program)", "Option", fields[0])
	}
	switch {
	case glued && len(fields) == 1:
	case !glued && len(fields) == 2:
		value = fields[1]
	default:
		return ReqLine{}, domain.T("`{{.Line}}` is not one option and its value", "Line", line)
	}
	if value == "" {
		return ReqLine{}, domain.T("`{{.Line}}` is not one option and its value", "Line", line)
	}
	if kind == "e" {
		if !reqPathForm(value) || strings.ContainsAny(cutReqExtras(value), ":") {
			return ReqLine{}, domain.T("`{{.Line}}` installs from a URL or a repository, not from the package index", "Line", line)
		}
		value = cutReqExtras(value)
	} else if strings.Contains(value, ":") {
		return ReqLine{}, domain.T("`{{.Line}}` installs from a URL or a repository, not from the package index", "Line", line)
	}
	return ReqLine{Kind: kind, Value: value}, domain.Text{}
}

// binaryValue: :all:, :none: or package names, comma separated.
func binaryValue(v string) bool {
	for _, n := range strings.Split(v, ",") {
		if n != ":all:" && n != ":none:" && !catalog.PipName(n) {
			return false
		}
	}
	return v != ""
}

// reqPathForm: a requirement written as a path (., ./sub, sub/x), which
// pip installs as a folder or file.
func reqPathForm(s string) bool {
	w := cutReqExtras(s)
	return w == "." || w == ".." || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") || strings.Contains(w, "/")
}

// cutReqExtras drops [extras] after a path: .[dev] is .
func cutReqExtras(s string) string {
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		for _, e := range strings.Split(s[i+1:len(s)-1], ",") {
			if !catalog.PipName(strings.TrimSpace(e)) {
				return s
			}
		}
		return s[:i]
	}
	return s
}

// pep508 tells why s is not a requirement by name: name, [extras],
// version specifiers (in parentheses or not), ; environment markers.
func pep508(s string) domain.Text {
	bad := domain.T("`{{.Line}}` is not a requirement Memo reads (a name, extras, versions and markers)", "Line", s)
	spec, marker, hasMarker := strings.Cut(s, ";")
	if hasMarker && !reqMarker(marker) {
		return bad
	}
	spec = strings.TrimSpace(spec)
	end := 0
	for end < len(spec) && (isAlnum(spec[end]) || end > 0 && strings.IndexByte("._-", spec[end]) >= 0) {
		end++
	}
	name := spec[:end]
	if !catalog.PipName(name) {
		return bad
	}
	rest := strings.TrimSpace(spec[end:])
	if strings.HasPrefix(rest, "[") {
		close := strings.IndexByte(rest, ']')
		if close < 0 {
			return bad
		}
		for _, e := range strings.Split(rest[1:close], ",") {
			if e = strings.TrimSpace(e); e != "" && !catalog.PipName(e) {
				return bad
			}
		}
		rest = strings.TrimSpace(rest[close+1:])
	}
	if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
		rest = rest[1 : len(rest)-1]
	}
	if rest == "" {
		return domain.Text{}
	}
	for _, clause := range strings.Split(rest, ",") {
		if !versionClause(strings.TrimSpace(clause)) {
			return bad
		}
	}
	return domain.Text{}
}

// versionClause: an operator and a version (==1.2.*, >=3, ~=2.0, ===x).
func versionClause(c string) bool {
	op := ""
	for _, o := range []string{"===", "==", "!=", "<=", ">=", "~=", "<", ">"} {
		if strings.HasPrefix(c, o) {
			op = o
			break
		}
	}
	if op == "" {
		return false
	}
	v := strings.TrimSpace(c[len(op):])
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if !isAlnum(v[i]) && strings.IndexByte(".*+!_-", v[i]) < 0 {
			return false
		}
	}
	return true
}

// markerWords are the words of PEP 508's environment markers.
var markerWords = map[string]bool{
	"python_version": true, "python_full_version": true, "os_name": true, "sys_platform": true,
	"platform_release": true, "platform_system": true, "platform_version": true, "platform_machine": true,
	"platform_python_implementation": true, "implementation_name": true, "implementation_version": true,
	"extra": true, "os.name": true, "sys.platform": true, "platform.version": true, "platform.machine": true,
	"platform.python_implementation": true, "python_implementation": true,
	"and": true, "or": true, "not": true, "in": true,
}

// reqMarker: an environment marker of PEP 508's words, operators and
// quoted strings; pip evaluates it with its own parser, never Python.
func reqMarker(m string) bool {
	n := 0
	for i := 0; i < len(m); {
		c := m[i]
		switch {
		case c == ' ' || c == '\t' || c == '(' || c == ')':
			i++
		case c == '\'' || c == '"':
			end := strings.IndexByte(m[i+1:], c)
			if end < 0 {
				return false
			}
			for _, r := range m[i+1 : i+1+end] {
				if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._-*+!", r) {
					return false
				}
			}
			i += end + 2
			n++
		case strings.IndexByte("<>=!~", c) >= 0:
			for i < len(m) && strings.IndexByte("<>=!~", m[i]) >= 0 {
				i++
			}
		case isAlnum(c) || c == '_':
			start := i
			for i < len(m) && (isAlnum(m[i]) || m[i] == '_' || m[i] == '.') {
				i++
			}
			if !markerWords[m[start:i]] {
				return false
			}
			n++
		default:
			return false
		}
	}
	return n > 0
}

// CheckRequirement tells why one requirement string (of pyproject.toml's
// dependencies, optional dependencies or dependency groups) is not a plain
// requirement by name.
func CheckRequirement(s string) domain.Text {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "://") || strings.Contains(s, "@") || strings.HasPrefix(s, "-") || reqPathForm(s) {
		return domain.T("`{{.Line}}` installs from a URL or a repository, not from the package index", "Line", s)
	}
	for _, r := range s {
		if !strings.ContainsRune(reqLineChars, r) {
			return domain.T("`{{.Char}}` is a character Memo does not read in a requirement ({{.Line}})", "Char", string(r), "Line", s)
		}
	}
	return pep508(s)
}
