package atomicfile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// RenameNoReplace renames oldpath to newpath unless something is there
// (fs.ErrExist). Plain rename(2) replaces a file, or an empty folder.
func RenameNoReplace(oldpath, newpath string) error {
	err := unix.Renameat2(unix.AT_FDCWD, oldpath, unix.AT_FDCWD, newpath, unix.RENAME_NOREPLACE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EEXIST), errors.Is(err, unix.ENOTEMPTY):
		return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: fs.ErrExist}
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS):
		return renameChecked(oldpath, newpath) // the filesystem cannot refuse a replace
	}
	return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: err}
}
