// SPDX-License-Identifier: Apache-2.0

//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// Created files and folders follow the umask, all alike; a replaced file
// keeps its permissions. Not parallel: the umask is per process.
func TestPermissionsFollowTheUmask(t *testing.T) {
	for _, mask := range []int{0o022, 0o027, 0o002, 0o077} {
		t.Run(strconv.FormatInt(int64(mask), 8), func(t *testing.T) {
			old := syscall.Umask(mask)
			defer syscall.Umask(old)
			dir := t.TempDir()
			wantFile := os.FileMode(0o666 &^ mask)
			for _, write := range []func(string, []byte, os.FileMode) error{WriteFile, Create} {
				p := filepath.Join(dir, "new")
				os.Remove(p)
				if err := write(p, []byte("x"), 0o666); err != nil {
					t.Fatal(err)
				}
				if fi, _ := os.Stat(p); fi.Mode().Perm() != wantFile {
					t.Errorf("umask %03o: new file has %v, want %v", mask, fi.Mode().Perm(), wantFile)
				}
			}
			d, err := MkdirTemp(dir, "memo-setup", 0o777)
			if err != nil {
				t.Fatal(err)
			}
			if fi, _ := os.Stat(d); fi.Mode().Perm() != os.FileMode(0o777&^mask) {
				t.Errorf("umask %03o: new folder has %v, want %v", mask, fi.Mode().Perm(), os.FileMode(0o777&^mask))
			}
			kept := filepath.Join(dir, "kept")
			os.WriteFile(kept, nil, 0o600)
			os.Chmod(kept, 0o640)
			if err := WriteFile(kept, []byte("new"), 0o666); err != nil {
				t.Fatal(err)
			}
			if fi, _ := os.Stat(kept); fi.Mode().Perm() != 0o640 {
				t.Errorf("umask %03o: replaced file has %v, want its own 0640", mask, fi.Mode().Perm())
			}
		})
	}
}
