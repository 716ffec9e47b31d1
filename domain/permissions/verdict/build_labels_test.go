// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// Bazel's labels and target patterns are not paths (issue 27 §2: `//...`
// is not the file system's root): each form is read as the package it
// names, or as none, and a word that is a path is still checked as one.
func TestBazelLabelsAreNotPaths(t *testing.T) {
	for _, c := range []struct{ rule, line string }{
		{"bazel build", "bazel build //..."},
		{"bazel test", "bazel test //foo/..."},
		{"bazel build", "bazel build //main:hello-world"},
		{"bazel build", "bazel build //:benchmark //:benchmark_main //test/..."},
		{"bazel build", "bazel build :all"},
		{"bazel build", "bazel build @rules_python//python/bin:python"},
		{"bazel build", "bazel build @@rules_cc//cc:all"},
		{"bazel test", "bazel test //... -- -//slow/..."},
		{"bazel build", "bazel build pkg/..."},
		{"bazel build", "bazel build :harvest --//select_on_build_setting:season=summer"},
		{"bazel build", "bazel build //x --@rules_python//python/config_settings:python_version=3.12"},
		{"bazel build", "bazel build //x --no//pkg:flag"},
		{"bazel build", "bazel build :t --//pkg:tool=//pkg:screwdriver"},
		{"bazelisk test", "bazelisk test :all"},
		{"bazel run //private:requirements.update", "bazel run //private:requirements.update"},
	} {
		if r := AcceptRule(c.rule); !r.IsZero() {
			t.Errorf("AcceptRule(%q) = %q, want it accepted", c.rule, r)
			continue
		}
		if v := CheckCommand([]string{c.rule}, c.line, nil); !v.Approved {
			t.Errorf("CheckCommand(%q, %q) asks (%s), want it approved", c.rule, c.line, v.Reason)
		}
	}
	for _, c := range []struct{ line, reason string }{
		{"bazel build ../other:all", "outside the project"},
		{"bazel build /etc:all", "outside the project"},
		{"bazel build //x --//pkg:tool=@evil//x:y", "runs another program"},
		{"bazel build //x --//pkg:dir=../../x", "outside the project"},
		{"bazel build //x --copt=-fplugin=/tmp/x.so", "passes flags to the compiler"},
		{"bazel build //x --run_under=/tmp/x", "runs another program"},
	} {
		v := CheckCommand([]string{"bazel build"}, c.line, nil)
		if v.Approved || !strings.Contains(v.Reason.String(), c.reason) {
			t.Errorf("CheckCommand(bazel build, %q) = approved %v (%s), want it to ask: %s", c.line, v.Approved, v.Reason, c.reason)
		}
	}
	// A program without labels keeps reading //x as a path.
	asksNaming(t, []string{"cat"}, "cat //etc/passwd", "outside the project")
}

func TestLabelPaths(t *testing.T) {
	for in, want := range map[string]string{
		"//...": ".", "//foo/...": "foo", "//foo:bar": "foo", "//:x": ".", "-//slow/...": "slow",
		"@repo//x:y": "", ":all": "", "pkg/...": "pkg/...", "../x:all": "../x:all",
	} {
		got := strings.Join(catalog.LabelPaths([]string{in}), " ")
		if got != want {
			t.Errorf("labelPaths(%q) = %q, want %q", in, got, want)
		}
	}
}

