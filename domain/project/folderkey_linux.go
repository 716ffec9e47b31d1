//go:build linux

package project

import (
	"fmt"

	"golang.org/x/sys/unix"
)

func folderKey(path string) string {
	var st unix.Statx_t
	const want = unix.STATX_INO | unix.STATX_BTIME
	if err := unix.Statx(unix.AT_FDCWD, path, 0, want, &st); err != nil || st.Mask&want != want {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%d.%09d", st.Dev_major, st.Dev_minor, st.Ino, st.Btime.Sec, st.Btime.Nsec)
}
