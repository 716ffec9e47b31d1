// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// Compound lines (docs/permissions.md §3): `A && B`, `A ; B`, `A || B`,
// `A | B`, each command with harmless redirections or ones to or from a
// file of the project (checkFiles). The line is checked
// once, before any of it runs, so every command is judged on its own, and
// every command before the last pipeline must only read: one that writes
// or runs the project's code could change what a later command's approval
// was checked against (its Makefile, its scripts).

// The reasons of a compound line.
var (
	changesFirst = domain.T("it runs before another command of the line and can change what that command runs; only commands that read may come first")
	globInList   = domain.T("a file name pattern in a line of several commands: an earlier command could change what it matches")
	cdNotAndOnly = domain.T("`cd` in a line with `||` or `;`: a later command may run in either folder")
	cdOutside    = domain.T("`cd` goes to a folder that is not inside the project, or to none Memo can name")
	cdInPipe     = domain.T("`cd` in a pipeline changes no folder")
	pipeNotRead  = domain.T("it reads the output of the command before it and does more than read, or reads `-`")
	noFilter     = domain.T("no allowed rule starts it, and it is no filter Memo knows to only read its input")

	fileInPipe      = domain.T("a redirection to or from a file on a later command of a pipeline")
	fileThenCommand = domain.T("it writes a file and another command runs after it, which could read or run what it wrote")
	fileNoProgram   = domain.T("`true`, `:` and `cd` take no redirection to or from a file")
	fileOnlyReads   = domain.T("its rule only lets it read: a redirection would make it write a file whose text the line can choose (echo, --format)")
	fileInputWrites = domain.T("it reads a file as its input (`<`) and does more than read")
)

// judgedFile is why a command asks that writes a file Memo read to judge it.
func judgedFile(word string) domain.Text {
	return domain.T("`{{.Word}}` is a file Memo read to judge this command: writing it changes what the command runs", "Word", word)
}

// writers may take a redirection that writes a file: what they do already
// writes the project or runs code Memo does not read (the project's, a
// program without an entry), which could write that file itself.
const writers = catalog.WritesProject | catalog.RunsProjectCode | catalog.RunsUnknown

// checkCompound judges each command of a compound line in the folder it
// runs in; the verdict names the rule of each (Rules), "" for a filter,
// `true` or `cd`.
func (c *Checker) checkCompound(cl cmdline.Compound, in *inspector) Verdict {
	if len(c.rules) == 0 {
		return Verdict{Reason: NoRule} // as a plain line: the service says why none applies
	}
	rules := make([]string, 0, len(cl.Commands))
	project, git := in.project, in.git
	// laterRuns[p]: a pipeline after p runs a program (not only `true`,
	// `:` or `cd`), whose approval an earlier command could undo.
	laterRuns := make([]bool, cl.Pipelines)
	// laterProgram[i]: a command after the i-th runs a program.
	laterProgram := make([]bool, len(cl.Commands))
	for i := len(cl.Commands) - 1; i >= 0; i-- {
		cmd := cl.Commands[i]
		if words, _ := cmdline.Words(cmd.Line); len(words) == 0 || !noProgram(words) {
			for p := 0; p < cmd.Pipeline; p++ {
				laterRuns[p] = true
			}
			for j := 0; j < i; j++ {
				laterProgram[j] = true
			}
		}
	}
	// teeNext[p]: the second stage of pipeline p is tee, which writes the
	// first one's output (tee.go); firstRead[p] what Memo read to judge
	// that first command; teeWrote[p]: a tee of p writes files, so a later
	// stage of p must be a filter.
	teeNext := make([]bool, cl.Pipelines)
	for _, cmd := range cl.Commands {
		if cmd.Stage == 1 && isTee(cmd.Line) {
			teeNext[cmd.Pipeline] = true
		}
	}
	firstRead := make([]func(string) bool, cl.Pipelines)
	teeWrote := make([]bool, cl.Pipelines)
	for i, cmd := range cl.Commands {
		ask := func(reason domain.Text, v Verdict) Verdict {
			v.Approved, v.Reason = false, domain.T("the command `{{.Command}}`: {{.Reason}}", "Command", cmd.Line, "Reason", reason)
			if len(rules) > 0 {
				v.Rule = rules[0]
			}
			return v
		}
		cin := &inspector{cat: c.cat, project: project, git: git}
		words, strict := cmdline.Words(cmd.Line)
		single := (i == 0 || cl.Commands[i-1].Pipeline != cmd.Pipeline) && (i+1 == len(cl.Commands) || cl.Commands[i+1].Pipeline != cmd.Pipeline)
		if len(cmd.Files) > 0 {
			v, reason := c.checkFiles(cmd, cin, laterProgram[i], strict.IsZero() && noProgram(words))
			if !reason.IsZero() {
				return ask(reason, v)
			}
			rules = append(rules, v.Rule)
			continue
		}
		if cmdline.FirstWord(cmd.Line) == "cd" {
			switch {
			case !single:
				return ask(cdInPipe, Verdict{})
			case !cl.AndOnly:
				return ask(cdNotAndOnly, Verdict{})
			case !strict.IsZero():
				return ask(strict, Verdict{})
			case len(words) != 2 || words[1] == "" || words[1][0] == '-' || project == nil:
				return ask(cdOutside, Verdict{})
			}
			dir, ok := project.CdFolder(words[1])
			if !ok || cdpathSearched(words[1]) {
				return ask(cdOutside, Verdict{})
			}
			project = project.InDir(dir)
			git = project.Git
			rules = append(rules, "")
			continue
		}
		if strict.IsZero() && noProgram(words) && words[0] != "cd" {
			rules = append(rules, "")
			continue
		}
		if cmd.Stage > 0 && isTee(cmd.Line) && project != nil {
			if reason := c.checkTee(cl, i, cin, firstRead[cmd.Pipeline]); !reason.IsZero() {
				return ask(reason, Verdict{})
			}
			teeWrote[cmd.Pipeline] = true
			rules = append(rules, "")
			continue
		}
		var v Verdict
		var does catalog.Capability
		if cmd.Stage == 0 && teeNext[cmd.Pipeline] && project != nil {
			firstRead[cmd.Pipeline] = project.Reads(func(q *projectfiles.Project) {
				cin.project = q
				v, does = c.judgeCommand(cmd, cin)
			})
		} else {
			v, does = c.judgeCommand(cmd, cin)
		}
		if !v.Approved {
			return ask(v.Reason, v)
		}
		if teeWrote[cmd.Pipeline] && v.Rule != "" {
			return ask(teeAfter, Verdict{Rule: v.Rule})
		}
		if laterRuns[cmd.Pipeline] && !does.OnlyReads() {
			return ask(changesFirst, Verdict{Rule: v.Rule})
		}
		rules = append(rules, v.Rule)
	}
	// A line of filters, true and cd alone runs nothing a rule approved.
	if !slices.ContainsFunc(rules, func(r string) bool { return r != "" }) {
		return Verdict{Reason: NoRule}
	}
	return Verdict{Approved: true, Rule: rules[0], Rules: rules}
}

