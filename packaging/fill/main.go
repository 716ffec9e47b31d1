// SPDX-License-Identifier: Apache-2.0

// Command fill writes a package template with its @NAME@ words taken from
// FyneApp.toml (packaging.Fill), after the changes given:
//
//	go run ./packaging/fill TEMPLATE [NAME=VALUE ...] >FILE
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"memo.dev/projects/packaging"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: fill TEMPLATE [NAME=VALUE ...]")
		os.Exit(2)
	}
	here, err := os.Getwd()
	if err == nil {
		var out []byte
		out, err = packaging.FillFile(os.Args[1], filepath.Join(here, "FyneApp.toml"), os.Args[2:]...)
		if err == nil {
			_, err = os.Stdout.Write(out)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fill:", err)
		os.Exit(1)
	}
}
