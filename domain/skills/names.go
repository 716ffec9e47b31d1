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
	}
	return domain.Text{}
}

// foldKey is the key under which two paths are the same file on a
// case-insensitive or normalising filesystem (macOS, Windows). A Caser keeps
// state, so each extraction makes its own.
func foldKey(c cases.Caser, p string) string { return c.String(norm.NFC.String(p)) }
