// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// wrapperCase is one wrapper of the class (issue 27 §2): a rule that names
// `npm test` under it, and the same wrapper around `rm -rf x` under a rule
// that names no program.
type wrapperCase struct {
	name string
	// rule runs `npm test` (npm run test for npm-run-all) under the wrapper.
	rule string
	// bare is the rule without the command; hostile the wrapper running rm.
	bare, hostile string
}

var wrapperCases = []wrapperCase{
	{"cross-env", "cross-env NODE_ENV=test npm test", "cross-env NODE_ENV=test", "cross-env NODE_ENV=test rm -rf x"},
	{"cross-env-shell", `cross-env-shell NODE_ENV=test "npm test"`, "cross-env-shell NODE_ENV=test", `cross-env-shell NODE_ENV=test "rm -rf x"`},
	{"dotenv --", "dotenv -e .env.test -- npm test", "dotenv -e .env.test --", "dotenv -e .env.test -- rm -rf x"},
	{"dotenv", "dotenv npm test", "dotenv", "dotenv rm -rf x"},
	{"mise exec --", "mise exec -- npm test", "mise exec --", "mise exec -- rm -rf x"},
	{"mise x --", "mise x -- npm test", "mise x --", "mise x -- rm -rf x"},
	{"mise exec -c", "mise exec -c 'npm test'", "mise exec", "mise exec -c 'rm -rf x'"},
	{"nix develop -c", "nix develop -c npm test", "nix develop -c", "nix develop -c rm -rf x"},
	{"nix develop --command", "nix develop --command npm test", "nix develop --command", "nix develop --command rm -rf x"},
	{"nix-shell --run", "nix-shell --run 'npm test'", "nix-shell --run", "nix-shell --run 'rm -rf x'"},
	{"nix-shell --command", "nix-shell --pure --command 'npm test'", "nix-shell --pure", "nix-shell --pure --command 'rm -rf x'"},
	{"direnv exec", "direnv exec . npm test", "direnv exec .", "direnv exec . rm -rf x"},
	{"ccache", "ccache npm test", "ccache", "ccache rm -rf x"},
	{"scan-build", "scan-build -o scanlogs npm test", "scan-build -o scanlogs", "scan-build -o scanlogs rm -rf x"},
	{"eatmydata", "eatmydata npm test", "eatmydata", "eatmydata rm -rf x"},
	{"perf stat", "perf stat npm test", "perf stat", "perf stat rm -rf x"},
	{"perf stat --", "perf stat -r 3 -- npm test", "perf stat -r 3 --", "perf stat -r 3 -- rm -rf x"},
	{"faketime", "faketime 2020-01-01 npm test", "faketime 2020-01-01", "faketime 2020-01-01 rm -rf x"},
	{"nice", "nice -n 5 npm test", "nice -n 5", "nice -n 5 rm -rf x"},
	{"timeout", "timeout 60 npm test", "timeout 60", "timeout 60 rm -rf x"},
	{"concurrently", `concurrently "npm test"`, "concurrently", `concurrently "rm -rf x"`},
	{"concurrently npm:", `concurrently "npm:test"`, "concurrently -k", `concurrently -k "npm:test" "rm -rf x"`},
	{"npm-run-all", "npm-run-all -s test", "npm-run-all -s", "npm-run-all -s test --npm-path=./x"},
	{"run-p", "run-p test", "run-p", "run-p test 'rm -rf x'"},
	{"run-s", "run-s test", "run-s", "run-s test --npm-path ./x"},
	{"bundle exec", "bundle exec npm test", "bundle exec", "bundle exec rm -rf x"},
	{"uv run", "uv run npm test", "uv run", "uv run rm -rf x"},
	{"poetry run", "poetry run npm test", "poetry run", "poetry run rm -rf x"},
	{"pdm run", "pdm run npm test", "pdm run", "pdm run rm -rf x"},
	{"hatch run", "hatch run npm test", "hatch run", "hatch run rm -rf x"},
	{"env", "env CI=1 npm test", "env CI=1", "env CI=1 rm -rf x"},
	{"env -u", "env -u HOME npm test", "env -u HOME", "env -u HOME rm -rf x"},
	{"nohup", "nohup npm test", "nohup", "nohup rm -rf x"},
	{"stdbuf", "stdbuf -oL npm test", "stdbuf -oL", "stdbuf -oL rm -rf x"},
	{"xvfb-run", "xvfb-run -a npm test", "xvfb-run -a", "xvfb-run -a rm -rf x"},
	{"time", "/usr/bin/time -v npm test", "/usr/bin/time -v", "/usr/bin/time -v rm -rf x"},
	{"chronic", "chronic npm test", "chronic", "chronic rm -rf x"},
	{"setsid", "setsid -w npm test", "setsid -w", "setsid -w rm -rf x"},
	{"ionice", "ionice -c3 npm test", "ionice -c3", "ionice -c3 rm -rf x"},
	{"taskset", "taskset -c 0-3 npm test", "taskset -c 0-3", "taskset -c 0-3 rm -rf x"},
	{"chrt", "chrt -i 0 npm test", "chrt -i 0", "chrt -i 0 rm -rf x"},
	{"numactl", "numactl --cpunodebind=0 npm test", "numactl --cpunodebind=0", "numactl --cpunodebind=0 rm -rf x"},
	{"prlimit", "prlimit --nofile=4096 npm test", "prlimit --nofile=4096", "prlimit --nofile=4096 rm -rf x"},
	{"unbuffer", "unbuffer npm test", "unbuffer", "unbuffer rm -rf x"},
	{"catchsegv", "catchsegv npm test", "catchsegv", "catchsegv rm -rf x"},
	{"systemd-inhibit", "systemd-inhibit npm test", "systemd-inhibit", "systemd-inhibit rm -rf x"},
	{"dbus-run-session", "dbus-run-session -- npm test", "dbus-run-session --", "dbus-run-session -- rm -rf x"},
	{"hyperfine", "hyperfine 'npm test'", "hyperfine", "hyperfine 'rm -rf x'"},
	{"hyperfine --prepare", "hyperfine --prepare 'npm test' 'npm test'", "hyperfine", "hyperfine --prepare 'rm -rf x' 'npm test'"},
}

