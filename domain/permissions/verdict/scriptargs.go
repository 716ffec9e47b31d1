// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// A project shell script whose arguments Memo can read from the script
// itself (docs/permissions.md §7, Programs without an entry;
// projectfiles.ScriptArguments): a script that hands "$@" to commands
// has its line checked as each of those commands, under the rule of that
// command's words; a script that only compares its arguments with literal
// words takes those words; a script whose loop over its arguments has
// branches that take a word and nothing more takes those words, each in
// any place and number. The words the rule spells pass as before.

// maxScriptDepth bounds scripts that hand their arguments to scripts.
const maxScriptDepth = 6

// scriptReading is what a project script does with its arguments, when
// the program is one and Memo can tell; ok is false otherwise (the line is
// read as for any program without an entry).
func (in *inspector) scriptReading(name string, words []string) (projectfiles.ScriptArgs, bool) {
	if in.project == nil || in.rule || !projectFile(words[0]) {
		return projectfiles.ScriptArgs{}, false
	}
	switch in.interp {
	case "", "bash", "sh", "dash":
	default:
		return projectfiles.ScriptArgs{}, false // python x.sh reads it as python
	}
	c := in.catalog()
	if e := c.Entries[name]; e != nil && !(e.ModuleOnly && !in.module) || c.IsInterpreter(name) {
		return projectfiles.ScriptArgs{}, false
	}
	a := in.project.ScriptArguments(words[0])
	if a.BashOnly && in.interp != "" && in.interp != "bash" {
		// sh x.sh: dash has no BASH_SOURCE and no pushd, so the folder
		// Memo read is not where the commands run.
		return projectfiles.ScriptArgs{}, false
	}
	return a, a.Known()
}

// scriptArgs checks the words past the rule's (args[ruleArgs:]) with what
// the script does with them.
func (in *inspector) scriptArgs(script string, args []string, ruleArgs, depth int, a projectfiles.ScriptArgs) (domain.Text, *projectfiles.Block) {
	switch {
	case slices.Contains(in.scripts, a.File):
		return domain.T("`{{.Script}}` hands its arguments back to a script that runs it", "Script", script), nil
	case len(in.scripts) >= maxScriptDepth:
		return domain.T("`{{.Script}}` hands its arguments to scripts more deeply than Memo reads", "Script", script), nil
	}
	if len(a.Switches) > 0 {
		// A loop over its switches: each word one of them, in any place.
		for j := ruleArgs; j < len(args); j++ {
			if w, ok := projectfiles.NormalizeSwitch(a.SwitchNorm, args[j]); !ok || !slices.Contains(a.Switches, w) {
				return domain.T("`{{.Word}}` is none of the words {{.Script}} takes there ({{.Words}})", "Word", args[j], "Script", script, "Words", strings.Join(a.Switches, ", ")), nil
			}
		}
		return domain.Text{}, nil
	}
	if len(a.Forwards) == 0 {
		for j := ruleArgs; j < len(args); j++ {
			if j >= len(a.Choices) || len(a.Choices[j]) == 0 {
				return domain.T("`{{.Word}}` is an argument {{.Script}} does not read as one of its choices", "Word", args[j], "Script", script), nil
			}
			if !slices.Contains(a.Choices[j], args[j]) {
				return domain.T("`{{.Word}}` is none of the words {{.Script}} takes there ({{.Words}})", "Word", args[j], "Script", script, "Words", strings.Join(a.Choices[j], ", ")), nil
			}
		}
		return domain.Text{}, nil
	}
	c := in.catalog()
	for _, f := range a.Forwards {
		if f.Env != "" && os.Getenv(f.Env) != "" {
			// The script runs what $X names when its own `command -v`
			// did not run: here, the environment's program.
			return domain.T("`{{.Script}}` hands its arguments to the program ${{.Variable}} names, which the environment sets", "Script", script, "Variable", f.Env), nil
		}
		ruleWords, lineArgs := args[:ruleArgs], args
		if f.Split {
			// "$@" unquoted: each argument is split at blanks (and would be
			// matched as a file name pattern).
			if slices.ContainsFunc(args, func(w string) bool { return strings.ContainsAny(w, "*?[") }) {
				return domain.T("`{{.Script}}` expands its arguments unquoted, so a pattern in one would match file names", "Script", script), nil
			}
			ruleWords, lineArgs = splitBlanks(ruleWords), splitBlanks(args)
		}
		implied := append(append([]string{}, f.Words...), ruleWords...)
		command := strings.Join(f.Words, " ")
		rule, ok := ruleOf(implied)
		if !ok {
			return domain.T("`{{.Script}}` hands its arguments to `{{.Command}}`, whose words make no rule", "Script", script, "Command", command), nil
		}
		if why := AcceptRuleIn(c, rule); !why.IsZero() {
			return domain.T("`{{.Script}}` hands its arguments to `{{.Command}}`, which Memo would not accept as a rule: {{.Reason}}", "Script", script, "Command", command, "Reason", why), nil
		}
		sub := *in
		sub.project = in.project.InDir(f.Dir)
		sub.git = sub.project.Git
		sub.spelled, sub.named = catalog.SpelledOptions(implied), implied
		sub.scripts = append(append([]string{}, in.scripts...), a.File)
		sub.module, sub.interp, sub.uvRun = false, "", false
		if _, problem := sub.project.Definitions(rule); !problem.IsZero() {
			// What a rule naming the command would ask for (a script it
			// runs is missing, a tool manifest the project lacks).
			return domain.T("{{.Reason}} (`{{.Script}}` hands its arguments to `{{.Command}}`)", "Reason", problem, "Script", script, "Command", command), nil
		}
		line := append(append([]string{}, f.Words...), lineArgs...)
		if reason, b := sub.inspect(line, len(implied), depth); !reason.IsZero() {
			return domain.T("{{.Reason}} (`{{.Script}}` hands its arguments to `{{.Command}}`)", "Reason", reason, "Script", script, "Command", command), b
		}
	}
	return domain.Text{}, nil
}

// splitBlanks is the words as an unquoted expansion splits them.
func splitBlanks(words []string) []string {
	var out []string
	for _, w := range words {
		out = append(out, strings.Fields(w)...)
	}
	return out
}

// ruleOf writes words as a rule that reads back as the same words.
func ruleOf(words []string) (string, bool) {
	parts := make([]string, len(words))
	for i, w := range words {
		switch {
		case w != "" && cmdline.Plain(w) && !strings.Contains(w, " "):
			parts[i] = w
		case !strings.Contains(w, "'"):
			parts[i] = "'" + w + "'"
		default:
			return "", false
		}
	}
	rule := strings.Join(parts, " ")
	back, reason := cmdline.Words(rule)
	return rule, reason.IsZero() && slices.Equal(back, words)
}
