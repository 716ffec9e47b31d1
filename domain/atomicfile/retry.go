// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"os"
	"time"

	"memo.dev/projects/domain"
)

// On Windows, replacing a file another program holds open (an editor on
// AGENTS.md, a virus scanner on a fresh .memo file) fails at the rename with
// "Access is denied" or a sharing violation, usually for a few milliseconds.
// Go's own tools retry such renames for up to two seconds
// (cmd/internal/robustio); so does WriteFile.
const retryFor = 2 * time.Second

// retrier renames, retrying the errors transient reports as passing. Each
// part is injected so the retrying is tested where renames never fail so.
type retrier struct {
	rename    func(oldpath, newpath string) error
	transient func(error) bool
	now       func() time.Time
	sleep     func(time.Duration)
}

// rootRetrier renames names within root.
func rootRetrier(root *os.Root) retrier {
	return retrier{rename: root.Rename, transient: transient, now: time.Now, sleep: time.Sleep}
}

// renameRetrying renames oldpath over newpath. When another program keeps
// holding newpath past retryFor, the error is a conflict in a plain sentence
// that still matches the system's error (fs.ErrPermission …), naming shown,
// newpath's whole path.
func (r retrier) renameRetrying(oldpath, newpath, shown string) error {
	var start time.Time
	wait := time.Millisecond
	for {
		err := r.rename(oldpath, newpath)
		if err == nil || !r.transient(err) {
			return err
		}
		if start.IsZero() {
			start = r.now()
		} else if r.now().Sub(start)+wait >= retryFor {
			return domain.T("{{.Path}} is held open by another program (an editor or a virus scanner?), so Memo cannot replace it; close it there and try again",
				"Path", shown).Wrap(domain.ErrConflict, err)
		}
		r.sleep(wait)
		wait *= 2
	}
}
