// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"
)

// A property set on the command line is a property in every spelling a
// build tool takes (27 §2: gradle -Pab=1 is no -b, /p:CI=true is no path):
// one that only switches, counts or names a value is approved under the
// tool's rule, one that can name a program asks, saying so.
func TestPropertiesAreNotOptions(t *testing.T) {
	for _, tc := range []struct {
		rule, line string
		reason     string // "" when approved
	}{
		// gradle -P and -D, glued and as the next word.
		{"gradle test", "gradle test -Pab=1", ""},
		{"gradle test", "gradle test -PcontainerTests=true", ""},
		{"gradle test", "gradle test -Pp=1", ""},
		{"gradle test", "gradle test -PI=1", ""},
		{"gradle test", "gradle test -Pokhttp.platform=loom", ""},
		{"gradle test", "gradle test -PkotlinDev", ""},
		{"gradle test", "gradle test -P ab=1", ""},
		{"gradle test", "gradle test --project-prop ab=1", ""},
		{"gradle test", "gradle test --project-prop=ab=1", ""},
		{"gradle test", "gradle test -Dfoo.bar=baz", ""},
		{"gradle test", "gradle test -D foo.bar=baz", ""},
		{"gradle test", "gradle test --system-prop=foo.bar=baz", ""},
		{"gradle test", "gradle test -Dorg.gradle.workers.max=1", ""},
		{"./gradlew", "./gradlew -PjavaCompatibility=9 jar", ""},
		{"gradle test", "gradle test -Porg.gradle.jvmargs=-Xmx1g", "sets how gradle itself runs"},
		{"gradle test", "gradle test -Dorg.gradle.java.home=/tmp/j", "sets how gradle itself runs"},
		{"gradle test", "gradle test -D org.gradle.java.home=jdk", "sets how gradle itself runs"},
		{"gradle test", "gradle test --system-prop org.gradle.jvmargs=x", "sets how gradle itself runs"},
		{"gradle test", "gradle test -Psigning.gnupg.executable=gpg2", "sets a property that can name a program"},
		{"gradle test", "gradle test -P signing.gnupg.executable=gpg2", "sets a property that can name a program"},
		{"gradle test", "gradle test -Pkotlin.daemon.jvmargs=-javaagent:x.jar", "sets a property that can name a program"},
		{"gradle test", "gradle test -Pflags=-XX:OnError=id", "sets a property that can name a program"},
		{"gradle test", "gradle test -b other.gradle", "reads another build file"},
		{"gradle test", "gradle test -p ../other", "runs in another folder"},
		// maven -P names profiles; -D properties pass when they only switch.
		{"mvn verify", "mvn verify -Pfast", ""},
		{"mvn verify", "mvn verify -Pskip-slow,ci", ""},
		{"mvn verify", "mvn verify -Ddoclint=all", ""},
		{"mvn verify", "mvn verify -Dcommons.jacoco.haltOnFailure=false", ""},
		{"mvn verify", "mvn verify -DskipTests", ""},
		{"mvn verify", "mvn verify -Dexec.executable=sh", "can make maven run a program"},
		{"mvn verify", "mvn verify -Dx=y", "can make maven run a program"},
		{"mvn verify", "mvn verify -DargLine=-javaagent:a.jar", "can make maven run a program"},
		{"mvn verify", "mvn verify -s settings.xml", "changes the configuration"},
		// MSBuild: every spelling dotnet takes, in any case.
		{"dotnet build", "dotnet build /p:CI=true", ""},
		{"dotnet build", "dotnet build -p:CI=true", ""},
		{"dotnet build", "dotnet build -property:CI=true", ""},
		{"dotnet build", "dotnet build --property:CI=true", ""},
		{"dotnet build", "dotnet build /property:CI=true", ""},
		{"dotnet build", "dotnet build /P:CI=true", ""},
		{"dotnet build", "dotnet build -P:ContinuousIntegrationBuild=true", ""},
		{"dotnet pack", "dotnet pack -p:SymbolPackageFormat=snupkg", ""},
		{"dotnet test", "dotnet test -c Release -p:CI=true -p:TestTfmsInParallel=false", ""},
		{"dotnet build", "dotnet build /p:PreBuildEvent=id", "sets a property that can name a program"},
		{"dotnet build", "dotnet build -p:CscToolExe=sh", "sets a property that can name a program"},
		{"dotnet build", "dotnet build --property:CscToolPath=x", "sets a property that can name a program"},
		{"dotnet build", "dotnet build /Property:CustomBeforeMicrosoftCommonTargets=x.targets", "sets a property that can name a program"},
		{"dotnet build", "dotnet build /p:Version=/tmp/x", "outside the project"},
	} {
		v := NewChecker([]string{tc.rule}).Check(tc.line, nil)
		switch {
		case tc.reason == "" && !v.Approved:
			t.Errorf("Check(%q) under %q asks (%s), want it approved", tc.line, tc.rule, v.Reason)
		case tc.reason != "" && v.Approved:
			t.Errorf("Check(%q) under %q is approved, want it to ask (%s)", tc.line, tc.rule, tc.reason)
		case tc.reason != "" && !strings.Contains(v.Reason.String(), tc.reason):
			t.Errorf("Check(%q) under %q asks (%s), want the reason to say %q", tc.line, tc.rule, v.Reason, tc.reason)
		}
	}
}
