// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
)

// make reads the project's makefiles (GNUmakefile, makefile, Makefile and
// what they include by a plain name). SHELL and .SHELLFLAGS set there choose
// what runs every recipe, and MAKEFLAGS adds options to the line: each is
// checked as the same setting on the line would be.

// maxMakefiles bounds the makefiles read for one line; more block.
const maxMakefiles = 32

var makefileNames = []string{"GNUmakefile", "makefile", "Makefile"}

// plainShells are the SHELL values that run recipes as a shell would.
var plainShells = map[string]bool{
	"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "/bin/sh": true, "/bin/bash": true,
	"/usr/bin/sh": true, "/usr/bin/bash": true, "/bin/dash": true, "/bin/zsh": true, "/usr/bin/zsh": true,
	"/usr/bin/env bash": true, "/usr/bin/env sh": true, "/usr/bin/env zsh": true, "$(shell which bash)": true,
	"$(shell command -v bash)": true, "$(shell which sh)": true, "$(shell which zsh)": true, "cmd": true,
	"cmd.exe": true,
}

// plainShellFlags are the .SHELLFLAGS words that change no program.
var plainShellFlags = map[string]bool{
	"-c": true, "-e": true, "-u": true, "-x": true, "-o": true, "pipefail": true, "errexit": true, "nounset": true,
	"-ec": true, "-eu": true, "-euc": true, "-eux": true, "-euxc": true, "-euo": true, "-eo": true, "-ce": true,
	"-cu": true, "-uec": true, "-xc": true, "/c": true,
}

func (p *Project) makeBlock() *Block {
	queue := []string{}
	for _, n := range makefileNames {
		queue = append(queue, filepath.Join(p.Dir, n))
	}
	seen := map[string]bool{}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] {
			continue
		}
		seen[path] = true
		if len(seen) > maxMakefiles {
			return &Block{File: p.Display(path), Reason: domain.T("the makefiles include more than {{.Max}} files, more than Memo reads, so make lines ask", "Max", maxMakefiles)}
		}
		e, err := p.Cached(path, maxConfigFile)
		if isNotExist(err) {
			continue
		}
		if err != nil {
			return p.unreadable(path, err)
		}
		mf := p.Cache.Parse(e, "makefile", func(b []byte) any { return parseMakefile(string(b)) }).(makefile)
		if b := p.makeSettings(path, mf); b != nil {
			return b
		}
		included, _ := p.makeIncludes(p.Dir, mf, makeVars(nil, mf))
		queue = append(queue, included...)
	}
	return nil
}

func (p *Project) makeSettings(path string, mf makefile) *Block {
	show := p.Display(path)
	blocked := func(key, value string, why domain.Text) *Block {
		return &Block{File: show, Key: key, Reason: domain.T("{{.Path}} sets {{.Key}} to `{{.Value}}`: {{.Reason}}", "Path", show, "Key", key, "Value", value, "Reason", why)}
	}
	for _, a := range mf.assigns {
		v := strings.Join(strings.Fields(a.value), " ")
		switch a.name {
		case "SHELL":
			if !plainShell(v) {
				return blocked(a.name, v, domain.T("a shell Memo does not know runs every recipe"))
			}
		case ".SHELLFLAGS":
			for _, w := range strings.Fields(v) {
				if !plainShellFlags[w] {
					return blocked(a.name, v, domain.T("`{{.Word}}` is not a shell option Memo knows", "Word", w))
				}
			}
		case "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS":
			words := strings.Fields(v)
			if len(words) > 0 && !strings.HasPrefix(words[0], "-") && !strings.Contains(words[0], "=") {
				words[0] = "-" + words[0] // MAKEFLAGS holds the one-letter flags first, without a dash
			}
			line := append([]string{"make"}, words...)
			if reason := p.configWords(line); !reason.IsZero() {
				return blocked(a.name, v, reason)
			}
		}
	}
	return nil
}

// makefile is what Memo reads of one: the variables it assigns, the
// files it includes by a plain name, the include words with a pattern or a
// variable (definitions_make.go expands them) and the recipe lines.
type makefile struct {
	assigns  []makeAssign
	includes []string
	patterns []string
	recipes  []string
	// targets are the words before a rule line's colon, as written.
	targets []string
}

type makeAssign struct {
	name, value string
	// appends: the assignment is +=.
	appends bool
}

// parseMakefile reads assignment and include lines (recipes, after a tab,
// are skipped; continued lines are joined), loosely: an assignment is
// found wherever the line's first word is followed by an assignment
// operator.
func parseMakefile(text string) makefile {
	var mf makefile
	text = strings.ReplaceAll(text, "\\\r\n", " ")
	text = strings.ReplaceAll(text, "\\\n", " ")
	inRule := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "\t") && inRule {
			mf.recipes = append(mf.recipes, line[1:])
			continue
		}
		// A tab line before any rule (in a conditional) is read as any
		// other line, as make reads it: `\tSHELL = x` sets SHELL.
		inRule = inRule && makeKeepsRule(line)
		if i := strings.IndexByte(line, '#'); i >= 0 && (i == 0 || line[i-1] != '\\') {
			line = line[:i]
		}
		fields := strings.Fields(line)
		for len(fields) > 0 && (fields[0] == "override" || fields[0] == "export" || fields[0] == "private") {
			fields = fields[1:]
		}
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "include", "-include", "sinclude":
			for _, f := range makeWords(strings.Join(fields[1:], " ")) {
				if !strings.ContainsAny(f, "$*?[") {
					mf.includes = append(mf.includes, f)
				} else {
					mf.patterns = append(mf.patterns, f)
				}
			}
			continue
		}
		rest := strings.Join(fields, " ")
		assigned := false
		for _, op := range []string{":::=", "::=", ":=", "?=", "+=", "!=", "="} {
			if i := strings.Index(rest, op); i > 0 {
				name := strings.TrimSpace(rest[:i])
				if !strings.ContainsAny(name, " :") {
					mf.assigns = append(mf.assigns, makeAssign{name: name, value: strings.TrimSpace(rest[i+len(op):]), appends: op == "+="})
					assigned = true
				}
				break
			}
		}
		if colon := topLevelColon(rest); !assigned && colon > 0 {
			mf.targets = append(mf.targets, makeWords(rest[:colon])...)
			inRule = true
		}
	}
	return mf
}

// topLevelColon is the index of the first colon of s outside $(…), or -1.
func topLevelColon(s string) int {
	if at := topLevelCuts(s, ':'); len(at) > 0 {
		return at[0]
	}
	return -1
}

// topLevelCuts are the indexes of sep in s outside (…) and {…}.
func topLevelCuts(s string, sep byte) []int {
	var out []int
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			if depth > 0 {
				depth--
			}
		case sep:
			if depth == 0 {
				out = append(out, i)
			}
		}
	}
	return out
}

// makeKeepsRule: a line after a rule's recipe that does not end it (blank,
// a comment, a conditional), so tab lines after it are still recipes.
func makeKeepsRule(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
		return true
	}
	switch fields[0] {
	case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif":
		return true
	}
	return false
}
