// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"memo.dev/projects/domain"
)

// nameProblem judges one component of an archive path the same way on every
// OS: a name that is fine on Linux but means something else on Windows or
// macOS (a drive, a stream, a device, a name that loses its trailing dot)
// could write somewhere else there. It returns what is wrong (the end of a
// sentence naming it), or a zero Text.
func nameProblem(name string) domain.Text {
	switch {
	case name == "":
		return domain.T("is empty")
	case name == "." || name == "..":
		return domain.T("is a dot part")
	case !utf8.ValidString(name):
		return domain.T("is not valid UTF-8")
	case strings.ContainsFunc(name, unicode.IsControl):
		return domain.T("contains a NUL or control character")
	case strings.ContainsRune(name, '\\'):
		return domain.T("contains a backslash")
	case strings.ContainsRune(name, ':'):
		return domain.T("contains \":\" (a drive letter or an NTFS stream on Windows)")
	case strings.ContainsAny(name, `<>"|?*`):
		return domain.T("contains a character Windows does not allow in names (< > \" | ? *)")
	case strings.HasSuffix(name, ".") || strings.HasSuffix(name, " "):
		return domain.T("ends with a dot or a space (Windows drops them, so it would name another file)")
	case isReservedName(name):
		return domain.T("is a name Windows reserves for a device (CON, NUL, COM1, LPT1 …)")
	case len(name) > 255:
		return domain.T("is longer than 255 bytes")
	}
	return domain.Text{}
}

// isReservedName reports Windows device names, with or without an extension
// (NUL.txt is the device too), in any case.
func isReservedName(name string) bool {
	base, _, _ := strings.Cut(name, ".")
	base = strings.ToUpper(strings.TrimRight(base, " "))
	switch base {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$":
		return true
	}
	if len(base) >= 4 && (strings.HasPrefix(base, "COM") || strings.HasPrefix(base, "LPT")) {
		switch base[3:] {
		case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³":
			return true
		}
	}
	return false
}

// pathProblem judges a relative archive path (slash-separated, top folder
// already stripped): absolute paths and every part's name.
func pathProblem(p string) domain.Text {
	if p == "" {
		return domain.T("is empty")
	}
	if strings.HasPrefix(p, "/") {
		return domain.T("is an absolute path")
	}
	for part := range strings.SplitSeq(p, "/") {
		if problem := nameProblem(part); !problem.IsZero() {
			if part == "" {
				return domain.T("has an empty part (//)")
			}
			return domain.T("has a part {{.Part}} that {{.Problem}}", "Part", strconv.Quote(part), "Problem", problem)
		}
		if isVCSName(part) {
			return domain.T("is version-control metadata ({{.Part}}); installed, it would make the skill's folder a repository whose settings can run programs", "Part", strconv.Quote(part))
		}
	}
	return domain.Text{}
}

// isVCSName reports a name that a version-control tool reads as its own
// metadata: .git (a folder, or a file pointing to one), .hg, .svn, .bzr, in
// any case and with invisible characters ignored (macOS drops some of them
// from names), and the short name Windows gives .git (GIT~1).
func isVCSName(name string) bool {
	n := strings.ToLower(strings.Map(func(r rune) rune {
		if isDefaultIgnorable(r) {
			return -1
		}
		return r
	}, name))
	switch n {
	case ".git", ".hg", ".svn", ".bzr":
		return true
	}
	digits, ok := strings.CutPrefix(n, "git~")
	return ok && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// CheckName judges a skill name given on the command line, the API or the
// window by the rule installation follows (ValidName): it names an installed
// skill's folder and is never joined as a path, so "/", "demo/", "..",
// "demo/../demo" and anything else are invalid input.
func CheckName(name string) error {
	if ValidName(name) {
		return nil
	}
	return domain.T("{{.Name}} is not a skill name (a skill's name is 1–64 of a-z, 0-9 and single hyphens)", "Name", quoteShort(name)).Err(domain.ErrInvalid)
}

// quoteShort quotes s for a sentence, escaping what is not printable and
// cutting it after 60 characters: input that is long, or not even text, is
// still named in a line a person can read.
func quoteShort(s string) string {
	const keep = 60
	n := 0
	for i := range s { // an invalid byte counts as one character
		if n == keep {
			return strconv.Quote(s[:i]) + "…"
		}
		n++
	}
	return strconv.Quote(s)
}

// foldKey is the key under which two paths are the same file on a
// case-insensitive or normalising filesystem (macOS, Windows). A Caser keeps
// state, so each extraction makes its own.
func foldKey(c cases.Caser, p string) string { return c.String(norm.NFC.String(p)) }
