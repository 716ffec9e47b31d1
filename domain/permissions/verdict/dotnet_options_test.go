// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"testing"
)

// dotnet's options as its docs list them (dotnet test in both its VSTest
// and Microsoft.Testing.Platform modes, build, pack, publish, run,
// restore, format, vstest) pass; beside each, the neighbour that names a
// program, loads code from outside or writes outside still asks.
func TestDotnetOptionsFromTheDocs(t *testing.T) {
	for _, tc := range []struct {
		rule, line string
		reason     string // "" when approved
	}{
		// dotnet test, VSTest mode.
		{"dotnet test", "dotnet test --no-progress", ""},
		{"dotnet test", "dotnet test --no-ansi --no-restore --no-build --nologo", ""},
		{"dotnet test", "dotnet test --list-tests", ""},
		{"dotnet test", "dotnet test --blame-crash --blame-crash-dump-type full --blame-hang-timeout 10m --blame-hang-dump-type mini", ""},
		{"dotnet test", "dotnet test --blame-crash-collect-always", ""},
		{"dotnet test", "dotnet test --diag logs/diag.txt", ""},
		{"dotnet test", "dotnet test --diag /tmp/diag.txt", "outside the project"},
		{"dotnet test", "dotnet test -d ../diag.txt", "outside the project"},
		{"dotnet test", "dotnet test --results-directory TestResults --logger trx", ""},
		{"dotnet test", "dotnet test --results-directory=/tmp/results", "outside the project"},
		{"dotnet test", "dotnet test --settings tests.runsettings --collect 'XPlat Code Coverage'", ""},
		{"dotnet test", "dotnet test --settings /etc/x.runsettings", "outside the project"},
		{"dotnet test", "dotnet test --test-adapter-path /tmp/adapters", "outside the project"},
		{"dotnet test", "dotnet test --logger 'html;LogFileName=/tmp/x.html'", "outside the project"},
		{"dotnet test", "dotnet test --arch x64 --os linux -v q -tl:off -bl", ""},
		{"dotnet test", "dotnet test --artifacts-path artifacts", ""},
		{"dotnet test", "dotnet test --artifacts-path /tmp/a", "outside the project"},
		// dotnet test, Microsoft.Testing.Platform mode.
		{"dotnet test", "dotnet test --report-trx --coverage --coverage-output-format cobertura", ""},
		{"dotnet test", "dotnet test --minimum-expected-tests=10 --max-parallel-test-modules=2", ""},
		{"dotnet test", "dotnet test --output Detailed --no-progress --no-ansi", ""},
		{"dotnet test", "dotnet test --solution App.slnx --retry-failed-tests 3 --crashdump --hangdump --hangdump-timeout 5m", ""},
		{"dotnet test", "dotnet test --diagnostic --diagnostic-output-directory logs", ""},
		{"dotnet test", "dotnet test --diagnostic-output-directory /tmp/logs", "outside the project"},
		{"dotnet test", "dotnet test --config-file /tmp/testconfig.json", "outside the project"},
		{"dotnet test", "dotnet test --coverage-settings ../coverage.xml", "outside the project"},
		{"dotnet test", "dotnet test --no-such-option", "not an option Memo knows"},
		// A next word that starts with - is an option to dotnet's parsers
		// (System.CommandLine, the testing platform's), never a value.
		{"dotnet test", `dotnet test --filter-class "--results-directory=/tmp"`, "outside the project"},
		{"dotnet test", `dotnet test -- --filter-class "--results-directory=/tmp"`, "outside the project"},
		{"dotnet test", `dotnet test -- --filter-method "--config-file=/tmp/c.json"`, "outside the project"},
		{"dotnet test", `dotnet test --filter-trait "--diagnostic-output-directory" /tmp`, "outside the project"},
		{"dotnet test", `dotnet test -- --filter-class "*.X" --filter-trait "Category=BVT"`, ""},
		{"dotnet test", `dotnet test --filter-class App.Tests --results-directory TestResults`, ""},
		// -e/--environment: as a variable set before the command.
		{"dotnet test", "dotnet test -e CI=true", ""},
		{"dotnet test", "dotnet test --environment DOTNET_CLI_TELEMETRY_OPTOUT=1", ""},
		{"dotnet test", "dotnet test -e:NO_COLOR=1", ""},
		{"dotnet test", "dotnet test -e CORECLR_PROFILER_PATH=prof.so", "sets an environment variable"},
		{"dotnet test", "dotnet test -e CORECLR_ENABLE_PROFILING=1", "sets an environment variable"},
		{"dotnet test", "dotnet test --environment=DOTNET_STARTUP_HOOKS=hook.dll", "sets an environment variable"},
		{"dotnet test", "dotnet test -e LD_PRELOAD=x.so", "sets an environment variable"},
		{"dotnet run", "dotnet run -e ASPNETCORE_ENVIRONMENT=Development", ""},
		{"dotnet run", "dotnet run -e EDITOR=vim", "sets an environment variable"},
		// build, pack, publish, restore, format.
		{"dotnet build", "dotnet build -c Release --artifacts-path artifacts -tl:off", ""},
		{"dotnet build", "dotnet build -getProperty:Version", ""},
		{"dotnet publish", "dotnet publish -c Release --no-self-contained -r linux-x64", ""},
		{"dotnet publish", "dotnet publish --manifest /tmp/manifest.xml", "outside the project"},
		{"dotnet restore", "dotnet restore --use-lock-file --locked-mode --disable-parallel", ""},
		{"dotnet restore", "dotnet restore --configfile /tmp/NuGet.config", "not an option Memo knows"},
		{"dotnet restore", "dotnet restore --source https://example.com/v3/index.json", "not an option Memo knows"},
		{"dotnet pack", "dotnet pack --force -c Release -o artifacts", ""},
		{"dotnet pack", "dotnet pack -o /tmp/out", "outside the project"},
		{"dotnet format", "dotnet format --verify-no-changes --interactive", ""},
		// dotnet vstest, with VSTest's switches after `-` or `/`.
		{"dotnet vstest", "dotnet vstest bin/Release/net8.0/App.Tests.dll", ""},
		{"dotnet vstest", "dotnet vstest App.Tests.dll /Parallel /logger:trx /Framework:net8.0", ""},
		{"dotnet vstest", "dotnet vstest App.Tests.dll --Settings:tests.runsettings", ""},
		{"dotnet vstest", "dotnet vstest /tmp/Evil.dll", "outside the project"},
		{"dotnet vstest", "dotnet vstest App.Tests.dll /Settings:/tmp/x.runsettings", "outside the project"},
		{"dotnet vstest", "dotnet vstest App.Tests.dll /TestAdapterPath:/tmp/a", "outside the project"},
		{"dotnet vstest", "dotnet vstest App.Tests.dll /Diag:/tmp/x.log", "outside the project"},
		{"dotnet vstest", "dotnet vstest App.Tests.dll /Nosuch", "outside the project"},
	} {
		wantVerdict(t, fmt.Sprintf("Check(%q) under %q", tc.line, tc.rule), NewChecker([]string{tc.rule}).Check(tc.line, nil), tc.reason)
	}
}

