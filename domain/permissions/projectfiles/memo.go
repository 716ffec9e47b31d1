// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"sync"
)

// What the checks computed from the project's files (a git verdict, a
// config's block, a rule's definitions, where a path leads) is kept while
// none of the folder entries it read has changed. Where the system reports
// changes (inotify on Linux), each result records the entries it read — a
// name in a folder, or a folder's listing, and every folder above them —
// and every check first reads the changes the system queued: a write, a
// rename or a chmod that finished before the check began is queued by then,
// so a kept result is never stale. Elsewhere nothing is kept: each check
// reads again, through the file cache's stamps.

// dep is one folder entry a result read: name in dir, or the listing of
// dir when name is "".
type dep struct{ dir, name string }

// recorder collects the entries a computation reads.
type recorder struct {
	deps map[dep]bool
}

func (r *recorder) add(d dep) {
	if r != nil {
		r.deps[d] = true
	}
}

// path records path and every folder above it: a folder renamed or replaced
// on the way changes what the path names.
func (r *recorder) path(path string) {
	if r == nil {
		return
	}
	for {
		dir, name := filepath.Dir(path), filepath.Base(path)
		if dir == path || name == "" {
			return
		}
		d := dep{dir, name}
		if r.deps[d] {
			return // the rest above is recorded already
		}
		r.deps[d] = true
		path = dir
	}
}

// listing records a folder's listing and the folders above it.
func (r *recorder) listing(dir string) {
	if r == nil {
		return
	}
	r.deps[dep{dir, ""}] = true
	r.path(dir)
}

// memoEntry is a kept result with the versions of what it read.
type memoEntry struct {
	value any
	deps  []depVersion
}

// memoKey names a kept result: the project, the line's folder, the kind of
// result and what it is for.
type memoKey struct{ root, dir, kind, arg string }

// memos are the kept results of one Cache.
type memos struct {
	mu      sync.Mutex
	w       *watcher // nil: the system reports no changes, nothing is kept
	entries map[memoKey]*memoEntry
}

// maxMemos bounds the kept results; past it they start over.
const maxMemos = 8192

// Memo returns compute's result, kept under key while what it read is
// unchanged. compute runs on a copy of p that records what it reads; a
// result kept inside it counts for the outer one too.
func (p *Project) Memo(kind, arg string, compute func(q *Project) any) any {
	m := &p.Cache.memos
	if m.w == nil {
		return compute(p)
	}
	key := memoKey{p.Root, p.Dir, kind, arg}
	m.mu.Lock()
	e, ok := m.entries[key]
	if ok && m.w.valid(e.deps) {
		m.mu.Unlock()
		if p.rec != nil {
			for _, d := range e.deps {
				p.rec.add(d.dep)
			}
		}
		return e.value
	}
	m.mu.Unlock()
	q := *p
	q.rec = &recorder{deps: map[dep]bool{}}
	v := compute(&q)
	for d := range q.rec.deps {
		p.rec.add(d)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if versions, ok := m.w.versions(q.rec.deps); ok {
		if len(m.entries) >= maxMemos {
			m.entries = map[memoKey]*memoEntry{}
		}
		m.entries[key] = &memoEntry{value: v, deps: versions}
	}
	return v
}

// Sync reads the changes the system queued, before a check uses what was
// kept.
func (c *Cache) Sync() {
	if c.memos.w == nil {
		return
	}
	c.memos.mu.Lock()
	c.memos.w.drain()
	c.memos.mu.Unlock()
}
