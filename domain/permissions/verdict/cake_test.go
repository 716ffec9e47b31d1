// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

const cakeManifest = `{"version": 1, "isRoot": true, "tools": {"cake.tool": {"version": "6.1.0", "commands": ["dotnet-cake"]}}}`

const cakeScript = `var target = Argument("target", "Default");
var configuration = Argument<string>("configuration", "Release");
var toolPath = Argument("tool-path", "");
var nugetSource = Argument("nuget_source", "");
Task("Build").Does(() => DotNetBuild("App.sln"));
Task("Test").IsDependentOn("Build").Does(() => DotNetTest("App.sln"));
Task("Default").IsDependentOn("Test");
RunTarget(target);
`

// dotnet cake, and a bootstrapper that hands its arguments to it, pass the
// tasks and arguments the project's Cake script defines; anything else,
// or the script changed since trust, asks.
func TestCakeTargetsFromTheScript(t *testing.T) {
	files := map[string]string{
		".config/dotnet-tools.json": cakeManifest,
		"build.cake":                cakeScript,
		"other.cake":                cakeScript,
		"build.sh":                  "#!/usr/bin/env bash\nset -euo pipefail\ncd \"$(dirname \"${BASH_SOURCE[0]}\")\"\ndotnet tool restore\ndotnet cake \"$@\"\n",
	}
	for _, tc := range []struct {
		rule, line string
		reason     string // "" when approved
	}{
		{"dotnet cake", "dotnet cake --target=Test", ""},
		{"dotnet cake", "dotnet cake build.cake --target=Test --configuration=Release", ""},
		{"dotnet cake", "dotnet cake --target Test --configuration Release --verbosity=diagnostic", ""},
		{"dotnet cake", "dotnet cake --target=test --dryrun --showtree", ""},
		{"./build.sh", "./build.sh --target=Test --configuration=Release", ""},
		{"./build.sh", "./build.sh --target=Build", ""},

		{"dotnet cake", "dotnet cake --target=Deploy", "names no task build.cake defines"},
		{"./build.sh", "./build.sh --target=Deploy", "names no task build.cake defines"},
		{"dotnet cake", "dotnet cake --frobnicate=1", "no argument build.cake reads"},
		{"dotnet cake", "dotnet cake --paths_tools=/tmp/tools", "no argument build.cake reads"},
		{"dotnet cake", "dotnet cake --nuget_source=https://example.com/v3/index.json", "no argument build.cake reads"},
		{"dotnet cake", "dotnet cake --tool-path=evil", "could name a program"},
		{"dotnet cake", "dotnet cake --configuration=../../tmp", "could name a program"},
		{"dotnet cake", "dotnet cake --configuration=/tmp/x", "could name a program"},
		{"dotnet cake", "dotnet cake --bootstrap", "no argument build.cake reads"},
		{"dotnet cake", "dotnet cake other.cake --target=Test", "another Cake script than the rule runs"},
		{"dotnet cake", "dotnet cake ../x.cake --target=Test", "another Cake script"},
		{"./build.sh", "./build.sh --target=Test --exec=x", "runs another program"},
		{"./build.sh", "./build.sh --target=Test --debug", "no argument build.cake reads"},
	} {
		root := scriptProject(t, files)
		v := checkTrusted(root, []string{tc.rule}, tc.line)
		wantVerdict(t, fmt.Sprintf("Check(%q) under %q", tc.line, tc.rule), v, tc.reason)
	}

	// A task written into the script after trust is no trusted task.
	root := scriptProject(t, files)
	for _, rule := range []string{"dotnet cake", "./build.sh"} {
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		pinned := p.WithPinned(p.AllDefinitions([]string{rule}))
		fixture.Write(t, filepath.Join(root, "build.cake"), cakeScript+"Task(\"Evil\").Does(() => StartProcess(\"sh\"));\n", 0o644)
		line := "dotnet cake --target=Evil"
		if rule == "./build.sh" {
			line = "./build.sh --target=Evil"
		}
		v := NewChecker([]string{rule}).CheckIn(line, pinned)
		wantVerdict(t, fmt.Sprintf("Check(%q) under %q after build.cake changed", line, rule), v, "build.cake")
		fixture.Write(t, filepath.Join(root, "build.cake"), cakeScript, 0o644)
	}
	// Without a project, nothing is defined.
	wantVerdict(t, "Check(dotnet cake --target=Test) without a project", NewChecker([]string{"dotnet cake"}).Check("dotnet cake --target=Test", nil), "is not an option")
}

// The rule's label says it runs the tasks of the Cake script, the build
// project's own code; a script handing its arguments to dotnet cake says so
// too.
func TestCakeTargetsLabelled(t *testing.T) {
	root := scriptProject(t, map[string]string{
		".config/dotnet-tools.json": cakeManifest,
		"build.cake":                cakeScript,
		"build.sh":                  "#!/bin/sh\ndotnet cake \"$@\"\n",
	})
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	for _, rule := range []string{"dotnet cake", "./build.sh"} {
		defs, _ := p.Definitions(rule)
		var all []string
		for _, l := range RuleLabels(rule, projectfiles.CompareDefinitions(defs, defs)) {
			all = append(all, l.String())
		}
		got := strings.Join(all, "; ")
		if !strings.Contains(got, "runs the tasks build.cake defines, the build project's own code") {
			t.Errorf("%s labelled %q, want it to say it runs the tasks of build.cake", rule, got)
		}
	}
}