// A +toolchain word is read as absent when the rule does not spell it, and
// only a toolchain's name is one (issue 27 §1: cargo with +toolchain).
func TestToolchainWord(t *testing.T) {
	for _, c := range []struct{ rule, line string }{
		{"cargo fmt", "cargo +nightly fmt --all -- --check"},
		{"cargo udeps", "cargo +nightly udeps --workspace"},
		{"cargo check", "cargo +stable check --workspace --all-features --locked"},
		{"cargo test", "cargo +1.80.0 test --locked"},
		{"cargo update", "cargo +nightly-2024-05-01-x86_64-unknown-linux-gnu update"},
		{"rustfmt --check", "rustfmt +nightly --check src/main.rs"},
		{"rustc", "rustc +stable --edition=2021 src/main.rs"},
	} {
		if v := CheckCommand([]string{c.rule}, c.line, nil); !v.Approved {
			t.Errorf("CheckCommand(%q, %q) asks (%s), want it approved", c.rule, c.line, v.Reason)
		}
	}
	for _, c := range []struct{ rule, line string }{
		{"cargo fmt", "cargo +/tmp/tc fmt"},
		{"cargo fmt", "cargo +../tc fmt"},
		{"cargo fmt", "cargo +-x fmt"},
		{"cargo fmt", "cargo + fmt"},
		{"cargo build", "cargo +nightly install ripgrep"},
		{"cargo build", "cargo +nightly +stable build"},
		{"make test", "make +x test"},
	} {
		if v := CheckCommand([]string{c.rule}, c.line, nil); v.Approved {
			t.Errorf("CheckCommand(%q, %q) is approved, want it to ask", c.rule, c.line)
		}
	}
	if v := CheckCommand([]string{"cargo build"}, "cargo +nightly build --config x", nil); v.Approved || !strings.Contains(v.Reason.String(), "--config") {
		t.Errorf("cargo +nightly build --config x: %+v, want the option's reason", v)
	}
}

// The workspace's .bazelrc applies to every bazel line: an option there that
// runs a program, or an import of a file outside the project, makes bazel's
// lines ask as the option on the line would (docs/permissions.md §7).
func TestBazelrc(t *testing.T) {
	rules := []string{"bazel build", "bazel test", "bazel run //:app", "bazelisk test"}
	for _, c := range []struct{ rc, key string }{
		{"build --run_under=/tmp/x\n", "build"},
		{"test:" + projectfiles.BazelPlatform() + " --test_env=LD_PRELOAD=/tmp/x.so\n", "test:" + projectfiles.BazelPlatform()},
		{"common --action_env=PATH=/tmp\n", "common"},
		{"build --workspace_status_command=/tmp/status.sh\n", "build"},
		{"startup --output_base=/tmp/ob\n", "startup"},
		{"build --copt=-fplugin=/tmp/p.so\n", "build"},
		{"try-import /home/user/secret.bazelrc\n", "try-import"},
		{"import %workspace%/../other.bazelrc\n", "import"},
		{"import %workspace%/tools/ci.bazelrc\n", "build"},
		{"build \\\n  --run_under=x\n", "build"},
		{"build --workspace_status_command=\"$PWD/../status.py\"\n", "build"},
		{"build --workspace_status_command=/tmp/status.sh\n", "build"},
		{"build --remote_cache=grpc://cache.example.com\n", "build"},
		{"startup --host_jvm_args=-Djdk.tls.client.protocols=TLSv1\n", "startup"},
		{"startup --host_jvm_args=-Djdk.tls.client.protocols=TLSv1.2 --host_jvm_args=-javaagent:/tmp/a.jar\n", "startup"},
		{"startup --host_jvm_args=-Djava.security.properties=/tmp/p\n", "startup"},
		{"build --javacopt=-XepPatchLocation:IN_PLACE\n", "build"},
		{"build --javacopt=-Xplugin:ErrorProne --javacopt=-Xep:Foo:WARN\n", "build"},
		{"build --host_javacopt=-XepOpt:NullAway:AnnotatedPackages=x\n", "build"},
		{"try-import-if-bazel-version >=9.0.0 %workspace%/tools/ci.bazelrc\n", "build"},
		{"try-import-if-bazel-version >=9.0.0 /tmp/x.bazelrc\n", "try-import-if-bazel-version"},
		{"try-import-if-bazel-version %workspace%/tools/ci.bazelrc\n", "try-import-if-bazel-version"},
	} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, ".bazelrc"), c.rc, 0o644)
		fixture.Write(t, filepath.Join(root, "tools", "ci.bazelrc"), "build --run_under=/tmp/y\n", 0o644)
		for _, line := range []string{"bazel build //...", "bazelisk test :all"} {
			blockedBy(t, root, "", rules, line, ".bazelrc", c.key)
		}
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".bazelrc"), "# CI\ncommon --enable_bzlmod\nbuild --incompatible_strict_action_env\ntest --test_output=errors\ntry-import %workspace%/user.bazelrc\nbuild:release --stamp --workspace_status_command=\"$PWD/status.py\"\nbuild:linux --cxxopt=-std=c++17 --copt=-Wall\nbuild --workspace_status_command=\"echo BUILD_SCM_VERSION 1.2.3\"\nbuild:windows --cxxopt=/std:c++17\nbuild:evil --run_under=/tmp/x\n", 0o644)
	approvedIn(t, root, "", rules, "bazel build //...")
	approvedIn(t, root, "", rules, "bazel run //:app")
	// Error Prone's check severities and javac's lint groups load no code
	// (protobuf's .bazelrc); a version's import is read whatever the
	// version, and one that is not there is skipped as try-import's.
	fixture.Write(t, filepath.Join(root, ".bazelrc"), "build --javacopt=-Xep:SelfAssertion:WARN\nbuild --javacopt=-XepDisableWarningsInGeneratedCode --host_javacopt=\"-Xlint:all,-serial -Werror\"\ntry-import-if-bazel-version >=9.0.0 %workspace%/ci/bazel9.bazelrc\n", 0o644)
	approvedIn(t, root, "", rules, "bazel build //...")
	// The server's JVM may be told to speak the current TLS versions
	// (rules_haskell's .bazelrc.common).
	fixture.Write(t, filepath.Join(root, ".bazelrc"), "startup --host_jvm_args=-Djdk.tls.client.protocols=TLSv1.2\nstartup --host_jvm_args=-Dhttps.protocols=TLSv1.2,TLSv1.3\n", 0o644)
	approvedIn(t, root, "", rules, "bazel build //...")
	fixture.Write(t, filepath.Join(root, ".bazelrc"), "# CI\ncommon --enable_bzlmod\nbuild --incompatible_strict_action_env\ntest --test_output=errors\ntry-import %workspace%/user.bazelrc\nbuild:release --stamp --workspace_status_command=\"$PWD/status.py\"\nbuild:linux --cxxopt=-std=c++17 --copt=-Wall\nbuild --workspace_status_command=\"echo BUILD_SCM_VERSION 1.2.3\"\nbuild:windows --cxxopt=/std:c++17\nbuild:evil --run_under=/tmp/x\n", 0o644)
	// A config's lines apply when the line names it.
	blockedBy(t, root, "", rules, "bazel build --config=evil //...", ".bazelrc", "build:evil")
}

