// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// triples for this machine's OS and for another one.
func triples() (here, other string) {
	switch runtime.GOOS {
	case "windows":
		return "x86_64-pc-windows-msvc", "aarch64-apple-darwin"
	case "darwin":
		return "aarch64-apple-darwin", "x86_64-pc-windows-msvc"
	}
	return "x86_64-unknown-" + runtime.GOOS + "-gnu", "x86_64-pc-windows-msvc"
}

// Code and toolchains from outside the project through configuration
// (docs/permissions.md §7): each member blocks when it brings in code from
// outside the project, and not when what it names is the project's own or
// cannot make the program run anything else.
func TestCodeFromOutsideThroughConfig(t *testing.T) {
	here, other := triples()
	type files map[string]string
	for _, c := range []struct {
		name  string
		files files
		line  string
		file  string // the blocking file ("" approved)
		key   string
	}{
		// go.mod replace and go.work use: a folder outside blocks, one inside or a module does not.
		{"go.mod replace outside", files{"go.mod": "module m\n\nreplace example.com/x => ../outside/x\n"}, "go test ./...", "go.mod", "replace example.com/x"},
		{"go.mod replace absolute", files{"go.mod": "module m\nreplace (\n\texample.com/x v1.0.0 => /tmp/x // local\n)\n"}, "go build ./...", "go.mod", "replace example.com/x"},
		{"go.mod replace quoted outside", files{"go.mod": "module m\nreplace \"example.com/x\" => \"../x\"\n"}, "go vet ./...", "go.mod", "replace example.com/x"},
		{"go.mod replace inside", files{"go.mod": "module m\nreplace example.com/x => ./third_party/x\n"}, "go test ./...", "", ""},
		{"go.mod replace module", files{"go.mod": "module m\nreplace example.com/x => example.com/fork/x v1.2.3\n"}, "go test ./...", "", ""},
		{"go.work use outside", files{"go.mod": "module m\n", "go.work": "go 1.22\n\nuse (\n\t.\n\t../sibling\n)\n"}, "go test ./...", "go.work", "use"},
		{"go.work use inside", files{"go.mod": "module m\n", "go.work": "go 1.22\nuse ./tools\nuse .\n"}, "go test ./...", "", ""},
		{"go.work replace outside", files{"go.work": "go 1.22\nuse .\nreplace example.com/x => ../x\n"}, "go test ./...", "go.work", "replace example.com/x"},
		// A toolchain line names a Go release (labelled, below); anything else blocks.
		{"toolchain release", files{"go.mod": "module m\n\ngo 1.22\n\ntoolchain go1.22.4\n"}, "go test ./...", "", ""},
		{"toolchain rc", files{"go.mod": "module m\ntoolchain go1.23rc1\n"}, "go test ./...", "", ""},
		{"toolchain other", files{"go.mod": "module m\ntoolchain go1.22.4-evil\n"}, "go test ./...", "go.mod", "toolchain"},
		// cargo path dependencies.
		{"cargo path dep outside", files{"Cargo.toml": "[package]\nname = \"a\"\n[dependencies]\nx = { path = \"../outside/x\" }\n"}, "cargo build", "Cargo.toml", "dependencies.x.path"},
		{"cargo dev dep outside", files{"Cargo.toml": "[package]\nname = \"a\"\n[dev-dependencies.x]\npath = \"/tmp/x\"\n"}, "cargo test", "Cargo.toml", "dev-dependencies.x.path"},
		{"cargo target dep outside", files{"Cargo.toml": "[package]\nname = \"a\"\n[target.'cfg(unix)'.build-dependencies]\nx = { path = \"../x\" }\n"}, "cargo build", "Cargo.toml", "target.cfg(unix).build-dependencies.x.path"},
		{"cargo patch outside", files{"Cargo.toml": "[workspace]\nmembers = []\n[patch.crates-io]\nserde = { path = \"../serde\" }\n"}, "cargo build", "Cargo.toml", "patch.crates-io.serde.path"},
		{"cargo member outside", files{"Cargo.toml": "[workspace]\nmembers = [\"../elsewhere\"]\n"}, "cargo build", "Cargo.toml", "workspace.members"},
		{"cargo member's dep outside", files{"Cargo.toml": "[workspace]\nmembers = [\"crates/*\"]\n", "crates/a/Cargo.toml": "[package]\nname = \"a\"\n[dependencies]\nx = { path = \"../../../x\" }\n"}, "cargo build", "crates/a/Cargo.toml", "dependencies.x.path"},
		{"cargo path deps inside", files{"Cargo.toml": "[workspace]\nmembers = [\"crates/*\"]\n[workspace.dependencies]\nb = { path = \"crates/b\" }\n", "crates/a/Cargo.toml": "[package]\nname = \"a\"\n[dependencies]\nb = { path = \"../b\", version = \"1\" }\n", "crates/b/Cargo.toml": "[package]\nname = \"b\"\n"}, "cargo build", "", ""},
		// rustflags: lint levels, cfg and codegen choices pass; a linker, link args, -Z, -L block.
		{"rustflags lints", files{".cargo/config.toml": "[build]\nrustflags = [\"-D\", \"warnings\", \"--cfg\", \"tokio_unstable\", \"-Wclippy::all\"]\n"}, "cargo build", "", ""},
		{"rustflags string", files{".cargo/config.toml": "[build]\nrustflags = \"-Dwarnings -C target-cpu=native -Copt-level=3\"\nrustdocflags = [\"--cfg\", \"docsrs\"]\n"}, "cargo build", "", ""},
		{"rustflags profile", files{".cargo/config.toml": "[profile.release]\nrustflags = [\"-C\", \"debuginfo=2\"]\n"}, "cargo build", "", ""},
		{"rustflags self-contained", files{".cargo/config.toml": "[build]\nrustflags = \"-C target-feature=+crt-static -C link-self-contained=yes\"\n"}, "cargo build", "", ""},
		{"rustflags self-contained parts", files{".cargo/config.toml": "[build]\nrustflags = [\"-Clink-self-contained=+linker,-crto\"]\n"}, "cargo build", "", ""},
		{"rustflags self-contained path", files{".cargo/config.toml": "[build]\nrustflags = [\"-C\", \"link-self-contained=/tmp/x\"]\n"}, "cargo build", ".cargo/config.toml", "build.rustflags"},
		{"rustflags linker", files{".cargo/config.toml": "[build]\nrustflags = [\"-C\", \"linker=/tmp/ld\"]\n"}, "cargo build", ".cargo/config.toml", "build.rustflags"},
		{"rustflags link-arg", files{".cargo/config.toml": "[build]\nrustflags = \"-C link-arg=-fuse-ld=/tmp/ld\"\n"}, "cargo build", ".cargo/config.toml", "build.rustflags"},
		{"rustflags -Z", files{".cargo/config.toml": "[build]\nrustflags = [\"-Zcodegen-backend=/tmp/x.so\"]\n"}, "cargo build", ".cargo/config.toml", "build.rustflags"},
		{"rustflags -L", files{".cargo/config.toml": "[build]\nrustflags = [\"-L\", \"/tmp/lib\"]\n"}, "cargo build", ".cargo/config.toml", "build.rustflags"},
		{"rustdocflags header", files{".cargo/config.toml": "[build]\nrustdocflags = [\"--html-in-header\", \"/etc/x\"]\n"}, "cargo build", ".cargo/config.toml", "build.rustdocflags"},
		// A target table for another OS does not apply, unless the line or build.target names it.
		{"other OS target", files{".cargo/config.toml": "[target." + other + "]\nlinker = \"lld-link\"\nrustflags = [\"-C\", \"link-arg=/x\"]\n"}, "cargo build", "", ""},
		{"other OS target named", files{".cargo/config.toml": "[target." + other + "]\nlinker = \"lld-link\"\n"}, "cargo build --target " + other, ".cargo/config.toml", "target." + other + ".linker"},
		{"other OS target by build.target", files{".cargo/config.toml": "[build]\ntarget = \"" + other + "\"\n[target." + other + "]\nrunner = \"x\"\n"}, "cargo build", ".cargo/config.toml", "target." + other + ".runner"},
		{"other OS host", files{".cargo/config.toml": "[host." + other + "]\nlinker = \"lld-link\"\n"}, "cargo build", "", ""},
		{"this OS host", files{".cargo/config.toml": "[host." + here + "]\nlinker = \"/tmp/ld\"\n"}, "cargo build", ".cargo/config.toml", "host." + here + ".linker"},
		{"this OS target", files{".cargo/config.toml": "[target." + here + "]\nlinker = \"clang\"\n"}, "cargo build", ".cargo/config.toml", "target." + here + ".linker"},
		{"other OS cfg", files{".cargo/config.toml": "[target.'cfg(target_os = \"" + map[bool]string{true: "macos", false: "windows"}[runtime.GOOS == "windows"] + "\")']\nrunner = \"x\"\n"}, "cargo test", "", ""},
		// gradle.properties: a JVM outside blocks, one inside does not; JVM options that only tune pass.
		{"java.home outside", files{"gradle.properties": "org.gradle.java.home=/opt/outside/jdk\n"}, "gradle build", "gradle.properties", "org.gradle.java.home"},
		{"java.home inside", files{"gradle.properties": "org.gradle.java.home=tools/jdk\n"}, "gradle build", "", ""},
		{"installations outside", files{"gradle.properties": "org.gradle.java.installations.paths=tools/jdk,/opt/x\n"}, "gradle build", "gradle.properties", "org.gradle.java.installations.paths"},
		{"jvmargs tuning", files{"gradle.properties": "org.gradle.jvmargs=-Xmx4g -Xms512m -XX:MaxMetaspaceSize=1g -XX:+HeapDumpOnOutOfMemoryError -Dfile.encoding=UTF-8\norg.gradle.parallel=true\n"}, "gradle build", "", ""},
		{"jvmargs javaagent", files{"gradle.properties": "org.gradle.jvmargs=-Xmx2g -javaagent:/tmp/agent.jar\n"}, "gradle build", "gradle.properties", "org.gradle.jvmargs"},
		{"jvmargs OnError", files{"gradle.properties": "org.gradle.jvmargs=-Xmx2g \\\n  -XX:OnError=/tmp/x\n"}, "gradle build", "gradle.properties", "org.gradle.jvmargs"},
		{"kotlin daemon agentpath", files{"gradle.properties": "kotlin.daemon.jvmargs = -agentpath:/tmp/x.so\n"}, "gradle build", "gradle.properties", "kotlin.daemon.jvmargs"},
		{"kotlin daemon options tuning", files{"gradle.properties": "org.gradle.jvmargs=-Xmx2g -Dkotlin.daemon.jvm.options=\"-Xmx512m,Xms256m,-XX:MaxMetaspaceSize=256m,XX:+HeapDumpOnOutOfMemoryError\"\n"}, "gradle build", "", ""},
		{"kotlin daemon options javaagent", files{"gradle.properties": "org.gradle.jvmargs=-Xmx2g -Dkotlin.daemon.jvm.options=-Xmx512m,javaagent:/tmp/a.jar\n"}, "gradle build", "gradle.properties", "org.gradle.jvmargs"},
		{"module access", files{"gradle.properties": "org.gradle.jvmargs=-Xmx2g --add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED\n"}, "gradle build", "", ""},
		{"module access with a path", files{"gradle.properties": "org.gradle.jvmargs=--add-opens=java.base/../../tmp=x\n"}, "gradle build", "gradle.properties", "org.gradle.jvmargs"},
		{"kotlin daemon settings", files{"gradle.properties": "org.gradle.jvmargs=-Dkotlin.daemon.options=\"autoshutdownIdleSeconds=1800\"\n"}, "gradle build", "", ""},
		{"kotlin daemon run files", files{"gradle.properties": "org.gradle.jvmargs=-Dkotlin.daemon.options=runFilesPath=/tmp/x\n"}, "gradle build", "gradle.properties", "org.gradle.jvmargs"},
		{"kotlin daemon options empty item", files{"gradle.properties": "org.gradle.jvmargs=-Dkotlin.daemon.jvm.options=-Xmx512m,,\n"}, "gradle build", "gradle.properties", "org.gradle.jvmargs"},
		// yarn: a release or plugin of the project passes, one outside blocks.
		{"yarnPath inside", files{".yarnrc.yml": "yarnPath: .yarn/releases/yarn-4.1.0.cjs\nnodeLinker: node-modules\n"}, "yarn test", "", ""},
		{"yarnPath outside", files{".yarnrc.yml": "yarnPath: ../yarn.cjs\n"}, "yarn test", ".yarnrc.yml", "yarnPath"},
		{"yarnPath absolute", files{".yarnrc.yml": "yarnPath: /tmp/yarn.cjs\n"}, "yarn test", ".yarnrc.yml", "yarnPath"},
		{"yarn plugins inside", files{".yarnrc.yml": "plugins:\n  - path: .yarn/plugins/@yarnpkg/plugin-workspace-tools.cjs\n    spec: \"@yarnpkg/plugin-workspace-tools\"\n"}, "yarn test", "", ""},
		{"yarn plugins outside", files{".yarnrc.yml": "plugins:\n  - /tmp/plugin.cjs\n"}, "yarn test", ".yarnrc.yml", "plugins"},
		{"yarn-path inside", files{".yarnrc": "yarn-path \".yarn/releases/yarn-1.22.19.cjs\"\n"}, "yarn test", "", ""},
		{"yarn-path outside", files{".yarnrc": "yarn-path \"/tmp/yarn.js\"\n"}, "yarn test", ".yarnrc", "yarn-path"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := fixture.Repo(t, fixture.CleanConfig)
			for f, content := range c.files {
				fixture.Write(t, filepath.Join(root, filepath.FromSlash(f)), content, 0o644)
			}
			rules := []string{strings.Join(strings.Fields(c.line)[:2], " ")}
			if c.file == "" {
				approvedIn(t, root, "", rules, c.line)
			} else {
				blockedBy(t, root, "", rules, c.line, c.file, c.key)
			}
		})
	}
}

