// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// describeArgs is a reading as one line: "fwd DIR: WORDS" for each
// forward, "choice N: WORDS" for each choice, or "unknown: WHY".
func describeArgs(root string, a ScriptArgs) string {
	if a.Unknown != "" {
		return "unknown: " + a.Unknown
	}
	var out []string
	for _, f := range a.Forwards {
		rel, _ := filepath.Rel(root, f.Dir)
		split := ""
		if f.Split {
			split = " (split)"
		}
		out = append(out, fmt.Sprintf("fwd %s: %s%s", filepath.ToSlash(rel), strings.Join(f.Words, " "), split))
	}
	for i, c := range a.Choices {
		out = append(out, fmt.Sprintf("choice %d: %s", i+1, strings.Join(c, " ")))
	}
	if len(a.Switches) > 0 {
		norm := ""
		if a.SwitchNorm != "" {
			norm = " (" + a.SwitchNorm + ")"
		}
		out = append(out, fmt.Sprintf("switches%s: %s", norm, strings.Join(a.Switches, " ")))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, "; ")
}

// What a script does with its arguments: forwards to commands of literal
// words, choices among literal words, and every other use unknown.
func TestScriptArguments(t *testing.T) {
	for _, tc := range []struct {
		name, script, want string
	}{
		{"dotnet cake", "#!/usr/bin/env bash\nset -euox pipefail\n\ncd \"$(dirname \"${BASH_SOURCE[0]}\")\"\n\nexport DOTNET_NOLOGO=1\n\ndotnet tool restore\n\ndotnet cake \"$@\"\n",
			"fwd .: dotnet cake"},
		{"exec", "#!/bin/sh\nexec tclsh tests/test_helper.tcl \"$@\"\n", "fwd .: tclsh tests/test_helper.tcl"},
		{"braces", "#!/bin/sh\ngo test \"${@}\"\n", "fwd .: go test"},
		{"unquoted", "#!/bin/sh\ngo test $@\n", "fwd .: go test (split)"},
		{"pushd and trap", "#!/usr/bin/env bash\nset -euo pipefail\nf() { echo \"$1\"; popd; }\ntrap f EXIT ERR\npushd $( cd \"$(dirname \"$0\")\" ; pwd -P ) >/dev/null\ndotnet run --project tools/builder -- \"$@\"\n",
			"fwd .: dotnet run --project tools/builder --"},
		{"folder variable", "#!/bin/bash\nDIR=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n\"$DIR/sub/run.sh\" \"$@\"\n", "fwd .: ./sub/run.sh"},
		{"cd sub", "#!/bin/bash\ncd sub || exit 1\nmake \"$@\"\n", "fwd sub: make"},
		{"choices if", "#!/bin/sh\nset -ex\nif [ \"$1\" = \"compile\" ]; then\n go build -v\nelif [ \"$1\" = \"js_tests\" ]; then\n go test $RACE ./server\nfi\n",
			"choice 1: compile js_tests"},
		{"choices case", "#!/bin/bash\ncase \"$1\" in\n  build|test) make \"$1x\" ;;\nesac\n", "unknown: hands an argument to a command in a way Memo does not read"},
		{"choices case plain", "#!/bin/bash\ncase \"${1:-}\" in\n  build|test) make all ;;\n  *) echo usage; exit 1 ;;\nesac\n", "choice 1: build test"},
		{"choices double bracket", "#!/bin/bash\nif [[ $1 == --check ]]; then X=1; fi\nif [ -z \"$1\" ] || [ $# -gt 1 ]; then :; fi\n", "choice 1: --check"},
		{"cdpath idiom", "#!/bin/sh\nset -e\nCDPATH=\"\" cd -- \"$(dirname -- \"$0\")/..\"\nif [ \"$1\" = \"--check\" ]; then\n  export CHECK=1\nfi\ngo generate ./...\n", "choice 1: --check"},
		{"cdpath", "#!/bin/sh\nCDPATH=/tmp\ncd x\ngo vet \"$@\"\n", "unknown: sets CDPATH"},
		{"no arguments", "#!/bin/sh\ngo test ./...\n", "none"},
		{"no shebang", "go vet \"$@\"\n", "fwd .: go vet"},
		{"function args", "#!/bin/sh\nusage() { echo \"usage: $0 $1\"; }\nusage x\ngo test \"$@\"\n", "fwd .: go test"},

		{"exec at", "#!/bin/sh\nexec \"$@\"\n", "unknown"},
		{"at alone", "#!/bin/sh\n\"$@\"\n", "unknown"},
		{"eval", "#!/bin/sh\neval \"$@\"\n", "unknown: runs eval"},
		{"eval literal", "#!/bin/sh\neval 'echo $1'\ngo test \"$@\"\n", "unknown: runs eval"},
		{"sh -c", "#!/bin/sh\nsh -c \"$1\"\n", "unknown"},
		{"command word", "#!/bin/sh\n$1 --version\n", "unknown"},
		{"star", "#!/bin/sh\ngo test $*\n", "unknown"},
		{"shift", "#!/bin/bash\nshift\ngo test \"$@\"\n", "unknown: runs shift"},
		{"set --", "#!/bin/bash\nset -- evil\ngo test \"$@\"\n", "unknown: sets its arguments anew"},
		{"set -- guarded", "#!/bin/sh\nif [ \"$#\" = \"0\" ]; then\n  set -- -race ./...\nfi\ngo test \"$@\"\n", "unknown: sets its arguments anew"},
		{"slice", "#!/bin/bash\ngo test \"${@:2}\"\n", "unknown"},
		{"source", "#!/bin/bash\n. ./env.sh\ngo test \"$@\"\n", "unknown: sources"},
		{"source param", "#!/bin/bash\nsource \"$1\"\n", "unknown: sources"},
		{"redirection", "#!/bin/bash\ngo test > \"$1\"\n", "unknown: uses an argument in a redirection"},
		{"function call", "#!/bin/bash\nmain() { rm -rf \"$@\"; }\nmain \"$@\"\n", "unknown: hands its arguments to the function main"},
		{"function shadows", "#!/bin/bash\ngo() { rm -rf \"$@\"; }\ngo test \"$@\"\n", "unknown: hands its arguments to the function go"},
		{"case glob", "#!/bin/bash\ncase \"$1\" in\n  js_*) go test ./js ;;\nesac\n", "unknown: compares an argument with a pattern"},
		{"branch runs $2", "#!/bin/bash\nif [ \"$1\" = run ]; then\n  $2\nfi\n", "unknown"},
		{"branch hands $2", "#!/bin/bash\nif [ \"$1\" = run ]; then\n  go test \"$2\"\nfi\n", "unknown"},
		{"assigns", "#!/bin/bash\nVERSION=$1\nwget x-$VERSION\n", "unknown: stores an argument in a variable"},
		{"path", "#!/bin/bash\nPATH=./tools:$PATH\ngo test \"$@\"\n", "unknown: sets PATH"},
		{"ifs", "#!/bin/bash\nIFS=,\ngo test $@\n", "unknown: sets IFS"},
		{"alias", "#!/bin/bash\nalias go=rm\ngo test \"$@\"\n", "unknown"},
		{"for", "#!/bin/bash\nfor a; do go test \"$a\"; done\n", "unknown: loops over its arguments"},
		{"for in", "#!/bin/bash\nfor a in \"$@\"; do go test \"$a\"; done\n", "unknown: loops over its arguments"},
		{"computed cd", "#!/bin/bash\nfor d in $DIRS; do (cd \"$d\" && go test \"$@\"); done\n", "unknown: hands its arguments to a command in a folder Memo cannot tell"},
		{"cd in if", "#!/bin/bash\nif [ -n \"$X\" ]; then cd sub; fi\ngo test \"$@\"\n", "unknown: hands its arguments to a command in a folder Memo cannot tell"},
		{"cd missing", "#!/bin/bash\ncd nowhere\ngo test \"$@\"\n", "unknown: hands its arguments to a command in a folder the project does not hold"},
		{"cd out", "#!/bin/bash\ncd /\ncat \"$@\"\n", "unknown: hands its arguments to a command in a folder the project does not hold"},
		{"trap args", "#!/bin/bash\ntrap 'rm -rf $1' EXIT\ngo test \"$@\"\n", "unknown: sets a trap that uses its arguments"},
		{"arithmetic", "#!/bin/bash\nif (( $1 > 2 )); then :; fi\n", "unknown: uses an argument in arithmetic"},
		{"numeric test", "#!/bin/bash\nif [[ $1 -eq 3 ]]; then :; fi\n", "unknown"},
		{"indirect", "#!/bin/bash\nn=1\necho \"${!n}\"\n", "unknown"},
		{"last word", "#!/bin/bash\n: x\nrm -rf $_\n", "unknown"},
		{"builtin forward", "#!/bin/bash\nprintf \"$@\"\n", "unknown: hands its arguments to the shell's printf"},
		{"read", "#!/bin/bash\nread \"$@\"\n", "unknown"},
		{"at then more", "#!/bin/bash\ngo test \"$@\" -count=1\n", "unknown"},
		{"python", "#!/usr/bin/env python3\nimport sys\n", "unknown: not a shell script"},
		{"zsh", "#!/bin/zsh\ngo test \"$@\"\n", "unknown: not a shell script"},
		{"shebang option", "#!/bin/bash --rcfile x\ngo test \"$@\"\n", "unknown: its #! line"},
		{"syntax error", "#!/bin/bash\nif then go test \"$@\"\n", "unknown: a syntax error"},
		{"heredoc", "#!/bin/bash\ncat <<EOF\n$1\nEOF\n", "unknown: uses an argument in a redirection"},
		{"declare", "#!/bin/bash\ndeclare -x GOFLAGS=-toolexec=x\ngo test \"$@\"\n", "unknown: sets GOFLAGS"},
		{"computed command", "#!/bin/bash\n$GO test \"$@\"\n", "unknown: hands its arguments to a command whose words are computed"},
		{"piped", "#!/bin/sh\ncat \"$@\" | sh\n", "unknown: hands its arguments to a command whose output"},
		{"piped to tee", "#!/bin/sh\ngo test \"$@\" | tee out.txt\n", "unknown: hands its arguments to a command whose output"},
		{"substituted", "#!/bin/sh\nx=$(basename \"$@\")\n$x\n", "unknown: hands its arguments to a command whose output"},
		{"process substitution", "#!/bin/bash\ngo vet \"$@\" > >(sh)\n", "unknown: hands its arguments to a command whose output"},
		{"exec to a process", "#!/bin/bash\nexec > >(sh)\ngo vet \"$@\"\n", "unknown: hands its arguments to a command whose output"},
		{"last of a pipe", "#!/bin/sh\nprintf 'x\\n' | go vet \"$@\"\n", "fwd .: go vet"},
		{"to /dev/null", "#!/bin/sh\ngo vet \"$@\" >/dev/null 2>&1\n", "fwd .: go vet"},
		{"bash source under sh", "#!/bin/sh\ncd \"$(dirname \"${BASH_SOURCE[0]}\")\"\ngo vet \"$@\"\n", "unknown: hands its arguments to a command in a folder Memo cannot tell"},
		{"bash source under dash", "#!/usr/bin/env dash\nD=$(dirname \"$BASH_SOURCE\")\ncd \"$D\"\ngo vet \"$@\"\n", "unknown"},
		{"pushd under sh", "#!/bin/sh\npushd sub\ngo vet \"$@\"\n", "unknown: hands its arguments to a command in a folder Memo cannot tell"},
		{"pushd under bash", "#!/bin/bash\npushd sub\ngo vet \"$@\"\n", "fwd sub: go vet"},
		{"bash source without a #! line", "cd \"$(dirname \"${BASH_SOURCE[0]}\")\"\ngo vet \"$@\"\n", "fwd .: go vet"},
		{"command_not_found_handle", "#!/bin/bash\ncommand_not_found_handle() { sh -c \"$*\"; }\nmytool \"$@\"\n", "unknown: defines command_not_found_handle"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			fixture.Write(t, filepath.Join(root, "build"), tc.script, 0o755)
			if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			p := Open(root, "", OSGitFS(""), nil, nil)
			got := describeArgs(root, p.ScriptArguments("./build"))
			if got != tc.want && !(strings.HasPrefix(tc.want, "unknown") && strings.HasPrefix(got, tc.want)) {
				t.Errorf("%s:\n%s\nreads as %q, want %q", tc.name, tc.script, got, tc.want)
			}
		})
	}
}

