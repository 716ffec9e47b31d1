// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
)

// A variable set on make's line (make X=1) overrides every assignment of
// the makefiles, reaches every sub-make and is exported to the recipes.
// Memo reads where the makefiles the line reaches use it, and lets it pass
// only when every use is one where its value cannot choose what runs
// (docs/permissions.md §5): never the program a recipe command runs, a
// folder it changes to, an operand of a program that deletes, writes or
// runs what it names, an include, a target or prerequisite, vpath, nor
// inside $(shell), $(eval), $(call), $(foreach), $(wildcard), $(file) or
// $(value); a variable whose value holds it is followed two levels.

// MakeValue is what Memo knows of the value set.
type MakeValue struct {
	// Flags: the variable holds compiler flags (by its name, *FLAGS) and
	// the value passed the compiler-flag check, so it can name no program.
	Flags bool
	// Empty: the value is empty; Split: it holds more than one word.
	Empty, Split bool
}

// makeCarriers are make's variables that hold those set on its line.
var makeCarriers = []string{"MAKEFLAGS", "MAKEOVERRIDES", "MFLAGS", "-*-command-variables-*-"}

// maxTaint bounds how many variables deep a value is followed.
const maxTaint = 2

// makeFuncs are GNU make's functions, by what a value inside one becomes:
// "pass" (the result holds it), "stop" (it cannot reach the result, or
// the result is a number or a test), "bad" (the function runs, reads or
// evaluates it).
var makeFuncs = map[string]string{
	"subst": "pass", "patsubst": "pass", "strip": "pass", "findstring": "pass", "filter": "pass",
	"filter-out": "pass", "sort": "pass", "word": "pass", "wordlist": "pass", "firstword": "pass",
	"lastword": "pass", "dir": "pass", "notdir": "pass", "suffix": "pass", "basename": "pass",
	"addsuffix": "pass", "addprefix": "pass", "join": "pass", "abspath": "pass", "or": "pass", "and": "pass",
	"if": "pass", "intcmp": "pass", "words": "stop", "origin": "stop", "flavor": "stop", "info": "stop",
	"warning": "stop", "error": "stop", "shell": "bad", "eval": "bad", "call": "bad", "foreach": "bad",
	"wildcard": "bad", "file": "bad", "value": "bad", "realpath": "bad", "let": "bad", "guile": "bad",
}

// recipeRunners are programs that run, delete, write or change to what
// their operands name: a value among their operands asks.
var recipeRunners = map[string]bool{
	"cd": true, "pushd": true, "source": true, ".": true, "eval": true, "exec": true, "xargs": true,
	"sudo": true, "doas": true, "su": true, "command": true, "builtin": true, "trap": true, "rm": true,
	"rmdir": true, "unlink": true, "shred": true, "mv": true, "cp": true, "ln": true, "install": true,
	"chmod": true, "chown": true, "chgrp": true, "find": true, "tee": true, "dd": true, "truncate": true,
	"rsync": true, "tar": true, "unzip": true, "sed": true, "curl": true, "wget": true, "git": true,
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "watch": true,
	"parallel": true, "docker": true, "podman": true, "kubectl": true, "ssh": true, "scp": true,
}

// makeUse is one use of a variable: the file and line.
type makeUse struct {
	file string
	line int
}

func (u makeUse) String() string { return fmt.Sprintf("%s:%d", u.file, u.line) }