// Every wrapper of the class runs its command as a line of its own: the rule
// must name it, its options are its own entry's, and a wrapper named alone
// approves no command it runs.
func TestWrappersRunACommandAsALine(t *testing.T) {
	for _, c := range wrapperCases {
		t.Run(c.name, func(t *testing.T) {
			if r := AcceptRule(c.rule); !r.IsZero() {
				t.Fatalf("rule %q refused: %s", c.rule, r)
			}
			approves(t, []string{c.rule}, c.rule)
			if v := CheckCommand([]string{c.bare}, c.hostile, nil); v.Approved {
				t.Errorf("rule %q approves %q", c.bare, c.hostile)
			}
			if v := CheckCommand([]string{c.bare}, c.rule, nil); v.Approved && c.bare != c.rule {
				t.Errorf("rule %q approves %q, a command it does not name", c.bare, c.rule)
			}
			// Under its Windows spelling (cross-env.cmd, NICE.EXE) it is the same wrapper.
			w, rest, _ := strings.Cut(c.hostile, " ")
			if !strings.Contains(w, "/") {
				bare := strings.Replace(c.bare, w, strings.ToUpper(w)+".cmd", 1)
				hostile := strings.ToUpper(w) + ".cmd " + rest
				if v := CheckCommand([]string{bare}, hostile, nil); v.Approved {
					t.Errorf("rule %q approves %q", bare, hostile)
				}
			}
		})
	}
}

