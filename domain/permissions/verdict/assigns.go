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
			own = append(own, name)
		}
		if reason := in.project.PathProblem(value); value != "" && !reason.IsZero() {
			return reason, nil
		}
	}
	return domain.Text{}, own
}

// projectAssignsProblem: each of the line's own variables (projectAssigns)
// is named, as a whole word, by a definition the rule runs and pins
// (projectfiles Definitions: the script, the Makefile, package.json's
// script …), and no definition runs its value as a command ($NAME as a
// command's first word, after exec or eval), and no line of a definition
// that names it holds a word of not_beside_project_variables (install,
// require, exec …: the value could choose what is installed, loaded or
// run). Otherwise the line sets a
// variable before the command, as before: a name only a file the rule does
// not pin reads (mix.exs, a test helper) asks.
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
	for _, name := range in.projectAssigns {
		read := false
		for _, d := range defs {
			if runsVariable(d.Text, name) {
				return cmdline.SetsVariable
			}
			for _, line := range strings.Split(d.Text, "\n") {
				if !namesWord(line, name) {
					continue
				}
				read = true
				for _, w := range strings.FieldsFunc(line, notWordChar) {
					if beside[w] {
						// The value could choose what is installed,
						// loaded or run (pip install $PKG).
						return cmdline.SetsVariable
					}
				}
			}
		}
		if !read {
			return cmdline.SetsVariable
		}
	}
	return domain.Text{}
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
// a line's start, after ; & | ( ` or a keyword that starts one), or after
// exec, eval, command, env, xargs or sudo.
func runsVariable(text, name string) bool {
	if !strings.Contains(text, name) {
		return false
	}
	re := regexp.MustCompile(`(?m)(^|[;&|(` + "`" + `]|\b(?:then|do|else|exec|eval|command|env|xargs|sudo|time|nohup)\s)\s*["']?\$[{(]?` + name + `\b`)
	return re.MatchString(text)
}

// makeReadsAssigns: the command is make, in a project whose makefiles the
// line's variables are judged against (makeLine reads them there).
func (in *inspector) makeReadsAssigns(words []string) bool {
	if in.project == nil || in.noConfigs || len(words) == 0 {
		return false
	}
	name, _ := in.catalog().ResolveProgram(words)
	return name == "make"
}