// FuzzBazelrc: any .bazelrc text parses into lines with a command, and a
// label never turns into a path that climbs out of the project unnoticed:
// what labelPaths gives for //… is either local or asks as a path.
func FuzzBazelrc(f *testing.F) {
	for _, s := range []string{"build --config=x\n", "build:ci --run_under=\"a b\" \\\n --copt='-O2'\n", "import %workspace%/x.rc\n# c\n",
		"//...", "//../x:y", "-//a/...", "@r//x", ":t", "///etc:x", "\"", "'' x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, l := range projectfiles.ParseBazelrc(text) {
			if l.Command == "" {
				t.Fatalf("parseBazelrc(%q): a line without its command", text)
			}
		}
		for _, p := range catalog.LabelPaths([]string{text}) {
			if strings.HasPrefix(strings.TrimPrefix(text, "-"), "//") && !filepath.IsLocal(p) && p != "." && !filepath.IsAbs(p) && !strings.HasPrefix(filepath.Clean(p), "..") {
				t.Fatalf("labelPaths(%q) = %q: neither local nor a path that asks", text, p)
			}
		}
	})
}

// A .bazelrc's environment options may set PATH to the system's own
// folders (rules_cc: test --test_env=PATH=/bin:/usr/bin:/usr/local/bin);
// any other folder, a relative one or an empty entry asks.
func TestBazelrcSystemPath(t *testing.T) {
	rules := []string{"bazel build", "bazel test"}
	for _, rc := range []string{
		"test --test_env=PATH=/bin:/usr/bin:/usr/local/bin\n",
		"build --action_env=PATH=/usr/sbin:/sbin:/usr/local/sbin\n",
		"common --test_env PATH=/usr/bin\n",
	} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, ".bazelrc"), rc, 0o644)
		approvedIn(t, root, "", rules, "bazel test //...")
	}
	for _, c := range []struct{ rc, key string }{
		{"test --test_env=PATH=/bin:/usr/bin:/tmp/bin\n", "test"},
		{"test --test_env=PATH=/bin::/usr/bin\n", "test"},
		{"test --test_env=PATH=/usr/bin:\n", "test"},
		{"test --test_env=PATH=tools:/usr/bin\n", "test"},
		{"test --test_env=PATH=/usr/bin/../../tmp\n", "test"},
		{"common --action_env=PATH=/opt/bin\n", "common"},
		{"test --test_env=LD_LIBRARY_PATH=/usr/lib\n", "test"},
	} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, ".bazelrc"), c.rc, 0o644)
		blockedBy(t, root, "", rules, "bazel test //...", ".bazelrc", c.key)
	}
}

