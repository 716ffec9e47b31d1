// SPDX-License-Identifier: Apache-2.0

// Package realpath resolves a folder to its real path: symbolic links, and on
// Windows junctions and mount points (mklink /J, Dev Drive folders) too,
// spelled as the disk stores it (see Spell), so one folder has one path.
//
// Since Go 1.23 filepath.EvalSymlinks fails below a Windows junction: the
// junction reads as an irregular file, not a link. Where it fails, the path is
// opened and the system asked for the handle's final path
// (GetFinalPathNameByHandle), which is what the path really names.
package realpath

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// Resolve returns path absolute, cleaned and with every link resolved, each
// component in its stored case and Unicode form.
func Resolve(path string) (string, error) {
	return resolver{eval: filepath.EvalSymlinks, final: finalPath, spell: spelling()}.resolve(path)
}

// resolver is Resolve with the ways of resolving injected, so the fallback
// is tested where junctions cannot be made, and the spelling where volumes
// compare names exactly.
type resolver struct {
	eval  func(string) (string, error)
	final func(string) (string, error) // the opened handle's final path, raw
	spell func(string) string          // nil where eval and final spell as stored
}

func (r resolver) resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	real, err := r.eval(abs)
	if err == nil {
		return r.spelled(filepath.Clean(real)), nil
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return "", err
	}
	final, ferr := r.final(abs)
	if ferr != nil {
		return "", err // the first reason is the one a person can act on
	}
	return r.spelled(filepath.Clean(fromFinal(final))), nil
}

func (r resolver) spelled(p string) string {
	if r.spell == nil {
		return p
	}
	return r.spell(p)
}

// fromFinal turns a final path as Windows gives it (\\?\C:\x,
// \\?\UNC\server\share\x) into the everyday spelling (C:\x,
// \\server\share\x). A volume without a drive letter stays \\?\Volume{…}\x.
func fromFinal(p string) string {
	switch {
	case len(p) >= 8 && strings.EqualFold(p[:8], `\\?\UNC\`):
		return `\\` + p[8:]
	case len(p) >= 6 && p[:4] == `\\?\` && p[5] == ':' && isLetter(p[4]):
		return p[4:]
	}
	return p
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
