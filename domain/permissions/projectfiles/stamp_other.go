// SPDX-License-Identifier: Apache-2.0

//go:build !linux && !darwin

package projectfiles

import "io/fs"

// stampOf: elsewhere (Windows reports no inode through Lstat) size, mode
// and the write time tell a change, with the racy window for a rewrite
// within one tick.
func stampOf(fi fs.FileInfo) stamp {
	return stamp{size: fi.Size(), mod: fi.ModTime().UnixNano(), mode: fi.Mode()}
}

// hardLinks: elsewhere Lstat does not report a file's names.
func hardLinks(fs.FileInfo) (uint64, bool) { return 0, false }
