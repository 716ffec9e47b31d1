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
