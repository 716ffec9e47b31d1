// SPDX-License-Identifier: Apache-2.0

package filekind

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// fileAttributeTagInfo is FILE_ATTRIBUTE_TAG_INFO (not in x/sys/windows).
type fileAttributeTagInfo struct {
	FileAttributes uint32
	ReparseTag     uint32
}

// isSurrogate reports whether path is a name-surrogate reparse point (a
// junction, mount point or symbolic link): it opens the point itself, not
// what it names, and reads its tag.
func isSurrogate(path string) (bool, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return false, err
	}
	h, err := windows.CreateFile(p, windows.FILE_READ_ATTRIBUTES,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_EXISTING, windows.FILE_FLAG_OPEN_REPARSE_POINT|windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return false, err
	}
	defer windows.CloseHandle(h)
	var info fileAttributeTagInfo
	if err := windows.GetFileInformationByHandleEx(h, windows.FileAttributeTagInfo,
		(*byte)(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		return false, err
	}
	return info.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0 &&
		info.ReparseTag&0x20000000 != 0, nil // IsReparseTagNameSurrogate
}
