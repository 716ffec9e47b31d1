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