// Windows scripts, huge scripts, links out of the project and files of
// other languages are not read: their arguments stay unknown.
func TestScriptArgumentsNotRead(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "run.sh"), "#!/bin/sh\ngo test \"$@\"\n", 0o755)
	root := fixture.LinkedProject(t, map[string]string{"out.sh": filepath.Join(outside, "run.sh")})
	fixture.Write(t, filepath.Join(root, "build.cmd"), ":<<\"::CMDLITERAL\"\n@CALL build\\build.bat %*\n@GOTO :EOF\n::CMDLITERAL\ngo test \"$@\"\n", 0o755)
	fixture.Write(t, filepath.Join(root, "build.ps1"), "dotnet cake @args\n", 0o755)
	fixture.Write(t, filepath.Join(root, "huge.sh"), "#!/bin/sh\n"+strings.Repeat("# padding\n", 30000)+"go test \"$@\"\n", 0o755)
	p := Open(root, "", OSGitFS(""), nil, nil)
	for word, want := range map[string]string{
		"./build.cmd": "not a shell script",
		"./build.ps1": "not a shell script",
		"./huge.sh":   "larger than Memo reads",
		"./out.sh":    "a link out of the project",
		"./missing":   "cannot be read",
	} {
		if got := p.ScriptArguments(word); got.Known() || !strings.Contains(got.Unknown, want) {
			t.Errorf("%s reads as %+v, want unknown: %s", word, got, want)
		}
	}
}
