// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
)

// File-name patterns (docs/permissions.md §2): bash, run as `bash -c` with
// its default options (no nullglob, failglob, globstar, dotglob, nocaseglob,
// extglob), replaces an unquoted word holding `*`, `?` or `[…]` by the
// sorted names it matches relative to the line's folder, or leaves it as it
// is when none does. Glob computes that list, so the checker can judge the
// words bash will pass. Where Memo cannot know exactly what every bash
// does, it says why instead: a range (`[a-z]`, whose order depends on the
// locale and bash's version), a POSIX class, a hidden-name pattern (`.*`
// matches `.` and `..` before bash 5.2), a folder holding a name that is
// not ASCII (`?` matches a byte or a character by locale), a folder outside
// the project, too many names.

// MaxGlobMatches bounds the names one pattern may expand to; maxGlobReads
// the folder entries read to expand it.
const (
	MaxGlobMatches = 1000
	maxGlobReads   = 20000
)

// Glob expands pattern as bash would in dir, inside root: its matches,
// sorted in byte order (bash sorts by the locale: the checker judges more
// than one order), whether the word is a pattern at all (no `*`, `?` or
// balanced `[…]`: bash passes it as it is), and why Memo cannot expand it,
// when it cannot.
func Glob(root, dir, pattern string) ([]string, bool, domain.Text) {
	if !HasGlobMeta(pattern) {
		return nil, false, domain.Text{}
	}
	why := func(reason domain.Text) ([]string, bool, domain.Text) {
		return nil, true, domain.T("`{{.Pattern}}` is a file name pattern Memo does not expand: {{.Why}}", "Pattern", pattern, "Why", reason)
	}
	switch {
	case strings.HasPrefix(pattern, "/"):
		return why(domain.T("it is absolute"))
	case strings.HasPrefix(pattern, "~"):
		return why(domain.T("it starts with a home folder"))
	}
	segs := strings.Split(pattern, "/")
	dirOnly := false
	if len(segs) > 1 && segs[len(segs)-1] == "" {
		segs, dirOnly = segs[:len(segs)-1], true
	}
	for _, s := range segs {
		switch {
		case s == "":
			return why(domain.T("it holds an empty folder name"))
		case s == "..":
			return why(domain.T("it climbs out of the folder with .."))
		case strings.HasPrefix(s, ".") && HasGlobMeta(s) && !hiddenBrackets(s):
			return why(domain.T("a pattern of hidden names also matches . and .. in some bash versions"))
		}
		if reason := checkSegment(s); !reason.IsZero() {
			return why(reason)
		}
	}
	g := globber{root: root, dir: dir}
	prefixes := []string{""}
	for i, s := range segs {
		last := i == len(segs)-1
		var next []string
		for _, pre := range prefixes {
			if !HasGlobMeta(s) {
				// A literal part: bash keeps it where the path exists.
				name := pre + s
				if _, err := os.Lstat(g.abs(name)); err != nil {
					continue
				}
				if !last || dirOnly {
					if fi, err := os.Stat(g.abs(name)); err != nil || !fi.IsDir() {
						continue
					}
				}
				next = append(next, name)
				continue
			}
			names, reason := g.read(pre)
			if !reason.IsZero() {
				return why(reason)
			}
			for _, n := range names {
				if strings.HasPrefix(n, ".") && !strings.HasPrefix(s, ".") || !matchSegment(s, n) {
					continue
				}
				if !last || dirOnly {
					if fi, err := os.Stat(g.abs(pre + n)); err != nil || !fi.IsDir() {
						continue
					}
				}
				next = append(next, pre+n)
			}
			if len(next) > MaxGlobMatches {
				return why(domain.T("it matches more than 1,000 names"))
			}
		}
		if !last {
			for j := range next {
				next[j] += "/"
			}
		}
		prefixes = next
		if len(prefixes) == 0 {
			break
		}
	}
	if dirOnly {
		for j := range prefixes {
			prefixes[j] += "/"
		}
	}
	sort.Strings(prefixes)
	return prefixes, true, domain.Text{}
}

type globber struct {
	root, dir string
	reads     int
}

func (g *globber) abs(rel string) string {
	if rel == "" {
		return g.dir
	}
	return filepath.Join(g.dir, filepath.FromSlash(rel))
}

