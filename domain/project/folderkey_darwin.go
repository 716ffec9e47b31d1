// SPDX-License-Identifier: Apache-2.0

//go:build darwin

package project

import (
	"fmt"
	"syscall"
)

// folderKey names the folder at path on disk (see folderkey_linux.go): its
// device, inode number and birth time; APFS never hands a number out twice.
func folderKey(path string) string {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d.%09d", st.Dev, st.Ino, st.Birthtimespec.Sec, st.Birthtimespec.Nsec)
}
