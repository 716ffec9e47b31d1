// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"maps"
	"slices"
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
		if name, _ := goFlagWord(a); catalog.FlagNamesProgram(name) {
			flag := strings.SplitN(a, "=", 2)[0]
			return nil, nil, goFlagProgram(flag, v), true
		}
		if projectfiles.IsRemoteSpec(v) {
			return nil, nil, domain.T("`{{.Word}}` may name a remote or a network address, which the project's tests would reach with `{{.Flag}}`", "Word", v, "Flag", strings.SplitN(a, "=", 2)[0]), true
		}
		values = append(values, v)
	}
	return spelled, values, domain.Text{}, true
}

// goFlagProgram is the reason a value of a flag of the project's tests
// whose name says it names a program, a plugin or where code comes from
// asks: the tests would run or load what the line names.
func goFlagProgram(flag, value string) domain.Text {
	return domain.T("`{{.Word}}` may name a program or code the project's tests would run or load with `{{.Flag}}`", "Word", value, "Flag", flag)
}

// goTestArgsProblem: the words after go test's -args go to the test
// binary as they are, which reads its flags from them; a flag whose name
// says its value names a program (-gitbin=curl, -plugin x.so) asks as it
// does before -args. The testing package's own -test.* flags are read
// as paths already.
func goTestArgsProblem(args []string) domain.Text {
	at := slices.IndexFunc(args, func(a string) bool { return a == "-args" || a == "--args" })
	if at < 0 {
		return domain.Text{}
	}
	rest := args[at+1:]
	for i, a := range rest {
		if a == "--" {
			break
		}
		name, ok := goFlagWord(a)
		if !ok || strings.HasPrefix(name, "test.") || !catalog.FlagNamesProgram(name) {
			continue
		}
		v, glued := "", false
		if _, v, glued = strings.Cut(a, "="); !glued && i+1 < len(rest) && !catalog.IsOptionWord(rest[i+1], false) {
			v = rest[i+1]
		}
		if v != "" {
			return goFlagProgram(strings.SplitN(a, "=", 2)[0], v)
		}
	}
	return domain.Text{}
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
