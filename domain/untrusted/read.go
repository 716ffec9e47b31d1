// Package untrusted reads files that come from a project folder. A project is
// untrusted input: git can carry a symbolic link to /dev/zero, a FIFO can sit
// where a rules file should be, and a file can be gigabytes long. Every file Memo
// reads from a project goes through ReadFile (SPEC §2.4).
package untrusted

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// Why a file was not read; check with errors.Is. Each comes wrapped in a
// domain error of kind invalid input with a sentence naming the file.
var (
	ErrSymlink    = errors.New("is a symbolic link")
	ErrNotRegular = errors.New("is not a regular file")
	ErrTooLarge   = errors.New("is too large")
)

// ReadFile reads path, which must be a regular file and not a symbolic link,
// up to limit bytes. The type is checked before opening and again on the
// opened descriptor (the path may be swapped in between), and the file is
// opened without blocking, so a FIFO or a device never hangs the caller.
//
// A missing file is a domain not-found error that also matches fs.ErrNotExist;
// a permission problem is a refusal that also matches fs.ErrPermission.
func ReadFile(path string, limit int64) ([]byte, error) {
	kind, fi, err := filekind.Lstat(path)
	if err != nil {
		return nil, describe(path, err)
	}
	if err := checkKind(path, kind, fi.Mode()); err != nil {
		return nil, err
	}
	f, err := openNoFollow(path)
	if err != nil {
		return nil, describe(path, err)
	}
	defer f.Close()
	kind, fi, err = filekind.Stat(f)
	if err != nil {
		return nil, describe(path, err)
	}
	if err := checkKind(path, kind, fi.Mode()); err != nil {
		return nil, err
	}
	if fi.Size() > limit {
		return nil, tooLarge(path, limit)
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, describe(path, err)
	}
	if int64(len(b)) > limit { // it grew while being read
		return nil, tooLarge(path, limit)
	}
	return b, nil
}

// checkKind refuses all but a plain file. A OneDrive file, which Go reports
// as irregular on Windows, is a plain file here (filekind); a junction is a link.
func checkKind(path string, kind filekind.Kind, mode fs.FileMode) error {
	switch kind {
	case filekind.File:
		return nil
	case filekind.Link:
		return domain.Wrap(domain.ErrInvalid, ErrSymlink, "%s is a symbolic link; Memo reads only plain files from a project", path)
	}
	return domain.Wrap(domain.ErrInvalid, ErrNotRegular, "%s is not a plain file (%s); Memo reads only plain files from a project", path, kindOf(mode))
}

func kindOf(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a folder"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

func tooLarge(path string, limit int64) error {
	return domain.Wrap(domain.ErrInvalid, ErrTooLarge, "%s is larger than %s, more than such a file ever needs; Memo did not read it", path, size(limit))
}

func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// describe gives an open or read error its kind.
func describe(path string, err error) error {
	switch {
	case errors.Is(err, ErrSymlink):
		return domain.Wrap(domain.ErrInvalid, ErrSymlink, "%s is a symbolic link; Memo reads only plain files from a project", path)
	case errors.Is(err, fs.ErrNotExist):
		return domain.Wrap(domain.ErrNotFound, err, "%s does not exist", path)
	case errors.Is(err, fs.ErrPermission):
		return domain.Wrap(domain.ErrRefused, err, "%s cannot be read: permission denied", path)
	}
	return fmt.Errorf("cannot read %s: %w", path, err)
}