// VariableUse tells why setting name on the line could change what runs,
// or nothing; where lists the makefile lines that use it (file:line).
func (m *MakeRun) VariableUse(name string, v MakeValue) (where []string, reason domain.Text) {
	if !m.Problem.IsZero() {
		return nil, m.Problem
	}
	if len(m.makefiles) == 0 {
		return nil, domain.T("Memo reads no makefile of this line's make, so it cannot tell where `{{.Name}}` is used", "Name", name)
	}
	if reason := m.followsEveryMake(); !reason.IsZero() {
		return nil, reason
	}
	for _, d := range m.scripts {
		// A script a recipe runs gets the variable in its environment.
		if d.Text == "" || mentions(d.Text, name) {
			return nil, domain.T("`{{.Name}}` reaches {{.File}}, which a recipe runs, through the environment; Memo does not read how it uses it", "Name", name, "File", d.File)
		}
	}
	// MAKEFLAGS and MAKEOVERRIDES hold the variables of the line too.
	seen := map[string]bool{name: true}
	queue := []string{name}
	for _, n := range makeCarriers {
		seen[n] = true
		queue = append(queue, n)
	}
	for depth := 0; len(queue) > 0; depth++ {
		var next []string
		for _, n := range queue {
			for _, d := range m.texts {
				if d.Text == "" {
					return nil, domain.T("{{.File}} is larger than Memo reads, so it cannot tell where `{{.Name}}` is used", "File", d.File, "Name", name)
				}
				uses, tainted, why := makeVariableUses(d.Text, n, v)
				for _, u := range uses {
					where = append(where, makeUse{d.File, u}.String())
				}
				if !why.IsZero() {
					return where, domain.T("`{{.Name}}` {{.Why}} ({{.File}})", "Name", n, "Why", why, "File", d.File)
				}
				for _, t := range tainted {
					if seen[t] {
						continue
					}
					seen[t] = true
					if depth+1 >= maxTaint {
						return where, domain.T("`{{.Name}}` reaches `{{.Other}}`, further than Memo follows a value ({{.File}})", "Name", name, "Other", t, "File", d.File)
					}
					next = append(next, t)
				}
			}
		}
		queue = next
	}
	return where, domain.Text{}
}

// Uses reports whether a makefile the line reaches names name outside its
// comments ($(name), ${name}, name = …, ifdef name).
func (m *MakeRun) Uses(name string) bool {
	for _, d := range m.texts {
		for _, l := range makeLines(d.Text) {
			line := l.text
			if i := strings.IndexByte(line, '#'); i >= 0 && (i == 0 || line[i-1] != '\\') {
				line = line[:i]
			}
			if mentions(line, name) {
				return true
			}
		}
	}
	return false
}

// followsEveryMake: every make a recipe of the reached makefiles runs was
// followed (its makefiles are among them), and every include was: a
// variable on the line reaches them all.
func (m *MakeRun) followsEveryMake() domain.Text {
	files := map[string]bool{}
	for _, d := range m.texts {
		files[d.File] = true
	}
	for _, d := range m.texts {
		mf := parseMakefile(d.Text)
		vars := makeVars(nil, mf)
		for _, pat := range mf.patterns {
			if strings.Contains(MakeExpand(pat, vars), "$") {
				return domain.T("{{.File}} includes `{{.Include}}`, which Memo cannot expand", "File", d.File, "Include", pat)
			}
		}
		dir := m.cwds[d.File]
		cmds, _ := MakeCommands(d.Text, dir)
		for _, c := range cmds {
			if !runsMake(c) {
				continue
			}
			words, ok := subMakeWords(c)
			if !ok {
				return domain.T("{{.File}} runs `{{.Command}}`, a make Memo does not follow", "File", d.File, "Command", c.raw)
			}
			sub, named := makeFolder(dir, words)
			found := false
			if len(named) == 0 {
				named = makefileNames
			}
			for _, n := range named {
				found = found || files[filepath.ToSlash(filepath.Join(sub, n))]
			}
			if !found {
				return domain.T("{{.File}} runs `{{.Command}}`, a make Memo does not follow", "File", d.File, "Command", c.raw)
			}
		}
	}
	return domain.Text{}
}

// runsMake: the command runs make, or Memo cannot tell its program and
// its text names make.
func runsMake(c Command) bool {
	if len(c.words) > 0 {
		if catalog.ProgramName(c.words[0]) == "make" {
			return true
		}
		if !wrapperNames[catalog.ProgramName(c.words[0])] {
			return false
		}
	}
	for _, w := range strings.Fields(c.raw) {
		if catalog.ProgramName(strings.Trim(w, `"'`)) == "make" {
			return true
		}
	}
	return false
}

// subMakeWords are the words of a make command a recipe runs, from make
// on, when Memo can tell its folder and makefiles: each word computed when
// it runs is a target ($@) or a variable's assignment (X=$(X)), never an
// option or an option's value.
func subMakeWords(c Command) ([]string, bool) {
	if c.complete {
		return c.words, true
	}
	if strings.HasSuffix(c.raw, "…") {
		return nil, false
	}
	tokens := strings.Fields(c.raw)
	for len(tokens) > 0 && catalog.ProgramName(strings.Trim(tokens[0], `"'`)) != "make" {
		tokens = tokens[1:]
	}
	for i, t := range tokens {
		computed := strings.ContainsAny(t, "$`")
		switch {
		case !computed:
			if makeValueOption(t) && i+1 < len(tokens) && strings.ContainsAny(tokens[i+1], "$`") {
				return nil, false
			}
		case t == "$@" || t == `"$@"`:
		case assignWord(t):
		default:
			return nil, false
		}
	}
	return tokens, true
}

