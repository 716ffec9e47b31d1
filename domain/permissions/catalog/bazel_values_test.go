// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"
	"testing"
)

// bazel's environment options pass a variable's name (the user's own
// value), never a value the project sets; --host_jvm_args passes JVM
// options that size or tune the JVM and bazel's own switches, never one
// that loads code or a JDK property.
func TestBazelValues(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // a part of the reason, "" when it passes
	}{
		{[]string{"--test_env=DOCKER_HOST"}, ""},
		{[]string{"--action_env=DOCKER_HOST", "--repo_env=DOCKER_HOST"}, ""},
		{[]string{"--host_action_env=HOME"}, ""},
		{[]string{"--test_env", "GOPATH"}, ""},
		{[]string{"--host_jvm_args=-DBAZEL_TRACK_SOURCE_DIRECTORIES=1"}, ""},
		{[]string{"--host_jvm_args=-Xmx4g"}, ""},
		{[]string{"--host_jvm_args", "-XX:+UseParallelGC"}, ""},
		{[]string{"--host_jvm_args=-Dfile.encoding=UTF-8"}, ""},
		{[]string{"--host_jvm_args=-Djdk.tls.client.protocols=TLSv1.2"}, ""},
		{[]string{"--host_jvm_args=-Dhttps.protocols=TLSv1.2,TLSv1.3"}, ""},
		{[]string{"--host_jvm_args=-Djdk.tls.client.protocols=TLSv1"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Djdk.tls.client.protocols=SSLv3,TLSv1.2"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Djdk.tls.client.protocols=TLSv1.2,"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Djdk.tls.client.protocols=/tmp/x"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Djdk.tls.client.protocols"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Djdk.tls.clientprotocols=TLSv1.2"}, "loads a library that runs code"},
		{[]string{"--test_env=LD_PRELOAD=/tmp/x.so"}, "runs another program"},
		{[]string{"--action_env=PATH=/tmp"}, "runs another program"},
		{[]string{"--repo_env=CC=/tmp/cc"}, "runs another program"},
		{[]string{"--host_action_env=PATH=/tmp"}, "runs another program"},
		{[]string{"--test_env=PATH=/bin:/usr/bin:/usr/local/bin"}, ""},
		{[]string{"--action_env=PATH=/usr/sbin:/sbin:/usr/local/sbin"}, ""},
		{[]string{"--test_env", "PATH=/usr/bin"}, ""},
		{[]string{"--test_env=PATH=/bin:/usr/bin:/tmp"}, "runs another program"},
		{[]string{"--test_env=PATH=/bin::/usr/bin"}, "runs another program"},
		{[]string{"--test_env=PATH=/bin:"}, "runs another program"},
		{[]string{"--test_env=PATH="}, "runs another program"},
		{[]string{"--test_env=PATH=bin:/usr/bin"}, "runs another program"},
		{[]string{"--test_env=PATH=/usr/bin/"}, "runs another program"},
		{[]string{"--test_env=PATH=/usr/bin/../../tmp"}, "runs another program"},
		{[]string{"--test_env=PATH=/bin:.:/usr/bin"}, "runs another program"},
		{[]string{"--test_env=LD_LIBRARY_PATH=/usr/bin"}, "runs another program"},
		{[]string{"--test_env=path=/usr/bin"}, "runs another program"},
		{[]string{"--test_env"}, "runs another program"},
		{[]string{"--test_env=$(x)"}, "runs another program"},
		{[]string{"--host_jvm_args=-javaagent:/tmp/a.jar"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Djava.library.path=/tmp"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Djava.security.manager=allow"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Dcom.sun.management.jmxremote.port=9999"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-Dx.plugin.path=1"}, ""},
		{[]string{"--host_jvm_args=-Dbazel.tool=/tmp/x"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args=-XX:OnError=sh"}, "loads a library that runs code"},
		{[]string{"--host_jvm_args"}, "loads a library that runs code"},
		{[]string{"--test_env=LANG=C.UTF-8", "--test_env=LOCALE_ARCHIVE"}, ""},
		{[]string{"--action_env=LC_ALL=en_US.UTF-8"}, ""},
		{[]string{"--test_env=LANG=/tmp/evil"}, "runs another program"},
		{[]string{"--test_env=LANG=../x"}, "runs another program"},
		{[]string{"--test_env=LANG="}, "runs another program"},
		{[]string{"--test_env=LOCPATH=/tmp"}, "runs another program"},
		{[]string{"--test_env=LOCALE_ARCHIVE=/tmp/a"}, "runs another program"},
		{[]string{"--test_env=LC_ALL=C;x"}, "runs another program"},
		{[]string{"--define=kt_trace=1"}, ""},
		{[]string{"--define", "mode=opt"}, ""},
		{[]string{"--define=with_tls=true", "--define=VERSION=1.2.3"}, ""},
		{[]string{"--define=x=-fplugin=/tmp/p.so"}, "runs another program"},
		{[]string{"--define=x=/tmp/tool"}, "runs another program"},
		{[]string{"--define=x=../tool"}, "runs another program"},
		{[]string{"--define=x=a b"}, "runs another program"},
		{[]string{"--define=kt_trace"}, "runs another program"},
		{[]string{"--define==1"}, "runs another program"},
		{[]string{"--define"}, "runs another program"},
	} {
		got := bazelValues(tc.args)
		if tc.want == "" && !got.IsZero() || !strings.Contains(got.String(), tc.want) {
			t.Errorf("bazelValues(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// bazel's --javacopt and --host_javacopt pass javac's and Error Prone's
// flags that only set warnings, lint groups, a check's severity or the
// debug information (flag_lists and flag_shapes in bazel.toml); a flag that
// loads a processor or a plugin, hands the JVM an option, reads an @file,
// rewrites the sources, or any flag Memo does not know, asks.
func TestJavacoptFlags(t *testing.T) {
	c := Builtin()
	for _, tc := range []struct {
		value string
		pass  bool
	}{
		{"-Xep:SelfAssertion:WARN", true},
		{"-Xep:ReferenceEquality", true},
		{"-Xep:MissingOverride:ERROR", true},
		{"-Xep:UnusedVariable:OFF", true},
		{"-Xep:Var:DEFAULT", true},
		{"-XepAllErrorsAsWarnings", true},
		{"-XepAllDisabledChecksAsWarnings", true},
		{"-XepDisableWarningsInGeneratedCode", true},
		{"-XepDisableAllChecks", true},
		{"-XepDisableAllWarnings", true},
		{"-XepIgnoreUnknownCheckNames", true},
		{"-XepIgnoreSuppressionAnnotations", true},
		{"-XepCompilingTestOnlyCode", true},
		{"-Xlint:all,-serial,-options", true},
		{"-Xlint:-processing", true},
		{"-Xlint:dep-ann", true},
		{"-Xdoclint", true},
		{"-Xdoclint:all,-missing", true},
		{"-Xdoclint:all/protected", true},
		{"-g:lines,vars,source", true},
		{"-Werror -Xmaxerrs 1000 -Xmaxwarns 500", true},
		{"-nowarn -deprecation -parameters -g", true},
		{"-Xep:SelfAssertion:WARN -Xep:Foo:OFF -Werror", true},
		{"-Xep:Foo:WARN:x", false},
		{"-Xep:Foo:warn", false},
		{"-Xep:", false},
		{"-Xep::WARN", false},
		{"-Xep:Foo/Bar", false},
		{"-Xep:Foo:WARN,-processorpath", false},
		{"-XepOpt:NullAway:AnnotatedPackages=com.x", false},
		{"-XepPatchLocation:IN_PLACE", false},
		{"-XepPatchChecks:refaster:/tmp/rule.refaster", false},
		{"-XepExcludedPaths:.*", false},
		{"-XepAllErrorsAsWarnings=1", false},
		{"-Xplugin:ErrorProne", false},
		{"-Xplugin:ErrorProne -Xep:Foo:WARN", false},
		{"-processorpath /tmp/p.jar", false},
		{"-processor x.Y", false},
		{"-J-javaagent:/tmp/a.jar", false},
		{"@/tmp/args", false},
		{"-Xlint:all,/tmp", false},
		{"-Xlint:", false},
		{"-Xdoclint/package:x.*", false},
		{"-g:none,/tmp", false},
		{"-XDcompilePolicy=simple", false},
		{"-Xep:Foo:WARN -Xplugin:x", false},
	} {
		for _, opt := range []string{"--javacopt", "--host_javacopt"} {
			for _, args := range [][]string{{opt + "=" + tc.value, "//..."}, {opt, tc.value, "//..."}} {
				got := c.RiskyArgs("bazel", append([]string{"build"}, args...), "")
				if tc.pass && !got.IsZero() {
					t.Errorf("bazel build %q asks (%s), want it to pass", args, got)
				}
				if !tc.pass && !strings.Contains(got.String(), "passes flags to the compiler") {
					t.Errorf("bazel build %q = %q, want it to ask: passes flags to the compiler", args, got)
				}
			}
		}
	}
}
