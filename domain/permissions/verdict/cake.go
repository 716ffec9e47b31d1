// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// dotnet cake runs the Cake script of the project (build.cake, or the one
// named) with the arguments of its line: `--target=NAME` picks the task,
// `--NAME=VALUE` sets an argument the script reads. Beyond the rule's
// words they pass when the script the rule pins defines them
// (docs/permissions.md §7, Cake and NUKE builds): a task the script
// defines, an argument it reads set to a plain name (checked as a path
// besides), and Cake's options that only choose what is shown. Anything
// else — an unknown task or argument, Cake's configuration (`--paths_tools=`,
// `--nuget_source=`), `--bootstrap`, a value that is a path or a list — is
// left unknown, as before.

// cakeOwnFlags are Cake's options that only choose what it shows or skips
// (a dry run, the task tree, one task alone).
var cakeOwnFlags = []string{"dryrun", "noop", "whatif", "showdescription", "description", "showtree", "tree", "exclusive", "e", "info", "version", "help", "h"}

// cakeSelects are argument names that choose what is built, whatever
// programParts find in them (configuration holds "conf").
var cakeSelects = []string{"configuration", "framework", "platform", "runtime", "version"}

// cakeLine reads the words of a dotnet cake line past the rule's: the
// values to check as paths, and whether every word passed. args are the
// words after dotnet, `cake` first; ruleArgs how many of them the rule
// spells.
func (in *inspector) cakeLine(args []string, ruleArgs int) ([]string, domain.Text, bool) {
	i := slices.Index(args, "cake")
	if in.project == nil || in.rule || in.noConfigs || i < 0 {
		return nil, domain.Text{}, false
	}
	ruleWords := in.named
	if j := slices.Index(ruleWords, "cake"); j >= 0 {
		ruleWords = ruleWords[j+1:]
	} else {
		ruleWords = nil
	}
	word := projectfiles.CakeScriptWord(args[i+1:])
	if word != projectfiles.CakeScriptWord(ruleWords) {
		return nil, domain.T("`{{.Word}}` is another Cake script than the rule runs; name it in the rule", "Word", word), true
	}
	s := in.project.CakeScript(word)
	if !s.Exists {
		return nil, domain.Text{}, false
	}
	var paths []string
	for k := max(ruleArgs, i+1); k < len(args); k++ {
		a := args[k]
		if in.spelled[a] {
			continue
		}
		if !strings.HasPrefix(a, "-") {
			if a == word {
				paths = append(paths, a)
				continue
			}
			return nil, domain.Text{}, false
		}
		name, value, glued := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if slices.Contains(cakeOwnFlags, strings.ToLower(name)) && !glued {
			continue
		}
		if strings.EqualFold(name, "verbosity") || strings.EqualFold(name, "v") {
			if !glued && k+1 < len(args) {
				k++
				value = args[k]
			}
			if catalog.PlainValue(value) {
				continue
			}
			return nil, domain.Text{}, false
		}
		if !glued && k+1 < len(args) && !strings.HasPrefix(args[k+1], "-") {
			k++
			value = args[k]
		}
		if reason := cakeArgument(s, a, name, value); !reason.IsZero() {
			return nil, reason, true
		}
		paths = append(paths, value)
	}
	return paths, domain.Text{}, true
}

// cakeArgument judges --name=value: an argument the script reads, under a
// name that is no Cake configuration key (section_key) and says nothing
// of a program, set to a plain name; target to a task the script defines.
func cakeArgument(s projectfiles.CakeScript, word, name, value string) domain.Text {
	known := slices.ContainsFunc(s.Arguments, func(n string) bool { return strings.EqualFold(n, name) })
	switch {
	case !known || strings.Contains(name, "_"):
		return domain.T("`{{.Word}}` is no argument {{.File}} reads", "Word", word, "File", s.File)
	case strings.EqualFold(name, "target"):
		if !slices.ContainsFunc(s.Tasks, func(t string) bool { return strings.EqualFold(t, value) }) {
			return domain.T("`{{.Word}}` names no task {{.File}} defines", "Word", word, "File", s.File)
		}
	case !slices.Contains(cakeSelects, strings.ToLower(name)) && catalog.NamesProgram(name) || !catalog.PlainValue(value):
		return domain.T("`{{.Word}}` sets an argument whose value could name a program or a file for the build to use", "Word", word)
	}
	return domain.Text{}
}
