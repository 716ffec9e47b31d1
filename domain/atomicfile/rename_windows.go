// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// renameNoReplaceAt renames old in folder od to new in nd unless something
// is there (fs.ErrExist): MoveFileEx without MOVEFILE_REPLACE_EXISTING
// refuses. MoveFileEx takes whole paths.
func renameNoReplaceAt(od *os.File, old string, nd *os.File, new string) error {
	oldpath, newpath := filepath.Join(od.Name(), old), filepath.Join(nd.Name(), new)
	from, err := windows.UTF16PtrFromString(oldpath)
	if err != nil {
		return err
	}
	to, err := windows.UTF16PtrFromString(newpath)
	if err != nil {
		return err
	}
	err = windows.MoveFileEx(from, to, windows.MOVEFILE_WRITE_THROUGH)
	if errors.Is(err, windows.ERROR_ALREADY_EXISTS) || errors.Is(err, windows.ERROR_FILE_EXISTS) {
		return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: fs.ErrExist}
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: err}
	}
	return nil
}
