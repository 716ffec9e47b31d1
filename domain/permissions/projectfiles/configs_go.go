// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"regexp"
	"strings"

	"memo.dev/projects/domain"
)

// go reads the main module's go.mod (the first from the line's folder up)
// and the workspace's go.work (likewise), above the project too. Two of
// their directives bring code from elsewhere into every go line: a
// `replace` whose target is a folder (./x, ../x, /x) builds that folder's
// code in place of a module, and go.work's `use` adds a folder's module to
// the build. A folder inside the project is the project's own code; one
// outside blocks go lines. A `toolchain` line (and a `go` line newer than
// the installed go) makes go download and run that Go release, verified
// against Go's checksum database: a release name is said in the rule's
// labels, anything else blocks. GOTOOLCHAIN is an environment variable or
// the user's own `go env -w` setting, which a project cannot set on a line
// Memo approves (no assignments, §3; `go env -w` is refused).

// goRelease is a toolchain name go resolves to a Go release it downloads
// from the module proxy and checks against the checksum database.
var goRelease = regexp.MustCompile(`^go1(\.[0-9]+){0,2}((rc|beta)[0-9]+)?$`)

// goDirective is one directive of go.mod or go.work: its verb and words.
type goDirective struct {
	Verb  string
	Words []string
}

// ParseGoMod reads the directives of a go.mod or go.work: lines, // comments,
// "…" and `…` quoting, and the block form `verb ( … )`.
func ParseGoMod(text string) []goDirective {
	var out []goDirective
	block := ""
	for _, line := range strings.Split(text, "\n") {
		words := goModWords(line)
		switch {
		case len(words) == 0:
		case block != "" && words[0] == ")":
			block = ""
		case block != "":
			out = append(out, goDirective{Verb: block, Words: words})
		case len(words) == 2 && words[1] == "(":
			block = words[0]
		default:
			out = append(out, goDirective{Verb: words[0], Words: words[1:]})
		}
	}
	return out
}

// goModWords splits a line into words, quotes removed, up to a comment.
func goModWords(line string) []string {
	var out []string
	line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
	for line != "" {
		switch {
		case strings.HasPrefix(line, "//"):
			return out
		case line[0] == '"' || line[0] == '`':
			end := strings.IndexByte(line[1:], line[0])
			if end < 0 {
				return append(out, line[1:])
			}
			out = append(out, line[1:end+1])
			line = line[end+2:]
		case line[0] == '(' || line[0] == ')':
			out = append(out, line[:1])
			line = line[1:]
		default:
			end := strings.IndexAny(line, " \t()\"`")
			if end < 0 {
				end = len(line)
			}
			if i := strings.Index(line[:end], "//"); i >= 0 {
				end = i
			}
			out = append(out, line[:end])
			line = line[end:]
		}
		line = strings.TrimSpace(line)
	}
	return out
}

// goLocalPath: a replacement or use target that is a folder, as go reads
// it (./x, ../x, an absolute path; .\x on Windows).
func goLocalPath(w string) bool {
	return strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") || strings.HasPrefix(w, `.\`) ||
		strings.HasPrefix(w, `..\`) || w == "." || w == ".." || filepath.IsAbs(w) || strings.HasPrefix(w, "/")
}

// goFiles are the go.mod and go.work go would read for the line: the
// first of each from the line's folder up.
func (p *Project) goFiles() []string {
	var out []string
	for _, name := range []string{"go.mod", "go.work"} {
		for _, dir := range p.upTo(false) {
			path := filepath.Join(dir, name)
			if _, err := p.Cached(path, maxConfigFile); !isNotExist(err) {
				out = append(out, path)
				break
			}
		}
	}
	return out
}

// goBlock: a go.mod or go.work that builds a folder outside the project, or
// names a toolchain that is no Go release.
func (p *Project) goBlock() *Block {
	for _, path := range p.goFiles() {
		e, err := p.Cached(path, maxConfigFile)
		if err != nil {
			return p.unreadable(path, err)
		}
		dir := filepath.Dir(path)
		for _, d := range p.Cache.Parse(e, "gomod", func(b []byte) any { return ParseGoMod(string(b)) }).([]goDirective) {
			target, key := "", d.Verb
			switch d.Verb {
			case "replace":
				if i := indexOf(d.Words, "=>"); i >= 0 && i+1 < len(d.Words) {
					target, key = d.Words[i+1], "replace "+d.Words[0]
				}
			case "use":
				if len(d.Words) > 0 {
					target = d.Words[0]
				}
			case "toolchain":
				if len(d.Words) != 1 || !goRelease.MatchString(d.Words[0]) && d.Words[0] != "default" {
					return &Block{File: p.Display(path), Key: "toolchain", Reason: domain.T("{{.Path}} names the toolchain {{.Value}}, which is no Go release; go would download and run it, so go lines ask", "Path", p.Display(path), "Value", strings.Join(d.Words, " "))}
				}
			}
			if target == "" || !goLocalPath(target) {
				continue
			}
			abs := target
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(dir, abs)
			}
			if !p.PathProblem(abs).IsZero() {
				return &Block{File: p.Display(path), Key: key, Reason: domain.T("{{.Path}} builds {{.Value}} ({{.Key}}), a folder outside the project, whose code go lines would build and run, so they ask", "Path", p.Display(path), "Key", key, "Value", target)}
			}
		}
	}
	return nil
}

// GoNotes say what the go.mod and go.work make a go rule do beyond go: the
// Go release a toolchain line downloads.
func (p *Project) GoNotes() []domain.Text {
	var out []domain.Text
	for _, path := range p.goFiles() {
		e, err := p.Cached(path, maxConfigFile)
		if err != nil {
			continue
		}
		for _, d := range p.Cache.Parse(e, "gomod", func(b []byte) any { return ParseGoMod(string(b)) }).([]goDirective) {
			if d.Verb == "toolchain" && len(d.Words) == 1 && goRelease.MatchString(d.Words[0]) {
				out = append(out, domain.T("may download and run {{.Release}}, the Go release {{.Path}} names (toolchain), when the installed go is older; go checks it against Go's checksum database", "Release", d.Words[0], "Path", p.Display(path)))
			}
		}
	}
	return out
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}
