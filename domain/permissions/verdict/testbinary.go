// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"maps"
	"strings"

	"memo.dev/projects/domain/permissions/projectfiles"
)

// testBinarySpelled is the rule's option words with the line's test
// framework options added (the catalogue's test_binary_options:
// googletest's --gtest_color=yes …), when the program word names a
// program the project builds: a file of the project, compiled or not
// there yet, which has no entry and no table of risky arguments and is run
// by no interpreter. ok is false for any other line, which reads as before.
// values are the values the options carry, for the caller to path-check
// (xml:/tmp/x.xml as its part after the colon too: --gtest_output asks).
func (in *inspector) testBinarySpelled(name, word string, args []string) (spelled map[string]bool, values []string, ok bool) {
	c := in.catalog()
	if in.project == nil || in.rule || in.interp != "" || c.TestBinary == nil || !projectFile(word) || projectfiles.ProtectedPart(word) {
		return nil, nil, false
	}
	if _, ok := c.Entries[name]; ok || c.IsInterpreter(name) {
		return nil, nil, false
	}
	if _, ok := c.Programs[name]; ok {
		return nil, nil, false
	}
	var found []string
	for _, a := range args {
		if a == "--" {
			break // the program's own words: googletest stops reading too
		}
		if c.TestBinaryOption(a) {
			found = append(found, a)
		}
	}
	if len(found) == 0 || !in.project.BuiltProgram(word) {
		return nil, nil, false
	}
	spelled = maps.Clone(in.spelled)
	if spelled == nil {
		spelled = map[string]bool{}
	}
	for _, a := range found {
		spelled[a] = true
		if _, v, glued := strings.Cut(a, "="); glued {
			values = append(values, v)
		}
	}
	return spelled, values, true
}
