// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
)

// capability is one thing an approved rule lets the agent do, for the
// review's plain words (docs/permissions.md §7, labels).
type capability uint16

const (
	readsProject    capability = 1 << iota // reads files inside the project
	writesProject                          // writes files inside the project
	runsProjectCode                        // runs the project's own code: tests, scripts, build scripts, JS configs
	readsNetwork                           // downloads: dependencies, fetched commits
	sendsNetwork                           // sends the project's data: push, publish
	changesRepo                            // commits, switches branches, rewrites history
	runsUnknown                            // runs a program Memo has no entry for
)

// ruleCapabilities is what a rule's programs can do, and the program Memo
// has no entry for, if one.
func ruleCapabilities(rule string) (capability, string) { return capabilitiesIn(builtin(), rule) }

// capabilitiesIn is ruleCapabilities with the catalogue cat.
func capabilitiesIn(cat *catalog, rule string) (capability, string) {
	words, reason := Words(rule)
	if !reason.IsZero() {
		return 0, ""
	}
	var c capability
	unknown := ""
	for _, t := range cat.ruleTargets(words) {
		if t.script || projectProgram(t.word) {
			// A project script: its bytes are pinned, not an entry read.
			c |= runsProjectCode
			continue
		}
		c |= t.r.does
		if t.r.does&runsUnknown != 0 && unknown == "" {
			unknown = t.word
			if t.r.sub != "" {
				unknown += " " + t.r.sub
			}
		}
	}
	return c, unknown
}

