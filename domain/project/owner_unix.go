// SPDX-License-Identifier: Apache-2.0

//go:build !windows

package project

import (
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// ownerOf is the user name of the account that owns path, and whether that
// is the account running Memo; ok is false when it cannot be told.
func ownerOf(path string) (name string, mine, ok bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", false, false
	}
	st, isUnix := fi.Sys().(*syscall.Stat_t)
	if !isUnix {
		return "", false, false
	}
	id := strconv.FormatUint(uint64(st.Uid), 10)
	name = "the account with user id " + id
	if u, err := user.LookupId(id); err == nil && u.Username != "" {
		name = u.Username
	}
	return name, int(st.Uid) == os.Geteuid(), true
}