// A line run in a nested bazel workspace (a folder holding its own
// MODULE.bazel, REPO.bazel or WORKSPACE: rules_cc's
// examples/rule_based_toolchain) reads that workspace's .bazelrc, as bazel
// does, and %workspace% is that folder; a folder without one is part of
// the workspace above it.
func TestBazelrcOfTheNestedWorkspace(t *testing.T) {
	rules := []string{"bazel build", "bazel test"}
	for _, marker := range []string{"MODULE.bazel", "REPO.bazel", "WORKSPACE", "WORKSPACE.bazel"} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, "MODULE.bazel"), "module(name = \"top\")\n", 0o644)
		fixture.Write(t, filepath.Join(root, ".bazelrc"), "build --run_under=/tmp/x\n", 0o644)
		fixture.Write(t, filepath.Join(root, "examples", "ws", marker), "", 0o644)
		fixture.Write(t, filepath.Join(root, "examples", "ws", ".bazelrc"), "build --enable_platform_specific_config\n", 0o644)
		fixture.Write(t, filepath.Join(root, "examples", "ws", "sub", "BUILD"), "", 0o644)
		fixture.Write(t, filepath.Join(root, "examples", "plain", "BUILD"), "", 0o644)
		approvedIn(t, root, filepath.Join(root, "examples/ws"), rules, "bazel build //...")
		approvedIn(t, root, filepath.Join(root, "examples/ws/sub"), rules, "bazel build //...")
		// The root's workspace, and a folder of it without a marker.
		blockedBy(t, root, "", rules, "bazel build //...", ".bazelrc", "build")
		blockedBy(t, root, filepath.Join(root, "examples/plain"), rules, "bazel build //...", ".bazelrc", "build")
	}
	// The nested workspace's own .bazelrc and what it imports from
	// %workspace% are read.
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "examples", "ws", "MODULE.bazel"), "", 0o644)
	fixture.Write(t, filepath.Join(root, "examples", "ws", ".bazelrc"), "build --run_under=/tmp/x\n", 0o644)
	blockedBy(t, root, filepath.Join(root, "examples/ws"), rules, "bazel build //...", "examples/ws/.bazelrc", "build")
	approvedIn(t, root, "", rules, "bazel build //...")
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "examples", "ws", "MODULE.bazel"), "", 0o644)
	fixture.Write(t, filepath.Join(root, "examples", "ws", ".bazelrc"), "import %workspace%/ci.bazelrc\n", 0o644)
	fixture.Write(t, filepath.Join(root, "examples", "ws", "ci.bazelrc"), "test --test_env=PATH=/tmp\n", 0o644)
	blockedBy(t, root, filepath.Join(root, "examples/ws"), rules, "bazel test //...", "examples/ws/ci.bazelrc", "test")
	// A .bazelrc alone makes no workspace: bazel reads the root's.
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, ".bazelrc"), "build --run_under=/tmp/x\n", 0o644)
	fixture.Write(t, filepath.Join(root, "examples", "ws", ".bazelrc"), "build --enable_platform_specific_config\n", 0o644)
	blockedBy(t, root, filepath.Join(root, "examples/ws"), rules, "bazel build //...", ".bazelrc", "build")
	// A marker added after a check is seen by the next.
	root = fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "examples", "ws", ".bazelrc"), "build --run_under=/tmp/x\n", 0o644)
	approvedIn(t, root, filepath.Join(root, "examples/ws"), rules, "bazel build //...")
	fixture.Write(t, filepath.Join(root, "examples", "ws", "WORKSPACE"), "", 0o644)
	blockedBy(t, root, filepath.Join(root, "examples/ws"), rules, "bazel build //...", "examples/ws/.bazelrc", "build")
}