// makeValueOption: a make option that takes the next word as its value.
func makeValueOption(w string) bool {
	switch w {
	case "-C", "-f", "-I", "-o", "-W", "--directory", "--file", "--makefile", "--include-dir", "--eval":
		return true
	}
	return false
}

// mentions: name appears in text as a word of its own.
func mentions(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(name)
		if (a == 0 || !identByte(text[a-1])) && (b == len(text) || !identByte(text[b])) {
			return true
		}
		i = a + 1
	}
}

func identByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// makeLine is one logical line of a makefile (continuations joined) and
// the line it starts on.
type makeLine struct {
	text string
	n    int
}

func makeLines(text string) []makeLine {
	var out []makeLine
	raw := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(raw); i++ {
		start := i
		line := raw[i]
		for strings.HasSuffix(line, "\\") && i+1 < len(raw) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + raw[i]
		}
		out = append(out, makeLine{line, start + 1})
	}
	return out
}

// makeRef is one reference to the variable in a line: the span whose
// text holds its value (the reference, or the outermost function passing
// it on), and why it asks wherever it stands.
type makeRef struct {
	start, end int
	bad        domain.Text
}

// makeRefs finds the references to name in s.
func makeRefs(s, name string) []makeRef {
	var out []makeRef
	// outer are the enclosing calls that pass the value on; in a tested
	// place (an if's condition, $(words), $(info) …) a plain reference
	// cannot reach the text, but a bad one still asks.
	var walk func(from, to int, outer []makeRef, tested bool)
	add := func(r makeRef, tested bool) {
		if !tested || !r.bad.IsZero() {
			out = append(out, r)
		}
	}
	walk = func(from, to int, outer []makeRef, tested bool) {
		for i := from; i < to; i++ {
			if s[i] != '$' || i+1 >= to {
				continue
			}
			c := s[i+1]
			if c == '$' {
				i++
				continue
			}
			if c != '(' && c != '{' {
				if len(name) == 1 && c == name[0] {
					add(spanOf(i, i+2, outer), tested)
				}
				continue
			}
			end := matchingParen(s, i+1)
			if end < 0 || end >= to {
				out = append(out, makeRef{start: i, end: to, bad: domain.T("is used in text Memo cannot read")})
				return
			}
			inner := s[i+2 : end]
			fn, args, hasArgs := strings.Cut(inner, " ")
			kind, isFunc := makeFuncs[fn]
			call := append(outer[:len(outer):len(outer)], makeRef{start: i, end: end + 1})
			switch {
			case isFunc && hasArgs && kind == "bad":
				if len(makeRefs(inner, name)) > 0 {
					out = append(out, makeRef{start: i, end: end + 1, bad: domain.T("is used inside $({{.Func}} …), which runs, reads or evaluates it", "Func", fn)})
				}
			case isFunc && hasArgs && kind == "stop":
				walk(i+2+len(fn)+1, end, call, true)
			case isFunc && hasArgs && fn == "if":
				from := i + 2 + len(fn) + 1
				cond := len(makeArgs(args)[0])
				walk(from, from+cond, call, true)
				walk(from+cond, end, call, tested)
			case isFunc && hasArgs:
				walk(i+2+len(fn)+1, end, call, tested)
			case inner == name || strings.HasPrefix(inner, name+":"):
				add(spanOf(i, end+1, outer), tested)
			case strings.Contains(inner, "$"):
				// $($(X)_FLAGS): a name computed when make runs may be this one.
				if computedMayName(inner, name) {
					out = append(out, makeRef{start: i, end: end + 1, bad: domain.T("may be named by `$({{.Ref}})`, a variable name computed when make runs", "Ref", inner)})
				}
				walk(i+2, end, outer, tested)
			}
			i = end
		}
	}
	walk(0, len(s), nil, false)
	return out
}

// spanOf is a reference's span: the outermost call passing it on.
func spanOf(start, end int, outer []makeRef) makeRef {
	if len(outer) > 0 {
		return makeRef{start: outer[0].start, end: outer[0].end}
	}
	return makeRef{start: start, end: end}
}