// A go.work above the project is read as go reads it: its folders outside
// the project block.
func TestGoWorkAboveTheProject(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "proj")
	fixture.Write(t, filepath.Join(root, ".git", "config"), fixture.CleanConfig, 0o644)
	fixture.Write(t, filepath.Join(root, "go.mod"), "module m\n", 0o644)
	fixture.Write(t, filepath.Join(parent, "go.work"), "go 1.22\nuse ./proj\nuse ./other\n", 0o644)
	blockedBy(t, root, "", []string{"go test"}, "go test ./...", filepath.ToSlash(filepath.Join(parent, "go.work")), "use")
	if err := os.WriteFile(filepath.Join(parent, "go.work"), []byte("go 1.22\nuse ./proj\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	approvedIn(t, root, "", []string{"go test"}, "go test ./...")
}

// The readers of go.mod, gradle.properties and rustc flags take any text.
func FuzzOutsideConfigReaders(f *testing.F) {
	for _, s := range []string{"module m\nreplace (\n\ta => ../b // c\n)\nuse \"./x\"\ntoolchain go1.22.4\n",
		"org.gradle.jvmargs=-Xmx2g \\\n -javaagent:x\n! c\nk:v\n", "-D warnings --cfg x -C linker=y -Zz", "`a b` \"c", "-XX:+ -XX: -Xmx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, d := range projectfiles.ParseGoMod(text) {
			for _, w := range append([]string{d.Verb}, d.Words...) {
				if w != strings.Trim(w, " \t") && !strings.ContainsAny(text, "\"`") {
					t.Fatalf("parseGoMod(%q): word %q of %+v", text, w, d)
				}
			}
		}
		for _, kv := range projectfiles.ParseProperties(text) {
			if kv.Key == "" || strings.ContainsAny(kv.Key, "=: \t") {
				t.Fatalf("parseProperties(%q): key %q", text, kv.Key)
			}
		}
		projectfiles.HarmlessRustflags(strings.Fields(text))
		for _, w := range strings.Fields(text) {
			catalog.GradleJVMArg(w)
			projectfiles.TargetForThisOS(w)
		}
	})
}
