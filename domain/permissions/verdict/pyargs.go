// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// A project Python script whose command line Memo reads from the script
// (docs/permissions.md §7, Programs without an entry;
// projectfiles.PyScriptArguments): the words past the rule's that its
// parser defines — a subcommand's name where the subcommands are, a
// switch of the command the words are in, a literal choice — pass; the
// other words are read as before, as a program without an entry's.

// pyScript is the reading of the project Python script the words run,
// when they run one: python x.py, uv run ./x.py, or ./x.py with a python
// #! line (read by the script's bytes, which the rule's trust pins).
func (in *inspector) pyScript(words []string) (projectfiles.PyArgs, bool) {
	if in.project == nil || in.rule || len(words) < 2 || in.module {
		return projectfiles.PyArgs{}, false
	}
	c := in.catalog()
	word := words[0]
	// python x.py: the trust pins x.py (a script an interpreter runs);
	// uv run ./x.py and ./x.py: pinned as a path.
	byPython := in.interp != "" && c.Entries[in.interp] != nil && c.Entries[in.interp].Interpreter == catalog.PythonInterpreter
	if !byPython {
		if in.interp != "" || !projectFile(word) {
			return projectfiles.PyArgs{}, false
		}
		byPython = in.uvRun && strings.HasSuffix(strings.ToLower(word), ".py")
	}
	name, _ := c.ResolveProgram(words)
	if e := c.Entries[name]; e != nil && !(e.ModuleOnly && !in.module) || c.IsInterpreter(name) {
		return projectfiles.PyArgs{}, false // manage.py has an entry
	}
	a := in.project.PyScriptArguments(word, byPython)
	if a.NotPython {
		return a, false // a shell script, a program: read as before
	}
	return a, true
}

// inspectPyScript inspects a Python script's line without the words its
// parser takes, and says, when the line asks, what Memo read of it.
func (in *inspector) inspectPyScript(words []string, prefix, depth int, py projectfiles.PyArgs) (domain.Text, *projectfiles.Block) {
	if prefix >= len(words) {
		return in.inspectLine(words, prefix, depth)
	}
	kept := words
	if py.Known() {
		acc := py.Accepted(words[1:], max(prefix-1, 0))
		kept = []string{words[0]}
		for i, w := range words[1:] {
			if !acc[i] {
				kept = append(kept, w)
			}
		}
	}
	reason, b := in.inspectLine(kept, prefix, depth)
	if reason.IsZero() {
		return reason, b
	}
	script := catalog.ProgramName(words[0])
	if py.Known() {
		return domain.T("{{.Reason}} (the {{.Parser}} parser of {{.Script}} takes no such word there)", "Reason", reason, "Parser", py.Parser, "Script", script), b
	}
	if py.Why.IsZero() {
		return reason, b
	}
	return domain.T("{{.Reason}} (Memo does not read the arguments of {{.Script}}: {{.Why}})", "Reason", reason, "Script", script, "Why", py.Why), b
}
