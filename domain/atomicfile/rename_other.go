// SPDX-License-Identifier: Apache-2.0

//go:build !linux && !darwin && !windows

package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
)

// renameNoReplaceAt renames old in folder od to new in nd unless something
// is there (fs.ErrExist), checking just before: this system has no atomic
// way, and is given whole paths.
func renameNoReplaceAt(od *os.File, old string, nd *os.File, new string) error {
	from, to := filepath.Join(od.Name(), old), filepath.Join(nd.Name(), new)
	if _, err := os.Lstat(to); err == nil {
		return linkError(od, old, nd, new, fs.ErrExist)
	}
	return os.Rename(from, to)
}
