// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"io/fs"
	"sync"
	"time"
)

// Cache keeps the project files the checks read (git configs, .npmrc,
// .cargo/config.toml, package.json …) and what was parsed from them,
// keyed by path. An entry is used only while the file's identity, size and
// times are what they were when it was read, and only once those times are
// older than racyWindow at reading: a file rewritten within the same clock
// tick as it was read (same size, same times) is read again, so the cache
// is never stale. It is safe for concurrent use.
type Cache struct {
	mu    sync.Mutex
	now   func() time.Time
	files map[string]*cachedFile
	memos memos
}

// RacyWindow covers the coarsest file time stamps (FAT: 2 s).
const RacyWindow = 2 * time.Second

// maxCached bounds the entries; past it the cache starts over.
const maxCached = 4096

type cachedFile struct {
	st     stamp
	readAt time.Time
	data   []byte
	err    error
	parsed map[string]any
}

// NewCache is an empty cache on clock now (time.Now when nil).
func NewCache(now func() time.Time) *Cache {
	if now == nil {
		now = time.Now
	}
	return &Cache{now: now, files: map[string]*cachedFile{}}
}

// file returns path's bytes, read with read (bounded, no FIFOs) unless the
// cached copy is still the file's. A missing file, a link or a FIFO is the
// reader's error, checked again every time.
func (c *Cache) file(path string, limit int64, read ReadFunc, lstat func(string) (fs.FileInfo, error)) (*cachedFile, error) {
	fi, err := lstat(path)
	if err != nil {
		return nil, err
	}
	st := stampOf(fi)
	c.mu.Lock()
	e, ok := c.files[path]
	c.mu.Unlock()
	if ok && e.st == st && e.readAt.Sub(st.latest()) > RacyWindow {
		return e, e.err
	}
	readAt := c.now()
	data, err := read(path, limit)
	e = &cachedFile{st: st, readAt: readAt, data: data, err: err, parsed: map[string]any{}}
	c.mu.Lock()
	if len(c.files) >= maxCached {
		c.files = map[string]*cachedFile{}
	}
	c.files[path] = e
	c.mu.Unlock()
	return e, err
}

// Parse returns what parse made of the entry's bytes, once per version of
// the file and kind of reading.
func (c *Cache) Parse(e *cachedFile, kind string, parse func([]byte) any) any {
	c.mu.Lock()
	v, ok := e.parsed[kind]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = parse(e.data)
	c.mu.Lock()
	e.parsed[kind] = v
	c.mu.Unlock()
	return v
}

// stamp is what tells that a file changed.
type stamp struct {
	size        int64
	mod, change int64 // nanoseconds
	dev, ino    uint64
	mode        fs.FileMode
}

// latest is the newest of the file's times.
func (s stamp) latest() time.Time {
	return time.Unix(0, max(s.mod, s.change))
}

// ReadFunc reads a project file once, bounded (untrusted.ReadFile).
type ReadFunc func(path string, limit int64) ([]byte, error)
