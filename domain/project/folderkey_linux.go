// SPDX-License-Identifier: Apache-2.0

//go:build linux

package project

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// folderKey names the folder at path on disk: its volume, its file number
// and its birth time, or "" when the system cannot tell all three (one file
// per system; docs/identity.md §8). It tells the folder a registry record was made for from
// another put at its path later (rm -rf app; cp -a other app): file numbers
// alone are handed out again at once (ext4 gave the copy's folder and its
// .memo the numbers of the ones removed), a birth time is not.
// A key of "" never matches: such folders are told apart by their
// project.json alone (docs/identity.md §7).
//
// On Linux: the device, the inode number and the birth time, from statx.
func folderKey(path string) string {
	var st unix.Statx_t
	const want = unix.STATX_INO | unix.STATX_BTIME
	if err := unix.Statx(unix.AT_FDCWD, path, 0, want, &st); err != nil || st.Mask&want != want {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%d.%09d", st.Dev_major, st.Dev_minor, st.Ino, st.Btime.Sec, st.Btime.Nsec)
}
