// SPDX-License-Identifier: Apache-2.0

package realpath

import "golang.org/x/sys/windows"

// Flags of GetFinalPathNameByHandle (not in x/sys/windows).
const (
	fileNameNormalized = 0x0
	volumeNameDOS      = 0x0
	volumeNameGUID     = 0x1
)

// finalPath opens path, following junctions and links, and returns the
// handle's final path: with a drive letter when the volume has one, else as
// \\?\Volume{GUID}\….
func finalPath(path string) (string, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return "", err
	}
	// Attributes only, shared with everyone, and backup semantics so a folder
	// opens too.
	h, err := windows.CreateFile(p, windows.FILE_READ_ATTRIBUTES,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return "", err
	}
	defer windows.CloseHandle(h)
	s, err := nameByHandle(h, fileNameNormalized|volumeNameDOS)
	if err != nil {
		s, err = nameByHandle(h, fileNameNormalized|volumeNameGUID)
	}
	return s, err
}

func nameByHandle(h windows.Handle, flags uint32) (string, error) {
	buf := make([]uint16, windows.MAX_PATH)
	for {
		n, err := windows.GetFinalPathNameByHandle(h, &buf[0], uint32(len(buf)), flags)
		if err != nil {
			return "", err
		}
		if int(n) < len(buf) {
			return windows.UTF16ToString(buf[:n]), nil
		}
		buf = make([]uint16, n) // n is the size needed, with the NUL
	}
}
