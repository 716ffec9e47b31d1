// Package atomicfile writes files so that a reader (or a crash) sees either the
// old state or the complete new file, never a partial one: a temporary file in
// the same folder, fsync, then rename (or link, to refuse replacing).
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"memo.dev/projects/domain/filekind"
)

// WriteFile replaces path with data. A new file gets perm less the umask; a
// replaced one keeps its permissions.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	tmp, err := writeTemp(path, data, perm, true)
	if err != nil {
		return err
	}
	if err := osRetrier.renameRetrying(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return SyncDir(filepath.Dir(path))
}

// Create writes data to path (perm less the umask) only if nothing is there; otherwise it returns an
// error satisfying errors.Is(err, fs.ErrExist) and leaves the existing file alone.
// Two concurrent Creates of one path end with exactly one winner.
func Create(path string, data []byte, perm fs.FileMode) error {
	if _, err := os.Lstat(path); err == nil {
		return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
	}
	tmp, err := writeTemp(path, data, perm, false)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // a no-op once renamed
	// link(2) fails when the target exists, unlike rename(2). Filesystems
	// without hard links (FAT, exFAT, some network shares) get a rename that
	// refuses to replace instead.
	err = os.Link(tmp, path)
	if err != nil && !errors.Is(err, fs.ErrExist) {
		err = RenameNoReplace(tmp, path)
	}
	if errors.Is(err, fs.ErrExist) {
		return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
	}
	if err != nil {
		return err
	}
	return SyncDir(filepath.Dir(path))
}

// renameChecked renames unless newpath exists, checking just before: for
// filesystems that cannot refuse a replace themselves.
func renameChecked(oldpath, newpath string) error {
	if _, err := os.Lstat(newpath); err == nil {
		return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: fs.ErrExist}
	}
	return os.Rename(oldpath, newpath)
}

// writeTemp writes data to a new temporary file beside path. A new file gets
// perm less the umask, as any program's would; a file replacing one keeps the
// permissions of the file it replaces.
func writeTemp(path string, data []byte, perm fs.FileMode, keepMode bool) (string, error) {
	f, err := CreateTemp(filepath.Dir(path), filepath.Base(path), perm)
	if err != nil {
		return "", err
	}
	name := f.Name()
	fail := func(err error) (string, error) {
		f.Close()
		os.Remove(name)
		return "", err
	}
	if kind, fi, err := filekind.Lstat(path); keepMode && err == nil && kind == filekind.File {
		if err := f.Chmod(fi.Mode().Perm()); err != nil {
			return fail(err)
		}
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// SyncDir makes a rename or link in dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	// Windows cannot fsync a folder; the file data itself is synced already.
	if err := d.Sync(); err != nil && runtime.GOOS != "windows" {
		return err
	}
	return nil
}