// The wrapped command is checked with its own program's entry: its risky
// and unknown options ask with that program's reason.
func TestWrappedCommandOptions(t *testing.T) {
	for rule, line := range map[string]string{
		"cross-env NODE_ENV=test go test": "cross-env NODE_ENV=test go test -exec x",
		"dotenv -- go test":               "dotenv -- go test -exec x",
		"mise exec -- go test":            "mise exec -- go test -exec x",
		"nix develop -c go test":          "nix develop -c go test -exec x",
		"direnv exec . go test":           "direnv exec . go test -exec x",
		"ccache go test":                  "ccache go test -exec x",
		"eatmydata go test":               "eatmydata go test -exec x",
		"perf stat go test":               "perf stat go test -exec x",
		"faketime 2020-01-01 go test":     "faketime 2020-01-01 go test -exec x",
		"nice go test":                    "nice go test -exec x",
		"timeout 60 go test":              "timeout 60 go test -exec x",
		"bundle exec go test":             "bundle exec go test -exec x",
		"uv run go test":                  "uv run go test -exec x",
		"poetry run go test":              "poetry run go test -exec x",
		"pdm run go test":                 "pdm run go test -exec x",
		"hatch run go test":               "hatch run go test -exec x",
		"env go test":                     "env go test -exec x",
		"nohup go test":                   "nohup go test -exec x",
		"stdbuf -oL go test":              "stdbuf -oL go test -exec x",
		"xvfb-run go test":                "xvfb-run go test -exec x",
		"/usr/bin/time go test":           "/usr/bin/time go test -exec x",
		"chronic go test":                 "chronic go test -exec x",
	} {
		asksNaming(t, []string{rule}, line, "`-exec` runs another program (go -exec)")
	}
	// A command given as a string is one line: parsed, then checked.
	for rule, want := range map[string]string{
		"nix-shell --run 'go test -exec x'":            "`-exec` runs another program (go -exec)",
		`concurrently "go test -exec x"`:               "`-exec` runs another program (go -exec)",
		"hyperfine 'go test -exec x'":                  "`-exec` runs another program (go -exec)",
		"nix-shell --run 'bash -c id'":                 "shell or an interpreter",
		`concurrently "npm:x" "sh -c id"`:              "shell or an interpreter",
		"mise exec -c 'sudo make'":                     "wrapper that runs another command",
		"nix-shell --run 'make test -f /x'":            "-f",
		`concurrently "make 'test"`:                    "unbalanced quote",
		"run-s 'build -- --script-shell=./x'":          "--script-shell",
		"cross-env OUT_DIR=/tmp/x jest":                "/tmp/x",
		"cross-env NODE_OPTIONS=--require=./x.js jest": "`NODE_OPTIONS` runs another program",
		"env LD_PRELOAD=./x.so make":                   "`LD_PRELOAD` loads a library that runs code",
		"env ld_preload=./x.so make":                   "`LD_PRELOAD` loads a library that runs code",
		"env DYLD_INSERT_LIBRARIES=./x.dylib make":     "`DYLD_INSERT_LIBRARIES` loads a library",
		"cross-env GIT_SSH_COMMAND=./x.sh npm ci":      "`GIT_SSH_COMMAND` runs another program",
		"env GIT_CONFIG_COUNT=1 git status":            "`GIT_CONFIG_COUNT` runs another program",
		"env -- BASH_ENV=./x.sh make":                  "`BASH_ENV` runs another program",
		"env npm_config_script_shell=./x.sh npm test":  "`NPM_CONFIG_SCRIPT_SHELL` runs another program",
		"env GIT_DIR=../other/.git git log":            "`GIT_DIR` points git at another repository",
		"env PATH=bin make test":                       "`PATH` runs another program",
		"env HOME=. git status":                        "`HOME` changes the configuration",
		"cross-env GOFLAGS=-toolexec=./x go test":      "`GOFLAGS` changes the configuration",
		"env RUSTFLAGS=-Clinker=./x cargo build":       "`RUSTFLAGS` changes the configuration",
		"env MAKEFLAGS=SHELL=./x make":                 "`MAKEFLAGS` runs another program",
	} {
		r := AcceptRule(rule)
		if r.IsZero() || !strings.Contains(r.String(), want) {
			t.Errorf("rule %q: refusal %q, want one naming %q", rule, r, want)
		}
	}
	// The strings inside an approved rule are the rule's.
	approves(t, []string{`concurrently "npm:lint" "tsc -p ."`}, `concurrently "npm:lint" "tsc -p ." --kill-others`)
	asksNaming(t, []string{`concurrently "npm:lint"`}, `concurrently "npm:lint" "tsc -p ."`, "runs a program the rule does not name")
}

