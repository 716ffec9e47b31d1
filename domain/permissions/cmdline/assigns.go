// SPDX-License-Identifier: Apache-2.0

package cmdline

import (
	"strings"

	"memo.dev/projects/domain"
	"mvdan.cc/sh/v3/syntax"
)

// SetsVariable is why a line that sets variables before its command asks
// (Words), and why the checker's reading of those variables asks when one of
// them is not a plain variable.
var SetsVariable = domain.T("the line sets a variable before the command")

// LineAssignments splits a line that sets variables before its command
// (GOOS=linux go build) into the NAME=value words and the command's words.
// Only plain assignments of literal text count (no +=, arrays, indexes);
// the command after them passes every gate of Words on its own.
func LineAssignments(line string) (assigns, words []string, reason domain.Text) {
	parser := parsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(line), "")
	parsers.Put(parser)
	if err != nil || len(f.Stmts) != 1 {
		return nil, nil, SetsVariable
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil, nil, SetsVariable
	}
	for _, a := range call.Assigns {
		if a.Append || a.Naked || a.Index != nil || a.Array != nil || a.Name == nil {
			return nil, nil, SetsVariable
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
