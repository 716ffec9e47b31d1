// SPDX-License-Identifier: Apache-2.0

package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestShellsCompleteSubcommandPrefixes runs the completion scripts the
// package installs in real bash (with Debian's bash-completion), zsh and
// fish: "memo-projects permissions tr<Tab>", typed in a folder that holds
// a folder trip/, offers the subcommand trust and no folder. zsh is run
// with the completion system's builtins replaced by functions that print
// what the script hands them (a completion widget needs a terminal).
func TestShellsCompleteSubcommandPrefixes(t *testing.T) {
	bin := filepath.Dir(binary)
	cwd := t.TempDir()
	if err := os.Mkdir(filepath.Join(cwd, "trip"), 0o755); err != nil {
		t.Fatal(err)
	}
	script := func(shell string) string {
		out, err := exec.Command(binary, "completion", shell).Output()
		if err != nil {
			t.Fatalf("completion %s: %v", shell, err)
		}
		p := filepath.Join(t.TempDir(), "completion."+shell)
		if err := os.WriteFile(p, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		shell string
		args  []string
	}{
		{"bash", []string{"--norc", "--noprofile", "-c", `source /usr/share/bash-completion/bash_completion; source "$1"
COMP_LINE="memo-projects permissions tr"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(memo-projects permissions tr); COMP_CWORD=2
__start_memo-projects 2>/dev/null; printf '%s\n' "${COMPREPLY[@]}"`}},
		{"zsh", []string{"-f", "-c", `_describe() { local name=$2; print -rl -- "${(@P)name}"; }
_arguments() { print -r -- "arguments: $*"; }
_files() { print -r -- "files: $*"; }
compadd() { print -r -- "compadd: $*"; }
compdef() { : }
source "$1"; words=(memo-projects permissions tr); CURRENT=3; _memo-projects`}},
		{"fish", []string{"--no-config", "-c", `source $argv[1]; complete -C"memo-projects permissions tr"`}},
	} {
		args := append(c.args, script(c.shell))
		if c.shell != "fish" {
			args = append(c.args[:len(c.args):len(c.args)], c.shell, script(c.shell))
		}
		cmd := exec.Command(c.shell, args...)
		cmd.Dir = cwd
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("%s: %v\n%s", c.shell, err, out)
			continue
		}
		got := string(out)
		if !strings.Contains(got, "trust") || strings.Contains(got, "trip") || strings.Contains(got, "files:") || strings.Contains(got, "_files -/") {
			t.Errorf("%s completes \"memo-projects permissions tr\" to\n%s\nwant the subcommand trust and no folder", c.shell, got)
		}
	}
}