// The wrapped command reads its own configs in the project, and its pinned
// definitions are the wrapped program's: package.json's scripts.test.
func TestWrappedCommandConfigsAndDefinitions(t *testing.T) {
	root := t.TempDir()
	fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest"}}`+"\n", 0o644)
	for _, c := range wrapperCases {
		t.Run(c.name, func(t *testing.T) {
			p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
			defs, _ := p.Definitions(c.rule)
			found := false
			for _, d := range defs {
				found = found || d.File == "package.json" && d.Key == "scripts.test"
			}
			if !found {
				t.Errorf("rule %q pins %+v, want package.json scripts.test among them", c.rule, defs)
			}
		})
	}
	fixture.Write(t, filepath.Join(root, ".npmrc"), "script-shell=./x.sh\n", 0o644)
	for _, c := range wrapperCases {
		v := checkIn(root, "", []string{c.rule}, c.rule)
		if v.Approved || v.BlockedBy == nil || v.BlockedBy.File != ".npmrc" {
			t.Errorf("%s: %q in a project whose .npmrc sets script-shell: %+v, want it blocked by .npmrc", c.name, c.rule, v)
		}
	}
}

// Wrappers that change who runs a command stay refused, in every spelling.
func TestWrappersThatChangeTheUserAreRefused(t *testing.T) {
	for _, n := range []string{"sudo", "doas", "su", "pkexec", "runuser", "run0", "gsudo", "gosu", "su-exec", "ksu",
		"chpst", "setpriv", "chroot", "sudoedit", "xargs", "watch", "flock", "script", "parallel"} {
		for _, rule := range []string{n + " make test", strings.ToUpper(n) + ".EXE make", "/usr/bin/" + n + " make"} {
			if AcceptRule(rule).IsZero() {
				t.Errorf("rule %q is accepted, want it refused", rule)
			}
		}
	}
}

// A program without an entry: an operand past the rule's words passes only
// when it names a file or folder the project holds.
func TestOperandsOfProgramsWithoutAnEntry(t *testing.T) {
	root := fixture.LinkedProject(t, map[string]string{"out": t.TempDir()}, "src/main.c", "scripts/test.sh", "README.md")
	rules := []string{"mytool deploy", "mytool --check", "mytool", "./scripts/test.sh", "bash scripts/test.sh"}
	for line, want := range map[string]string{
		"mytool src":                  "",
		"mytool src/main.c README.md": "",
		"mytool --check src":          "",
		"mytool deploy":               "",
		"mytool deploy prod":          "`prod` is neither a path in the project nor a word the rule spells; Memo knows no operands of mytool",
		"mytool prod":                 "`prod` is neither a path in the project",
		"mytool src/missing.c":        "`src/missing.c` is neither a path in the project",
		// A file not written yet, spelled as a path of the project.
		"mytool ./report.xml":              "",
		"mytool ./src/new.c":               "",
		"mytool ./build/out/x.o":           "",
		"mytool report.xml":                "`report.xml` is neither a path in the project",
		"mytool ./out/x":                   "outside the project",
		"mytool ./.git/hooks/x":            ".git or .memo folder",
		"mytool ./src/../../x":             "outside the project",
		"mytool ./src/main.c/x":            "neither a path in the project",
		"mytool ./":                        "",
		"mytool './x{a,b}'":                "brace expansion",
		"mytool ../x":                      "outside the project",
		"mytool out":                       "outside the project",
		"mytool https://example.org/x":     "network address",
		"./scripts/test.sh src":            "",
		"./scripts/test.sh unit":           "`unit` is neither a path in the project",
		"bash scripts/test.sh README.md":   "",
		"bash scripts/test.sh --fix":       "not an option the rule spells",
		"bash scripts/test.sh integration": "`integration` is neither a path in the project",
		"mytool 2121":                      "",
		"mytool src/main.c:37":             "",
		"mytool src/main.c:37:4":           "",
		"mytool src/missing.c:37":          "`src/missing.c:37` is neither a path in the project",
		"mytool src/main.c:x":              "`src/main.c:x` is neither a path in the project",
		"mytool -5":                        "not an option the rule spells",
		"mytool 0x10":                      "`0x10` is neither a path in the project",
		"mytool 1.5":                       "`1.5` is neither a path in the project",
		"mytool :37":                       "neither a path in the project",
		"mytool README.md:1:2:3":           "neither a path in the project",
		// javac, java, kotlinc … read arguments from @FILE (a project file
		// named @x too: a pattern that matches it puts it on the line).
		"mytool @src/main.c": "read more arguments from a file",
		"mytool @README.md":  "read more arguments from a file",
	} {
		v := checkIn(root, "", rules, line)
		switch {
		case want == "" && !v.Approved:
			t.Errorf("%q asks (%s), want it approved", line, v.Reason)
		case want != "" && (v.Approved || !strings.Contains(v.Reason.String(), want)):
			t.Errorf("%q: approved=%v %q, want it to ask with %q", line, v.Approved, v.Reason, want)
		}
	}
	// Without a project nothing is known to exist: only the rule's words pass.
	asksNaming(t, []string{"mytool"}, "mytool src", "`src` is neither a path in the project")
	approves(t, []string{"mytool src"}, "mytool src")
	// A program with a table of risky arguments reads its operands with it.
	approves(t, []string{"man"}, "man ls")
}

