// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/filelock"
)

// A run works in a folder of its own in .memo/skills: an install extracts into
// a staging folder, a removal renames the skill into a removing folder first,
// an update stages the new version and keeps the old one in an updating
// folder until it is done. Each is made exclusively (os.MkdirTemp: the prefix
// and decimal digits) and holds, in this order:
//
//	.gitignore  "*": written whole under a temporary name (which
//	            .memo/.gitignore's *.tmp hides, in projects set up by any
//	            version) and renamed in, so that git sees nothing of the
//	            folder from its first byte (an empty folder git never shows)
//	.lock       held while the run lives (domain/filelock)
//	plan.json   what an update or a removal is doing (update.go, switch.go)
//	…           the skill's files
//
// and is deleted in the reverse order (removeWork), so a run killed while it
// deletes leaves a folder still ignored. Whoever holds the lock owns the
// folder: the next command that tidies (update.go) takes the lock of each
// work folder whose run is dead (filelock.Take: the kernel dropped it, so
// the owner is known to be dead, whatever the folder's age), makes the
// skill whole (tidy) and deletes the folder.
const (
	stagingPrefix  = ".staging-"
	removingPrefix = ".removing-"
	updatingPrefix = ".updating-"
	workLockName   = ".lock"
	workIgnoreName = ".gitignore"
)

// workIgnore ignores the folder it is in, itself included.
var workIgnore = []byte("*\n")

// workDir is one run's folder and the lock that says the run is alive.
type workDir struct {
	path string
	lock *filelock.Lock
}

// errWorkTaken: a tidy took the new folder before its run held its lock.
var errWorkTaken = errors.New("the work folder was taken by another command")

// newWorkDir makes a work folder named prefix+digits in dir and locks it.
func newWorkDir(dir, prefix string) (*workDir, error) {
	var err error
	for range 10 {
		var w *workDir
		if w, err = tryWorkDir(dir, prefix); !errors.Is(err, errWorkTaken) {
			return w, err
		}
		// A tidy in another process took the folder (it saw it without a
		// lock and cannot tell a run that just began from one that died):
		// it is the tidy's to delete; this run makes another.
	}
	return nil, err
}

func tryWorkDir(dir, prefix string) (*workDir, error) {
	path, err := os.MkdirTemp(dir, prefix)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Create(filepath.Join(path, workIgnoreName), workIgnore, 0o666); err != nil {
		if errors.Is(err, fs.ErrExist) || errors.Is(err, fs.ErrNotExist) {
			return nil, errWorkTaken
		}
		os.RemoveAll(path) // nothing git can see: at most a temporary file
		return nil, err
	}
	lock, err := filelock.Create(filepath.Join(path, workLockName))
	if err != nil {
		if errors.Is(err, fs.ErrExist) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, filelock.ErrHeld) {
			return nil, errWorkTaken
		}
		if root, rerr := os.OpenRoot(dir); rerr == nil {
			removeWork(root, filepath.Base(path), nil)
			root.Close()
		}
		return nil, err
	}
	return &workDir{path: path, lock: lock}, nil
}

// remove deletes the folder with what is left in it, and releases the lock.
func (w *workDir) remove() error {
	root, err := os.OpenRoot(filepath.Dir(w.path))
	if err != nil {
		w.lock.Release()
		return err
	}
	defer root.Close()
	return removeWork(root, filepath.Base(w.path), w.lock)
}

// removeWork deletes the work folder name in root in the reverse order of
// its making: what it holds but its plan, lock and .gitignore; then the
// plan (an update's old version is gone by then: a plan outlives what it
// describes); then the lock (released first: Windows cannot delete an open
// file), then the .gitignore, then the folder. Killed midway, it leaves a
// folder git still ignores, which the next command finishes. Through a
// Root: a name swapped for a link meanwhile cannot lead it out of
// .memo/skills.
func removeWork(root *os.Root, name string, lock *filelock.Lock) error {
	release := func() {
		if lock != nil {
			lock.Release()
		}
	}
	f, err := root.Open(name)
	if err != nil {
		release()
		return err
	}
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		release()
		return err
	}
	for _, e := range ents {
		switch e.Name() {
		case workIgnoreName, workLockName, updatePlan:
			continue
		}
		if err := root.RemoveAll(filepath.Join(name, e.Name())); err != nil {
			release()
			return err
		}
	}
	if err := root.Remove(filepath.Join(name, updatePlan)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		release()
		return err
	}
	release()
	for _, last := range []string{workLockName, workIgnoreName} {
		if err := root.Remove(filepath.Join(name, last)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return root.Remove(name)
}

// isWorkName reports whether name is exactly what newWorkDir makes: one of
// the prefixes followed by decimal digits only.
func isWorkName(name string) bool {
	for _, prefix := range []string{stagingPrefix, removingPrefix, updatingPrefix} {
		digits, ok := strings.CutPrefix(name, prefix)
		if ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			return true
		}
	}
	return false
}

