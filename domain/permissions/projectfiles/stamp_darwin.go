// SPDX-License-Identifier: Apache-2.0

//go:build darwin

package projectfiles

import (
	"io/fs"
	"syscall"
)

// stampOf: on macOS the inode number tells a file replaced by a rename, and
// the change time, which no program can set back, any write.
func stampOf(fi fs.FileInfo) stamp {
	s := stamp{size: fi.Size(), mod: fi.ModTime().UnixNano(), mode: fi.Mode()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		s.dev, s.ino = uint64(st.Dev), uint64(st.Ino)
		s.change = st.Ctimespec.Sec*1e9 + st.Ctimespec.Nsec
	}
	return s
}

// hardLinks is how many names the file has; ok false when the system does
// not say.
func hardLinks(fi fs.FileInfo) (uint64, bool) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink), true
	}
	return 0, false
}