// Refused as rules on every OS, under every name: the shells, the find-likes
// that run programs, container and cluster tools, HTTP clients.
func TestRefusedClassesUnderEveryName(t *testing.T) {
	classes := map[string][]string{
		"is a shell or an interpreter": {"rbash", "rzsh", "yash", "xonsh", "oksh", "loksh", "posh", "hush", "nushell",
			"osh", "ysh", "lksh", "pdksh", "bash", "dash", "ksh", "mksh", "elvish", "nu", "zsh-static", "winpty",
			"alacritty", "kitty", "wezterm", "xterm", "gnome-terminal", "konsole"},
		"is a wrapper that runs another command": {"bfs", "find", "rawhide", "fzf", "sk", "xargs", "parallel", "sem", "tsp", "xe"},
		"reaches the network or runs containers": {"docker-compose", "podman-compose", "minikube", "kind", "k3d",
			"k3s", "nerdctl", "docker", "podman", "kubectl", "helm", "helmfile", "kustomize", "skaffold", "tilt",
			"colima", "limactl", "buildah", "crictl", "ctr", "oc", "eksctl", "act", "http", "https", "xh", "xhs",
			"httpie", "curlie", "hurl", "grpcurl", "websocat", "wscat", "curl", "wget", "aria2c", "ngrok", "cloudflared",
			"docker-credential-desktop", "kubectl-foo", "podman-remote", "newman", "k6", "httpx", "httpyac"},
	}
	for why, names := range classes {
		for _, n := range names {
			spellings := []string{n, strings.ToUpper(n), n + ".exe", strings.ToUpper(n) + ".EXE", n + ".cmd",
				n + "-2", n + "2.1", "/usr/local/bin/" + n, "/opt/homebrew/bin/" + n, "C:/Tools/" + n + ".exe",
				"../bin/" + n}
			if last := n[len(n)-1]; '0' <= last && last <= '9' {
				spellings = slices.DeleteFunc(spellings, func(s string) bool { return s == n+"2.1" }) // k62.1 is no k6
			}
			for _, s := range spellings {
				for _, rule := range []string{s, s + " -c id", s + " --version"} {
					r := AcceptRule(rule)
					if r.IsZero() || !strings.Contains(r.String(), why) {
						t.Errorf("rule %q: %q, want it refused: %s", rule, r, why)
					}
				}
			}
		}
	}
	// fd runs programs only with -x/--exec (and its batch forms).
	for _, rule := range []string{"fd -x echo", "fd --exec echo", "fd -X echo", "fd --exec-batch echo", "fdfind -x echo"} {
		if AcceptRule(rule).IsZero() {
			t.Errorf("rule %q is accepted, want it refused", rule)
		}
	}
	asksNaming(t, []string{"fd"}, "fd -e go -x rm", "runs another program")
}