// checkFiles judges a command with redirections to or from files (§3):
// the first of its pipeline, the last to run a program when it writes,
// each target a file of the project (RedirectTarget), the command approved
// by its rule, a writer when it writes (writers), only reading when it
// reads its input from a file, and writing no file Memo read to judge it
// (bash truncates it before the command runs). later: a later command of
// the line runs a program; none: the command is `true`, `:` or `cd`.
func (c *Checker) checkFiles(cmd cmdline.Command, in *inspector, later, none bool) (Verdict, domain.Text) {
	write := slices.ContainsFunc(cmd.Files, func(f cmdline.FileRedirect) bool { return f.Write })
	input := slices.ContainsFunc(cmd.Files, func(f cmdline.FileRedirect) bool { return !f.Write })
	switch {
	case in.project == nil: // Check asks before (check.go)
		return Verdict{}, cmdline.CharGate(">")
	case cmd.Stage > 0:
		return Verdict{}, fileInPipe
	case none || cmdline.FirstWord(cmd.Line) == "cd":
		return Verdict{}, fileNoProgram
	case write && later:
		return Verdict{}, fileThenCommand
	}
	if _, quoted, _ := cmdline.QuotedWords(cmd.Line); len(quoted.Globs) > 0 {
		return Verdict{}, quoted.Reason // a pattern, as in a line of its own with a file redirection (§2)
	}
	var written []string
	var words []string
	for _, f := range cmd.Files {
		target, reason := in.project.RedirectTarget(f.Path, f.Write)
		if !reason.IsZero() {
			return Verdict{}, reason
		}
		if f.Write {
			written, words = append(written, target), append(words, f.Path)
		}
	}
	var v Verdict
	var does catalog.Capability
	read := in.project.Reads(func(q *projectfiles.Project) {
		in.project = q
		v, does = c.judgeCommand(cmd, in)
	})
	switch {
	case !v.Approved:
		return v, v.Reason
	case write && !writesAlready(in.catalog(), cmd.Line):
		return Verdict{Rule: v.Rule}, fileOnlyReads
	case input && !does.OnlyReads():
		return Verdict{Rule: v.Rule}, fileInputWrites
	}
	for i, t := range written {
		if read(t) {
			return Verdict{Rule: v.Rule}, judgedFile(words[i])
		}
	}
	return v, domain.Text{}
}

