// SPDX-License-Identifier: Apache-2.0

package permissions

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
	verb  string
	words []string
}

// parseGoMod reads the directives of a go.mod or go.work: lines, // comments,
// "…" and `…` quoting, and the block form `verb ( … )`.
func parseGoMod(text string) []goDirective {
	var out []goDirective
	block := ""
	for _, line := range strings.Split(text, "\n") {
		words := goModWords(line)
		switch {
		case len(words) == 0:
		case block != "" && words[0] == ")":
			block = ""
		case block != "":
			out = append(out, goDirective{verb: block, words: words})
		case len(words) == 2 && words[1] == "(":
			block = words[0]
		default:
			out = append(out, goDirective{verb: words[0], words: words[1:]})
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
			if _, err := p.cached(path, maxConfigFile); !isNotExist(err) {
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
		e, err := p.cached(path, maxConfigFile)
		if err != nil {
			return p.unreadable(path, err)
		}
		dir := filepath.Dir(path)
		for _, d := range p.cache.parse(e, "gomod", func(b []byte) any { return parseGoMod(string(b)) }).([]goDirective) {
			target, key := "", d.verb
			switch d.verb {
			case "replace":
				if i := indexOf(d.words, "=>"); i >= 0 && i+1 < len(d.words) {
					target, key = d.words[i+1], "replace "+d.words[0]
				}
			case "use":
				if len(d.words) > 0 {
					target = d.words[0]
				}
			case "toolchain":
				if len(d.words) != 1 || !goRelease.MatchString(d.words[0]) && d.words[0] != "default" {
					return &Block{File: p.display(path), Key: "toolchain", Reason: domain.T("{{.Path}} names the toolchain {{.Value}}, which is no Go release; go would download and run it, so go lines ask", "Path", p.display(path), "Value", strings.Join(d.words, " "))}
				}
			}
			if target == "" || !goLocalPath(target) {
				continue
			}
			abs := target
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(dir, abs)
			}
			if !p.pathProblem(abs).IsZero() {
				return &Block{File: p.display(path), Key: key, Reason: domain.T("{{.Path}} builds {{.Value}} ({{.Key}}), a folder outside the project, whose code go lines would build and run, so they ask", "Path", p.display(path), "Key", key, "Value", target)}
			}
		}
	}
	return nil
}

// goNotes say what the go.mod and go.work make a go rule do beyond go: the
// Go release a toolchain line downloads.
func (p *Project) goNotes() []domain.Text {
	var out []domain.Text
	for _, path := range p.goFiles() {
		e, err := p.cached(path, maxConfigFile)
		if err != nil {
			continue
		}
		for _, d := range p.cache.parse(e, "gomod", func(b []byte) any { return parseGoMod(string(b)) }).([]goDirective) {
			if d.verb == "toolchain" && len(d.words) == 1 && goRelease.MatchString(d.words[0]) {
				out = append(out, domain.T("may download and run {{.Release}}, the Go release {{.Path}} names (toolchain), when the installed go is older; go checks it against Go's checksum database", "Release", d.words[0], "Path", p.display(path)))
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