// A project script is the project's own file whatever its name: not the
// system's install, format or rm. Its bytes are pinned, and a link out of
// the project asks; a shell or interpreter stays one under any path.
func TestProjectScriptWhateverItsName(t *testing.T) {
	root := fixture.LinkedProject(t, map[string]string{"scripts/rm": "/bin/rm"}, "scripts/install", "scripts/format",
		"bin/setup", "tools/docker-compose", "src/x")
	for _, rule := range []string{"./scripts/install", "./scripts/format", "scripts/install", "bin/setup",
		"./bin/setup", "./tools/docker-compose", "scripts/rm"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
			continue
		}
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		defs, problem := p.Definitions(rule)
		if rule == "scripts/rm" {
			if problem.IsZero() || !strings.Contains(problem.String(), "outside the project") {
				t.Errorf("rule %q (a link to /bin/rm): problem %q, want it to name the path outside the project", rule, problem)
			}
			continue
		}
		if !problem.IsZero() || len(defs) != 1 || defs[0].Hash == "" {
			t.Errorf("rule %q pins %+v (%s), want the script's bytes", rule, defs, problem)
		}
		if v := checkIn(root, "", []string{rule}, rule+" src/x"); !v.Approved {
			t.Errorf("%q asks (%s), want it approved", rule+" src/x", v.Reason)
		}
	}
	for _, rule := range []string{"/usr/bin/install", "../scripts/install", "/bin/rm", "./bin/bash", "./bin/bash -c id",
		"tools/python3", "../tools/docker-compose", "/usr/local/bin/docker-compose"} {
		if AcceptRule(rule).IsZero() {
			t.Errorf("rule %q is accepted, want it refused", rule)
		}
	}
	if r := AcceptRule(".venv/bin/python -m pytest"); !r.IsZero() {
		t.Errorf(".venv/bin/python -m pytest refused: %s", r)
	}
}

// After `--` a wrapper's options end and its command follows: still a line
// of its own, still named by the rule.
func TestWrapperCommandAfterDoubleDash(t *testing.T) {
	for _, w := range []string{"env", "env CI=1", "cross-env", "uv run", "poetry run", "pdm run", "hatch run",
		"bundle exec", "nice", "timeout 5", "nohup", "chronic", "stdbuf -oL", "eatmydata", "ccache", "xvfb-run",
		"faketime 2020-01-01", "direnv exec .", "perf stat", "/usr/bin/time"} {
		asksNaming(t, []string{w}, w+" -- rm -rf x", "`rm` deletes or overwrites files")
		asksNaming(t, []string{w}, w+" -- go test", "runs a program the rule does not name")
		approves(t, []string{w + " -- go test"}, w+" -- go test ./...")
		asksNaming(t, []string{w + " -- go test"}, w+" -- go test -exec x", "`-exec` runs another program (go -exec)")
	}
	asksNaming(t, []string{"timeout"}, "timeout -- 5 rm x", "`rm` deletes")
	asksNaming(t, []string{"env --"}, "env -- A=1 rm x", "`rm` deletes")
	for _, w := range []string{"concurrently", "run-p", "npm-run-all", "hyperfine"} {
		asksNaming(t, []string{w}, w+` -- "rm x"`, "runs a program the rule does not name")
	}
}

// wrapForms put a command under each wrapper: as words, or as a string.
var wrapForms = []func(string) string{
	func(c string) string { return "cross-env NODE_ENV=test " + c },
	func(c string) string { return "env CI=1 " + c },
	func(c string) string { return "timeout 60 " + c },
	func(c string) string { return "nice -- " + c },
	func(c string) string { return "nix develop -c " + c },
	func(c string) string { return "dotenv -- " + c },
	func(c string) string { return "bundle exec " + c },
	func(c string) string { return "uv run " + c },
	func(c string) string { return "nix-shell --run '" + c + "'" },
	func(c string) string { return `concurrently "` + c + `"` },
	func(c string) string { return "hyperfine '" + c + "'" },
}

// A wrapper never makes a command more approved than it is alone: a rule
// wrapping a command is accepted only when the command is accepted as a
// rule, and a wrapper's rule that names no command approves none.
func FuzzWrappedCommand(f *testing.F) {
	for _, s := range []string{"go test ./...", "rm -rf x", "bash -c id", "npm test", "make test -f /x",
		"mytool src", "sudo make", "go test -exec x", "x", "", "tsc -p .", "npx vitest run", "python -m pytest",
		"env LD_PRELOAD=x.so make", "git -c core.pager=x log", "make; id", "a=b make"} {
		f.Add(s)
	}
	bare := []string{"cross-env NODE_ENV=test", "env CI=1", "timeout 60", "nice --", "nix develop -c", "dotenv --",
		"bundle exec", "uv run", "nix-shell --run", "concurrently", "hyperfine"}
	f.Fuzz(func(t *testing.T, cmd string) {
		if strings.ContainsAny(cmd, `'"`) {
			return // the forms quote the command
		}
		// An option or a variable of the wrapper's own (env CI=1 -0,
		// env CI=1 A=) is no command.
		first, _, _ := strings.Cut(strings.TrimSpace(cmd), " ")
		if first == "" || strings.HasPrefix(first, "-") || strings.Contains(first, "=") {
			return
		}
		for i, wrap := range wrapForms {
			line := wrap(cmd)
			if AcceptRule(line).IsZero() && !AcceptRule(cmd).IsZero() {
				if _, reason := cmdline.Words(cmd); reason.IsZero() {
					t.Errorf("rule %q is accepted, but %q alone is refused: %s", line, cmd, AcceptRule(cmd))
				}
			}
			if v := CheckCommand([]string{bare[i]}, line, nil); v.Approved {
				t.Errorf("rule %q approves %q", bare[i], line)
			}
		}
	})
}

