// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

// What a just recipe does with the words after its name (docs/permissions.md
// §7, Targets): just hands them to the recipe's parameters. A recipe whose
// one parameter is variadic (`test *args:`, `lint +FLAGS:`) and whose every
// use of it is `{{args}}` as the last word of a recipe line whose other
// words are literal (a quoted default, `*args=''`, is what runs without
// words) forwards them, as a project script forwards "$@": just
// joins them with spaces into the line, which the shell splits again, so
// each line is checked as `<its words> <the arguments>`. Anything else —
// other parameters, defaults, an exported parameter, the parameter inside
// an expression or mid-line, a dependency given arguments, `set
// positional-arguments`, `set export`, a shell other than sh or bash, a
// #! recipe, a continued line, attributes Memo does not know — leaves the
// arguments unknown.

// JustRecipe is what Memo reads of one recipe for its arguments.
type JustRecipe struct {
	// Justfile: the project holds the justfile just reads; Found: it
	// holds the recipe; Params: the recipe takes parameters.
	Justfile, Found, Params bool
	// Args is the reading of its arguments (Forwards when known; Unknown
	// says why not). File is "justfile#recipe".
	Args ScriptArgs
}

var (
	justParamName  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)
	justIdentifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_-]*`)
	// justDefault is a parameter's default Memo reads: a quoted literal
	// without blanks, interpolation or backticks.
	justDefault = regexp.MustCompile(`^(?:'[^'\s{}` + "`" + `]*'|"[^"\s{}` + "`" + `\\$]*")$`)
	// justAttrsKnown are recipe attributes that change nothing about how
	// its lines run.
	justAttrsKnown = map[string]bool{"private": true, "no-exit-message": true, "exit-message": true, "linux": true, "macos": true, "unix": true, "windows": true, "openbsd": true, "freebsd": true, "netbsd": true, "dragonfly": true, "android": true, "confirm": true, "group": true, "doc": true, "default": true, "no-quiet": true, "parallel": true, "metadata": true}
	// justShellArgs are the options of `set shell` that change no program.
	justShellArgs = map[string]bool{"-c": true, "-cu": true, "-uc": true, "-euc": true, "-ceu": true, "-eu": true, "-e": true, "-u": true, "-x": true, "-o": true, "pipefail": true, "-ec": true, "-ce": true, "-eux": true, "-euxc": true, "-exc": true, "-cx": true, "-xc": true}
)

// JustRecipeArgs reads the recipe name of the justfile just reads from
// the line's folder (the first up to the root).
func (p *Project) JustRecipeArgs(name string) JustRecipe {
	if p == nil {
		return JustRecipe{}
	}
	return p.Memo("justrecipe", name, func(q *Project) any { return q.readJustRecipe(name) }).(JustRecipe)
}

func (p *Project) readJustRecipe(name string) JustRecipe {
	for _, dir := range p.upTo(true) {
		for _, n := range justfileNames {
			path := filepath.Join(dir, n)
			if _, _, err := p.lstat(path); err != nil {
				continue
			}
			b, err := p.Read(path, maxConfigFile)
			if err != nil {
				return JustRecipe{Justfile: true, Found: true, Params: true, Args: ScriptArgs{Unknown: "cannot be read"}}
			}
			return justRecipeIn(string(b), name, dir)
		}
	}
	return JustRecipe{}
}

