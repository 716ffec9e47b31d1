// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"maps"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// inspector checks the words of a line that starts with an accepted rule
// (docs/permissions.md §5–§7): the table of risky arguments, the program's safe options
// (default deny), the paths and destinations its words name and, in a
// project, its git repository and the configs that make the program run
// another. Wrapped programs (uv run pytest, python -m pytest, bash
// scripts/x.sh) are inspected as lines of their own.
type inspector struct {
	// cat is the catalogue the words are read with; nil is the builtin one.
	cat *catalog.Catalog
	// spelled are the rule's own option words; named all its words (a
	// destination the rule spells is one the person named).
	spelled map[string]bool
	named   []string
	// ruleText is the rule the line matched, whose trust pins what it runs.
	ruleText string
	// between are the places in the line's words of the member filters
	// optionsBetween skipped among the rule's words (selectsBeyond).
	between []int
	// project is nil when the line is checked alone; git may be set
	// without one.
	project *projectfiles.Project
	git     projectfiles.GitCheck
	// envAssigns are the variables the line sets before make, judged as
	// variables on its line (assigns.go, makeLine); nil for another line.
	envAssigns []string
	// projectAssigns are a project's own variables the line sets before
	// its command, NAME=VALUE (assigns.go): a rule's definitions must read
	// them and spell their values (judgeWith).
	projectAssigns []string
	// noConfigs: the words come from a config (a cargo alias, pytest's
	// addopts), which is being read already.
	noConfigs bool
	// rule: the words are a rule being accepted, not a line: what the
	// project holds is checked when a line is.
	rule bool
	// module: the words being read are a module an interpreter runs
	// (python -m build), which a module-only entry answers for.
	module bool
	// scripts are the project scripts whose arguments are being read, the
	// outermost first (scriptargs.go).
	scripts []string
	// interp is the interpreter the words are a script of (bash
	// scripts/x.sh), "" when the program word runs itself.
	interp string
	// runner is the program word of the interpreter that runs the words
	// as a module (.venv/bin/python of `-m pip`), "" when none does.
	runner string
	// uvRun: the words are what uv run runs, which runs a .py file with
	// Python.
	uvRun bool
}

// inspect returns why the line asks, with the file that blocks it when a
// project config does, or nothing.
// prefix is how many of words are the rule's.
func (in *inspector) inspect(words []string, prefix, depth int) (domain.Text, *projectfiles.Block) {
	if py, ok := in.pyScript(words); ok {
		return in.inspectPyScript(words, prefix, depth, py)
	}
	return in.inspectLine(words, prefix, depth)
}

