// SPDX-License-Identifier: Apache-2.0

//go:build linux

package project

import (
	"fmt"

	"golang.org/x/sys/unix"

	"memo.dev/projects/domain/identity"
)

// fsIocGetVersion is FS_IOC_GETVERSION, _IOR('v', 1, long), which x/sys
// does not name: FS_IOC_GETFLAGS is _IOR('f', 1, long), so the two differ
// only in the type byte, on every architecture's encoding.
const fsIocGetVersion = unix.FS_IOC_GETFLAGS + ('v'-'f')<<8

// folderKey names the folder at path on disk: its volume, its file number
// and its birth time, or "" when the system cannot tell all three (one file
// per system; docs/identity.md §8). It tells the folder a registry record was made for from
// another put at its path later (rm -rf app; cp -a other app): file numbers
// alone are handed out again at once (ext4 gave the copy's folder and its
// .memo the numbers of the ones removed), a birth time is not.
// A key of "" never matches: such folders are told apart by their
// project.json alone (docs/identity.md §7). Keys are compared with
// identity.SameFolder.
//
// On Linux: the device, the inode number and the birth time, from statx,
// and the inode's generation number where the file system has one (ext4,
// xfs, btrfs; not tmpfs): a birth time comes from the kernel's coarse clock,
// so a folder made under a removed one's number within one tick has the
// same three, but ext4 and xfs give a reused number a new generation.
func folderKey(path string) string {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		// A folder Memo may not read: its key without the generation.
		return statKey(unix.AT_FDCWD, path, 0)
	}
	defer unix.Close(fd)
	// Both read from one open folder, so they describe the same one even
	// if the path is swapped meanwhile.
	base := statKey(fd, "", unix.AT_EMPTY_PATH)
	gen, err := unix.IoctlGetUint32(fd, fsIocGetVersion)
	return identity.FolderKey(base, gen, err == nil)
}

// statKey is the device, inode number and birth time of what dirfd and
// path name, "" when statx does not report all of them.
func statKey(dirfd int, path string, flags int) string {
	var st unix.Statx_t
	const want = unix.STATX_INO | unix.STATX_BTIME
	if err := unix.Statx(dirfd, path, flags, want, &st); err != nil || st.Mask&want != want {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%d.%09d", st.Dev_major, st.Dev_minor, st.Ino, st.Btime.Sec, st.Btime.Nsec)
}
