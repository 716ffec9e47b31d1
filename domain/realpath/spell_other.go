// SPDX-License-Identifier: Apache-2.0

//go:build !darwin

package realpath

// spelling is nil where the resolved path is already spelled as stored.
// Linux volumes compare names exactly (a casefold ext4 or a vfat mount is
// rare enough to leave as the user types it). On Windows EvalSymlinks spells
// every component as stored: toNorm in path/filepath/symlink_windows.go asks
// FindFirstFile for each one (the real case, 8.3 short names expanded) and
// upper-cases the drive letter; the junction fallback's final path is asked
// with FILE_NAME_NORMALIZED, the stored long name and case of each component.
// NTFS does not normalise Unicode, so NFC and NFD names are two files there.
func spelling() func(string) string { return nil }