// inspectLine is inspect for one line as it is.
func (in *inspector) inspectLine(words []string, prefix, depth int) (domain.Text, *projectfiles.Block) {
	if depth > catalog.MaxWrapDepth {
		return domain.T("the line wraps programs in programs more deeply than Memo reads"), nil
	}
	if projectfiles.ProtectedPart(words[0]) {
		return projectfiles.ProtectedReason(words[0]), nil
	}
	c := in.catalog()
	name, args := c.ResolveProgram(words)
	if c.IsInterpreter(name) && prefix > 1 && prefix <= len(words) && c.VersionQuery(words[:prefix]) {
		// A version rule (node -v) approves the version query alone.
		if c.VersionQuery(words) {
			return domain.Text{}, nil
		}
		return domain.T("`{{.Rule}}` approves the version query alone", "Rule", strings.Join(words[:prefix], " ")), nil
	}
	if name == "make" && len(in.envAssigns) > 0 && (in.project == nil || in.rule || in.noConfigs || in.ruleText == "") {
		return cmdline.SetsVariable, nil
	}
	if name == "make" && in.project != nil && !in.rule && !in.noConfigs && in.ruleText != "" {
		kept, reason := in.makeLine(words, args, prefix)
		if !reason.IsZero() {
			return reason, nil
		}
		if len(kept) != len(args) {
			// The words that passed are read no further.
			words = append(words[:len(words)-len(args):len(words)-len(args)], kept...)
			args = words[len(words)-len(kept):]
		}
	}
	if name == "git" && !in.rule {
		if at, ok := gitFolderAt(args); ok {
			return in.inspectGitFolder(words, args, at, prefix, depth)
		}
	}
	if name == "mix" && len(args) > 0 && args[0] == "do" {
		return in.mixDo(args[1:], depth)
	}
	r := in.read(name, args)
	if spelled, values, ok := in.testBinarySpelled(name, words[0], args); ok && !r.Unknown.IsZero() {
		// A test binary the project builds: its framework's options.
		was := in.spelled
		in.spelled = spelled
		r = in.read(name, args)
		in.spelled = was
		r.Paths = append(r.Paths, values...)
	}
	// A risky argument's reason before an unknown option's: it says more.
	// The words of the program it wraps are that program's: read below.
	own := args[:len(args)-len(r.Wrapped)]
	if reason := c.RiskyArgs(name, withoutNarrowValues(c, name, own, r), cmdline.FirstWord(r.Sub)); !reason.IsZero() && !in.bunFileOfTheRule(name, words, own, prefix, reason) {
		return reason, nil
	}
	script, scriptKnown := in.scriptReading(name, words)
	if ruleArgs := prefix - (len(words) - len(args)); scriptKnown && ruleArgs < len(args) {
		// A project script whose arguments the script itself says: its
		// words past the rule's are checked as it uses them.
		if reason, b := in.scriptArgs(words[0], args, max(ruleArgs, 0), depth, script); !reason.IsZero() {
			return reason, b
		}
		r.Unknown, r.Loose = domain.Text{}, nil
	}
	if !r.Unknown.IsZero() && name == "cargo" && in.project != nil && !in.noConfigs && in.project.AliasPassesArgs(cmdline.FirstWord(r.Sub)) {
		// The project program's own arguments: each word after the alias
		// is checked as a path may be, as the words after cargo run's --.
		r.Unknown = domain.Text{}
		if i := slices.Index(args, cmdline.FirstWord(r.Sub)); i >= 0 {
			r.Paths = append(r.Paths, args[i+1:]...)
		}
	}
	if !r.Unknown.IsZero() && name == "cargo" && in.project != nil && !in.noConfigs {
		// An alias of cargo run: the line's words after it read as they
		// would follow the alias's words on cargo run's line.
		if aw, ok := in.project.CargoRunAlias(cmdline.FirstWord(r.Sub)); ok {
			if i := slices.Index(args, cmdline.FirstWord(r.Sub)); i >= 0 {
				if r2 := in.read("cargo", append(slices.Clone(aw), args[i+1:]...)); r2.Unknown.IsZero() && len(r2.Lines) == 0 && len(r2.Wrapped) == 0 {
					r.Unknown = domain.Text{}
					r.Paths = append(r.Paths, r2.Paths...)
				}
			}
		}
	}
	if !r.Unknown.IsZero() && name == "dotnet" && cmdline.FirstWord(r.Sub) == "cake" {
		// The tasks and arguments the project's Cake script defines.
		if paths, reason, ok := in.cakeLine(args, prefix-(len(words)-len(args))); ok {
			r.Unknown = reason
			r.Paths = append(r.Paths, paths...)
		}
	}
	if name == "dotnet" && cmdline.FirstWord(r.Sub) == "nuke" {
		// The targets and parameters the project's NUKE build defines; its
		// operands too, which would pass as paths.
		if reason, ok := in.nukeLine(args, prefix-(len(words)-len(args))); ok {
			r.Unknown = reason
		}
	}
	if r.Unknown.IsZero() && name == "dotnet" && cmdline.FirstWord(r.Sub) == "run" {
		// dotnet run --project of a NUKE build: the words after its -- are
		// the targets and parameters the build defines.
		if reason, ok := in.nukeRunLine(args, prefix-(len(words)-len(args))); ok {
			r.Unknown = reason
		}
	}
	if !r.Unknown.IsZero() && name == "pytest" && in.project != nil && !in.rule {
		// The switches the project's conftest.py adds go to its own code.
		if flags := in.project.PytestConftestFlags(); len(flags) > 0 {
			spelled := maps.Clone(in.spelled)
			if spelled == nil {
				spelled = map[string]bool{}
			}
			maps.Copy(spelled, flags)
			r = c.ReadArgs(name, args, spelled)
		}
	}
	if name == "go" && cmdline.FirstWord(r.Sub) == "test" && !in.rule {
		if reason := goTestArgsProblem(args); !reason.IsZero() {
			return reason, nil
		}
	}
	if !r.Unknown.IsZero() && name == "go" && cmdline.FirstWord(r.Sub) == "test" {
		// The flags the project's test code defines go to its test binary.
		if spelled, values, why, ok := in.goTestSpelled(args, r.Operands); ok {
			if !why.IsZero() {
				return why, nil
			}
			was := in.spelled
			in.spelled = spelled
			r = in.read(name, args)
			in.spelled = was
			r.Paths = append(r.Paths, values...)
		}
	}
	if !r.Unknown.IsZero() {
		return r.Unknown, nil
	}
	if reason := c.VariableRisk(r.Assigns); !reason.IsZero() {
		return reason, nil
	}
	if reason := in.selectsBeyond(name, words, args, prefix, depth, r); !reason.IsZero() {
		return reason, nil
	}
	reason, b, recipeRead := in.justRecipeArgs(name, words, args, prefix, depth)
	if !reason.IsZero() {
		return reason, b
	}
	if reason := in.moreTargets(name, words, args, prefix, r); !recipeRead && !reason.IsZero() {
		return reason, nil
	}
	if r.Wrapped == nil && c.LocalBinRunner(name, r) {
		return domain.T("`{{.Word}}` names no program to run; name it, as in `npx vitest`", "Word", strings.Join(words, " ")), nil
	}
	if r.Wrapped != nil {
		if reason := wrappedProblem(c, name, r); !reason.IsZero() {
			return reason, nil
		}
		if reason := in.projectModule(own, r); !reason.IsZero() {
			return reason, nil
		}
		at := len(words) - len(r.Wrapped)
		if at >= prefix {
			return domain.T("`{{.Word}}` runs a program the rule does not name; name it in the rule, as in `uv run pytest`", "Word", strings.Join(words[:at], " ")), nil
		}
		if c.LocalBinRunner(name, r) {
			runner := strings.TrimSpace(name + " " + r.Sub)
			if prev := words[at-1]; prev != "exec" && c.Canonical(catalog.ProgramName(prev)) != name {
				return domain.T("`{{.Word}}` comes before the program {{.Runner}} runs; nothing may", "Word", prev, "Runner", runner), nil
			}
			if reason := c.LocalBinName(runner, r.Wrapped[0]); !reason.IsZero() {
				return reason, nil
			}
			if !in.rule {
				if reason := in.project.LocalBin(runner, r.Wrapped[0]); !reason.IsZero() {
					return reason, nil
				}
			}
		}
		if c.IsInterpreter(name) && !r.Module {
			if reason := in.project.PathProblem(r.Wrapped[0]); !reason.IsZero() {
				return reason, nil // the script must be the project's
			}
		}
		if in.definedPyScript(name, r) {
			for _, w := range r.Wrapped[1:] {
				for _, c := range projectfiles.PathCandidates(w) {
					if reason := in.project.PathProblem(c); !reason.IsZero() {
						return reason, nil
					}
				}
			}
		} else if reason, b := in.wrappedBy(words[0], name, r, prefix-at, depth+1); !reason.IsZero() {
			return reason, b
		}
	}
	if reason, b := in.checkLines(name, words, args, prefix, depth, r); !reason.IsZero() {
		return reason, b
	}
	paths := r.Paths
	if e := c.Entries[name]; e != nil && e.Labels {
		paths = catalog.LabelPaths(paths)
	}
	if name == "sed" {
		paths = append(paths, catalog.SedReadFiles(args)...)
	}
	for _, w := range paths {
		for _, c := range projectfiles.PathCandidates(w) {
			if reason := in.project.PathProblem(c); !reason.IsZero() {
				return reason, nil
			}
		}
	}
	if reason := in.destinations(name, r); !reason.IsZero() {
		return reason, nil
	}
	if reason := in.looseOperands(name, words, args, prefix, r); !reason.IsZero() {
		return reason, nil
	}
	if in.git != nil && !in.noConfigs && (name == "git" || runsGit(c, name)) {
		sub := ""
		if name == "git" {
			sub = cmdline.FirstWord(r.Sub)
		}
		if reason := in.git(sub); !reason.IsZero() {
			var b *projectfiles.Block
			if in.project != nil {
				b = in.project.GitBlock(sub)
			}
			return reason, b
		}
	}
	if reason, b := in.pipLine(name, words[0], args); !reason.IsZero() {
		return reason, b
	}
	if in.project != nil && !in.noConfigs {
		if b := in.project.ProgramBlock(name, r); b != nil {
			return b.Reason, b
		}
		if b := in.envFileBlock(name, own); b != nil {
			return b.Reason, b
		}
	}
	return domain.Text{}, nil
}