// projectProgram: a program word naming a file by a relative path is the
// project's (./scripts/lint.sh); an absolute one (/usr/bin/git) the system's.
func projectProgram(word string) bool {
	return strings.ContainsAny(word, `/\`) && !filepath.IsAbs(word) && !strings.HasPrefix(word, "/") && !strings.HasPrefix(word, `\`)
}

// RuleLabels says in plain words what a rule can do; runs are the
// definitions it runs (the first with a text is quoted).
func RuleLabels(rule string, runs []DefinitionState) []domain.Text {
	return labelsIn(builtin(), rule, runs)
}

// labelsIn is RuleLabels with the catalogue cat (the user's entries too).
func labelsIn(cat *catalog, rule string, runs []DefinitionState) []domain.Text {
	c, unknown := capabilitiesIn(cat, rule)
	out := []domain.Text{}
	if bin := localBinOf(cat, rule); bin != "" {
		out = append(out, domain.T("runs the project's installed `{{.Program}}` (node_modules/.bin), never one downloaded", "Program", bin))
	}
	if c&runsProjectCode != 0 {
		what, text := "", ""
		if d, ok := mainDefinition(rule, runs); ok {
			what = d.File
			if d.Key != "" {
				what += " " + d.Key
			}
			if d.Text != "" && d.Key != "" {
				text = firstLine(d.Text, 60)
			}
		}
		switch {
		case text != "":
			// The quotes are the sentence's, so the window draws them as
			// its quotation marks; the script's text stays as it is.
			out = append(out, domain.T("runs the project's own code ({{.What}}: `{{.Text}}`)", "What", what, "Text", text))
		case what != "":
			out = append(out, domain.T("runs the project's own code ({{.What}})", "What", what))
		default:
			out = append(out, domain.T("runs the project's own code"))
		}
		out = append(out, followLabels(rule, runs)...)
	}
	if c&runsUnknown != 0 {
		out = append(out, domain.T("runs `{{.Program}}`, which Memo has no entry for: only the options and words the rule spells, and paths in the project, pass", "Program", unknown))
	}
	if c&writesProject != 0 {
		out = append(out, domain.T("writes files inside the project"))
	}
	if c&changesRepo != 0 {
		out = append(out, domain.T("changes the repository (commits, branches, history)"))
	}
	if c&readsNetwork != 0 {
		out = append(out, domain.T("reads from the network (dependencies, fetched commits)"))
	}
	if c&sendsNetwork != 0 {
		out = append(out, domain.T("sends the project's data to the network (the repository's remotes, a package registry)"))
	}
	if c&(runsProjectCode|writesProject|runsUnknown|changesRepo|readsNetwork|sendsNetwork) == 0 {
		out = append(out, domain.T("reads files inside the project"))
	}
	return out
}

// localBinOf is the installed program a rule runs through npx, bunx or
// pnpm exec, or "".
func localBinOf(cat *catalog, rule string) string {
	words, reason := Words(rule)
	if !reason.IsZero() {
		return ""
	}
	if ts := cat.ruleTargets(words); len(ts) > 1 && cat.localBinRunner(ts[0].name, ts[0].r) {
		return ts[1].word
	}
	return ""
}

// mainDefinition is the definition a label quotes: one that exists, and
// the one the rule names (scripts.test for npm test, not its pretest) when
// there is one.
func mainDefinition(rule string, runs []DefinitionState) (DefinitionState, bool) {
	words, _ := Words(rule)
	var found DefinitionState
	ok := false
	for _, d := range runs {
		if d.Rule != rule || d.Hash == "" {
			continue
		}
		key := d.Key[strings.LastIndex(d.Key, ".")+1:]
		if d.Key != "" && slices.Contains(words, key) {
			return d, true
		}
		if !ok {
			found, ok = d, true
		}
	}
	return found, ok
}

func firstLine(s string, n int) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > n {
		s = s[:n-1] + "…"
	}
	return s
}

// writingTools are the file tools that write.
var writingTools = map[string]bool{
	"write_file": true, "edit_file": true, "insert_line": true, "delete_lines": true, "create_task_md": true,
	"edit_task_md": true, "save_code_plan": true,
}

// CombinedWarnings say what the approved rules and tools allow together
// beyond each alone, before Trust: a way to write files plus a rule that
// runs the project's code lets the agent run any code it writes; a rule
// that fetches code plus one that runs it runs code from elsewhere.
func CombinedWarnings(perms Permissions) []domain.Text {
	writer, runner, fetcher := "", "", ""
	for _, tool := range perms.AllowedTools {
		if writingTools[tool] && writer == "" {
			writer = tool
		}
	}
	for _, r := range perms.AllowedCommands {
		if !AcceptRule(r).IsZero() {
			continue
		}
		c, _ := ruleCapabilities(r)
		if c&(runsProjectCode|runsUnknown) != 0 && runner == "" {
			runner = r
		}
		if c&writesProject != 0 && c&(runsProjectCode|runsUnknown|readsNetwork|changesRepo) == 0 && writer == "" {
			writer = r
		}
		if c&readsNetwork != 0 && c&runsProjectCode == 0 && fetcher == "" {
			fetcher = r
		}
	}
	out := []domain.Text{}
	if writer != "" && runner != "" {
		out = append(out, domain.T("`{{.Writer}}` can write files and `{{.Runner}}` runs the project's own code: together they let the agent run any code it writes, without asking", "Writer", writer, "Runner", runner))
	}
	if fetcher != "" && runner != "" {
		out = append(out, domain.T("`{{.Fetcher}}` brings in code from the network and `{{.Runner}}` runs the project's own code: together they let the agent run code from elsewhere, without asking", "Fetcher", fetcher, "Runner", runner))
	}
	return out
}

// scriptLanguages are the extensions of scripts whose imports Memo does
// not follow: a pinned script's own bytes are all its pin covers.
var scriptLanguages = map[string]bool{
	".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".mts": true, ".cts": true, ".jsx": true, ".tsx": true,
	".py": true, ".rb": true, ".pl": true, ".pm": true, ".php": true, ".lua": true, ".go": true, ".r": true,
}

// followLabels say what of a rule's definitions Memo does not follow: what
// the scripts it pins import or require, and the commands it could not
// read (a word computed when it runs, a file outside the project).
func followLabels(rule string, runs []DefinitionState) []domain.Text {
	var scripts, commands []string
	for _, d := range runs {
		if d.Rule != rule {
			continue
		}
		if d.Key == "" && d.Hash != "" && scriptLanguages[strings.ToLower(filepath.Ext(d.File))] && !slices.Contains(scripts, d.File) {
			scripts = append(scripts, d.File)
		}
		for _, c := range d.notFollowed() {
			if !slices.Contains(commands, "`"+c+"`") {
				commands = append(commands, "`"+c+"`")
			}
		}
	}
	var out []domain.Text
	if len(scripts) > 0 {
		out = append(out, domain.T("pins {{.Files}} by their bytes; what they import or require is not followed", "Files", shortList(scripts)))
	}
	if len(commands) > 0 {
		out = append(out, domain.T("does not follow {{.Commands}}: what they run is not pinned", "Commands", shortList(commands)))
	}
	return out
}

// shortList joins the first few items of a list for a label.
func shortList(items []string) string {
	slices.Sort(items)
	if len(items) > 4 {
		return strings.Join(items[:4], ", ") + ", …"
	}
	return strings.Join(items, ", ")
}
