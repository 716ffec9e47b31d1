// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplaceAt renames old in folder od to new in nd unless something
// is there (fs.ErrExist): renameatx_np with RENAME_EXCL.
func renameNoReplaceAt(od *os.File, old string, nd *os.File, new string) error {
	err := unix.RenameatxNp(int(od.Fd()), old, int(nd.Fd()), new, unix.RENAME_EXCL)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EEXIST):
		return linkError(od, old, nd, new, fs.ErrExist)
	case errors.Is(err, unix.ENOTSUP), errors.Is(err, unix.EINVAL):
		return renameCheckedAt(od, old, nd, new) // the filesystem cannot refuse a replace
	}
	return linkError(od, old, nd, new, err)
}