// MSBuild's switches after `/` (/t:restore, /m) are options, not paths, and
// its targets are names; a property of the project's own named after one
// that only chooses what is built (TestTargetFramework) passes set to a
// plain name, never to a path or under a name that says it names one.
func TestMSBuildSlashSwitchesAndTargets(t *testing.T) {
	for _, tc := range []struct {
		rule, line string
		reason     string // "" when approved
	}{
		{"dotnet msbuild", "dotnet msbuild /t:restore", ""},
		{"dotnet msbuild", "dotnet msbuild -t:restore", ""},
		{"dotnet msbuild", "dotnet msbuild /target:Build /m /nologo /v:m", ""},
		{"dotnet msbuild", "dotnet msbuild App.sln /t:Build /p:Configuration=Release /bl:build.binlog", ""},
		{"dotnet msbuild", "dotnet msbuild /bl:/tmp/x.binlog", "outside the project"},
		{"dotnet msbuild", "dotnet msbuild /logger:/tmp/l.dll", "outside the project"},
		{"dotnet msbuild", "dotnet msbuild /tmp/x.proj", "outside the project"},
		{"dotnet msbuild", "dotnet msbuild /noautoresponse", "outside the project"},
		{"dotnet build", "dotnet build /m:1 /nologo /p:CI=true", ""},
		{"dotnet build", "dotnet build /p:TestTargetFramework=net35", ""},
		{"dotnet test", "dotnet test /p:TestTargetFramework=netcoreapp3.1", ""},
		{"dotnet build", "dotnet build -p:LibraryConfiguration=Release", ""},
		{"dotnet build", "dotnet build -p:PlatformTarget=x64", ""},
		{"dotnet build", "dotnet build /p:TestTargetFramework=../../tmp", "sets a property that can name a program"},
		{"dotnet build", "dotnet build /p:TestTargetFramework=/tmp/x", "sets a property that can name a program"},
		{"dotnet build", "dotnet build /p:TargetFrameworkRootPath=net35", "sets a property that can name a program"},
		{"dotnet build", "dotnet build /p:PreBuildEventTargetFramework=net35", "sets a property that can name a program"},
		{"dotnet build", "dotnet build /p:TargetFrameworkSDKToolsDirectory=x", "sets a property that can name a program"},
	} {
		wantVerdict(t, fmt.Sprintf("Check(%q) under %q", tc.line, tc.rule), NewChecker([]string{tc.rule}).Check(tc.line, nil), tc.reason)
	}
}
