// SPDX-License-Identifier: Apache-2.0

package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"memo.dev/projects/domain/identity"
)

// generationDir returns a folder for the test on a file system whose inodes
// have a generation number (ext4, xfs, btrfs), or "" if neither the temp
// folder nor the package's own folder is on one (tmpfs has none, and making
// an ext4 image needs root). Only there can a folder remade under a removed
// one's number within one clock tick be told apart.
func generationDir(t *testing.T) string {
	t.Helper()
	dirs := []string{t.TempDir()}
	if here, err := os.MkdirTemp(".", "gen-test-"); err == nil {
		abs, _ := filepath.Abs(here)
		t.Cleanup(func() { os.RemoveAll(abs) })
		dirs = append(dirs, abs)
	}
	for _, dir := range dirs {
		fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			continue
		}
		_, err = unix.IoctlGetUint32(fd, fsIocGetVersion)
		unix.Close(fd)
		if err == nil {
			return dir
		}
	}
	return ""
}

// TestFolderKeyTellsAFolderRemadeInOneTick: a folder removed and made again
// at once gets, on ext4 and xfs, the removed one's inode number and, within
// one tick of the coarse file clock, its birth time too; its generation
// number is new, so its key differs. A key stored without the generation
// (before it was read) still names the folder it was made for.
func TestFolderKeyTellsAFolderRemadeInOneTick(t *testing.T) {
	parent := generationDir(t)
	if parent == "" {
		// The other branch, not a skip: where no generation can be read,
		// the key is the one read before (volume, number, birth time).
		dir := t.TempDir()
		key := folderKey(dir)
		if key == "" || strings.Contains(key, ":g") || key != statKey(unix.AT_FDCWD, dir, 0) {
			t.Errorf("folderKey(%s) on a file system without generations = %q, want the statx key %q", dir, key, statKey(unix.AT_FDCWD, dir, 0))
		}
		t.Logf("no generation number on the file systems of %s or the package folder: only the fallback was checked", dir)
		return
	}
	dir := filepath.Join(parent, "a")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	key := folderKey(dir)
	base, _, hasGen := strings.Cut(key, ":g")
	if !hasGen || base != statKey(unix.AT_FDCWD, dir, 0) {
		t.Fatalf("folderKey(%s) = %q; want the statx key %q and a generation", dir, key, statKey(unix.AT_FDCWD, dir, 0))
	}
	if !identity.SameFolder(base, key) {
		t.Errorf("the key stored without the generation (%q) does not name its folder (%q)", base, key)
	}
	sameTick := 0
	for i := range 50 {
		if err := os.Remove(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		next := folderKey(dir)
		nextBase, _, _ := strings.Cut(next, ":g")
		if nextBase == base {
			sameTick++
		}
		if identity.SameFolder(key, next) {
			t.Fatalf("try %d: the folder made where a removed one was is taken for it: key %q, the removed one's %q", i, next, key)
		}
		key, base = next, nextBase
	}
	// btrfs never hands a number out twice, so there no try is in one tick.
	t.Logf("%d of 50 remade folders had the removed one's number and birth time", sameTick)
}
