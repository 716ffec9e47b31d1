// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"regexp"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// afterAssignments is the command's words of a line that sets variables
// before it, when each of them may be set (assignsProblem).
func (in *inspector) afterAssignments(line string) ([]string, domain.Text) {
	assigns, words, reason := cmdline.LineAssignments(line)
	in.projectAssigns = nil
	if reason.IsZero() {
		var own []string
		reason, own = in.assignsProblem(assigns)
		if (reason.Template == cmdline.SetsVariable.Template || len(own) > 0) && in.makeReadsAssigns(words) {
			// make reads its environment as variables the makefiles may
			// override, and exports them to the recipes as it does a
			// variable set on its line: NAME=1 make test can do no more
			// than make test NAME=1, and is judged as such a variable is,
			// by its uses in the makefiles the line reaches (makeLine),
			// switch values included.
			in.envAssigns = assigns
			return words, domain.Text{}
		}
		if reason.IsZero() {
			// A project's own variables: the rule's definitions must
			// read them (judgeWith, projectAssignsProblem).
			in.projectAssigns = own
		}
	}
	if !reason.IsZero() {
		return nil, reason
	}
	return words, domain.Text{}
}

// assignsProblem: a variable set before the command passes only when the
// catalogue lists it as plain (plain_variables: it chooses a target, the
// output or a log level, never what runs; switch_variables and
// word_variables with a switch or a plain word; flag_variables holding lint
// levels and cfgs alone; sanitizer_variables holding switches and numbers)
// and its value is no path outside the project. One that makes the
// program load or run other code says so. In a project, own are the
// variables of a project's own shape (catalog ProjectVariable: a name no
// list knows, a plain word), which pass only once the rule is known and a
// definition it runs reads them (projectAssignsProblem).
func (in *inspector) assignsProblem(assigns []string) (reason domain.Text, own []string) {
	c := in.catalog()
	for _, a := range assigns {
		name, value, _ := strings.Cut(a, "=")
		if c.FlagVariables[name] && projectfiles.HarmlessRustflags(strings.Fields(value)) {
			continue // lint levels and cfgs only, as in .cargo/config.toml
		}
		if reason := c.VariableRisk([]string{a}); !reason.IsZero() {
			return reason, nil
		}
		if !c.PlainAssignment(name, value) {
			if in.project == nil || !c.ProjectVariable(name, value) {
				return cmdline.SetsVariable, nil
			}
			own = append(own, a)
		}
		if reason := in.project.PathProblem(value); value != "" && !reason.IsZero() {
			return reason, nil
		}
	}
	return domain.Text{}, own
}

// projectAssignsProblem: each of the line's own variables (projectAssigns,
// NAME=VALUE) is named, as a whole word, by a definition the rule runs and
// pins (projectfiles Definitions: the script, the Makefile, package.json's
// script …), its value is a word one of those definitions spells too (the
// project's own choice: sqlite in `case "$DB" in sqlite)`, never a module,
// a host or a program the line picks), no definition runs its value as a
// command ($NAME as a command's first word, after exec, eval, if, timeout
// …, or a make recipe's @$(NAME)), and no line of a definition that names
// it holds a word of not_beside_project_variables (install, require,
// --require, exec …: the value could choose what is installed, loaded or
// run). Otherwise the line sets a variable before the command, as before:
// a name only a file the rule does not pin reads (mix.exs, a test helper)
// asks.
func (in *inspector) projectAssignsProblem(rule string) domain.Text {
	if len(in.projectAssigns) == 0 {
		return domain.Text{}
	}
	if in.project == nil || rule == "" {
		return cmdline.SetsVariable
	}
	defs, problem := in.project.Definitions(rule)
	if !problem.IsZero() {
		return cmdline.SetsVariable
	}
	beside := in.catalog().NotBesideProjectVariables
	for _, a := range in.projectAssigns {
		name, value, _ := strings.Cut(a, "=")
		read, spelled := false, false
		for _, d := range defs {
			if runsVariable(d.Text, name) {
				return cmdline.SetsVariable
			}
			if namesWord(d.Text, name) && spellsValue(d.Text, value) {
				spelled = true
			}
			for _, line := range strings.Split(d.Text, "\n") {
				if !namesWord(line, name) {
					continue
				}
				read = true
				for _, w := range strings.FieldsFunc(line, notWordChar) {
					if beside[w] || beside[strings.TrimLeft(w, "-")] {
						// The value could choose what is installed,
						// loaded or run (pip install $PKG, mocha
						// --require $HELPER).
						return cmdline.SetsVariable
					}
				}
			}
		}
		if !read || !spelled {
			return cmdline.SetsVariable
		}
	}
	return domain.Text{}
}

