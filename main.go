// Command memo-projects sets up and guards the project folders of Memo.
package main

import (
	"os"

	"memo.dev/projects/app"
)

func main() {
	os.Exit(app.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