// read reads the arguments with the program's entry, or as spelled in the
// rule for a program without one. A module-only entry answers only for a
// module an interpreter runs.
func (in *inspector) read(name string, args []string) catalog.Reading {
	c := in.catalog()
	if e := c.Entries[name]; e != nil && e.ModuleOnly && !in.module {
		return catalog.ReadUnknown(name, args, in.spelled)
	}
	return c.ReadArgs(name, args, in.spelled)
}

// wrappedBy inspects the program line r wraps, knowing the word of the
// program that runs it when that runs a module (python -m pip).
func (in *inspector) wrappedBy(word, name string, r catalog.Reading, prefix, depth int) (domain.Text, *projectfiles.Block) {
	was := in.runner
	in.runner = ""
	if r.Module {
		in.runner = word
	}
	defer func() { in.runner = was }()
	return in.inspectWrapped(name, r, prefix, depth)
}

// inspectWrapped inspects the program line r wraps, as a module when the
// wrapper runs one (-m).
func (in *inspector) inspectWrapped(name string, r catalog.Reading, prefix, depth int) (domain.Text, *projectfiles.Block) {
	was, wasInterp, wasUv := in.module, in.interp, in.uvRun
	in.module, in.interp = r.Module, ""
	if in.catalog().IsInterpreter(name) && !r.Module {
		in.interp = name
	}
	in.uvRun = name == "uv" && cmdline.FirstWord(r.Sub) == "run" && !r.Module
	defer func() { in.module, in.interp, in.uvRun = was, wasInterp, wasUv }()
	return in.inspect(r.Wrapped, prefix, depth)
}

