// SPDX-License-Identifier: Apache-2.0

package projectfiles

import "strings"

// gitEntry is one variable of a git config file.
type gitEntry struct {
	section, sub, key, value string
}

func (e gitEntry) Name() string {
	if e.sub != "" {
		return e.section + "." + e.sub + "." + e.key
	}
	return e.section + "." + e.key
}

func (e gitEntry) include() bool {
	return e.key == "path" && (e.section == "include" || e.section == "includeif")
}

// ParseGitConfig reads variables line by line. It is deliberately loose where
// that can only find more: every line is read as a possible variable, section
// and key names are compared in lower case, and a variable may follow its
// section header on the same line, as git allows. After a line that may
// continue its value onto the next (a trailing backslash), a section header
// may be value text to git, so the sections before and after it both hold.
func ParseGitConfig(text string) []gitEntry {
	type sec struct{ name, sub string }
	var out []gitEntry
	secs := []sec{{}}
	continued := false
	text = strings.TrimPrefix(text, "\ufeff")
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		mayContinue := strings.HasSuffix(line, "\\")
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				end = len(line)
			}
			head := strings.TrimSpace(line[1:end])
			s := sec{name: head}
			if i := strings.IndexAny(head, " \t"); i >= 0 {
				s = sec{name: head[:i], sub: strings.Trim(strings.TrimSpace(head[i:]), "\"")}
			} else if i := strings.IndexByte(head, '.'); i >= 0 {
				s = sec{name: head[:i], sub: head[i+1:]}
			}
			s.name = strings.ToLower(s.name)
			if continued {
				secs = append(secs, s)
			} else {
				secs = []sec{s}
			}
			if end >= len(line) {
				continued = mayContinue
				continue
			}
			line = strings.TrimSpace(line[end+1:])
		}
		continued = mayContinue
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		n := 0
		for n < len(line) && (isAlnum(line[n]) || line[n] == '-') {
			n++
		}
		if n == 0 {
			continue
		}
		key := strings.ToLower(line[:n])
		value := ""
		if rest := strings.TrimSpace(line[n:]); strings.HasPrefix(rest, "=") {
			value = gitValue(strings.TrimSpace(rest[1:]))
		}
		for _, s := range secs {
			out = append(out, gitEntry{section: s.name, sub: s.sub, key: key, value: value})
		}
	}
	return out
}

// gitValue removes quotes and a trailing comment from a value.
func gitValue(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '"':
			quoted = !quoted
		case c == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(v[i])
			}
		case (c == '#' || c == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// Sections whose every variable can name a program, a shell snippet, a
// transport or a file git writes.
var programSections = map[string]bool{
	"filter": true, "alias": true, "pager": true, "credential": true, "trace2": true,
	"sendemail": true, "difftool": true, "mergetool": true, "browser": true, "man": true,
	"instaweb": true, "gpg": true, "uploadpack": true, "uploadarchive": true, "protocol": true,
	"url": true, "hook": true, "guitool": true, "tar": true, "web": true,
	// git clang-format runs clangFormat.binary
	"clangformat": true,
}

// Variable names that name a program in any section.
var programKeys = map[string]bool{
	"command": true, "cmd": true, "program": true, "helper": true, "editor": true, "pager": true,
	"driver": true, "textconv": true, "hookspath": true, "askpass": true, "sshcommand": true,
	"external": true, "gitproxy": true, "fsmonitor": true, "difffilter": true, "tool": true,
	"guitool": true, "viewer": true, "browser": true, "uploadpack": true, "receivepack": true,
	"vcs": true, "packobjectshook": true, "alternaterefscommand": true, "savecookies": true,
	"update": true, "proxycommand": true, "templatedir": true, "worktree": true,
}

// programKey tells whether a variable can make git run a program (or write a
// file, or point it at another worktree) — generously.
func programKey(section, key string) bool {
	if programSections[section] || programKeys[key] {
		return true
	}
	return strings.HasSuffix(key, "command") || strings.HasSuffix(key, "cmd") || strings.HasSuffix(key, "program") ||
		strings.HasSuffix(key, "editor") || strings.HasSuffix(key, "hook")
}