// computedMayName: a reference whose name is computed ($(X)_FLAGS) may
// come to be name: its literal parts, in order, fit name.
func computedMayName(inner, name string) bool {
	var parts []string
	var b strings.Builder
	for i := 0; i < len(inner); i++ {
		if inner[i] == '$' && i+1 < len(inner) && (inner[i+1] == '(' || inner[i+1] == '{') {
			if end := matchingParen(inner, i+1); end > 0 {
				parts = append(parts, b.String())
				b.Reset()
				i = end
				continue
			}
		}
		if inner[i] == ' ' || inner[i] == ':' {
			break // a function or a substitution: not only a name
		}
		b.WriteByte(inner[i])
	}
	parts = append(parts, b.String())
	rest := name
	for k, p := range parts {
		switch {
		case k == 0:
			if !strings.HasPrefix(rest, p) {
				return false
			}
			rest = rest[len(p):]
		case k == len(parts)-1:
			return strings.HasSuffix(rest, p)
		default:
			j := strings.Index(rest, p)
			if j < 0 {
				return false
			}
			rest = rest[j+len(p):]
		}
	}
	return true
}

// makeVariableUses reads one makefile's text for name: the lines using
// it, the variables whose value holds it, and why a use asks.
func makeVariableUses(text, name string, v MakeValue) (lines []int, tainted []string, why domain.Text) {
	inDefine := false
	// The program words of recipes read with the makefile's variables over
	// make's own defaults ($(CC) is cc, $(RM) rm -f).
	vars := makeVars(map[string]string{"CC": "cc", "CXX": "g++", "CPP": "cc -E", "AR": "ar", "AS": "as", "LD": "ld", "RM": "rm -f"}, parseMakefile(text))
	exported := map[string]bool{}
	exportAll := strings.Contains(text, ".EXPORT_ALL_VARIABLES")
	if mentions(strings.ReplaceAll(text, "$${", "$$"), "$$"+name) {
		return nil, nil, domain.T("is read from the environment by a recipe ($${{.Name}})", "Name", name)
	}
	inRule := false
	for _, l := range makeLines(text) {
		line := l.text
		recipe := strings.HasPrefix(line, "\t") && inRule
		if !recipe {
			inRule = inRule && makeKeepsRule(line)
			if !inRule && !inDefine && ruleLine(line) {
				inRule = true
			}
		}
		if !recipe {
			if i := strings.IndexByte(line, '#'); i >= 0 && (i == 0 || line[i-1] != '\\') {
				line = line[:i]
			}
		}
		fields := strings.Fields(line)
		if !recipe && len(fields) > 0 {
			switch fields[0] {
			case "define":
				inDefine = true
				continue
			case "endef":
				inDefine = false
				continue
			}
		}
		refs := makeRefs(line, name)
		if len(refs) == 0 {
			if !recipe && len(fields) > 1 && fields[0] == "export" {
				for _, f := range fields[1:] {
					exported[f] = true
				}
			}
			continue
		}
		lines = append(lines, l.n)
		for _, r := range refs {
			if !r.bad.IsZero() {
				return lines, nil, r.bad
			}
		}
		if inDefine {
			return lines, nil, domain.T("is used inside a define, which make may evaluate or call")
		}
		if recipe {
			if why := recipeUse(line, name, refs, v, vars); !why.IsZero() {
				return lines, nil, why
			}
			continue
		}
		t, why := directiveUse(line, fields, refs, v, exported, exportAll)
		if !why.IsZero() {
			return lines, nil, why
		}
		tainted = append(tainted, t...)
	}
	return lines, tainted, domain.Text{}
}

