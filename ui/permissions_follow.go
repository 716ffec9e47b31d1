// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"memo.dev/projects/domain/permissions"
)

// The Permissions tab follows every file pinned with the trust, not only
// .memo/permissions.json (docs/window.md §4): the scripts, makefiles,
// justfile, Taskfile and aliases the rules run, and the configs that block
// them. It asks the service for the review again at a short interval; the
// service's own watch of the folders those reads depended on (inotify on
// Linux, domain/permissions memo.go) makes an unchanged project cost no
// file reads, so the question is cheap. The file watcher (file_watcher.go)
// still answers a write of the permissions file at once.

// followInterval is how often the tab asks; a change shows within a second.
const followInterval = 400 * time.Millisecond

// reviewFollower calls changed, from a goroutine, when the review of the
// project is no longer the one the tab shows.
type reviewFollower struct {
	stop   chan struct{}
	once   sync.Once
	shown  atomic.Value // string: the fingerprint of what the tab shows
	asked  atomic.Bool  // changed was called; the tab has not shown anew yet
	closed atomic.Bool
}

// followReview asks show for the project's review every interval until
// close.
func followReview(show func() (permissions.Status, error), interval time.Duration, changed func()) *reviewFollower {
	f := &reviewFollower{stop: make(chan struct{})}
	f.shown.Store("")
	go func() {
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-f.stop:
				return
			case <-tick.C:
			}
			if f.asked.Load() || f.shown.Load().(string) == "" {
				continue // the tab is reading already, or has shown nothing yet
			}
			st, err := show()
			if fp := reviewFingerprint(st, err); fp != f.shown.Load().(string) && !f.closed.Load() {
				f.asked.Store(true)
				changed()
			}
		}
	}()
	return f
}

// showing: the tab shows the review with this fingerprint.
func (f *reviewFollower) showing(fp string) {
	if f == nil {
		return
	}
	f.shown.Store(fp)
	f.asked.Store(false)
}

func (f *reviewFollower) close() {
	if f == nil {
		return
	}
	f.closed.Store(true)
	f.once.Do(func() { close(f.stop) })
}

// reviewFingerprint is what the tab shows of a review, in one string: the
// file against its pin, what the rules run (the review hash covers each
// definition) and what blocks each rule.
func reviewFingerprint(st permissions.Status, err error) string {
	if err != nil {
		return "error " + err.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s %s %s\n", st.State, st.Hash, st.TrustedHash, st.ReviewHash, st.Why.String())
	rules := make([]string, 0, len(st.Blocks))
	for r := range st.Blocks {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	for _, r := range rules {
		for _, bl := range st.Blocks[r] {
			fmt.Fprintf(&b, "%q %q %q %s\n", r, bl.File, bl.Key, bl.Reason.String())
		}
	}
	return b.String()
}
