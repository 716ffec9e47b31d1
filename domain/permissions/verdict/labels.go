// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// RuleCapabilities is what a rule's programs can do, and the program Memo
// has no entry for, if one.
func RuleCapabilities(rule string) (catalog.Capability, string) {
	return capabilitiesIn(catalog.Builtin(), rule)
}

// capabilitiesIn is ruleCapabilities with the catalogue cat.
func capabilitiesIn(cat *catalog.Catalog, rule string) (catalog.Capability, string) {
	words, reason := cmdline.Words(rule)
	if !reason.IsZero() {
		return 0, ""
	}
	return wordsCapabilities(cat, words)
}

// wordsCapabilities is what the programs a command's words run can do.
func wordsCapabilities(cat *catalog.Catalog, words []string) (catalog.Capability, string) {
	var c catalog.Capability
	unknown := ""
	for _, t := range projectfiles.RuleTargets(cat, words) {
		if t.Script || projectProgram(t.Word) {
			// A project script: its bytes are pinned, not an entry read.
			c |= catalog.RunsProjectCode
			continue
		}
		c |= t.R.Does
		if t.R.Does&catalog.RunsUnknown != 0 && unknown == "" {
			unknown = t.Word
			if t.R.Sub != "" {
				unknown += " " + t.R.Sub
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
func RuleLabels(rule string, runs []projectfiles.DefinitionState) []domain.Text {
	return LabelsIn(catalog.Builtin(), rule, runs)
}

// LabelsIn is RuleLabels with the catalogue cat (the user's entries too).
func LabelsIn(cat *catalog.Catalog, rule string, runs []projectfiles.DefinitionState) []domain.Text {
	// A version rule (node -v) approves its own words alone, which only
	// print the version: saying it runs the project's code would be wrong.
	if words, reason := cmdline.Words(rule); reason.IsZero() && cat.VersionQuery(words) {
		return []domain.Text{domain.T("prints the program's version, nothing else")}
	}
	c, unknown := capabilitiesIn(cat, rule)
	out := []domain.Text{}
	if bin := localBinOf(cat, rule); bin != "" {
		out = append(out, domain.T("runs the project's installed `{{.Program}}` (node_modules/.bin), never one downloaded", "Program", bin))
	}
	pip := pipInstallRule(cat, rule)
	if c&catalog.RunsProjectCode != 0 {
		what, text := "", ""
		if d, ok := mainDefinition(rule, runs); ok && !pip {
			// A pip rule's definitions are requirement files, not code.
			what = d.File
			if d.Key != "" {
				what += " " + d.Key
			}
			if d.Text != "" && d.Key != "" {
				text = projectfiles.FirstLine(d.Text, 60)
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
	if pip {
		var files []string
		for _, d := range runs {
			if d.Rule == rule && d.Hash != "" && !slices.Contains(files, d.File) {
				files = append(files, d.File)
			}
		}
		if len(files) > 0 {
			out = append(out, domain.T("pins the requirement files its lines may read ({{.Files}}): a change to one asks until you trust it", "Files", shortList(files)))
		}
		out = append(out, domain.T("installs what the project declares into the active Python environment (with --user, the user's own site folder), which is outside the project unless a virtual environment of the project is active"))
	}
	if c&catalog.RunsUnknown != 0 {
		out = append(out, domain.T("runs `{{.Program}}`, which Memo has no entry for: only the options and words the rule spells, and paths in the project, pass", "Program", unknown))
		if c&catalog.RunsProjectCode == 0 {
			// dotnet cake, dotnet nuke: tools Memo has no entry for, which
			// run the tasks of the project's build (cake.go, nuke.go).
			var cake, nuke []string
			for _, d := range runs {
				if f, ok := strings.CutPrefix(d.Arguments, "cake "); ok && d.Rule == rule && !slices.Contains(cake, f) {
					cake = append(cake, f)
				}
				if f, ok := strings.CutPrefix(d.Arguments, "nuke "); ok && d.Rule == rule && !slices.Contains(nuke, f) {
					nuke = append(nuke, f)
				}
			}
			out = append(out, cakeLabels(cake, nuke)...)
		}
	}
	if c&catalog.WritesProject != 0 {
		out = append(out, domain.T("writes files inside the project"))
	}
	if c&catalog.ChangesRepo != 0 {
		out = append(out, domain.T("changes the repository (commits, branches, history)"))
	}
	if c&catalog.ReadsNetwork != 0 {
		out = append(out, domain.T("reads from the network (dependencies, fetched commits)"))
	}
	if c&catalog.SendsNetwork != 0 {
		out = append(out, domain.T("sends the project's data to the network (the repository's remotes, a package registry)"))
	}
	if c&(catalog.RunsProjectCode|catalog.WritesProject|catalog.RunsUnknown|catalog.ChangesRepo|catalog.ReadsNetwork|catalog.SendsNetwork) == 0 {
		out = append(out, domain.T("reads files inside the project"))
	}
	return out
}

// localBinOf is the installed program a rule runs through npx, bunx or
// pnpm exec, or "".
func localBinOf(cat *catalog.Catalog, rule string) string {
	words, reason := cmdline.Words(rule)
	if !reason.IsZero() {
		return ""
	}
	if ts := projectfiles.RuleTargets(cat, words); len(ts) > 1 && cat.LocalBinRunner(ts[0].Name, ts[0].R) {
		return ts[1].Word
	}
	return ""
}

// mainDefinition is the definition a label quotes: one that exists, and
// the one the rule names (scripts.test for npm test, not its pretest) when
// there is one.
func mainDefinition(rule string, runs []projectfiles.DefinitionState) (projectfiles.DefinitionState, bool) {
	words, _ := cmdline.Words(rule)
	var found projectfiles.DefinitionState
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

// followLabels say what of a rule's definitions Memo does not follow: what
// the scripts it pins import or require, and the commands it could not
// read (a word computed when it runs, a file outside the project).
func followLabels(rule string, runs []projectfiles.DefinitionState) []domain.Text {
	var scripts, commands []string
	for _, d := range runs {
		if d.Rule != rule {
			continue
		}
		if d.Key == "" && d.Hash != "" && scriptLanguages[strings.ToLower(filepath.Ext(d.File))] && !slices.Contains(scripts, d.File) {
			scripts = append(scripts, d.File)
		}
		for _, c := range d.UnfollowedWords() {
			if !slices.Contains(commands, "`"+c+"`") {
				commands = append(commands, "`"+c+"`")
			}
		}
	}
	var outside []string
	for _, d := range runs {
		if d.Rule != rule || d.Outside == "" {
			continue
		}
		for _, c := range strings.Split(d.Outside, "\n") {
			if !slices.Contains(outside, "`"+c+"`") {
				outside = append(outside, "`"+c+"`")
			}
		}
	}
	var forwards, choices, cake, nuke []string
	for _, d := range runs {
		if d.Rule != rule || d.Arguments == "" {
			continue
		}
		for _, l := range strings.Split(d.Arguments, "\n") {
			if f, ok := strings.CutPrefix(l, "cake "); ok && !slices.Contains(cake, f) {
				cake = append(cake, f)
				continue
			}
			if f, ok := strings.CutPrefix(l, "nuke "); ok && !slices.Contains(nuke, f) {
				nuke = append(nuke, f)
				continue
			}
			if cmd, ok := strings.CutPrefix(l, "forwards "); ok && !slices.Contains(forwards, "`"+cmd+"`") {
				forwards = append(forwards, "`"+cmd+"`")
			} else if c, ok := strings.CutPrefix(l, "choices "); ok || strings.HasPrefix(l, "switches ") {
				_, words, _ := strings.Cut(c, " ")
				if !ok {
					// A loop over switches: its words, each anywhere.
					words = strings.TrimPrefix(l, "switches ")
				}
				for _, w := range strings.Fields(words) {
					if !slices.Contains(choices, "`"+w+"`") {
						choices = append(choices, "`"+w+"`")
					}
				}
			}
		}
	}
	var pyWords []string
	pyParser := ""
	for _, d := range runs {
		if d.Rule != rule {
			continue
		}
		if rest, ok := strings.CutPrefix(d.Arguments, "python "); ok {
			fields := strings.Fields(rest)
			pyParser = fields[0]
			for _, w := range fields[1:] {
				if w = "`" + strings.ReplaceAll(w, "\x1f", " ") + "`"; !slices.Contains(pyWords, w) {
					pyWords = append(pyWords, w)
				}
			}
		}
	}
	var out []domain.Text
	if len(pyWords) > 0 {
		out = append(out, domain.T("reads its arguments with its {{.Parser}} parser: past the rule's words only the names, switches and choices it defines pass ({{.Words}})", "Parser", pyParser, "Words", longList(pyWords)))
	}
	if len(forwards) > 0 {
		out = append(out, domain.T("hands its arguments to {{.Commands}}: the words past the rule's are checked as that command's", "Commands", shortList(forwards)))
	} else if len(choices) > 0 {
		out = append(out, domain.T("takes as arguments only the words it compares them with: {{.Words}}", "Words", longList(choices)))
	}
	out = append(out, cakeLabels(cake, nuke)...)
	if len(scripts) > 0 {
		out = append(out, domain.T("pins {{.Files}} by their bytes; what they import or require is not followed", "Files", shortList(scripts)))
	}
	if len(commands) > 0 {
		out = append(out, domain.T("does not follow {{.Commands}}: what they run is not pinned", "Commands", shortList(commands)))
	}
	if len(outside) > 0 {
		out = append(out, domain.T("what it runs holds commands that reach outside the project: {{.Commands}} (pinned as written; what they install, download or start is not)", "Commands", shortList(outside)))
	}
	return out
}

// cakeLabels say that a rule runs the tasks of the Cake scripts cake, or
// the targets of the NUKE build projects nuke.
func cakeLabels(cake, nuke []string) []domain.Text {
	var out []domain.Text
	if len(cake) > 0 {
		out = append(out, domain.T("runs the tasks {{.Files}} defines, the build project's own code: a task or argument it does not define asks", "Files", shortList(cake)))
	}
	if len(nuke) > 0 {
		out = append(out, domain.T("runs the targets {{.Files}} defines, the build project's own code: a target or parameter it does not define asks", "Files", shortList(nuke)))
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

// longList joins the items of a list for a label, up to a dozen.
func longList(items []string) string {
	if len(items) > 12 {
		return strings.Join(items[:12], ", ") + ", …"
	}
	return strings.Join(items, ", ")
}

// scriptLanguages are the extensions of scripts whose imports Memo does
// not follow: a pinned script's own bytes are all its pin covers (Cake's
// #load and #addin too).
var scriptLanguages = map[string]bool{
	".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".mts": true, ".cts": true, ".jsx": true, ".tsx": true,
	".py": true, ".rb": true, ".pl": true, ".pm": true, ".php": true, ".lua": true, ".go": true, ".r": true,
	".cake": true,
}

// pipInstallRule: the rule runs pip install (pip, python -m pip, uv pip
// install), which installs into the active Python environment.
func pipInstallRule(cat *catalog.Catalog, rule string) bool {
	words, reason := cmdline.Words(rule)
	if !reason.IsZero() {
		return false
	}
	for _, t := range projectfiles.RuleTargets(cat, words) {
		if t.Name == "pip" && t.R.Sub == "install" || t.Name == "uv" && t.R.Sub == "pip install" {
			return true
		}
	}
	return false
}
