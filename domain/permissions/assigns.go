// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"

	"memo.dev/projects/domain"
	"mvdan.cc/sh/v3/syntax"
)

// setsVariable is why a line that sets variables before its command asks
// when one of them is not a plain variable.
var setsVariable = domain.T("the line sets a variable before the command")

// afterAssignments is the command's words of a line that sets variables
// before it, when each of them may be set (assignsProblem).
func (in *inspector) afterAssignments(line string) ([]string, domain.Text) {
	assigns, words, reason := lineAssignments(line)
	if reason.IsZero() {
		reason = in.assignsProblem(assigns)
	}
	if !reason.IsZero() {
		return nil, reason
	}
	return words, domain.Text{}
}

// lineAssignments splits a line that sets variables before its command
// (GOOS=linux go build) into the NAME=value words and the command's words.
// Only plain assignments of literal text count (no +=, arrays, indexes);
// the command after them passes every gate of Words on its own.
func lineAssignments(line string) (assigns, words []string, reason domain.Text) {
	parser := parsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(line), "")
	parsers.Put(parser)
	if err != nil || len(f.Stmts) != 1 {
		return nil, nil, setsVariable
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil, nil, setsVariable
	}
	for _, a := range call.Assigns {
		if a.Append || a.Naked || a.Index != nil || a.Array != nil || a.Name == nil {
			return nil, nil, setsVariable
		}
		value := ""
		if a.Value != nil {
			v, r := literal(a.Value)
			if !r.IsZero() {
				return nil, nil, r
			}
			value = v
		}
		assigns = append(assigns, a.Name.Value+"="+value)
	}
	words, reason = Words(line[call.Args[0].Pos().Offset():])
	if !reason.IsZero() {
		return nil, nil, reason
	}
	return assigns, words, domain.Text{}
}

// assignsProblem: a variable set before the command passes only when the
// catalogue lists it as plain (plain_variables: it chooses a target, the
// output or a log level, never what runs) and its value is no path outside
// the project. One that makes the program load or run other code says so.
func (in *inspector) assignsProblem(assigns []string) domain.Text {
	c := in.catalog()
	if reason := c.variableRisk(assigns); !reason.IsZero() {
		return reason
	}
	for _, a := range assigns {
		name, value, _ := strings.Cut(a, "=")
		if !c.plainVariables[name] {
			return setsVariable
		}
		if reason := in.project.pathProblem(value); value != "" && !reason.IsZero() {
			return reason
		}
	}
	return domain.Text{}
}
