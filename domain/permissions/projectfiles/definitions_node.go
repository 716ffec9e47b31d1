// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"

	"memo.dev/projects/domain/filekind"
)

// nodeEntryExtensions are what node adds to a main module's name that names
// no file, in its order (CommonJS resolution): `node Makefile lint` runs
// Makefile.js.
var nodeEntryExtensions = []string{".js", ".json", ".node"}

// nodeEntry is the file node runs for the script word of a line: the word
// when it names a file; else the first of word.js, word.json, word.node and
// word/index.js that does (a link is followed by the pin's own checks); else
// the word, which then does not exist.
func (p *Project) nodeEntry(word string) string {
	abs := word
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(p.Dir, word)
	}
	if kind, _, err := p.lstat(abs); err == nil && kind != filekind.Dir {
		return word
	}
	candidates := make([]string, 0, len(nodeEntryExtensions)+1)
	for _, ext := range nodeEntryExtensions {
		candidates = append(candidates, word+ext)
	}
	candidates = append(candidates, filepath.Join(word, "index.js"))
	for _, c := range candidates {
		a := c
		if !filepath.IsAbs(a) {
			a = filepath.Join(p.Dir, c)
		}
		if kind, _, err := p.lstat(a); err == nil && kind != filekind.Dir {
			return c
		}
	}
	return word
}
