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

// nukeBootstrapper is NUKE's bash bootstrapper as Bogus keeps it: dotnet
// found on PATH, the build project run with dotnet run.
const nukeBootstrapper = "#!/usr/bin/env bash\nset -eo pipefail\nSCRIPT_DIR=$(cd \"$( dirname \"${BASH_SOURCE[0]}\" )\" && pwd)\n" +
	"BUILD_PROJECT_FILE=\"$SCRIPT_DIR/Source/Builder/Builder.csproj\"\n" +
	"if [ -x \"$(command -v dotnet)\" ] && dotnet --version &>/dev/null; then\n    export DOTNET_EXE=\"$(command -v dotnet)\"\nfi\n" +
	"\"$DOTNET_EXE\" build \"$BUILD_PROJECT_FILE\" -nologo --verbosity quiet\n" +
	"\"$DOTNET_EXE\" run --project \"$BUILD_PROJECT_FILE\" --no-build -- \"$@\"\n"

// A bootstrapper that hands its arguments to dotnet run --project of a
// NUKE build project (a .csproj referencing Nuke.Common beside the root's
// .nuke) passes the targets and parameters the build defines, through a
// "$DOTNET_EXE" the script sets only to $(command -v dotnet); an unknown
// target or parameter, a path, a program the variable could name
// otherwise, or a build changed since trust asks.
func TestNukeTargetsThroughDotnetRun(t *testing.T) {
	files := map[string]string{
		".nuke/parameters.json":         `{"Solution": "Source/App.sln"}`,
		"Source/Builder/Builder.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <ItemGroup>\n    <PackageReference Include=\"Nuke.Common\" Version=\"9.0.3\" />\n  </ItemGroup>\n</Project>\n",
		"Source/Builder/Build.cs":       nukeBuildCs,
		"build.sh":                      nukeBootstrapper,
		"plain.sh":                      "#!/usr/bin/env bash\nset -e\ndotnet run --project Source/Builder/Builder.csproj -- \"$@\"\n",
		"other.sh":                      "#!/usr/bin/env bash\nset -e\ndotnet run --project Source/App/App.csproj -- \"$@\"\n",
		"Source/App/App.csproj":         "<Project Sdk=\"Microsoft.NET.Sdk\"/>\n",
		"twice.sh":                      strings.Replace(nukeBootstrapper, "fi\n", "else\n    DOTNET_EXE=\"$(command -v mono)\"\nfi\n", 1),
		"elsewhere.sh":                  strings.Replace(nukeBootstrapper, "fi\n", "else\n    DOTNET_EXE=/tmp/dotnet/dotnet\nfi\n", 1),
		"unquoted.sh":                   strings.Replace(nukeBootstrapper, "\"$DOTNET_EXE\" run", "$DOTNET_EXE run", 1),
	}
	for _, tc := range []struct {
		rule, line string
		reason     string // "" when approved
	}{
		{"bash ./build.sh", "bash ./build.sh compile", ""},
		{"bash ./build.sh", "bash ./build.sh Clean", ""},
		{"./build.sh", "./build.sh compile --configuration Release --skip clean", ""},
		{"./build.sh", "./build.sh --target Compile --plan", ""},
		{"./plain.sh", "./plain.sh compile", ""},
		{"dotnet run --project Source/Builder/Builder.csproj --", "dotnet run --project Source/Builder/Builder.csproj -- compile", ""},

		{"bash ./build.sh", "bash ./build.sh deploy", "names no target the NUKE build (Source/Builder/) defines"},
		{"./plain.sh", "./plain.sh deploy", "names no target the NUKE build (Source/Builder/) defines"},
		{"dotnet run --project Source/Builder/Builder.csproj --", "dotnet run --project Source/Builder/Builder.csproj -- deploy", "names no target"},
		{"bash ./build.sh", "bash ./build.sh compile --frobnicate 1", "no parameter the NUKE build"},
		{"bash ./build.sh", "bash ./build.sh compile --root /tmp", "no parameter the NUKE build"},
		{"bash ./build.sh", "bash ./build.sh compile --tool-path evil", "could name a program"},
		{"bash ./build.sh", "bash ./build.sh compile --configuration ../../tmp", "could name a program"},
		{"bash ./build.sh", "bash ./build.sh ../x", "names no target"},
		{"bash ./build.sh", "DOTNET_EXE=/tmp/evil bash ./build.sh compile", "sets a variable"},
		// Not NUKE's: the words after -- are the program's, path-checked.
		{"./other.sh", "./other.sh deploy", ""},
		{"./other.sh", "./other.sh /tmp/x", "outside the project"},
		// $DOTNET_EXE set otherwise too, or unquoted: Memo cannot tell it.
		{"./twice.sh", "./twice.sh compile", "Memo knows no"},
		{"./elsewhere.sh", "./elsewhere.sh compile", "Memo knows no"},
		{"./unquoted.sh", "./unquoted.sh compile", "Memo knows no"},
	} {
		root := scriptProject(t, files)
		v := checkTrusted(root, []string{tc.rule}, tc.line)
		wantVerdict(t, fmt.Sprintf("Check(%q) under %q", tc.line, tc.rule), v, tc.reason)
	}

	// Where the environment sets DOTNET_EXE, the script runs that program
	// when dotnet is not on PATH.
	t.Setenv("DOTNET_EXE", "/tmp/evil")
	root := scriptProject(t, files)
	wantVerdict(t, "Check(bash ./build.sh compile) with DOTNET_EXE set", checkTrusted(root, []string{"bash ./build.sh"}, "bash ./build.sh compile"), "which the environment sets")
	t.Setenv("DOTNET_EXE", "")

	// A target written into the build after trust is no trusted target.
	for _, change := range []string{"Source/Builder/Build.cs", "Source/Builder/Deploy.cs"} {
		root := scriptProject(t, files)
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		pinned := p.WithPinned(p.AllDefinitions([]string{"bash ./build.sh"}))
		fixture.Write(t, filepath.Join(root, change), "partial class Build { Target Deploy => _ => _.Executes(() => { }); }\n", 0o644)
		v := NewChecker([]string{"bash ./build.sh"}).CheckIn("bash ./build.sh deploy", pinned)
		wantVerdict(t, fmt.Sprintf("Check(bash ./build.sh deploy) after %s changed", change), v, change)
	}
}
