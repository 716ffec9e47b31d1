// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"
	"slices"
	"strings"

	"memo.dev/projects/domain"
)

// Build tools take properties on the command line: gradle -Pname=value and
// -Dname=value, maven -Dname=value, MSBuild -p:Name=Value and /p:Name=Value
// (dotnet build). A property is an input to the project's own build, which
// the rule runs already; it asks when it can name a program or options for
// one: a name that says so (a tool, a command, a path, an event …) with a
// value that is more than a flag or a number. A value that is a path is
// checked as a path besides (outside the project asks).

// isProp: the word sets a property by one of the table's spellings (props,
// space separated), so it is no bundle of short options.
func (p Program) isProp(a string) bool {
	for _, pre := range strings.Fields(p.props) {
		if strings.HasPrefix(a, pre) {
			return true
		}
	}
	return false
}

// propWord is one property a line sets.
type propWord struct {
	word, name, value string
}

// propsOf are the properties of args set by the spellings given: glued
// (-Dx=y, /p:X=Y) or, for a spelling listed in next, as the next word
// (-D x=y, --system-prop x=y). fold compares the spellings in any case
// (MSBuild's switches), glued given in lower case.
func propsOf(args []string, glued, next []string, fold bool) []propWord {
	var out []propWord
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		body, ok := "", false
		for _, n := range next {
			if a == n && i+1 < len(args) {
				i++
				body, ok = args[i], true
				break
			}
		}
		if !ok {
			for _, g := range glued {
				spelled := a
				if fold {
					spelled = strings.ToLower(a)
				}
				if strings.HasPrefix(spelled, g) && len(a) > len(g) {
					body, ok = a[len(g):], true
					break
				}
			}
		}
		if !ok {
			continue
		}
		name, value, _ := strings.Cut(body, "=")
		out = append(out, propWord{word: a, name: name, value: value})
	}
	return out
}

// flagValue: a value that can only switch or count (true, 24, 8.1.13),
// never name a program or its options.
func flagValue(v string) bool {
	v = strings.ToLower(strings.Trim(v, `"'`))
	switch v {
	case "", "true", "false", "yes", "no", "on", "off", "none", "all":
		return true
	}
	return strings.Trim(v, "0123456789.") == ""
}

// programParts are the parts of a property name that say its value names a
// program, its options, or where code comes from. Compared in lower case.
func programParts() []string {
	return []string{
		"exec", "command", "cmd", "program", "tool", "override", "agent", "jvm", "argline", "shell", "script",
		"home", "path", "binary", "launcher", "interpreter", "compiler", "event", "target", "import", "props",
		"sdk", "msbuild", "hook", "plugin", "init", "argument", "runner", "host", "dir", "source", "config", "conf",
		"settings", "repo", "url",
	}
}

// NamesProgram reports whether a property's or argument's name has a part
// that says its value names a program, its options or where code comes
// from (programParts: tool, exec, path, dir, url …).
func NamesProgram(name string) bool {
	n := strings.ToLower(name)
	for _, part := range programParts() {
		if strings.Contains(n, part) {
			return true
		}
	}
	return false
}

// flagProgramParts are parts of a test flag's name, beyond programParts,
// that say its value names a program to run or code to load: a project's
// tests read -gitbin, -helper, -driver, -plugin-lib … and run or load
// what they name.
var flagProgramParts = []string{"bin", "helper", "lib", "load", "module", "driver", "cli", "browser", "editor", "plugin", "linker"}

// FlagNamesProgram reports whether a test flag's name says its value
// names a program or code (NamesProgram's parts and flagProgramParts).
func FlagNamesProgram(name string) bool {
	n := strings.ToLower(name)
	return NamesProgram(n) || slices.ContainsFunc(flagProgramParts, func(p string) bool { return strings.Contains(n, p) })
}

// PlainValue is a value that is a name (Release, net8.0, linux-x64,
// 1.2.3-ci): never a path, a program's options or a list.
func PlainValue(v string) bool {
	v = strings.Trim(v, `"'`)
	return msbuildPlain.MatchString(v) && !strings.Contains(v, "..") && !strings.Contains(v, " ")
}