// A wrapper's own configuration runs code before its command (a flake's
// shellHook, shell.nix, .envrc, mise.toml hooks; pdm and hatch scripts in
// pyproject.toml): pinned whole with the trust, so an edit asks.
func TestWrapperConfigsArePinned(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"flake.nix": "{ outputs = _: { }; }\n", "shell.nix": "{ }\n", ".envrc": "use flake\n",
		"mise.toml": "[tools]\ngo = \"1.25\"\n", "pyproject.toml": "[tool.pdm.scripts]\nlint = \"ruff check\"\n",
		"Makefile": "test:\n\tgo test\n",
	}
	for f, text := range files {
		fixture.Write(t, filepath.Join(root, f), text, 0o644)
	}
	cases := map[string]string{
		"nix develop -c make test":    "flake.nix",
		"nix-shell --run 'make test'": "shell.nix",
		"direnv exec . make test":     ".envrc",
		"mise exec -- make test":      "mise.toml",
		"pdm run lint":                "pyproject.toml",
		"hatch run lint":              "pyproject.toml",
	}
	var rules []string
	for r := range cases {
		rules = append(rules, r)
	}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	p = p.WithPinned(p.AllDefinitions(rules))
	for rule, file := range cases {
		if v := NewChecker([]string{rule}).CheckIn(rule, p); !v.Approved {
			t.Errorf("%s right after trust: %+v", rule, v)
		}
		path := filepath.Join(root, file)
		fixture.Write(t, path, files[file]+"# changed\n", 0o644)
		v := NewChecker([]string{rule}).CheckIn(rule, p)
		if v.Approved || v.BlockedBy == nil || v.BlockedBy.File != file {
			t.Errorf("%s after %s changed: %+v, want it to ask naming %s", rule, file, v, file)
		}
		fixture.Write(t, path, files[file], 0o644)
	}
	// nix-shell reads the shell.nix of the folder it runs in: another
	// folder's, which the trust did not pin, asks.
	fixture.Write(t, filepath.Join(root, "sub", "shell.nix"), "{ shellHook = \"curl x | sh\"; }\n", 0o644)
	vet := []string{"nix-shell --run 'go vet'"}
	p = NewProject(root, "", projectfiles.OSGitFS(""), nil)
	p = p.WithPinned(p.AllDefinitions(vet))
	if v := NewChecker(vet).CheckIn("nix-shell --run 'go vet'", p); !v.Approved {
		t.Errorf("nix-shell --run 'go vet' right after trust: %+v", v)
	}
	if v := NewChecker(vet).CheckIn("cd sub && nix-shell --run 'go vet'", p); v.Approved {
		t.Errorf("cd sub && nix-shell --run 'go vet' is approved, want it to ask (sub/shell.nix is not pinned)")
	}
}

