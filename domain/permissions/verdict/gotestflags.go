// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"maps"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// goTestSpelled is the rule's option words with the line's flags that the
// project's test code defines for the test binary go test hands them to
// (projectfiles.GoTestFlags: rclone's -remote, prometheus's
// -test.tsdb-isolation is go test's own spelling and never one), when the
// line is go test in a project and one of its words is such a flag.
// pkgs are the packages the line tests (go test's operands before the
// first flag it does not know). values are the values the flags carry,
// glued on or the next word, for the caller to path-check; why is set
// when a value may name a remote or a network address, which the tests
// would reach: it asks.
func (in *inspector) goTestSpelled(args, pkgs []string) (spelled map[string]bool, values []string, why domain.Text, ok bool) {
	if in.project == nil || in.rule {
		return nil, nil, domain.Text{}, false
	}
	var found []int
	var flags map[string]bool
	for i, a := range args {
		if a == "--" || a == "-args" || a == "--args" {
			break // the test binary's own words: read as such already
		}
		name, ok := goFlagWord(a)
		if !ok {
			continue
		}
		if flags == nil {
			flags = in.project.GoTestFlags(pkgs)
			if len(flags) == 0 {
				return nil, nil, domain.Text{}, false
			}
		}
		if flags[name] {
			found = append(found, i)
		}
	}
	if len(found) == 0 {
		return nil, nil, domain.Text{}, false
	}
	spelled = maps.Clone(in.spelled)
	if spelled == nil {
		spelled = map[string]bool{}
	}
	for _, i := range found {
		a := args[i]
		spelled[a] = true
		v, glued := "", false
		if _, v, glued = strings.Cut(a, "="); !glued && i+1 < len(args) && !catalog.IsOptionWord(args[i+1], false) {
			v = args[i+1] // a value of its own or an argument of the test binary: checked alike
		}
		if v == "" {
			continue
		}
		if projectfiles.IsRemoteSpec(v) {
			return nil, nil, domain.T("`{{.Word}}` may name a remote or a network address, which the project's tests would reach with `{{.Flag}}`", "Word", v, "Flag", strings.SplitN(a, "=", 2)[0]), true
		}
		values = append(values, v)
	}
	return spelled, values, domain.Text{}, true
}

// goFlagWord is the name the flag package reads in the word a (-name,
// --name, -name=value).
func goFlagWord(a string) (string, bool) {
	body, ok := strings.CutPrefix(a, "-")
	if !ok {
		return "", false
	}
	body = strings.TrimPrefix(body, "-")
	name, _, _ := strings.Cut(body, "=")
	return name, name != "" && name[0] != '-'
}
