// SPDX-License-Identifier: Apache-2.0

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
	"memo.dev/projects/domain/pathname"
)

// Every write here names its temporary file within an open folder (an
// os.Root of the file's folder), never by a whole path: a temporary name is
// longer than the final one, and near the system's limit on a path
// (PATH_MAX) the whole path of a temporary file may not fit where the final
// file does.

// WriteFile replaces path with data. A new file gets perm less the umask; a
// replaced one keeps its permissions.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	r, name, err := openParent(path)
	if err != nil {
		return err
	}
	defer r.Close()
	tmp, err := writeTemp(r, name, data, perm, true)
	if err != nil {
		return err
	}
	if err := rootRetrier(r).renameRetrying(tmp, name, path); err != nil {
		r.Remove(tmp)
		return err
	}
	return SyncDirIn(r, ".")
}

// Create writes data to path (perm less the umask) only if nothing is there; otherwise it returns an
// error satisfying errors.Is(err, fs.ErrExist) and leaves the existing file alone.
// Two concurrent Creates of one path end with exactly one winner.
func Create(path string, data []byte, perm fs.FileMode) error {
	r, name, err := openParent(path)
	if err != nil {
		return err
	}
	defer r.Close()
	return createIn(r, name, path, data, perm)
}

// CreateIn is Create of name, a path within r (its folders exist).
func CreateIn(r *os.Root, name string, data []byte, perm fs.FileMode) error {
	return createIn(r, name, filepath.Join(r.Name(), name), data, perm)
}

// createIn is Create of name within r; shown is its whole path, for errors.
func createIn(r *os.Root, name, shown string, data []byte, perm fs.FileMode) error {
	if !pathname.Host().NameFits(filepath.Base(name)) {
		return pathname.Host().Fits(shown) // says which limit
	}
	if _, err := r.Lstat(name); err == nil {
		return &fs.PathError{Op: "create", Path: shown, Err: fs.ErrExist}
	}
	tmp, err := writeTemp(r, name, data, perm, false)
	if err != nil {
		return err
	}
	defer r.Remove(tmp) // a no-op once renamed
	// link(2) fails when the target exists, unlike rename(2). Filesystems
	// without hard links (FAT, exFAT, some network shares) get a rename that
	// refuses to replace instead.
	err = r.Link(tmp, name)
	if err != nil && !errors.Is(err, fs.ErrExist) {
		err = RenameNoReplaceIn(r, tmp, name)
	}
	if errors.Is(err, fs.ErrExist) {
		return &fs.PathError{Op: "create", Path: shown, Err: fs.ErrExist}
	}
	if err != nil {
		return err
	}
	return SyncDirIn(r, filepath.Dir(name))
}

// openParent opens the folder of path and returns path's name in it; a
// path that cannot fit the system's limits is refused, naming the limit.
func openParent(path string) (*os.Root, string, error) {
	if err := pathname.Host().Fits(path); err != nil {
		return nil, "", err
	}
	r, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, "", err
	}
	return r, filepath.Base(path), nil
}

// RenameNoReplace renames oldpath to newpath unless something is there
// (fs.ErrExist). Plain rename(2) replaces a file, or an empty folder.
func RenameNoReplace(oldpath, newpath string) error {
	return renameNoReplace(os.Open, oldpath, newpath)
}

// RenameNoReplaceIn is RenameNoReplace of names within r.
func RenameNoReplaceIn(r *os.Root, oldname, newname string) error {
	return renameNoReplace(r.Open, oldname, newname)
}

// renameNoReplace renames within the folders open opens: each name is given
// to the system within its folder, never as a whole path.
func renameNoReplace(open func(string) (*os.File, error), oldpath, newpath string) error {
	od, err := open(filepath.Dir(oldpath))
	if err != nil {
		return err
	}
	defer od.Close()
	nd, err := open(filepath.Dir(newpath))
	if err != nil {
		return err
	}
	defer nd.Close()
	return renameNoReplaceAt(od, filepath.Base(oldpath), nd, filepath.Base(newpath))
}

// linkError is the error of a rename of old in folder od to new in nd.
func linkError(od *os.File, old string, nd *os.File, new string, err error) error {
	return &os.LinkError{Op: "rename", Old: filepath.Join(od.Name(), old), New: filepath.Join(nd.Name(), new), Err: err}
}

// writeTemp writes data to a new temporary file beside name, within r, and
// returns the temporary file's name within r. A new file gets perm less the
// umask, as any program's would; a file replacing one keeps the permissions
// of the file it replaces.
func writeTemp(r *os.Root, name string, data []byte, perm fs.FileMode, keepMode bool) (string, error) {
	f, tmp, err := createTempIn(r, filepath.Dir(name), filepath.Base(name), perm)
	if err != nil {
		return "", err
	}
	fail := func(err error) (string, error) {
		f.Close()
		r.Remove(tmp)
		return "", err
	}
	if kind, fi, err := filekind.Lstat(filepath.Join(r.Name(), name)); keepMode && err == nil && kind == filekind.File {
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
		r.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// SyncDir makes a rename or link in dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return syncClose(d)
}

// SyncDirIn is SyncDir of the folder name within r.
func SyncDirIn(r *os.Root, name string) error {
	d, err := r.Open(name)
	if err != nil {
		return err
	}
	return syncClose(d)
}

func syncClose(d *os.File) error {
	defer d.Close()
	// Windows cannot fsync a folder; the file data itself is synced already.
	if err := d.Sync(); err != nil && runtime.GOOS != "windows" {
		return err
	}
	return nil
}
