// SPDX-License-Identifier: Apache-2.0

package realpath

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// A Disk tells what a volume stores: the names in a folder, and whether two
// paths name one file. OS is the machine's; tests fake a case-insensitive,
// normalisation-insensitive Mac volume with it.
type Disk interface {
	// Names lists the entries of dir as the volume stores them.
	Names(dir string) ([]string, error)
	// Same reports whether a and b name one file, links not followed.
	Same(a, b string) bool
}

// OS is the machine's file system.
type OS struct{}

// Names reads dir's entry names.
func (OS) Names(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

// Same compares the two files' device and inode.
func (OS) Same(a, b string) bool {
	fa, err := os.Lstat(a)
	if err != nil {
		return false
	}
	fb, err := os.Lstat(b)
	return err == nil && os.SameFile(fa, fb)
}

// Spell returns path (absolute, clean, links resolved) with each component
// spelled as its folder stores it.
//
// A Mac volume (APFS, HFS+) finds /users/ann/café for /Users/ann/café,
// whatever the case and whether the name is typed composed (NFC) or
// decomposed (NFD), and filepath.EvalSymlinks keeps the spelling it was
// given: without this one folder would have many paths, and so many registry
// records. A name the folder lists exactly is kept (a case-sensitive volume
// may hold Repo and repo side by side). Otherwise the entry that equals it
// ignoring case and Unicode normalisation, and is the same file on disk, is
// taken. The Same check makes the fold here only a filter: where it folds
// more widely than the volume, the volume decides; where less, or where two
// entries answer, or the folder cannot be read (a parent that grants search
// but not read), the given spelling stays, as before: a folder Memo could
// open is never refused for its name.
//
// Reading the folders is chosen over asking the kernel for an open
// descriptor's path (fcntl F_GETPATH) or the name attribute (getattrlist
// ATTR_CMN_NAME, what macOS's realpath(3) uses): golang.org/x/sys/unix has
// neither without cgo (FcntlInt takes an int, not a buffer), F_GETPATH
// answers from the name cache, which is not promised to hold the stored
// spelling, and only the listing can be faked and tested off a Mac.
func Spell(path string, d Disk) string {
	vol := filepath.VolumeName(path)
	rest := strings.Trim(path[len(vol):], string(filepath.Separator))
	if rest == "" {
		return path
	}
	fold := cases.Fold() // not safe to share between goroutines
	out := vol + string(filepath.Separator)
	for _, name := range strings.Split(rest, string(filepath.Separator)) {
		out = filepath.Join(out, stored(d, fold, out, name))
	}
	return out
}

// stored is name as dir lists it, or name when that cannot be told.
func stored(d Disk, fold cases.Caser, dir, name string) string {
	names, err := d.Names(dir)
	if err != nil || slices.Contains(names, name) {
		return name
	}
	key, given := foldKey(fold, name), filepath.Join(dir, name)
	found := ""
	for _, n := range names {
		if foldKey(fold, n) != key || !d.Same(filepath.Join(dir, n), given) {
			continue
		}
		if found != "" {
			return name // two answer: the volume's choice is not ours to guess
		}
		found = n
	}
	if found == "" {
		return name
	}
	return found
}

// foldKey is name case-folded and decomposed: equal for names a Mac volume
// takes for one.
func foldKey(fold cases.Caser, name string) string {
	return norm.NFD.String(fold.String(norm.NFD.String(name)))
}
