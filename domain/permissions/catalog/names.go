// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"path"
	"strings"
)

// Program names are normalised before every list (the refused programs, the
// risky arguments, the safe options): a program has many spellings on disk.
// Matching a line to its rule stays on the words as typed (docs/permissions.md §4).

// windowsSuffixes are the extensions Windows runs a program by (PATHEXT).
var windowsSuffixes = []string{".exe", ".com", ".cmd", ".bat", ".ps1"}

// ProgramName is how the tables know a command: its base name in lower case
// (case-insensitive file systems run `GIT` as git), without the extension
// Windows runs it by.
func ProgramName(word string) string {
	name := strings.ToLower(path.Base(strings.ReplaceAll(word, `\`, "/")))
	for _, s := range windowsSuffixes {
		if n, ok := strings.CutSuffix(name, s); ok && n != "" {
			return n
		}
	}
	return name
}

// Unversioned drops a version from a program name: python3.12, gcc-13,
// node20 are python, gcc, node.
func Unversioned(name string) string {
	return strings.TrimRight(strings.TrimRight(name, "0123456789."), "-_")
}

// MultiCall are programs that run the applet their first operand names.
var MultiCall = map[string]bool{"busybox": true, "toybox": true}

// NameForms are the spellings of a program name the lists are searched
// for, most specific first: the name, then without its version, its Debian
// alternative suffix (vim.basic, nc.openbsd) and its GNU `g` prefix.
func (c *Catalog) NameForms(name string) []string {
	forms := []string{name}
	add := func(n string) {
		if n == "" {
			return
		}
		for _, f := range forms {
			if f == n {
				return
			}
		}
		forms = append(forms, n)
	}
	for i := 0; i < len(forms) && i < 8; i++ {
		n := forms[i]
		add(Unversioned(n))
		if dot := strings.IndexByte(n, '.'); dot > 0 && c.alternatives[n[dot+1:]] {
			add(n[:dot])
		}
		if rest, ok := strings.CutPrefix(n, "g"); ok && c.gnu[rest] {
			add(rest)
		}
	}
	return forms
}

// ResolveProgram reads a command's first words as the program that runs and
// its arguments: busybox sed -n … is sed. The name is the normalised form
// the tables know, or the plain name when no table does.
func (c *Catalog) ResolveProgram(words []string) (name string, args []string) {
	words = c.ProgramWords(words)
	return c.Canonical(ProgramName(words[0])), words[1:]
}

// ResolveProgram is catalog.resolveProgram with the builtin catalogue.
func ResolveProgram(words []string) (name string, args []string) {
	return Builtin().ResolveProgram(words)
}

// ProgramWords are the words from the program that runs: busybox sed -n …
// is sed -n ….
func (c *Catalog) ProgramWords(words []string) []string {
	for range 4 { // busybox busybox sed …
		if !MultiCall[c.Canonical(ProgramName(words[0]))] || len(words) < 2 || strings.HasPrefix(words[1], "-") {
			break
		}
		words = words[1:]
	}
	return words
}

// Canonical is the first form of name that a table knows: the risky
// arguments, the safe options or the refused programs.
func (c *Catalog) Canonical(name string) string {
	for _, n := range c.NameForms(name) {
		if _, ok := c.Programs[n]; ok {
			return n
		}
		if _, ok := c.Entries[n]; ok {
			return n
		}
		if _, ok := c.refused[n]; ok {
			return n
		}
	}
	return name
}
