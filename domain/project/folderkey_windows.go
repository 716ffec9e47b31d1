// SPDX-License-Identifier: Apache-2.0

//go:build windows

package project

import (
	"fmt"
	"syscall"
)

// folderKey names the folder at path on disk (see folderkey_linux.go). NTFS
// file ids carry a sequence number that changes when a number is used
// again; the creation time is added for other volumes.
func folderKey(path string) string {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return ""
	}
	// FILE_FLAG_BACKUP_SEMANTICS opens a folder; no access is asked for.
	h, err := syscall.CreateFile(p, 0, syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE,
		nil, syscall.OPEN_EXISTING, syscall.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return ""
	}
	defer syscall.CloseHandle(h)
	var fi syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(h, &fi); err != nil {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%d", fi.VolumeSerialNumber, fi.FileIndexHigh, fi.FileIndexLow, fi.CreationTime.Nanoseconds())
}
