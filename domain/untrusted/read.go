// SPDX-License-Identifier: Apache-2.0

// Package untrusted reads files that come from a project folder. A project is
// untrusted input: git can carry a symbolic link to /dev/zero, a FIFO can sit
// where a rules file should be, and a file can be gigabytes long. Every file Memo
// reads from a project goes through ReadFile (docs/folders.md §5, item 5).
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
		return symlink(path)
	}
	return domain.T("{{.Path}} is not a plain file ({{.Kind}}); Memo reads only plain files from a project", "Path", path, "Kind", KindOf(mode)).
		Wrap(domain.ErrInvalid, ErrNotRegular)
}

func symlink(path string) error {
	return domain.T("{{.Path}} is a symbolic link; Memo reads only plain files from a project", "Path", path).
		Wrap(domain.ErrInvalid, ErrSymlink)
}

// KindOf names what a file is ("a folder", "a named pipe"), as a Text of
// its own so the window words it inside a sentence.
func KindOf(mode fs.FileMode) domain.Text {
	switch {
	case mode.IsRegular():
		return domain.T("a file")
	case mode.IsDir():
		return domain.T("a folder")
	case mode&fs.ModeNamedPipe != 0:
		return domain.T("a named pipe")
	case mode&fs.ModeSocket != 0:
		return domain.T("a socket")
	case mode&fs.ModeDevice != 0:
		return domain.T("a device")
	}
	return domain.T("not a regular file")
}

func tooLarge(path string, limit int64) error {
	return domain.T("{{.Path}} is larger than {{.Size}}, more than such a file ever needs; Memo did not read it", "Path", path, "Size", size(limit)).
		Wrap(domain.ErrInvalid, ErrTooLarge)
}

// size is a limit in the largest whole unit: MiB and KiB read the same in
// every language the window speaks, "bytes" is worded.
func size(n int64) any {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return domain.T("{{.N}} bytes", "N", n)
}

// describe gives an open or read error its kind.
func describe(path string, err error) error {
	switch {
	case errors.Is(err, ErrSymlink):
		return symlink(path)
	case errors.Is(err, fs.ErrNotExist):
		return domain.T("{{.Path}} does not exist", "Path", path).Wrap(domain.ErrNotFound, err)
	case errors.Is(err, fs.ErrPermission):
		return domain.T("{{.Path}} cannot be read: permission denied", "Path", path).Wrap(domain.ErrRefused, err)
	}
	// An I/O error: no kind of its own (internal), the system's words kept.
	return domain.T("cannot read {{.Path}}: {{.Error}}", "Path", path, "Error", err.Error()).Wrap(errIO, err)
}

// errIO is the kind of a read that failed for a reason none of the domain's
// kinds names: domain.KindOf reports it as internal.
var errIO = errors.New("i/o failure")
