// SPDX-License-Identifier: Apache-2.0

// Command memo-projects sets up and guards the project folders of Memo.
package main

import (
	"os"

	"memo.dev/projects/app"
	"memo.dev/projects/app/console"
)

func main() {
	console.Attach()
	os.Exit(app.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