// propertyProblem: setting name=value can name a program (it asks), unless
// it cannot: a flag or a number, or a name with none of programParts.
// JVM options in any value (-javaagent, -XX:OnError) ask whatever the name.
func propertyProblem(name, value string) bool {
	l := strings.ToLower(value)
	if strings.Contains(l, "agent") || strings.Contains(l, "-xx:") || strings.Contains(l, "-xbootclasspath") {
		return true
	}
	if flagValue(value) {
		return false
	}
	n := strings.ToLower(name)
	for _, part := range programParts() {
		if strings.Contains(n, part) {
			return true
		}
	}
	return false
}

// gradleProps: -P and -D properties (glued or the next word), and the
// org.gradle.* ones, which set how gradle itself runs (its JVM and its
// options) unless they only switch or count (-Dorg.gradle.workers.max=1).
func gradleProps(c *Catalog, p Program, args []string) domain.Text {
	for _, pr := range propsOf(args, []string{"-D", "-P", "--system-prop=", "--project-prop="}, []string{"-D", "-P", "--system-prop", "--project-prop"}, false) {
		name := strings.ToLower(strings.TrimLeft(pr.name, "="))
		switch {
		case strings.HasPrefix(name, "org.gradle.") && (!flagValue(pr.value) || strings.Contains(name, "java") || strings.Contains(name, "jvmargs")):
			return domain.T("`{{.Word}}` sets how gradle itself runs (its JVM and options)", "Word", pr.word)
		case propertyProblem(pr.name, pr.value):
			return domain.T("`{{.Word}}` sets a property that can name a program for the build to run", "Word", pr.word)
		}
	}
	return domain.Text{}
}

// mavenProps: the -D properties maven's plugins read. Any plugin may take
// a program's name from one (exec.executable, jvm, gpg.executable), so only
// those the table lists as skipping or selecting work (safe_values) pass,
// and those that only switch or count (-Ddoclint=all, -Dx.haltOnFailure=false)
// under a name that names no program.
func mavenProps(p Program, args []string) domain.Text {
	for _, pr := range propsOf(args, []string{"-D"}, []string{"-D"}, false) {
		if p.safeValues[pr.name] || p.goalValues[pr.name] && p.onlyPhases(pr.value) {
			continue
		}
		if !flagValue(pr.value) || propertyProblem(pr.name, pr.value) {
			return domain.T("`{{.Word}}` can make maven run a program", "Word", pr.word)
		}
	}
	return domain.Text{}
}

// onlyPhases: v is one or more goals, split at spaces or commas, each a
// phase of the table's phases (clean verify): the project's own build, as
// its pom binds it; a plugin's goal (x:y), a property or an option is not.
func (p Program) onlyPhases(v string) bool {
	goals := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' })
	for _, g := range goals {
		if !p.phases[g] {
			return false
		}
	}
	return len(goals) > 0
}

// msbuildPlain is a value that is a name, never a path or a program's
// options: Release, Any CPU, net8.0, linux-x64, 1.2.3-ci.
var msbuildPlain = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 _.+-]*$`)

// msbuildSelects: a property the table lists as choosing what is built
// (safe_values: Configuration, Platform, TargetFramework …), set to a
// plain name. Configuration names an output folder (bin/Release), so a
// value that climbs (..) is no name.
func msbuildSelects(p Program, name, value string) bool {
	v := strings.Trim(value, `"'`)
	return p.safeValues[strings.ToLower(name)] && msbuildPlain.MatchString(v) && !strings.Contains(v, "..")
}

// msbuildNamedSelects: a property of the project's own whose name ends
// with the name of one that only chooses what is built (TestTargetFramework,
// LibraryConfiguration), set to a plain name (net35, Release): its name
// says what the value is. What comes before must be a word holding none of
// programParts (PreBuildEventTargetFramework asks), and a name that goes on
// past it (TargetFrameworkRootPath, ConfigurationFile) is not one; the
// value, as for msbuildSelects, is a name, never a path.
func msbuildNamedSelects(p Program, name, value string) bool {
	v := strings.Trim(value, `"'`)
	if !msbuildPlain.MatchString(v) || strings.Contains(v, "..") {
		return false
	}
	n := strings.ToLower(name)
	for s := range p.safeValues {
		if len(s) < 6 || !strings.HasSuffix(n, s) {
			continue
		}
		prefix := n[:len(n)-len(s)]
		if prefix == "" || strings.Trim(prefix, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" {
			continue
		}
		named := false
		for _, part := range programParts() {
			if strings.Contains(prefix, part) {
				named = true
			}
		}
		if !named {
			return true
		}
	}
	return false
}