// claimWork takes the work folder name in dir (root) when its run is dead,
// and returns it (ok false: a live run holds it, it is not a work folder,
// or it was empty and is gone). An empty folder is removed at once: it
// holds nothing, and a run that just made it finds it gone and makes
// another. A folder without its .gitignore (left by an older version, which
// deleted it first) is first hidden with one. A folder without a lock file
// gets one: a run that made it and has not locked it yet finds it taken
// (errWorkTaken) and makes another.
func claimWork(root *os.Root, dir, name string) (*workDir, bool) {
	fi, err := root.Lstat(name)
	if err != nil || !fi.IsDir() {
		return nil, false // a link or a file of the shape is nobody's work folder
	}
	if root.Remove(name) == nil {
		return nil, false
	}
	ignore := filepath.Join(name, workIgnoreName)
	if _, err := root.Lstat(ignore); errors.Is(err, fs.ErrNotExist) {
		if err := atomicfile.CreateIn(root, ignore, workIgnore, 0o666); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, false
		}
	} else if err != nil {
		return nil, false
	}
	// The lock is named through the folder now known to be real; a folder
	// swapped for a link meanwhile fails the no-follow open.
	path := filepath.Join(dir, name)
	lock, ok, err := filelock.Take(filepath.Join(path, workLockName))
	if err != nil || !ok {
		return nil, false
	}
	if fi, err := root.Lstat(name); err != nil || !fi.IsDir() {
		lock.Release()
		return nil, false
	}
	return &workDir{path: path, lock: lock}, true
}

// syncingSink is rootSink whose files are fsynced once written, by a few
// workers beside the extraction (one fsync after another costs a journal
// commit each; concurrent ones share commits): a skill is renamed into place
// only once every byte of it is on disk.
type syncingSink struct {
	*rootSink
	sy *syncer
}

func (s syncingSink) create(p string) (io.WriteCloser, error) {
	w, err := s.rootSink.create(p)
	if err != nil {
		return nil, err
	}
	return syncOnClose{w.(*os.File), p, s.sy}, nil
}

// syncOnClose hands the written file to the syncer, which closes it.
type syncOnClose struct {
	*os.File
	rel string
	sy  *syncer
}

func (f syncOnClose) Close() error {
	f.sy.files <- pending{f: f.File, rel: f.rel}
	return nil
}

type pending struct {
	f      *os.File
	rel    string // the file (relative to the tree), or the folder
	folder bool
}

// syncer fsyncs and closes files and folders handed to it, many at once
// (one fsync after another costs a journal commit each; concurrent ones
// share commits); wait says how it went.
type syncer struct {
	files chan pending
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error
	saved func(event, path string)
}

const syncWorkers = 32

func newSyncer(saved func(event, path string)) *syncer {
	// The buffer bounds the files open at once.
	sy := &syncer{files: make(chan pending, 64), saved: saved}
	for range syncWorkers {
		sy.wg.Go(func() {
			for p := range sy.files {
				err := p.f.Sync()
				if p.folder && runtime.GOOS == "windows" {
					err = nil // Windows cannot fsync a folder (atomicfile.SyncDir)
				}
				if cerr := p.f.Close(); err == nil {
					err = cerr
				}
				sy.mu.Lock()
				if err != nil && sy.err == nil {
					sy.err = domain.T("cannot save {{.Path}}: {{.Error}}", "Path", p.rel, "Error", domain.Sentence(err)).Wrap(errInternal, err)
				}
				if err == nil && sy.saved != nil {
					sy.saved(map[bool]string{false: "file", true: "folder"}[p.folder], p.rel)
				}
				sy.mu.Unlock()
			}
		})
	}
	return sy
}

// wait returns once every file handed over is synced and closed.
func (sy *syncer) wait() error {
	close(sy.files)
	sy.wg.Wait()
	return sy.err
}

// syncTree fsyncs every folder under and at dir, so that the entries written
// in them survive a crash along with the files' bytes.
func syncTree(dir string, saved func(event, path string)) error {
	sy := newSyncer(saved)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return domain.T("cannot save {{.Path}}: {{.Error}}", "Path", p, "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
		sy.files <- pending{f: f, rel: p, folder: true}
		return nil
	})
	if serr := sy.wait(); err == nil {
		err = serr
	}
	return err
}
