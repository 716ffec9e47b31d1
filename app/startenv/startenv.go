// SPDX-License-Identifier: Apache-2.0

// Package startenv keeps the environment the program was started with, and
// keeps Fyne from logging a locale it cannot parse.
//
// Fyne's lang package reads the locale in its init and logs "Error parsing
// user locale C" on stderr for LANG=C.UTF-8, the usual value in containers
// and CI, on every run of every command. Its parser takes plain "C" for
// what it is, so for this process the locale variable in force is set to
// "C" before Fyne's init runs (Go initialises a package with few imports, as
// this one, before the fyne packages that need many); programs Memo starts
// get Original, the environment as it was.
//
// Package app imports it; nothing else needs to.
package startenv

import "os"

// Original is the environment as the program was started.
var Original = os.Environ()

func init() {
	// The first of these that is set is the locale of messages (gettext's
	// order, which Fyne's locale reader follows).
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		if len(v) > 2 && v[:2] == "C." {
			os.Setenv(name, "C")
		}
		return
	}
}
