// SPDX-License-Identifier: Apache-2.0

//go:build unix

package api

import (
	"io/fs"
	"os"
	"syscall"
)

// ownUID is the account whose files the API may use: this process's.
func ownUID() int { return os.Geteuid() }

// fileOwner is the account that owns fi's file.
func fileOwner(fi fs.FileInfo) (uid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}
