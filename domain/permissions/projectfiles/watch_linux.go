// SPDX-License-Identifier: Apache-2.0

//go:build linux

package projectfiles

import (
	"errors"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// watcher reads the changes Linux reports (inotify) for the folders kept
// results read. The kernel queues an event before the call that changed
// the entry returns, so draining the queue at the start of a check sees
// every change made before it.
type watcher struct {
	fd      int
	closed  bool            // Close ran: nothing is kept, nothing read
	cleanup runtime.Cleanup // closes fd if the Cache is dropped unclosed
	clock   uint64          // advances at every change seen
	dirs    map[string]*watchedDir
	byWD    map[int32]*watchedDir
}

type watchedDir struct {
	path         string
	wd           int32
	self, listed uint64 // when the folder itself, and its listing, last changed
	names        map[string]uint64
	gone         bool // no longer watched
}

// depVersion is a dep with its folder and the version it had.
type depVersion struct {
	dep
	dir *watchedDir // nil: unwatchable
	v   uint64
}

// maxWatches bounds the folders watched; past it the watcher starts over.
const maxWatches = 2048

const watchMask = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_MOVED_FROM |
	unix.IN_MOVED_TO | unix.IN_CLOSE_WRITE | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_ONLYDIR

// Watch makes the cache keep what the checks computed while the system
// reports no change to what they read (inotify). Without it, or when it
// fails, every check reads again.
func (c *Cache) Watch() error {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return err
	}
	w := &watcher{fd: fd, dirs: map[string]*watchedDir{}, byWD: map[int32]*watchedDir{}, clock: 1}
	w.cleanup = runtime.AddCleanup(c, func(fd int) { unix.Close(fd) }, fd)
	c.memos.mu.Lock()
	c.memos.w, c.memos.entries = w, map[memoKey]*memoEntry{}
	c.memos.mu.Unlock()
	return nil
}

// Close stops following changes and frees the inotify instance, of which a
// user has only some 128 across all programs; later checks read again.
func (c *Cache) Close() error {
	c.memos.mu.Lock()
	defer c.memos.mu.Unlock()
	w := c.memos.w
	if w == nil || w.closed {
		return nil
	}
	w.closed = true
	w.cleanup.Stop() // the descriptor's number may be reused once closed
	c.memos.entries = map[memoKey]*memoEntry{}
	return unix.Close(w.fd)
}

func (w *watcher) version(d *watchedDir, name string) uint64 {
	if name == "" {
		return max(d.self, d.listed)
	}
	return max(d.self, d.names[name])
}

// valid: nothing a result read changed since.
func (w *watcher) valid(deps []depVersion) bool {
	if w.closed {
		return false
	}
	for _, d := range deps {
		switch {
		case d.dir == nil:
			if _, now := w.dirs[d.dep.dir]; now {
				return false // it appeared, and is watched since
			}
		case d.dir.gone || w.version(d.dir, d.name) != d.v:
			return false
		}
	}
	return true
}

// versions are the current versions of what a result read; false when a
// folder was not watched before (a change since the reading could have
// been missed: the result is not kept this time) or cannot be.
func (w *watcher) versions(deps map[dep]bool) ([]depVersion, bool) {
	if w.closed {
		return nil, false
	}
	out := make([]depVersion, 0, len(deps))
	ok := true
	for d := range deps {
		if wd, watched := w.dirs[d.dir]; watched {
			out = append(out, depVersion{d, wd, w.version(wd, d.name)})
			continue
		}
		if len(w.dirs) >= maxWatches {
			w.reset()
			return nil, false
		}
		n, err := unix.InotifyAddWatch(w.fd, d.dir, watchMask)
		switch {
		case errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR):
			out = append(out, depVersion{dep: d}) // the entry above tells when it appears
			continue
		case err != nil:
			return nil, false
		}
		wd := &watchedDir{path: d.dir, wd: int32(n), names: map[string]uint64{}}
		w.dirs[d.dir], w.byWD[int32(n)] = wd, wd
		ok = false
	}
	return out, ok
}

// reset forgets every folder (a fresh start past the limit).
func (w *watcher) reset() {
	for _, d := range w.dirs {
		unix.InotifyRmWatch(w.fd, uint32(d.wd))
		d.gone = true
	}
	w.dirs, w.byWD = map[string]*watchedDir{}, map[int32]*watchedDir{}
	w.clock++
}

// drain reads the queued events without waiting.
func (w *watcher) drain() {
	if w.closed {
		return
	}
	var buf [16 << 10]byte
	for {
		n, err := unix.Read(w.fd, buf[:])
		if err != nil || n <= 0 {
			if err != nil && !errors.Is(err, unix.EAGAIN) && !errors.Is(err, unix.EINTR) {
				w.reset() // a watcher that cannot be read keeps nothing
			}
			return
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[off]))
			name := ""
			if ev.Len > 0 {
				raw := buf[off+unix.SizeofInotifyEvent : off+unix.SizeofInotifyEvent+int(ev.Len)]
				for i, c := range raw {
					if c == 0 {
						raw = raw[:i]
						break
					}
				}
				name = string(raw)
			}
			off += unix.SizeofInotifyEvent + int(ev.Len)
			w.clock++
			if ev.Mask&unix.IN_Q_OVERFLOW != 0 {
				for _, d := range w.dirs {
					d.self = w.clock
				}
				continue
			}
			d, ok := w.byWD[ev.Wd]
			switch {
			case !ok:
			case ev.Mask&unix.IN_IGNORED != 0:
				d.gone = true
				delete(w.dirs, d.path)
				delete(w.byWD, ev.Wd)
			case name != "":
				d.names[name], d.listed = w.clock, w.clock
			default:
				d.self = w.clock
			}
		}
	}
}
