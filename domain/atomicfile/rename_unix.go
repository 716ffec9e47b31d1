// SPDX-License-Identifier: Apache-2.0

//go:build linux || darwin

package atomicfile

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// renameCheckedAt renames unless new exists, checking just before: for
// filesystems that cannot refuse a replace themselves.
func renameCheckedAt(od *os.File, old string, nd *os.File, new string) error {
	var st unix.Stat_t
	if err := unix.Fstatat(int(nd.Fd()), new, &st, unix.AT_SYMLINK_NOFOLLOW); err == nil {
		return linkError(od, old, nd, new, fs.ErrExist)
	}
	if err := unix.Renameat(int(od.Fd()), old, int(nd.Fd()), new); err != nil {
		return linkError(od, old, nd, new, err)
	}
	return nil
}
