// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

const nukeManifest = `{"version": 1, "isRoot": true, "tools": {"nuke.globaltool": {"version": "9.0.4", "commands": ["nuke"]}}}`

const nukeBuildCs = `using Nuke.Common;

class Build : NukeBuild
{
    public static int Main () => Execute<Build>(x => x.Compile);

    [Parameter("Configuration to build - Default is 'Debug' (local) or 'Release' (server)")]
    readonly Configuration Configuration = IsLocalBuild ? Configuration.Debug : Configuration.Release;

    [Parameter] [Secret] readonly string NuGetApiKey;
    [Parameter] readonly string ToolPath;

    Target Clean => _ => _
        .Executes(() => { });

    Target Compile => _ => _
        .DependsOn(Clean)
        .Executes(() => { });
}
`

// dotnet nuke passes the targets and parameters the project's NUKE build
// defines; an unknown target or parameter, a value that is a path, or a
// build changed since trust asks.
func TestNukeTargetsFromTheBuild(t *testing.T) {
	files := map[string]string{
		".config/dotnet-tools.json": nukeManifest,
		".nuke/parameters.json":     `{"$schema": "./build.schema.json", "Solution": "App.sln"}`,
		"build/_build.csproj":       "<Project Sdk=\"Microsoft.NET.Sdk\"/>\n",
		"build/Build.cs":            nukeBuildCs,
		"build/Tests/Test.cs":       "partial class Build { Target Test => _ => _.DependsOn(Compile).Executes(() => { }); }\n",
		"build.sh":                  "#!/usr/bin/env bash\nset -eo pipefail\ndotnet nuke \"$@\"\n",
	}
	for _, tc := range []struct {
		rule, line string
		reason     string // "" when approved
	}{
		{"dotnet nuke", "dotnet nuke Compile", ""},
		{"dotnet nuke", "dotnet nuke Test --configuration Release", ""},
		{"dotnet nuke", "dotnet nuke compile --skip clean --no-logo", ""},
		{"dotnet nuke", "dotnet nuke --target Compile Test --plan", ""},
		{"dotnet nuke", "dotnet nuke Test --nu-get-api-key abc123", ""},

		{"./build.sh", "./build.sh Test --configuration Release", ""},
		{"dotnet nuke", "dotnet nuke Deploy", "names no target"},
		{"./build.sh", "./build.sh Deploy", "names no target"},
		{"dotnet nuke", "dotnet nuke --target Deploy", "names no target"},
		{"dotnet nuke", "dotnet nuke Test --frobnicate 1", "no parameter the NUKE build"},
		{"dotnet nuke", "dotnet nuke Test --root /tmp", "no parameter the NUKE build"},
		{"dotnet nuke", "dotnet nuke Test --tool-path evil", "could name a program"},
		{"dotnet nuke", "dotnet nuke Test --configuration ../../tmp", "could name a program"},
		{"dotnet nuke", "dotnet nuke Test --configuration=/tmp/x", "could name a program"},
		{"dotnet nuke", "dotnet nuke ../x", "names no target"},
	} {
		root := scriptProject(t, files)
		v := checkTrusted(root, []string{tc.rule}, tc.line)
		wantVerdict(t, fmt.Sprintf("Check(%q) under %q", tc.line, tc.rule), v, tc.reason)
	}

	// A target written into the build after trust, in a file or a new one,
	// is no trusted target.
	for _, change := range []string{"build/Build.cs", "build/Deploy.cs"} {
		root := scriptProject(t, files)
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		pinned := p.WithPinned(p.AllDefinitions([]string{"dotnet nuke"}))
		fixture.Write(t, filepath.Join(root, change), "partial class Build { Target Deploy => _ => _.Executes(() => { }); }\n", 0o644)
		v := NewChecker([]string{"dotnet nuke"}).CheckIn("dotnet nuke Deploy", pinned)
		wantVerdict(t, fmt.Sprintf("Check(dotnet nuke Deploy) after %s changed", change), v, change)
	}

	// Without a NUKE build (no .nuke), or one Memo does not read (a link
	// in build/), the line reads as before.
	root := scriptProject(t, files)
	if err := os.RemoveAll(filepath.Join(root, ".nuke")); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, "Check(dotnet nuke Test --configuration Release) without .nuke", checkTrusted(root, []string{"dotnet nuke"}, "dotnet nuke Test --configuration Release"), "is not an option")
	root = scriptProject(t, files)
	if err := os.Symlink("/etc/hostname", filepath.Join(root, "build", "x.cs")); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, "Check(dotnet nuke Test --configuration Release) with a link in build/", checkTrusted(root, []string{"dotnet nuke"}, "dotnet nuke Test --configuration Release"), "is not an option")

	// The label says what the rule runs.
	root = scriptProject(t, files)
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	defs, _ := p.Definitions("dotnet nuke")
	var all []string
	for _, l := range RuleLabels("dotnet nuke", projectfiles.CompareDefinitions(defs, defs)) {
		all = append(all, l.String())
	}
	if got := strings.Join(all, "; "); !strings.Contains(got, "runs the targets build/_build.csproj defines") {
		t.Errorf("dotnet nuke labelled %q, want it to say it runs the NUKE build's targets", got)
	}
}