// read lists the folder rel (relative to the line's folder, "" for it),
// which must be inside the project once its links are followed.
func (g *globber) read(rel string) ([]string, domain.Text) {
	d := g.abs(rel)
	real, err := filepath.EvalSymlinks(d)
	if err != nil {
		return nil, domain.Text{} // not a folder bash can read: nothing matches there
	}
	root, err := filepath.EvalSymlinks(g.root)
	if err != nil {
		return nil, domain.T("the project folder cannot be resolved")
	}
	if _, ok := RelInside(root, real); !ok {
		return nil, domain.T("it reads a folder outside the project")
	}
	entries, err := os.ReadDir(d)
	if err != nil {
		return nil, domain.Text{}
	}
	g.reads += len(entries)
	if g.reads > maxGlobReads {
		return nil, domain.T("it reads more than 20,000 folder entries")
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		n := e.Name()
		for i := 0; i < len(n); i++ {
			if n[i] < 0x20 || n[i] >= 0x7f {
				return nil, domain.T("a folder it reads holds a name that is not printable ASCII")
			}
		}
		names = append(names, n)
	}
	return names, domain.Text{}
}

// HasGlobMeta reports whether bash reads w as a file-name pattern: it holds
// `*`, `?`, or a `[` closed by a later `]` (an unbalanced `[` is literal).
func HasGlobMeta(w string) bool {
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '*', '?':
			return true
		case '[':
			if _, ok := bracketEnd(w, i); ok {
				return true
			}
		}
	}
	return false
}

// bracketEnd is the index of the `]` that closes the class opening at
// w[i] == '[', as bash reads it: a `]` right after `[`, `[!` or `[^` is a
// member, not the end.
func bracketEnd(w string, i int) (int, bool) {
	j := i + 1
	if j < len(w) && (w[j] == '!' || w[j] == '^') {
		j++
	}
	if j < len(w) && w[j] == ']' {
		j++
	}
	for ; j < len(w); j++ {
		if w[j] == ']' {
			return j, true
		}
	}
	return 0, false
}

// checkSegment says why Memo cannot match the pattern segment s exactly
// as every bash would, or nothing.
func checkSegment(s string) domain.Text {
	for i := 0; i < len(s); i++ {
		if s[i] == '[' {
			end, ok := bracketEnd(s, i)
			if !ok {
				return domain.T("a `[` without its `]`")
			}
			body := s[i+1 : end]
			body = strings.TrimLeft(body, "!^")
			if len(body) > 1 && strings.Contains(body[1:len(body)-1], "-") {
				return domain.T("a range of characters matches by the locale's order")
			}
			if strings.ContainsAny(body, "[") {
				return domain.T("a POSIX class or a nested `[`")
			}
			i = end
		} else if s[i] == ']' {
			return domain.T("a `]` without its `[`")
		}
	}
	return domain.Text{}
}

// matchSegment reports whether name matches the pattern segment s: `*` any
// run of characters (`**` the same: no globstar), `?` one, `[…]` one of
// the class, `[!…]` and `[^…]` one not in it, anything else itself. Every
// other element matches one character, so going back to the last `*` is
// enough (linear in name for each `*`).
func matchSegment(s, name string) bool {
	pi, ni := 0, 0
	star, from := -1, 0
	for ni < len(name) {
		if pi < len(s) {
			switch c := s[pi]; {
			case c == '*':
				star, from = pi+1, ni
				pi++
				continue
			case c == '?':
				pi, ni = pi+1, ni+1
				continue
			case c == '[':
				if end, ok := bracketEnd(s, pi); ok {
					if inClass(s[pi+1:end], name[ni]) {
						pi, ni = end+1, ni+1
						continue
					}
				} else if name[ni] == c {
					pi, ni = pi+1, ni+1
					continue
				}
			case c == name[ni]:
				pi, ni = pi+1, ni+1
				continue
			}
		}
		if star < 0 {
			return false
		}
		from++
		pi, ni = star, from
	}
	for pi < len(s) && s[pi] == '*' {
		pi++
	}
	return pi == len(s)
}

// inClass: c is one of the class body (without its brackets).
func inClass(body string, c byte) bool {
	negate := false
	if body != "" && (body[0] == '!' || body[0] == '^') {
		body, negate = body[1:], true
	}
	return strings.IndexByte(body, c) >= 0 != negate
}

// hiddenBrackets: a pattern of hidden names that can match neither . nor
// .. in any bash: a literal dot, then literal names and bracket sets of
// letters, digits, _ and , alone (pip's .[dev,test]), each matching one
// character that is no dot; no * or ?.
func hiddenBrackets(s string) bool {
	in := false
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '[' && !in:
			in = true
			if i+1 < len(s) && (s[i+1] == '!' || s[i+1] == '^' || s[i+1] == ']') {
				return false
			}
		case c == ']' && in:
			in = false
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == ',' && in:
		default:
			return false
		}
	}
	return !in && len(s) > 1
}