// wrappedProblem checks what a wrapping program names: a module needs an
// entry, and no wrapper makes a refused program approved.
func wrappedProblem(c *catalog.Catalog, name string, r catalog.Reading) domain.Text {
	w := r.Wrapped[0]
	if why := c.OwnTool(name, r); !why.IsZero() {
		return why
	}
	switch {
	case w == "" || strings.HasPrefix(w, "-"):
		return domain.T("`{{.Program}}` names no program to run", "Program", name)
	case r.Module:
		mod := c.Canonical(catalog.ProgramName(w))
		if _, ok := c.Entries[mod]; (!ok || mod != strings.ToLower(w)) && !projectModuleName(c, w) {
			return domain.T("`-m {{.Module}}` runs a module Memo does not know", "Module", w)
		}
	}
	wn, _ := c.ResolveProgram(r.Wrapped)
	return refusedRule(c, wn, c.ProgramWords(r.Wrapped))
}

// catalog is the catalogue the inspector reads with.
func (in *inspector) catalog() *catalog.Catalog {
	if in.cat == nil {
		return catalog.Builtin()
	}
	return in.cat
}

// moreTargets tells why a line runs a target its rule does not name.
// words[:prefix] are the rule's; args are the program's arguments.
func (in *inspector) moreTargets(name string, words, args []string, prefix int, r catalog.Reading) domain.Text {
	ruleArgs := prefix - (len(words) - len(args))
	// A target runner (make test lint, mvn test deploy, just test build;
	// targets = true in its entry): a rule that names targets approves
	// those alone, a bare rule (make) any.
	if e := in.catalog().Entries[name]; e == nil || !e.Targets || ruleArgs < 1 || ruleArgs >= len(args) {
		return domain.Text{}
	}
	ruleR := in.read(name, args[:ruleArgs])
	if name == "just" {
		// A recipe's arguments follow it, or further recipes do: Memo
		// cannot tell which without the recipe's parameters.
		if ruleR.Sub == "" {
			return domain.Text{}
		}
		for _, a := range args[ruleArgs:] {
			switch {
			case strings.HasPrefix(a, "-"):
			case strings.Contains(a, "="):
				return domain.T("`{{.Word}}` may override a variable the recipes use; name it in the rule", "Word", a)
			default:
				return domain.T("`{{.Word}}` may be another just recipe, which the rule does not name; name it in the rule", "Word", a)
			}
		}
		return domain.Text{}
	}
	named := targetsOf(name, ruleR)
	if len(named) == 0 {
		return domain.Text{}
	}
	if all := targetsOf(name, r); len(all) > len(named) {
		return domain.T("`{{.Word}}` is another target than the rule names; name it in the rule", "Word", all[len(named)])
	}
	return domain.Text{}
}

