// SPDX-License-Identifier: Apache-2.0

// Command clinowindow is the command line of memo-projects without the window
// linked in (app/cli alone, no Fyne, no cgo): bench/cli.sh times it beside the
// real program to show what the window's packages cost every command.
package main

import (
	"errors"
	"os"

	"memo.dev/projects/app/cli"
)

func main() {
	f := cli.NewFactory(os.Stdin, os.Stdout, os.Stderr)
	f.Window = func(string) int { return f.Fail(errors.New("this build has no window")) }
	os.Exit(cli.Run(f, os.Args[1:]))
}