// justRecipeIn reads recipe name of a justfile's text, whose recipes run
// in dir.
func justRecipeIn(text, name, dir string) JustRecipe {
	out := JustRecipe{Justfile: true, Args: ScriptArgs{File: "justfile#" + name}}
	unknown := func(why string) JustRecipe {
		out.Args.Unknown, out.Args.Forwards = why, nil
		return out
	}
	parts := ParseJustfile(text)
	switch {
	case parts.workdirUnread:
		// Another recipe's [working-directory] or [no-cd] is that recipe's
		// (this one's attributes are read below); a `set working-directory`
		// Memo cannot read is every recipe's.
		dir = ""
	case parts.workdir != "" && filepath.IsAbs(parts.workdir):
		dir = filepath.Clean(parts.workdir)
	case parts.workdir != "":
		dir = filepath.Join(dir, parts.workdir)
	}
	lines := strings.Split(text, "\n")
	var attrs []string
	var settingWhy string
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\r")
		if strings.TrimSpace(line) == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' {
			continue
		}
		if strings.HasPrefix(line, "[") {
			attrs = append(attrs, line)
			continue
		}
		fields := strings.Fields(line)
		if fields[0] == "set" {
			if why := justSettingRisk(line); why != "" {
				settingWhy = why
			}
			attrs = nil
			continue
		}
		if !justRecipeHeader.MatchString(line) {
			attrs = nil
			continue
		}
		head, deps, _ := strings.Cut(strings.TrimPrefix(line, "@"), ":")
		hf := strings.Fields(head)
		if len(hf) == 0 || hf[0] != name {
			attrs = nil
			continue
		}
		out.Found = true
		out.Params = len(hf) > 1
		if !out.Params {
			return out
		}
		if settingWhy != "" {
			return unknown(settingWhy)
		}
		if dir == "" {
			return unknown("the folder its recipes run in is unknown")
		}
		for _, a := range attrs {
			for _, one := range strings.Split(strings.Trim(strings.TrimSpace(a), "[]"), ",") {
				n, _, _ := strings.Cut(strings.TrimSpace(one), "(")
				n, _, _ = strings.Cut(n, ":")
				if !justAttrsKnown[strings.TrimSpace(n)] {
					return unknown("an attribute Memo does not read: " + strings.TrimSpace(a))
				}
			}
		}
		if len(hf) != 2 || !(strings.HasPrefix(hf[1], "*") || strings.HasPrefix(hf[1], "+")) {
			return unknown("parameters other than one variadic one")
		}
		// A default (`*args=''`, `+args='lcheck'`) is what the recipe runs
		// with when the line gives no words, pinned with the justfile; given
		// words replace it.
		param, def, hasDefault := strings.Cut(hf[1][1:], "=")
		if !justParamName.MatchString(param) || hasDefault && !justDefault.MatchString(def) {
			return unknown("parameters other than one variadic one")
		}
		if strings.ContainsAny(deps, "()") {
			return unknown("a dependency given arguments")
		}
		for j := i + 1; j < len(lines); j++ {
			body := strings.TrimRight(lines[j], "\r")
			if strings.TrimSpace(body) == "" {
				continue
			}
			if body[0] != ' ' && body[0] != '\t' {
				break
			}
			body = strings.TrimSpace(body)
			if j == i+1 && strings.HasPrefix(body, "#!") {
				return unknown("a #! recipe")
			}
			if strings.HasSuffix(body, `\`) {
				return unknown("a continued line")
			}
			if strings.HasPrefix(body, "#") {
				continue
			}
			body = strings.TrimLeft(body, "@-")
			if !justMentions(body, param) {
				continue
			}
			words, ok := forwardLine(body, param)
			if !ok {
				return unknown("`" + body + "` uses " + param + " otherwise than as the last word of a command")
			}
			out.Args.Forwards = append(out.Args.Forwards, Forward{Words: words, Dir: dir, Split: true, Raw: body})
		}
		if len(out.Args.Forwards) == 0 {
			return unknown("its recipe does not hand its arguments to a command")
		}
		return out
	}
	return out
}

// justMentions: a recipe line names the parameter inside an interpolation.
func justMentions(body, param string) bool {
	for _, m := range interpolation.FindAllString(body, -1) {
		for _, id := range justIdentifier.FindAllString(m, -1) {
			if id == param {
				return true
			}
		}
	}
	return false
}

// forwardLine: the line is literal words then `{{param}}` last, nothing
// else interpolated or read specially by the shell; its words.
func forwardLine(body, param string) ([]string, bool) {
	i := strings.LastIndex(body, "{{")
	if i < 0 || strings.Contains(body, "{{{{") {
		return nil, false
	}
	tail := body[i:]
	if !strings.HasSuffix(tail, "}}") || strings.TrimSpace(tail[2:len(tail)-2]) != param {
		return nil, false
	}
	prefix := body[:i]
	if prefix != "" && !strings.HasSuffix(prefix, " ") && !strings.HasSuffix(prefix, "\t") {
		return nil, false // glued to a word: --x={{args}}
	}
	words := strings.Fields(prefix)
	if len(words) == 0 || strings.Contains(words[0], "=") {
		return nil, false
	}
	for _, w := range words {
		if !plainShellWord(w) {
			return nil, false
		}
	}
	return words, true
}

// plainShellWord: a word sh reads as it is written.
func plainShellWord(w string) bool {
	return w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,@+-") == ""
}

// justSettingRisk says why a setting makes Memo unable to tell what a
// recipe's arguments do ("" when it does not).
func justSettingRisk(line string) string {
	m := justSetting.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return "a setting Memo cannot read"
	}
	on := m[2] == "" || strings.TrimSpace(m[3]) == "true"
	switch m[1] {
	case "positional-arguments", "export", "allow-duplicate-recipes":
		if on {
			return "set " + m[1]
		}
	case "windows-shell", "windows-powershell":
		// Only just on Windows runs recipes with them.
		if (on || m[1] == "windows-shell") && runtime.GOOS == "windows" {
			return "set " + m[1]
		}
	case "shell":
		v := strings.TrimSpace(m[3])
		if !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
			return "set shell"
		}
		items := strings.Split(strings.Trim(v, "[]"), ",")
		for k, it := range items {
			it = strings.Trim(strings.TrimSpace(it), `"'`)
			if k == 0 && it != "bash" && it != "sh" && it != "/bin/bash" && it != "/bin/sh" {
				return "set shell"
			}
			if k > 0 && !justShellArgs[it] {
				return "set shell"
			}
		}
	}
	return ""
}
