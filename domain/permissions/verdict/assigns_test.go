// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// Variables set before the command: the plain ones pass under the
// command's rule, every other asks, and the command is checked as if it
// stood alone.
func TestAssignmentsBeforeTheCommand(t *testing.T) {
	rules := []string{"go build", "cargo test", "npm test", "pytest", "mix test", "cargo doc", "bazel run"}
	cases := map[string]string{ // line: "" approved, else a part of the reason
		"GOOS=windows go build":                                         "",
		"CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build":                "",
		"RUST_BACKTRACE=1 cargo test":                                   "",
		"RUST_LOG=debug CARGO_TERM_COLOR=always cargo test --workspace": "",
		"NODE_ENV=test npm test":                                        "",
		"PYTHONDONTWRITEBYTECODE=1 pytest -q":                           "",
		"CI= go build":                                                  "",
		"GOOS='linux' go build":                                         "",
		"FOO=1 go build":                                                "sets a variable before the command",
		"LC_ALL=./evil/locale go build":                                 "sets a variable before the command",
		"TZ=:./zone go build":                                           "sets a variable before the command",
		"GOPROXY=https://evil.example go build":                         "sets a variable before the command",
		"LD_PRELOAD=x.so go build":                                      "`LD_PRELOAD` loads a library that runs code",
		"NODE_OPTIONS=--require=x npm test":                             "`NODE_OPTIONS` runs another program",
		"GOFLAGS=-toolexec=x go build":                                  "`GOFLAGS` changes the configuration",
		"RUSTFLAGS=-Clinker=x cargo test":                               "`RUSTFLAGS` changes the configuration",
		"HOME=. go build":                                               "`HOME` changes the configuration",
		"PATH=bin go build":                                             "`PATH`",
		"GOOS=linux FOO=1 go build":                                     "sets a variable before the command",
		"GOOS+=x go build":                                              "sets a variable before the command",
		"GOOS=/tmp/x go build":                                          "outside the project",
		"GOOS=linux":                                                    "sets a variable before the command",
		"GOOS=linux go build -toolexec x":                               "runs another program",
		"GOOS=linux go vet":                                             "no allowed rule starts this line",
		"GOOS=linux go build; id":                                       "runs before another command",
		"GOOS=$X go build":                                              "`$` expands variables",
		// A program's own log variable, to log levels alone.
		"STARSHIP_LOG=trace cargo test":                         "",
		"MYAPP_LOG_LEVEL=DEBUG go build":                        "",
		"APP_LOG=info,hyper=warn,my_crate::db=trace cargo test": "",
		"STARSHIP_LOG=/tmp/log cargo test":                      "sets a variable before the command",
		"STARSHIP_LOG=./log cargo test":                         "sets a variable before the command",
		"STARSHIP_LOG=tracing cargo test":                       "sets a variable before the command",
		"STARSHIP_LOG= cargo test":                              "sets a variable before the command",
		"APP_LOG=info,x=y cargo test":                           "sets a variable before the command",
		"_LOG=trace cargo test":                                 "sets a variable before the command",
		"LOG=trace cargo test":                                  "sets a variable before the command",
		"Starship_log=trace cargo test":                         "sets a variable before the command",
		"STARSHIP_LOGFILE=trace cargo test":                     "sets a variable before the command",
		"LD_PRELOAD=trace go build":                             "`LD_PRELOAD` loads a library that runs code",
		// Switches, environment names and lint flags.
		"UPDATE_SNAPSHOTS=true npm test":                                     "",
		"REPIN=1 bazel run @maven//:pin":                                     "",
		"RULES_JVM_EXTERNAL_REPIN=1 RJE_VERBOSE=true bazel run @maven//:pin": "",
		"UPDATE_SNAPSHOTS=./x npm test":                                      "sets a variable before the command",
		"REPIN= bazel run @maven//:pin":                                      "sets a variable before the command",
		"REPIN=yes,please bazel run @maven//:pin":                            "sets a variable before the command",
		"Repin=1 bazel run @maven//:pin":                                     "sets a variable before the command",
		"MIX_ENV=test mix test":                                              "",
		"MIX_ENV=dev-local mix test":                                         "",
		"MIX_ENV=../x mix test":                                              "sets a variable before the command",
		"MIX_ENV=/tmp/x mix test":                                            "sets a variable before the command",
		"MIX_ENV=a.b mix test":                                               "sets a variable before the command",
		"MIX_ENV= mix test":                                                  "sets a variable before the command",
		"MIX_ENV='test prod' mix test":                                       "sets a variable before the command",
		"RUSTDOCFLAGS=\"-D warnings\" cargo doc --no-deps":                   "",
		"RUSTDOCFLAGS='-Dwarnings --cfg docsrs' cargo doc":                   "",
		"RUSTFLAGS='-D warnings' cargo test":                                 "",
		"RUSTDOCFLAGS='-D warnings -Clinker=/tmp/x' cargo doc":               "`RUSTDOCFLAGS` changes the configuration",
		"RUSTDOCFLAGS=--extern-html-root-url=x cargo doc":                    "`RUSTDOCFLAGS` changes the configuration",
		"RUSTDOCFLAGS='-Z unstable-options' cargo doc":                       "`RUSTDOCFLAGS` changes the configuration",
		"RUSTDOCFLAGS= cargo doc":                                            "",
		"rustdocflags='-C linker=x' cargo doc":                               "changes the configuration",
		"RUSTC_WRAPPER=1 cargo test":                                         "`RUSTC_WRAPPER`",
		"NODE_OPTIONS=1 npm test":                                            "`NODE_OPTIONS`",
	}
	root := fixture.Repo(t, fixture.CleanConfig)
	for line, want := range cases {
		v := checkIn(root, "", rules, line)
		wantVerdict(t, fmt.Sprintf("%q", line), v, want)
	}
	// A rule cannot set them: the command's rule approves the line.
	for _, r := range []string{"GOOS=linux go build", "FOO=1 go test"} {
		if AcceptRule(r).IsZero() {
			t.Errorf("rule %q is accepted, want it refused", r)
		}
	}
}