// writesAlready: every program the command runs, a wrapper and what it
// wraps, is a writer (writers): the output is the innermost program's, so
// `uv run echo x > f` asks although uv runs the project's code.
func writesAlready(cat *catalog.Catalog, line string) bool {
	words, _, reason := cmdline.QuotedWords(line)
	if !reason.IsZero() {
		words, _ = (&inspector{}).afterAssignments(line)
	}
	targets := projectfiles.RuleTargets(cat, words)
	if len(targets) == 0 {
		return false
	}
	for _, t := range targets {
		if !t.Script && !projectProgram(t.Word) && t.R.Does&writers == 0 {
			return false
		}
	}
	return true
}

// judgeCommand judges one command of a compound line: the first of its
// pipeline as a line of its own, a later one either so, when it only
// reads (what it reads is the previous command's output: one that runs
// it, `sh`, `tee`, reads `-`, asks), or as a filter the catalogue knows.
// does is what it can do.
func (c *Checker) judgeCommand(cmd cmdline.Command, in *inspector) (Verdict, catalog.Capability) {
	in.envAssigns, in.projectAssigns = nil, nil
	words, quoted, reason := cmdline.QuotedWords(cmd.Line)
	if reason.Template == cmdline.SetsVariable.Template {
		words, reason = in.afterAssignments(cmd.Line)
	}
	if !reason.IsZero() {
		return Verdict{Reason: reason}, 0
	}
	if len(quoted.Globs) > 0 {
		return Verdict{Reason: globInList}, 0
	}
	cat := in.catalog()
	does, _ := wordsCapabilities(cat, words)
	if cmd.Stage == 0 {
		return c.judge(words, quoted, nil, in), does
	}
	// A filter with its filter options only reads its input (sort
	// without -o); the filter named as it is: ./head is the project's file.
	why, filter := cat.ReadFilter(words[0], words[1:])
	filter = filter && !strings.ContainsAny(words[0], `/\`)
	if filter && why.IsZero() {
		fin := &inspector{cat: in.cat, project: in.project, git: in.git, spelled: map[string]bool{}, named: words[:1]}
		if quoted.Any() {
			why = fin.quotedOutsideText(words, quoted)
		}
		if why.IsZero() {
			reason, b := fin.inspect(words, 1, 0)
			if reason.IsZero() {
				return Verdict{Approved: true}, catalog.FilterDoes
			}
			why = reason
			if b != nil {
				return Verdict{Reason: why, BlockedBy: b}, does
			}
		}
	}
	// Else its own rule, when it only reads: what it reads is the output
	// before it, and one that runs it (sh), writes it (tee) or reads `-`
	// asks.
	v := c.judge(words, quoted, nil, in)
	switch {
	case v.Approved && (!does.OnlyReads() || slices.ContainsFunc(words, readsStdin)):
		return Verdict{Rule: v.Rule, Reason: pipeNotRead}, does
	case v.Approved || v.Rule != "":
		return v, does
	case filter:
		return Verdict{Reason: why}, does
	}
	return Verdict{Reason: noFilter}, does
}

// noProgram: the command runs no program: `true`, `:` alone, or `cd`.
func noProgram(words []string) bool {
	return len(words) == 1 && (words[0] == "true" || words[0] == ":") || len(words) > 0 && words[0] == "cd"
}

// cdpathSearched: bash looks a relative folder up in CDPATH first, unless
// it starts with ./ or ../. The line runs with the environment Memo runs
// in; with CDPATH set, `cd pkg` may go elsewhere, so it asks.
func cdpathSearched(dir string) bool {
	if os.Getenv("CDPATH") == "" || filepath.IsAbs(dir) {
		return false
	}
	return !(dir == "." || dir == ".." || strings.HasPrefix(dir, "./") || strings.HasPrefix(dir, "../"))
}

// readsStdin: the word names the standard input, which in a later stage of
// a pipeline is the output before it: `-`, a value `=-`, `@-` (curl -d
// @-), `:-`, a short option with `-` glued on (-f-), /dev/stdin and the
// like. What such a program does with it is not what its rule was
// approved for.
func readsStdin(w string) bool {
	switch {
	case w == "-", strings.HasSuffix(w, "=-"), strings.HasSuffix(w, "@-"), strings.HasSuffix(w, ":-"),
		len(w) > 2 && w[0] == '-' && w[1] != '-' && strings.HasSuffix(w, "-"),
		strings.Contains(w, "/dev/"), strings.Contains(w, "/proc/"):
		return true
	}
	return false
}
