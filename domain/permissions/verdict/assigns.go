// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// afterAssignments is the command's words of a line that sets variables
// before it, when each of them may be set (assignsProblem).
func (in *inspector) afterAssignments(line string) ([]string, domain.Text) {
	assigns, words, reason := cmdline.LineAssignments(line)
	if reason.IsZero() {
		reason = in.assignsProblem(assigns)
		if reason.Template == cmdline.SetsVariable.Template && in.makeReadsAssigns(words) {
			// make reads its environment as variables the makefiles may
			// override, and exports them to the recipes as it does a
			// variable set on its line: NAME=1 make test can do no more
			// than make test NAME=1, and is judged as such a variable is,
			// by its uses in the makefiles the line reaches (makeLine),
			// switch values included.
			in.envAssigns = assigns
			return words, domain.Text{}
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
// levels and cfgs alone) and its value is no path outside the project. One that makes the program load or run other code says so.
func (in *inspector) assignsProblem(assigns []string) domain.Text {
	c := in.catalog()
	for _, a := range assigns {
		name, value, _ := strings.Cut(a, "=")
		if c.FlagVariables[name] && projectfiles.HarmlessRustflags(strings.Fields(value)) {
			continue // lint levels and cfgs only, as in .cargo/config.toml
		}
		if reason := c.VariableRisk([]string{a}); !reason.IsZero() {
			return reason
		}
		if !c.PlainAssignment(name, value) {
			return cmdline.SetsVariable
		}
		if reason := in.project.PathProblem(value); value != "" && !reason.IsZero() {
			return reason
		}
	}
	return domain.Text{}
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
