// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// dotnet nuke runs the NUKE build of the project (build/_build.csproj
// beside .nuke) with the targets and parameters of its line. In a project
// that holds one Memo can read, the words past the rule's pass when the
// build the rule pins defines them (docs/permissions.md §7, Cake and NUKE builds): a
// target (`Target Compile => …`), `--target NAME` or `--skip NAME` of one,
// a parameter (`[Parameter] … Configuration`, as `--configuration`) set to
// a plain name, and NUKE's options that only choose what is shown. An
// unknown target or parameter, a value that is a path or a list, asks.

// nukeOwnFlags are NUKE's options that only choose what it shows or how
// (its help, the plan, the logo, to go on after a failure).
var nukeOwnFlags = []string{"help", "h", "plan", "nologo", "continue"}

// nukeLine reads a dotnet nuke line: args are the words after dotnet,
// `nuke` first; ruleArgs how many of them the rule spells. ok is false
// when the project holds no NUKE build Memo reads (the line is read as
// before).
func (in *inspector) nukeLine(args []string, ruleArgs int) (domain.Text, bool) {
	i := slices.Index(args, "nuke")
	if in.project == nil || in.rule || in.noConfigs || i < 0 {
		return domain.Text{}, false
	}
	b := in.project.NukeBuild()
	if !b.Exists {
		return domain.Text{}, false
	}
	return nukeWords(b, "build/", args, max(ruleArgs, i+1), in.spelled), true
}

// nukeRunLine reads a `dotnet run --project P … -- WORDS` line whose P is
// a NUKE build project (projectfiles.NukeProject): the words after its --
// are the build's targets and parameters, judged as dotnet nuke's. args
// are the words after dotnet, `run` first; ok is false for any other
// project (the words after -- are the program's, path-checked).
func (in *inspector) nukeRunLine(args []string, ruleArgs int) (domain.Text, bool) {
	run := slices.Index(args, "run")
	if in.project == nil || in.rule || in.noConfigs || run < 0 {
		return domain.Text{}, false
	}
	dd := slices.Index(args, "--")
	if dd < run {
		return domain.Text{}, false
	}
	word := ""
	for k := run + 1; k < dd; k++ {
		switch {
		case args[k] == "--project" && k+1 < dd:
			word = args[k+1]
		case strings.HasPrefix(args[k], "--project="):
			word = strings.TrimPrefix(args[k], "--project=")
		}
	}
	csproj, ok := in.project.NukeProject(word)
	if !ok {
		return domain.Text{}, false
	}
	b := in.project.NukeBuildOf(csproj)
	if !b.Exists {
		return domain.Text{}, false
	}
	dir := csproj[:strings.LastIndex(csproj, "/")+1] // Source/Builder/
	return nukeWords(b, dir, args, max(ruleArgs, dd+1), in.spelled), true
}

// nukeWords judges args[from:] as a NUKE build's command line; dir names
// the build's folder in a reason.
func nukeWords(b projectfiles.NukeBuild, dir string, args []string, from int, spelled map[string]bool) domain.Text {
	target := func(w string) bool {
		return slices.ContainsFunc(b.Targets, func(t string) bool { return strings.EqualFold(t, w) })
	}
	for k := from; k < len(args); k++ {
		a := args[k]
		if spelled[a] {
			continue
		}
		if !strings.HasPrefix(a, "-") {
			if !target(a) {
				return domain.T("`{{.Word}}` names no target the NUKE build ({{.Dir}}) defines", "Word", a, "Dir", dir)
			}
			continue
		}
		name, value, glued := strings.Cut(strings.TrimLeft(a, "-"), "=")
		flat := strings.ToLower(strings.ReplaceAll(name, "-", ""))
		if slices.Contains(nukeOwnFlags, flat) && !glued {
			continue
		}
		// The words after an option up to the next option are its values
		// (--target Compile Test, --configuration Release).
		values := []string{}
		if glued {
			values = append(values, value)
		}
		for k+1 < len(args) && !strings.HasPrefix(args[k+1], "-") && !glued {
			k++
			values = append(values, args[k])
		}
		switch {
		case flat == "target" || flat == "skip":
			for _, v := range values {
				if !target(v) {
					return domain.T("`{{.Word}}` names no target the NUKE build ({{.Dir}}) defines", "Word", v, "Dir", dir)
				}
			}
		case flat == "verbosity":
			if len(values) != 1 || !catalog.PlainValue(values[0]) {
				return domain.T("`{{.Word}}` sets an argument whose value could name a program or a file for the build to use", "Word", a)
			}
		case !slices.ContainsFunc(b.Parameters, func(p string) bool { return strings.EqualFold(p, flat) }):
			return domain.T("`{{.Word}}` is no parameter the NUKE build ({{.Dir}}) defines", "Word", a, "Dir", dir)
		default:
			if catalog.NamesProgram(name) && !slices.Contains(cakeSelects, flat) {
				return domain.T("`{{.Word}}` sets an argument whose value could name a program or a file for the build to use", "Word", a)
			}
			for _, v := range values {
				if !catalog.PlainValue(v) {
					return domain.T("`{{.Word}}` sets an argument whose value could name a program or a file for the build to use", "Word", a)
				}
			}
		}
	}
	return domain.Text{}
}
