// SPDX-License-Identifier: Apache-2.0

// Package filelock proves that a run is alive. A run holds an advisory lock
// on a file of its own for as long as it works; the kernel drops the lock when
// its holder dies (killed, crashed, power lost), so a lock that can be taken
// proves that no running process holds it, and what the run left is stale.
package filelock

import (
	"errors"
	"io/fs"
	"os"
)

// ErrHeld is a lock file another open of it holds.
var ErrHeld = errors.New("the lock file is held by another process")

// Lock is a lock file held by this process.
type Lock struct{ f *os.File }

// State is what Probe found at a path.
type State int

const (
	// Missing: no plain file there (nothing, or a link, a folder, a pipe).
	Missing State = iota
	// Free: a plain file nobody holds.
	Free
	// Held: a live process holds it (this one included).
	Held
)

func (s State) String() string {
	switch s {
	case Free:
		return "free"
	case Held:
		return "held"
	}
	return "missing"
}

// Create makes the lock file path, which must not exist, and holds it until
// Release.
func Create(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	ok, err := tryLock(f)
	if err != nil || !ok {
		f.Close()
		if !ok && err == nil {
			// Taken between the create and the lock (Take): the file is
			// its holder's now, not ours to remove.
			return nil, &fs.PathError{Op: "lock", Path: path, Err: ErrHeld}
		}
		os.Remove(path)
		return nil, err
	}
	return &Lock{f}, nil
}

// Take holds the lock file at path for a run that clears what a dead run
// left: it creates the file when there is none, and otherwise holds the
// existing one only when no live process does (ok false: one does, or the
// file is not a plain file). Whoever holds the file owns what it guards, so
// two runs never clear the same thing, and a run that took a lock cannot
// be taken from while it lives.
func Take(path string) (l *Lock, ok bool, err error) {
	l, err = Create(path)
	switch {
	case err == nil:
		return l, true, nil
	case errors.Is(err, ErrHeld):
		return nil, false, nil
	case !errors.Is(err, fs.ErrExist):
		return nil, false, err
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, false, err
	}
	if !fi.Mode().IsRegular() {
		return nil, false, nil
	}
	f, err := openProbe(path)
	if err != nil {
		return nil, false, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, false, err
	}
	held, err := tryLock(f)
	if err != nil || !held {
		f.Close()
		return nil, false, err
	}
	return &Lock{f}, true, nil
}

// Release gives the lock up and closes its file (which stays on disk: the
// caller removes it with the folder it guards).
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	unlock(l.f)
	l.f.Close()
	l.f = nil
}

// Probe tells whether a live process holds the lock file at path. It never
// follows a link and never blocks on a pipe or device put there.
func Probe(path string) (State, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return Missing, nil
		}
		return Missing, err
	}
	if !fi.Mode().IsRegular() {
		return Missing, nil
	}
	f, err := openProbe(path)
	if err != nil {
		if os.IsNotExist(err) {
			return Missing, nil
		}
		return Missing, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return Missing, err
	}
	ok, err := tryLock(f)
	if err != nil {
		return Missing, err
	}
	if !ok {
		return Held, nil
	}
	unlock(f)
	return Free, nil
}