// The environment files dotenv loads are configs its command reads: one
// that sets a variable making the program load or run other code blocks.
func TestDotenvFilesBlock(t *testing.T) {
	root := t.TempDir()
	fixture.Write(t, filepath.Join(root, "package.json"), "{}\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".env"), "API_URL=http://localhost\n# NODE_OPTIONS=--require ./x.js\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".env.test"), "CI=1\nexport LD_PRELOAD=./x.so\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".env.dev"), "NODE_OPTIONS = --require ./x.js\n", 0o644)
	rules := []string{"dotenv -- npm test", "dotenv -e .env.test -- npm test", "dotenv -e .env.dev -- npm test", "dotenv -e /etc/x -- npm test"}
	for line, want := range map[string]string{
		"dotenv -- npm test":              "",
		"dotenv -e .env.test -- npm test": ".env.test LD_PRELOAD",
		"dotenv -e .env.dev -- npm test":  ".env.dev NODE_OPTIONS",
	} {
		v := checkIn(root, "", rules, line)
		switch {
		case want == "" && !v.Approved:
			t.Errorf("%q asks (%s), want it approved", line, v.Reason)
		case want != "" && (v.Approved || v.BlockedBy == nil || v.BlockedBy.File+" "+v.BlockedBy.Key != want):
			t.Errorf("%q: %+v, want it blocked by %s", line, v, want)
		}
	}
	fixture.Write(t, filepath.Join(root, ".env"), "BASH_ENV=./x.sh\n", 0o644)
	if v := checkIn(root, "", rules, "dotenv -- npm test"); v.Approved || v.BlockedBy == nil || v.BlockedBy.Key != "BASH_ENV" {
		t.Errorf("dotenv -- npm test with .env setting BASH_ENV: %+v, want it blocked", v)
	}
	// uv's --env-file is such a file too.
	for _, line := range []string{"uv run --env-file .env.test pytest", "uv run --env-file=.env.test pytest", "uv --env-file .env.test run pytest"} {
		if v := checkIn(root, "", []string{"uv run pytest"}, line); v.Approved || v.BlockedBy == nil || v.BlockedBy.Key != "LD_PRELOAD" {
			t.Errorf("%q with .env.test setting LD_PRELOAD: %+v, want it blocked", line, v)
		}
	}
	if v := checkIn(root, "", []string{"uv run pytest"}, "uv run --env-file .env.local pytest"); !v.Approved {
		t.Errorf("uv run --env-file of a file that is not there asks (%s), want it approved", v.Reason)
	}
	if r := AcceptRule("dotenv -e /etc/x -- npm test"); r.IsZero() || !strings.Contains(r.String(), "outside the project") {
		t.Errorf("dotenv -e /etc/x: %q, want the path outside the project", r)
	}
}

// scan-build writes its reports to -o's folder, which must be the
// project's, and the options that name a program for it to run or load
// make a rule Memo refuses even when spelled there.
func TestScanBuildOptions(t *testing.T) {
	for _, tc := range []struct{ rule, line, reason string }{
		{"scan-build -o scanlogs cmake", "scan-build -o scanlogs cmake -GNinja -DCMAKE_BUILD_TYPE=Debug -B debug-build", ""},
		{"scan-build -o scanlogs -k --status-bugs make", "scan-build -o scanlogs -k --status-bugs make -j4", ""},
		{"scan-build -o scanlogs cmake", "scan-build -o scanlogs cmake -DCMAKE_CXX_COMPILER_LAUNCHER=/tmp/x -B b", "CMAKE_CXX_COMPILER_LAUNCHER"},
		{"scan-build", "scan-build --use-cc /tmp/cc make", "--use-cc"},
	} {
		root := t.TempDir()
		v := checkIn(root, "", []string{tc.rule}, tc.line)
		wantVerdict(t, fmt.Sprintf("Check(%q) under %q", tc.line, tc.rule), v, tc.reason)
	}
	for rule, want := range map[string]string{
		"scan-build -o /tmp/scan make":                     "`/tmp/scan` names a path outside the project",
		"scan-build -o ../out make":                        "`../out` names a path outside the project",
		"scan-build --use-analyzer /tmp/clang make":        "`--use-analyzer` runs another program",
		"scan-build --use-cc /tmp/cc make":                 "`--use-cc` runs another program",
		"scan-build --use-c++ /tmp/cxx make":               "`--use-c++` runs another program",
		"scan-build -load-plugin ./x.so make":              "`-load-plugin` loads a library that runs code",
		"scan-build -analyzer-config model-path=/tmp make": "`-analyzer-config` loads a library that runs code",
		"scan-build -V make":                               "`-V` runs another program",
	} {
		if got := AcceptRule(rule); !strings.Contains(got.String(), want) {
			t.Errorf("AcceptRule(%q) = %q, want it refused with %q", rule, got, want)
		}
	}
}
