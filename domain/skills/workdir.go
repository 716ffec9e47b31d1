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
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filelock"
)

// A run works in a folder of its own in .memo/skills: an install extracts into
// a staging folder, a removal renames the skill into a removing folder first,
// an update stages the new version and keeps the old one in an updating
// folder until it is done. Each is made exclusively (os.MkdirTemp: the prefix
// and decimal digits), ignores itself in git (a .gitignore of "*", so a
// crash leaves nothing for git status to show, in projects set up by any
// version) and holds a lock file inside while the run lives. A run that
// dies leaves its folder behind; the next command deletes it, or, for an
// update, puts the old version back first (tidy).
const (
	stagingPrefix  = ".staging-"
	removingPrefix = ".removing-"
	updatingPrefix = ".updating-"
	workLockName   = ".lock"
	workIgnoreName = ".gitignore"
	// workGrace covers the moment between making a work folder and taking its
	// lock: a folder without a held lock is stale only once it is this old.
	workGrace = time.Minute
)

// workDir is one run's folder and the lock that says the run is alive.
type workDir struct {
	path string
	lock *filelock.Lock
}

// newWorkDir makes a work folder named prefix+digits in dir and locks it.
func newWorkDir(dir, prefix string) (*workDir, error) {
	path, err := os.MkdirTemp(dir, prefix)
	if err != nil {
		return nil, err
	}
	// Ignored before anything else is in it: git shows no empty folder.
	if err := os.WriteFile(filepath.Join(path, workIgnoreName), []byte("*\n"), 0o666); err != nil {
		os.RemoveAll(path)
		return nil, err
	}
	lock, err := filelock.Create(filepath.Join(path, workLockName))
	if err != nil {
		os.RemoveAll(path)
		return nil, err
	}
	return &workDir{path: path, lock: lock}, nil
}

// remove releases the lock and deletes the folder with what is left in it.
func (w *workDir) remove() error {
	w.lock.Release()
	return os.RemoveAll(w.path)
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

// cleanWork deletes the work folders in dir that runs which died left behind:
// real folders (never links) of the exact shape whose lock no live process
// holds and that are older than workGrace. It is best effort and returns
// the names it removed.
func cleanWork(dir string, now time.Time) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	var root *os.Root
	for _, e := range ents {
		// ReadDir reports a link as a link, never as the folder it points to.
		if !e.IsDir() || !isWorkName(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		fi, err := os.Lstat(path)
		if err != nil || !fi.IsDir() || now.Sub(fi.ModTime()) < workGrace {
			continue
		}
		if st, err := filelock.Probe(filepath.Join(path, workLockName)); err != nil || st == filelock.Held {
			continue
		}
		if _, err := os.Lstat(filepath.Join(path, updateOld)); !errors.Is(err, fs.ErrNotExist) {
			continue // an old version not put back (see recoverUpdates): never deleted
		}
		if root == nil {
			// Removing through a Root: a name swapped for a link meanwhile
			// cannot lead the removal out of .memo/skills.
			if root, err = os.OpenRoot(dir); err != nil {
				return removed
			}
			defer root.Close()
		}
		if root.RemoveAll(e.Name()) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
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