// directiveUse judges the references of a line outside recipes.
func directiveUse(line string, fields []string, refs []makeRef, v MakeValue, exported map[string]bool, exportAll bool) ([]string, domain.Text) {
	switch fields[0] {
	case "ifeq", "ifneq", "ifdef", "ifndef", "else":
		return nil, domain.Text{} // only compared
	case "include", "-include", "sinclude":
		return nil, domain.T("names a makefile to include")
	case "vpath", "VPATH":
		return nil, domain.T("chooses where make looks for files (vpath)")
	}
	rest := line
	export := false
	for {
		trimmed := strings.TrimLeft(rest, " \t")
		w, after, _ := strings.Cut(trimmed, " ")
		if w != "export" && w != "override" && w != "private" {
			break
		}
		export = export || w == "export"
		rest = after
	}
	offset := len(line) - len(rest)
	colon := topLevelColon(rest)
	for _, op := range []string{":::=", "::=", ":=", "?=", "+=", "!=", "="} {
		i := strings.Index(rest, op)
		if i <= 0 {
			continue
		}
		lhs := strings.TrimSpace(rest[:i])
		if colon >= 0 && colon < i && !strings.HasPrefix(op, ":") {
			// target: X = v, a variable of a target's recipes.
			for _, r := range refs {
				if r.start < offset+colon {
					return nil, domain.T("names a target or prerequisite")
				}
			}
			lhs = strings.TrimSpace(rest[colon+1 : i])
		} else if strings.ContainsAny(lhs, " :") {
			break
		}
		for _, r := range refs {
			if r.start < offset+i {
				return nil, domain.T("is part of a variable's name")
			}
		}
		if op == "!=" {
			return nil, domain.T("is in an assignment a shell runs (!=)")
		}
		if catalog.MakeOwnVariable(lhs) {
			return nil, domain.T("is in `{{.Var}}`, which make itself reads", "Var", lhs)
		}
		if (export || exported[lhs] || exportAll) && (!catalog.Builtin().VariableRisk([]string{lhs}).IsZero() || catalog.ToolVariable(lhs)) {
			return nil, domain.T("is exported to the recipes in `{{.Var}}`, which makes programs run or load other code", "Var", lhs)
		}
		return []string{lhs}, domain.Text{}
	}
	if colon >= 0 {
		return nil, domain.T("names a target or prerequisite")
	}
	return nil, domain.T("is expanded as makefile text")
}

// recipeUse judges the references of a recipe line (after its tab).
func recipeUse(line, name string, refs []makeRef, v MakeValue, vars map[string]string) domain.Text {
	for _, r := range refs {
		pre := line[:r.start]
		trimmed := strings.TrimRight(pre, " \t")
		if strings.HasSuffix(trimmed, ">") || strings.HasSuffix(trimmed, "<") {
			return domain.T("names a file a recipe redirects to")
		}
		seg := pre
		if i := strings.LastIndexAny(maskRefs(pre), ";|&()`{}\n"); i >= 0 {
			seg = pre[i+1:]
		}
		lead := pre[strings.LastIndexAny(pre, " \t")+1:]
		if !v.Split && envValueOf(name, lead, line[r.end:]) {
			// X=$(X) cmd: the value in the command's environment under its
			// own name, as make exports X itself to every recipe; one
			// word, or the shell would run the second.
			continue
		}
		words := makeWords(seg)
		for len(words) > 0 && (shellKeyword(words[0]) || assignWord(words[0]) || strings.Trim(words[0], "@-+") == "") {
			words = words[1:]
		}
		if strings.Contains(pre, "$$(") || strings.Contains(pre, "`") {
			return domain.T("is inside a command substitution, whose output a recipe may run")
		}
		if pipesToRunner(line[r.end:]) {
			return domain.T("is piped into a program that runs what it reads")
		}
		if len(words) > 0 && (words[0] == "for" || words[0] == "select" || words[0] == "case") {
			return domain.T("is a list a shell `{{.Word}}` in a recipe goes through", "Word", words[0])
		}
		if len(words) == 0 {
			if v.Empty && recipeHasMore(line[r.end:]) {
				return domain.T("is the first word of a recipe command, where even no value changes which word runs")
			}
			if !v.Empty {
				return domain.T("is the program a recipe runs")
			}
			continue
		}
		first := words[0]
		if expanded := makeWords(MakeExpand(first, vars)); len(expanded) > 0 {
			first = expanded[0]
		}
		prog := catalog.ProgramName(first)
		switch {
		case strings.Contains(first, "$"):
			if !v.Flags && !v.Empty {
				return domain.T("is an operand of `{{.Program}}`, a program computed when make runs, which may run what it names", "Program", words[0])
			}
		case prog == "make":
			word := strings.NewReplacer(`"`, "", "'", "").Replace(wordAt(line, r.start))
			if word != name+"=$("+name+")" && word != name+"=${"+name+"}" && !slices.Contains(makeCarriers, name) {
				return domain.T("is an argument of a sub-make, which may read it as an option, a folder or another variable")
			}
		case recipeRunners[prog] || wrapperNames[prog] || catalog.IsInterpreter(prog):
			return domain.T("is an operand of `{{.Program}}`, which runs, deletes, writes or changes to what it names", "Program", words[0])
		default:
			if !v.Split && optionValueOf(prog, lead) {
				// --scope=$(X) after `bun run check`: an option's value,
				// not what runs.
				continue
			}
			for _, w := range words[1:] {
				if runWords[w] {
					return domain.T("follows `{{.Word}}` in `{{.Program}}`, where it may name what runs", "Word", w, "Program", words[0])
				}
			}
		}
	}
	return domain.Text{}
}