// dotnetEnvironment: dotnet test's and dotnet run's -e/--environment
// NAME=VALUE sets a variable for the program they start. A variable can
// name a program or code to load (a profiler: CORECLR_PROFILER_PATH,
// DOTNET_STARTUP_HOOKS, LD_PRELOAD), so it passes only as one set before
// the command would (docs/permissions.md §3: CI=true, a log level); any
// other, or one Memo cannot read, asks.
func dotnetEnvironment(c *Catalog, args []string) domain.Text {
	switch strings.ToLower(firstOperand(args)) {
	case "test", "run", "vstest":
	default:
		return domain.Text{}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		var value string
		l := strings.ToLower(a)
		switch {
		case l == "-e" || l == "--environment" || l == "/e" || l == "/environment" || l == "-environment":
			if i+1 >= len(args) {
				continue
			}
			i++
			value = args[i]
		case strings.HasPrefix(l, "-e=") || strings.HasPrefix(l, "-e:") || strings.HasPrefix(l, "/e:"):
			value = a[3:]
		case strings.HasPrefix(l, "--environment=") || strings.HasPrefix(l, "--environment:"):
			value = a[len("--environment="):]
		case strings.HasPrefix(l, "-environment:") || strings.HasPrefix(l, "/environment:"):
			value = a[len("-environment:"):]
		default:
			continue
		}
		name, val, ok := strings.Cut(strings.Trim(value, `"'`), "=")
		if !ok || !c.PlainAssignment(name, val) {
			return domain.T("`{{.Word}}` sets an environment variable the tests and the programs they run read", "Word", a)
		}
	}
	return domain.Text{}
}

// msbuildOperands: MSBuild properties (-p:Name=Value, /p:, -property:,
// --property:, /property:) that can name a program or a file of targets to
// import (PreBuildEvent, CscToolExe, CustomBeforeMicrosoftCommonTargets …).
func msbuildOperands(c *Catalog, p Program, args []string) domain.Text {
	for _, a := range args {
		// @file: MSBuild reads more switches from it (-logger:x.dll).
		if len(a) > 1 && a[0] == '@' {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", domain.T("reads options from a file"))
		}
	}
	for _, pr := range propsOf(args, []string{"-p:", "/p:", "-property:", "--property:", "/property:"}, nil, true) {
		if msbuildSelects(p, pr.name, pr.value) || msbuildNamedSelects(p, pr.name, pr.value) {
			continue
		}
		if propertyProblem(pr.name, pr.value) {
			return domain.T("`{{.Word}}` sets a property that can name a program for the build to run", "Word", pr.word)
		}
	}
	return dotnetEnvironment(c, args)
}

// rakeOperands: rake reads NAME=value among its tasks as an environment
// variable, which the tasks and every program they start read (RUBYOPT and
// RUBYLIB load code): it asks, as make's VAR=value does.
func rakeOperands(c *Catalog, p Program, args []string) domain.Text {
	for _, a := range args {
		if strings.HasPrefix(a, "-") || !strings.Contains(a, "=") {
			continue
		}
		// The variables rake's own tasks read that name only project
		// files (safe_values: TEST, the test file Rake::TestTask loads);
		// the value is path-checked as every NAME=value's.
		name, value, _ := strings.Cut(a, "=")
		if p.safeValues[name] && value != "" && !strings.Contains(value, "=") {
			continue
		}
		// TESTOPTS: the options the tasks hand the test runner, each one
		// its flag list names (flag_lists: -n NAME, --seed=1, -v).
		if l, ok := p.flagLists[name]; ok && l.holds(value, p.flagShapes[name]...) {
			continue
		}
		return domain.T("`{{.Word}}` sets an environment variable the tasks and the programs they run read", "Word", a)
	}
	return domain.Text{}
}