// spellsValue: text holds value as a whole word of a project's own
// variable's value (letters, digits, `.`, `_`, `-`): sqlite in
// `env DB=sqlite`, not in sqlite3 or my.sqlite. A dotted module name
// (two dots at least) may instead be a sibling of one text spells, its
// last part an identifier: django.db.backends.mysql beside
// django.db.backends.postgresql, a module of the package the project
// names, as Django imports it.
func spellsValue(text, value string) bool {
	if spellsWord(text, value, false) {
		return true
	}
	i := strings.LastIndexByte(value, '.')
	return i > 0 && strings.Count(value[:i], ".") >= 1 && identifier.MatchString(value[i+1:]) &&
		spellsWord(text, value[:i+1], true)
}

// identifier is a module name's last part (mysql, sqlite3).
var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// spellsWord: text holds word starting a word of a value; unless prefix,
// ending one too (a word followed by `.` and no more of the word ends it).
func spellsWord(text, word string, prefix bool) bool {
	part := func(b byte) bool {
		return b == '_' || b == '-' || b == '.' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
	}
	value := word
	for at := 0; ; {
		i := strings.Index(text[at:], value)
		if i < 0 {
			return false
		}
		i += at
		end := i + len(value)
		if prefix {
			if (i == 0 || !part(text[i-1])) && end < len(text) && identifier.MatchString(text[end:end+1]) {
				return true
			}
		} else if (i == 0 || !part(text[i-1])) && (end == len(text) || !part(text[end]) ||
			text[end] == '.' && (end+1 == len(text) || !part(text[end+1]))) {
			return true
		}
		at = i + 1
	}
}

// notWordChar splits a definition's line into the words
// not_beside_project_variables names: at all but letters, digits, _ and -.
func notWordChar(r rune) bool {
	return !(r == '_' || r == '-' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
}

// namesWord: text holds name as a whole identifier (DB in ${DB:-x} or
// ENV["DB"], not in RAILSDB or DB_HOST).
func namesWord(text, name string) bool {
	ident := func(b byte) bool {
		return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
	}
	for at := 0; ; {
		i := strings.Index(text[at:], name)
		if i < 0 {
			return false
		}
		i += at
		end := i + len(name)
		if (i == 0 || !ident(text[i-1])) && (end == len(text) || !ident(text[end])) {
			return true
		}
		at = i + 1
	}
}

// runsVariable: a shell or make text runs the variable's value as a
// command: $NAME, ${NAME…} or $(NAME) as the first word of a command (at
// a line's start, after a make recipe's @, - or +, after ; & | ( ` { or !,
// or a keyword that starts one: then, do, else, if, elif, while, until),
// or after a program that runs its words (exec, eval, command, env, xargs,
// sudo, time, nohup, timeout with its duration, nice, stdbuf, setsid …).
func runsVariable(text, name string) bool {
	if !strings.Contains(text, name) {
		return false
	}
	for _, m := range commandVariable.FindAllStringSubmatch(text, -1) {
		if m[len(m)-1] == name {
			return true
		}
	}
	return false
}

// commandVariable is a variable's expansion where a command's first word
// stands (runsVariable), the variable's name its last group; compiled
// once, not for each definition a line is checked against.
var commandVariable = regexp.MustCompile(`(?m)(^[\t ]*[@+-]*|[;&|(` + "`" + `{!]|\b(?:then|do|else|if|elif|while|until|exec|eval|command|builtin|env|xargs|sudo|doas|time|nohup|timeout|nice|ionice|stdbuf|setsid|chronic|unbuffer|watch|strace|ltrace|gdb|valgrind)\s)` +
	`(\s*(-[^\s]*|[0-9][0-9.]*[smhd]?))*\s*["']?\$[{(]?([A-Za-z_][A-Za-z0-9_]*)\b`)

// makeReadsAssigns: the command is make, in a project whose makefiles the
// line's variables are judged against (makeLine reads them there).
func (in *inspector) makeReadsAssigns(words []string) bool {
	if in.project == nil || in.noConfigs || len(words) == 0 {
		return false
	}
	name, _ := in.catalog().ResolveProgram(words)
	return name == "make"
}
