// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"
	"unicode"

	"memo.dev/projects/domain"
)

// Any word — an operand, an option's value, the value of name=value, an
// @file argument file — that names a path outside the project, or inside
// its .git or .memo folder, asks (docs/permissions.md §7). Without a project the line is
// read alone: an absolute path, a `..` that leaves the line's folder and a
// .git or .memo folder ask; in a project the path is resolved through the
// symbolic links the project holds.

// PathCandidates are the paths a word may name: itself, what follows each
// `=` (name=value, --opt=value) and the first `:` (HEAD:file, PATH lists), a
// leading `@` removed (argument files). A URL names no path, except a file://
// one. A word holding white space or commas (a quoted value a program
// splits into a list: pytest's `pythonpath=src lib`, `--ignore=a,b`) names
// each of its parts as well, so a second path in a list is checked too.
func PathCandidates(w string) []string {
	out := pathCandidates(w)
	if parts := strings.FieldsFunc(w, listSeparator); len(parts) > 1 || len(parts) == 1 && parts[0] != w {
		for _, part := range parts {
			out = append(out, pathCandidates(part)...)
		}
	}
	return out
}

// listSeparator: white space or a comma, which split a list value.
func listSeparator(r rune) bool {
	return r == ',' || unicode.IsSpace(r)
}

// pathCandidates are the paths one word of a list may name (PathCandidates).
func pathCandidates(w string) []string {
	out := make([]string, 0, 2)
	add := func(s string) {
		s = strings.TrimPrefix(s, "@")
		if rest, ok := strings.CutPrefix(strings.ToLower(s), "file://"); ok {
			s = s[len(s)-len(rest):]
		} else if IsURL(s) {
			return
		}
		if s != "" {
			out = append(out, s)
		}
	}
	if !strings.HasPrefix(w, "-") {
		add(w)
		if i := strings.IndexByte(w, ':'); i > 0 && filepath.VolumeName(w) == "" && !strings.HasPrefix(w[i+1:], "//") {
			add(w[i+1:])
		}
	}
	for rest := w; ; {
		i := strings.IndexByte(rest, '=')
		if i < 0 {
			break
		}
		rest = rest[i+1:]
		add(rest)
	}
	return out
}

// protected are the folders no word may name: the repository's own files
// (config, hooks) and Memo's.
var protected = map[string]bool{".git": true, ".memo": true}

// ProtectedPart reports whether a slash or separator path has a .git or
// .memo part, compared as Windows and macOS would (case, trailing dots and
// spaces ignored).
func ProtectedPart(p string) bool {
	for _, part := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == filepath.Separator }) {
		if protected[strings.ToLower(strings.TrimRight(part, ". "))] && strings.TrimRight(part, ". ") != "" {
			return true
		}
	}
	return false
}

func outsideReason(word string) domain.Text {
	return domain.T("`{{.Word}}` names a path outside the project", "Word", word)
}

func ProtectedReason(word string) domain.Text {
	return domain.T("`{{.Word}}` names a path inside the project's .git or .memo folder", "Word", word)
}

// lexicalPath is the check of a path on its own words, relative to the
// line's folder.
func lexicalPath(p string) domain.Text {
	if !filepath.IsLocal(p) {
		return outsideReason(p)
	}
	if ProtectedPart(p) {
		return ProtectedReason(p)
	}
	return domain.Text{}
}

// IsURL reports whether w is scheme://…
func IsURL(w string) bool {
	i := strings.Index(w, "://")
	if i <= 0 {
		return false
	}
	for _, c := range w[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// IsRemoteSpec reports whether w is a URL, or the scp form host:path that git, tar and rsync
// read as a remote (a colon before any slash; a drive letter is a path).
func IsRemoteSpec(w string) bool {
	if IsURL(w) {
		return true
	}
	colon := strings.IndexByte(w, ':')
	if colon <= 0 || filepath.VolumeName(w) != "" || (colon == 1 && len(w) > 2 && (w[2] == '/' || w[2] == '\\')) {
		return false
	}
	slash := strings.IndexAny(w, `/\`)
	return slash < 0 || colon < slash
}