// targetsOf are the targets a reading names, in order.
func targetsOf(name string, r catalog.Reading) []string {
	var out []string
	if r.Sub != "" {
		out = append(out, r.Sub)
	}
	for _, t := range r.Operands {
		if name == "make" && strings.Trim(t, "0123456789") == "" {
			continue // make -j 8: the count of jobs
		}
		if (name == "make" || name == "rake") && strings.Contains(t, "=") {
			continue // make check V=1, rake test TEST=x: a variable (makeOperands, rakeOperands), not a target
		}
		out = append(out, t)
	}
	return out
}

// bunFileOfTheRule: the only risky argument is the project file bun runs
// (bun ./scripts/x.ts), and the rule names it, as a node rule names its
// script: the trust pins the file's bytes (the rule's definitions), and
// the words after it are the script's arguments, path-checked.
func (in *inspector) bunFileOfTheRule(name string, words, args []string, prefix int, reason domain.Text) bool {
	if name != "bun" || !catalog.BunFileReason(reason) {
		return false
	}
	i := catalog.BunFile(args)
	// Only bun FILE: the trust pins that file (bun run FILE is read as a
	// script's name by the definitions, which would not pin it).
	return i >= 0 && (i == 0 || args[i-1] != "run") && len(words)-len(args)+i < prefix && in.project.PathProblem(args[i]).IsZero()
}

// mixDo reads `mix do task1 args + task2` (and the older `task1, task2`
// form, a word ending with a comma closing a task) as the mix lines it
// runs, one after the other, each checked as a line of its own: every task
// must be one mix's table lists (never the project's alias, which may run
// anything, nor a word Memo does not know), and its arguments pass as that
// task's. A rule `mix do` alone names no task.
func (in *inspector) mixDo(args []string, depth int) (domain.Text, *projectfiles.Block) {
	var tasks [][]string
	var cur []string
	closed := true
	for _, a := range args {
		switch {
		case a == "+":
			if len(cur) == 0 {
				return mixDoProblem(a), nil
			}
			tasks, cur, closed = append(tasks, cur), nil, true
		case strings.HasSuffix(a, ","):
			if a == "," || len(cur) == 0 && strings.HasPrefix(a, "-") {
				return mixDoProblem(a), nil
			}
			tasks, cur, closed = append(tasks, append(cur, strings.TrimSuffix(a, ","))), nil, true
		default:
			cur, closed = append(cur, a), false
		}
	}
	if !closed {
		tasks = append(tasks, cur)
	} else if len(args) > 0 {
		return mixDoProblem(args[len(args)-1]), nil // a separator with no task after it
	}
	e := in.catalog().Entries["mix"]
	for _, t := range tasks {
		reason, b := in.inspect(append([]string{"mix"}, t...), 1, depth+1)
		if !reason.IsZero() {
			return reason, b // a risky task says why (mix do local.hex)
		}
		if e == nil || e.Subs[t[0]] == nil {
			return mixDoProblem(t[0]), nil
		}
	}
	return domain.Text{}, nil
}

func mixDoProblem(word string) domain.Text {
	return domain.T("`{{.Word}}` is not a mix task Memo knows; mix do runs only tasks of its table", "Word", word)
}
