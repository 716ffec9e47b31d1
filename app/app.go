// SPDX-License-Identifier: Apache-2.0

// Package app wires Memo Projects together: the command line (app/cli) over
// the services of the data home (app/datahome), and the window, which only
// this package builds (it needs cgo).
package app

import (
	"io"

	"github.com/spf13/cobra"

	"memo.dev/projects/app/cli"
)

// Run runs one invocation and returns the process exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// A double-click in Windows Explorer opens the window; cobra would show
	// "this is a command line tool" instead.
	cobra.MousetrapHelpText = ""
	f := cli.NewFactory(stdin, stdout, stderr)
	f.Window = func(path string) int { return showWindow(f, path) }
	return cli.Run(f, args)
}
