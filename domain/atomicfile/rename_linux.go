// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplaceAt renames old in folder od to new in nd unless something
// is there (fs.ErrExist): renameat2 with RENAME_NOREPLACE, which refuses a
// file or an empty folder that plain rename(2) would replace.
func renameNoReplaceAt(od *os.File, old string, nd *os.File, new string) error {
	err := unix.Renameat2(int(od.Fd()), old, int(nd.Fd()), new, unix.RENAME_NOREPLACE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EEXIST), errors.Is(err, unix.ENOTEMPTY):
		return linkError(od, old, nd, new, fs.ErrExist)
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS):
		return renameCheckedAt(od, old, nd, new) // the filesystem cannot refuse a replace
	}
	return linkError(od, old, nd, new, err)
}
