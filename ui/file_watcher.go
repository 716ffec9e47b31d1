// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"
)

// watchDelay gathers the events of one save (an atomic write is a create
// and a rename) into one notice.
const watchDelay = 150 * time.Millisecond

// fileWatcher tells when a file is written, replaced or removed. It watches
// the file's folder, as an atomic write replaces the file (a watch on the
// file itself would end with the old one).
type fileWatcher struct {
	w       *fsnotify.Watcher
	once    sync.Once
	stopped atomic.Bool
}

// watchFile calls changed, from a goroutine, shortly after path changes on
// disk. It returns nil when the folder cannot be watched (it does not exist,
// the system's watch limit is reached): the file is then read when the
// project is shown, as before.
func watchFile(path string, changed func()) *fileWatcher {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil
	}
	if err := w.Add(filepath.Dir(path)); err != nil {
		w.Close()
		return nil
	}
	fw := &fileWatcher{w: w}
	name := filepath.Base(path)
	go func() {
		var mu sync.Mutex
		var timer *time.Timer
		for {
			select {
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if filepath.Base(ev.Name) != name {
					continue
				}
				mu.Lock()
				if timer == nil {
					timer = time.AfterFunc(watchDelay, func() {
						mu.Lock()
						timer = nil
						mu.Unlock()
						if !fw.stopped.Load() {
							changed()
						}
					})
				}
				mu.Unlock()
			case _, ok := <-w.Errors:
				if !ok {
					return
				}
			}
		}
	}()
	return fw
}

// close stops watching; no notice starts after it returns.
func (fw *fileWatcher) close() {
	if fw == nil {
		return
	}
	fw.stopped.Store(true)
	fw.once.Do(func() { fw.w.Close() })
}
