//go:build !linux

package project

import "os"

// renameNoReplace renames a folder into place; the caller checked just before
// that nothing is there (Windows refuses to replace a folder anyway).
func renameNoReplace(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }
