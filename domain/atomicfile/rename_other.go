//go:build !linux && !darwin && !windows

package atomicfile

// RenameNoReplace renames oldpath to newpath unless something is there
// (fs.ErrExist), checking just before: this system has no atomic way.
func RenameNoReplace(oldpath, newpath string) error { return renameChecked(oldpath, newpath) }
