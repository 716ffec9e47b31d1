// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// AcceptRule tells why a command rule is refused, or nothing (the zero
// Text) when it is accepted.
func AcceptRule(rule string) domain.Text { return AcceptRuleIn(catalog.Builtin(), rule) }

func AcceptRuleIn(c *catalog.Catalog, rule string) domain.Text {
	if strings.TrimSpace(rule) == "" {
		return domain.T("the rule is empty")
	}
	words, reason := cmdline.Words(rule)
	if !reason.IsZero() {
		return domain.T("the rule is not one plain command: {{.Reason}}", "Reason", reason)
	}
	words = c.WithoutInertSwitches(words) // python -Im pytest is python -m pytest
	name, _ := c.ResolveProgram(words)
	if why := refusedRule(c, name, c.ProgramWords(words)); !why.IsZero() {
		return why
	}
	in := &inspector{cat: c, spelled: catalog.SpelledOptions(words), named: words, rule: true}
	if reason, _ := in.inspect(words, len(words), 0); !reason.IsZero() {
		return domain.T("the rule's own arguments would ask: {{.Reason}}", "Reason", reason)
	}
	return domain.Text{}
}

// refusedRule: the programs that run nearly anything (docs/permissions.md §8), except
// an interpreter named with a script file of the project or a module Memo
// knows (python -m pytest), whose bytes or options Memo then checks.
func refusedRule(c *catalog.Catalog, name string, words []string) domain.Text {
	if c.IsInterpreter(name) {
		return interpreterForm(c, name, words)
	}
	if c.Dropped[name] {
		return domain.T("Memo's table for `{{.Program}}` did not load, so rules naming it are refused", "Program", name)
	}
	for _, n := range c.NameForms(name) {
		// A project file is the project's whatever its name, except a shell
		// or an interpreter: built in the project, it still runs anything.
		if why, ok := c.RefusedWhy(n); ok && (!projectFile(words[0]) || why.Template == catalog.RunsAnything.Template) {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", words[0], "Why", why)
		}
	}
	if _, known := c.Entries[name]; !known && catalog.InterpreterLike(name, projectFile(words[0])) {
		return domain.T("`{{.Word}}` {{.Why}}", "Word", name, "Why", catalog.RunsAnything)
	}
	if len(words) == 1 && (c.Bare[name] || c.Bare[catalog.Unversioned(name)]) {
		return domain.T("a bare `{{.Program}}` approves nearly anything; name the subcommand, as in `git status` or `go test`", "Program", name)
	}
	return domain.Text{}
}

// projectFile: the program word is a path inside the project (a folder
// and a name, relative, never leaving it): the project's own file whatever
// its name (./scripts/install is not the system's install). Its bytes are
// pinned with the trust (definitions_reach.go), and a link out of the
// project asks; interpreters keep their entry (.venv/bin/python).
func projectFile(word string) bool {
	w := strings.ReplaceAll(word, `\`, "/")
	first, _, _ := strings.Cut(w, "/")
	// C:/x is a folder C: on Linux, a drive on Windows: never the project's.
	return strings.Contains(w, "/") && !strings.HasPrefix(w, "/") && !strings.Contains(first, ":") &&
		filepath.IsLocal(filepath.FromSlash(w))
}

// interpreterForm tells why an interpreter's words are not one of the two
// forms a rule may take: the interpreter, then at once a script file of the
// project (bash scripts/test.sh) — nothing can be slipped in before the
// script — or, for python, -m and a module Memo has an entry for or one
// that may be the project's own (pymodule.go) — or its
// version options alone (node -v), which approve themselves alone.
func interpreterForm(c *catalog.Catalog, name string, words []string) domain.Text {
	refused := domain.T("`{{.Word}}` {{.Why}}", "Word", words[0], "Why", catalog.RunsAnything)
	if len(words) < 2 {
		return refused
	}
	if c.VersionQuery(words) {
		return domain.Text{}
	}
	w := words[1]
	if e := c.Entries[name]; e != nil && e.Interpreter == catalog.PythonInterpreter && strings.HasPrefix(w, "-m") {
		mod := strings.TrimPrefix(w, "-m")
		if mod == "" && len(words) > 2 {
			mod = words[2]
		}
		if c.ModuleHasEntry(mod) {
			return domain.Text{}
		}
		if projectModuleName(c, mod) {
			return domain.Text{} // a line passes only where the project holds it (pymodule.go)
		}
		return domain.T("`-m {{.Module}}` runs a module Memo does not know", "Module", mod)
	}
	if strings.HasPrefix(w, "-") || !filepath.IsLocal(w) {
		return refused
	}
	return domain.Text{}
}

// FileTools are the only tools a permissions file can approve (docs/permissions.md §9).
var FileTools = []string{
	"read_file", "list_directory", "get_file_info", "search_files", "search_content", "write_file",
	"edit_file", "insert_line", "delete_lines", "create_task_md", "edit_task_md", "save_code_plan",
}

// AcceptTool tells why a tool cannot be pre-approved, or nothing (the zero
// Text) when it can.
func AcceptTool(name string) domain.Text {
	for _, t := range FileTools {
		if name == t {
			return domain.Text{}
		}
	}
	switch name {
	case "run_command":
		return domain.T("run_command always asks; approve commands with allowed_commands")
	case "delete_file":
		return domain.T("delete_file always asks")
	}
	return domain.T("`{{.Tool}}` is not a file tool; only {{.Tools}} can be approved", "Tool", name, "Tools", strings.Join(FileTools, ", "))
}

// ToolVerdict is the answer for one tool (docs/cli.md §14 check-tool).
type ToolVerdict struct {
	Approved bool `json:"approved"`
	// Reason prints as its English sentence; the window words it.
	Reason domain.Text `json:"reason"`
}

// CheckTool decides whether tools approve the tool name.
func CheckTool(tools []string, name string) ToolVerdict {
	if reason := AcceptTool(name); !reason.IsZero() {
		return ToolVerdict{Reason: reason}
	}
	for _, t := range tools {
		if t == name {
			return ToolVerdict{Approved: true}
		}
	}
	return ToolVerdict{Reason: domain.T("`{{.Tool}}` is not in allowed_tools", "Tool", name)}
}
