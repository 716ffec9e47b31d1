// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestFoldersGivenWithoutACommand: what a file manager runs for the
// desktop entry (Exec=memo-projects %F) opens the window with the first
// folder; a word that is no folder stays an unknown command, and a path
// that is no folder says so; neither opens the window.
func TestFoldersGivenWithoutACommand(t *testing.T) {
	te := newTestEnv(t)
	wd, _ := te.Getwd()
	a, b := filepath.Join(wd, "a b"), filepath.Join(wd, "proj")
	for _, d := range []string{a, b} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(wd, "notes.txt")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		open string // "" when the window must not open
		code int
		says string
	}{
		{[]string{a}, a, 0, ""},
		{[]string{a, b}, a, 0, ""},
		{[]string{"proj"}, b, 0, ""},
		{[]string{"--home", "h", b}, b, 0, ""},
		{[]string{"stauts"}, "", 2, `unknown command "stauts" (did you mean status?)`},
		{[]string{file}, "", 2, file + " is not a folder"},
		{[]string{filepath.Join(wd, "gone")}, "", 2, "is not a folder"},
		{[]string{a, file}, "", 2, "is not a folder"},
	} {
		te.out.Reset()
		var asked []string
		te.Window = func(path string) int { asked = append(asked, path); return 0 }
		code := Run(te.Factory, c.args)
		if code != c.code {
			t.Errorf("%q = exit %d, want %d (%s)", c.args, code, c.code, te.out.String())
		}
		switch {
		case c.open == "" && len(asked) > 0:
			t.Errorf("%q opened the window with %q", c.args, asked)
		case c.open != "" && (len(asked) != 1 || asked[0] != c.open):
			t.Errorf("%q asked the window for %q, want [%q]", c.args, asked, c.open)
		}
		if c.says != "" && !strings.Contains(te.errorOf(t).Error, c.says) {
			t.Errorf("%q says %q, want %q in it", c.args, te.errorOf(t).Error, c.says)
		}
	}
}

// TestSubcommandPrefixesComplete: a word that starts a subcommand's name
// completes to the subcommand and never to folders, also after a command
// that takes a folder itself (permissions PATH beside permissions trust);
// an empty word after such a command still offers folders.
func TestSubcommandPrefixesComplete(t *testing.T) {
	for _, c := range []struct {
		args      []string
		want      string
		directive cobra.ShellCompDirective
	}{
		{[]string{"permissions", "tr"}, "trust", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"permissions", "d"}, "diff", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"skill", "a"}, "add", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"sk"}, "skill", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"permissions", ""}, "trust", cobra.ShellCompDirectiveFilterDirs},
		{[]string{"status", ""}, "", cobra.ShellCompDirectiveFilterDirs},
	} {
		te := newTestEnv(t)
		Run(te.Factory, append([]string{cobra.ShellCompRequestCmd}, c.args...))
		out := te.out.String()
		lines := strings.Split(strings.TrimSpace(out), "\n")
		last := lines[len(lines)-1]
		if want := ":" + strconv.Itoa(int(c.directive)); last != want {
			t.Errorf("complete %q ends %q, want directive %s", c.args, last, want)
		}
		if c.want != "" && !strings.HasPrefix(out, c.want+"\t") && !strings.Contains(out, "\n"+c.want+"\t") {
			t.Errorf("complete %q offers\n%s\nwant %s", c.args, out, c.want)
		}
	}
}
