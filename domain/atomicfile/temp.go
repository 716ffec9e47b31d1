// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/pathname"
)

// Temporary names carry who made them, so that a later run can tell a leftover
// of its own kind from a user's file and remove only what is provably stale:
//
//	.<base>.memo-<host>-<pid>-<random>.tmp
//
// host is 8 hex digits of the SHA-256 of the machine's name, pid the creating
// process, random 16 hex digits from crypto/rand. Every name is created with
// exclusive creation (O_EXCL, mkdir), so Memo never takes over a file that was
// there before. The pattern is compiled on first use: every command loads
// this package, few look for leftovers.
var tempName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\.(.+)\.memo-([0-9a-f]{8})-([1-9][0-9]{0,9})-([0-9a-f]{16})\.tmp$`)
})

// MaxTempAge is the age after which a temporary name is stale even when its
// creator cannot be checked (another machine sharing the folder, a reused pid).
const MaxTempAge = 24 * time.Hour

// newTempName returns a temporary name for base. A base so long that the
// name would pass the system's limit on a name (NAME_MAX) is shortened in
// it: such a leftover is not recognised as one of a known base, and stays.
func newTempName(base string) string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	tail := ".memo-" + hostTag() + "-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b[:]) + ".tmp"
	for !pathname.Host().NameFits("." + base + tail) {
		_, size := utf8.DecodeLastRuneInString(base)
		base = base[:len(base)-size]
	}
	return "." + base + tail
}

func hostTag() string {
	name, _ := os.Hostname()
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:4])
}

// CreateTemp creates a new temporary file for base in dir, exclusively, with
// perm less the umask. The caller removes it, or renames it into place.
func CreateTemp(dir, base string, perm fs.FileMode) (*os.File, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	f, _, err := createTempIn(r, ".", base, perm)
	return f, err
}

// createTempIn is CreateTemp in the folder dir within r; it also returns the
// file's name within r.
func createTempIn(r *os.Root, dir, base string, perm fs.FileMode) (*os.File, string, error) {
	for range 100 {
		name := filepath.Join(dir, newTempName(base))
		f, err := r.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, name, err
		}
	}
	return nil, "", &fs.PathError{Op: "createtemp", Path: filepath.Join(r.Name(), dir), Err: fs.ErrExist}
}

// MkdirTemp creates a new temporary folder for base in dir, exclusively, with
// perm less the umask.
func MkdirTemp(dir, base string, perm fs.FileMode) (string, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return "", err
	}
	defer r.Close()
	name, err := MkdirTempIn(r, base, perm)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}

// MkdirTempIn is MkdirTemp in r; it returns the folder's name within r.
func MkdirTempIn(r *os.Root, base string, perm fs.FileMode) (string, error) {
	for range 100 {
		name := newTempName(base)
		err := r.Mkdir(name, perm)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", &fs.PathError{Op: "mkdirtemp", Path: r.Name(), Err: fs.ErrExist}
}

// TempBase returns the base a temporary name was made for, and whether name
// has the exact shape of Memo's temporary names.
func TempBase(name string) (string, bool) {
	m := tempName().FindStringSubmatch(name)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// Stale reports whether the temporary name in dir is a leftover: it has the
// exact shape of Memo's temporary names, and either the process that made it
// on this machine is gone, or it is older than MaxTempAge. A live creator (or
// a reused pid) keeps it; so does a creator on another machine, until it is old.
func Stale(dir, name string, now time.Time) bool {
	m := tempName().FindStringSubmatch(name)
	if m == nil {
		return false
	}
	fi, err := os.Lstat(filepath.Join(dir, name))
	if err != nil {
		return false
	}
	if now.Sub(fi.ModTime()) > MaxTempAge {
		return true
	}
	pid, err := strconv.Atoi(m[3])
	return err == nil && m[2] == hostTag() && pid != os.Getpid() && processGone(pid)
}

// RemoveStale removes the stale temporary files (plain files, never folders or
// links) that Memo made in dir for one of bases, and returns their names.
func RemoveStale(dir string, bases []string, now time.Time) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		base, ok := TempBase(e.Name())
		if !ok || !contains(bases, base) {
			continue
		}
		// A OneDrive file is a plain file too (filekind).
		if kind, err := filekind.Entry(dir, e); err != nil || kind != filekind.File || !Stale(dir, e.Name(), now) {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
