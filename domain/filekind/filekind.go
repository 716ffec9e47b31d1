// SPDX-License-Identifier: Apache-2.0

// Package filekind tells what a folder entry is, the same way on every
// operating system.
//
// Since Go 1.23 Windows reports a reparse point Go does not know as
// fs.ModeIrregular: a OneDrive (cloud) file is "irregular" with no other type
// bit, and a OneDrive folder is a directory that is also irregular, though both
// read like any other. A junction or mount point (mklink /J) is irregular too,
// without ModeDir, so its mode alone looks like a OneDrive file: only the
// reparse tag tells them apart, and Lstat asks the system for it.
package filekind

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// Kind is what an entry is.
type Kind int

const (
	Other Kind = iota // a device, pipe, socket, or nothing Memo reads
	File              // a regular file, OneDrive's included
	Dir               // a folder, OneDrive's included
	Link              // a symbolic link, junction or mount point: never followed
)

func (k Kind) String() string {
	switch k {
	case File:
		return "a file"
	case Dir:
		return "a folder"
	case Link:
		return "a link"
	}
	return "not a regular file"
}

// Of classifies a mode as Lstat or a descriptor's Stat reports it. windows
// says the mode comes from Windows; surrogate says the entry is a
// name-surrogate reparse point (a junction, mount point or symbolic link),
// which only Windows reports.
func Of(mode fs.FileMode, windows, surrogate bool) Kind {
	switch {
	case mode&fs.ModeSymlink != 0:
		return Link
	case windows && surrogate:
		return Link
	case mode.IsDir():
		return Dir // with ModeIrregular on Windows: a OneDrive folder
	case mode.IsRegular():
		return File
	case windows && mode.Type() == fs.ModeIrregular:
		return File // a reparse point Go does not know: OneDrive, a deduplicated file
	}
	return Other
}

// Lstat classifies the entry at path without following a link.
func Lstat(path string) (Kind, fs.FileInfo, error) {
	return host.kind(path)
}

// Stat classifies an opened file (the descriptor, not the path).
func Stat(f *os.File) (Kind, fs.FileInfo, error) {
	fi, err := f.Stat()
	if err != nil {
		return Other, nil, err
	}
	// The handle was opened through any junction, so it is never one; an
	// irregular handle is a file or folder Go does not know.
	return Of(fi.Mode(), host.windows, false), fi, nil
}

// Entry classifies a folder entry from os.ReadDir or filepath.WalkDir (in
// folder dir), asking the system only when its type is irregular.
func Entry(dir string, e fs.DirEntry) (Kind, error) {
	return host.entry(dir, e)
}

func (s system) entry(dir string, e fs.DirEntry) (Kind, error) {
	surrogate := false
	if s.windows && e.Type()&fs.ModeIrregular != 0 {
		var err error
		if surrogate, err = s.surrogate(filepath.Join(dir, e.Name())); err != nil {
			return Other, err
		}
	}
	return Of(e.Type(), s.windows, surrogate), nil
}

// system is the filesystem Lstat asks, injected in tests.
type system struct {
	windows   bool
	lstat     func(string) (fs.FileInfo, error)
	surrogate func(string) (bool, error) // is path a name-surrogate reparse point
}

var host = system{windows: runtime.GOOS == "windows", lstat: os.Lstat, surrogate: isSurrogate}

func (s system) kind(path string) (Kind, fs.FileInfo, error) {
	fi, err := s.lstat(path)
	if err != nil {
		return Other, nil, err
	}
	surrogate := false
	// Only an irregular mode can hide a junction; everything else is told by
	// its mode, without another system call.
	if s.windows && fi.Mode()&fs.ModeIrregular != 0 {
		if surrogate, err = s.surrogate(path); err != nil {
			return Other, nil, err
		}
	}
	return Of(fi.Mode(), s.windows, surrogate), fi, nil
}