// runWords, before a value in a recipe command, make it name what the
// program runs (go run X, npm exec X, python -c X).
var runWords = map[string]bool{
	"run": true, "exec": true, "x": true, "dlx": true, "-c": true, "-e": true, "--eval": true, "-m": true,
	"eval": true, "tool": true, "generate": true, "-exec": true, "--exec": true, "-toolexec": true,
	"--require": true, "-r": true, "script": true, "start": true,
}

// envValueOf: lead (the word up to a reference to variable) is `NAME=`
// before a command that follows on the line, NAME the variable's own
// name in any case (make exports it so already; another name may be one
// a program reads as a command), not one that chooses a program or
// loads code, and the line reads no shell variable after it ($$NAME
// could run it).
func envValueOf(variable, lead, rest string) bool {
	name, ok := strings.CutSuffix(lead, "=")
	if !ok || !assignWord(lead) || !strings.EqualFold(name, variable) || riskyShellVariable(name) || catalog.ToolVariable(name) || strings.Contains(rest, "$$") {
		return false
	}
	rest = strings.TrimLeft(rest[strings.IndexAny(rest+" ", " \t;|&)<>"):], " \t")
	return rest != "" && !strings.ContainsAny(rest[:1], ";|&)<>") && !strings.HasPrefix(rest, "$")
}

// optionValueOf: lead is `--name=` or `-name=`, glued before the reference,
// an option that neither runWords nor the program's risky table names:
// its value is the option's, not a word naming what runs.
func optionValueOf(prog, lead string) bool {
	opt, ok := strings.CutSuffix(lead, "=")
	if !ok || !strings.HasPrefix(opt, "-") || strings.Trim(opt, "-") == "" || strings.ContainsAny(opt, "$=\"'`") || runWords[opt] {
		return false
	}
	return catalog.Builtin().RiskyArgs(prog, []string{lead + "x"}, "").IsZero()
}

// recipeHasMore: words follow on the command (so an empty value would
// leave one of them first).
func recipeHasMore(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest != "" && !strings.ContainsAny(rest[:1], ";|&)")
}

// wordAt is the word of line holding position i.
func wordAt(line string, i int) string {
	a := strings.LastIndexAny(line[:i], " \t") + 1
	b := strings.IndexAny(line[i:], " \t")
	if b < 0 {
		return line[a:]
	}
	return line[a : i+b]
}

func shellKeyword(w string) bool {
	switch w {
	case "then", "do", "else", "elif", "if", "while", "until", "!", "time", "{":
		return true
	}
	return false
}

// assignWord: NAME=value before a command (the command follows).
func assignWord(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !identByte(name[i]) {
			return false
		}
	}
	return true
}

// maskRefs is s with each make reference ($(X), ${X}) replaced by as many
// x's, so that their brackets are not read as the shell's.
func maskRefs(s string) string {
	b := []byte(s)
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '$' {
			continue
		}
		if b[i+1] == '$' {
			i++
			continue
		}
		if b[i+1] != '(' && b[i+1] != '{' {
			continue
		}
		end := matchingParen(s, i+1)
		if end < 0 {
			end = len(b) - 1
		}
		for k := i; k <= end; k++ {
			b[k] = 'x'
		}
		i = end
	}
	return string(b)
}

// pipesToRunner: a later command of the line, after a pipe, is a shell,
// an interpreter or another program that runs what it reads.
func pipesToRunner(rest string) bool {
	parts := strings.Split(maskRefs(rest), "|")
	for _, part := range parts[1:] {
		words := strings.Fields(part)
		if len(words) == 0 {
			continue
		}
		prog := catalog.ProgramName(words[0])
		if recipeRunners[prog] || wrapperNames[prog] || catalog.IsInterpreter(prog) || strings.Contains(words[0], "x") && strings.Trim(words[0], "x") == "" {
			return true
		}
	}
	return false
}

// ruleLine: a line outside recipes that starts a rule (targets: …),
// not an assignment.
func ruleLine(line string) bool {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	mf := parseMakefile(strings.TrimLeft(line, " \t"))
	return len(mf.targets) > 0
}
