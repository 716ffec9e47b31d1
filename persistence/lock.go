// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"errors"
	"path/filepath"
	"time"

	"memo.dev/projects/domain"
)

// DefaultLockWait is how long a command waits for another Memo process to
// finish with the data folder before it says so: longer than any open or
// setup takes, short enough that a hung process never hangs the next one.
const DefaultLockWait = 10 * time.Second

// errLockBusy: the lock stayed held by someone else for the whole wait.
var errLockBusy = errors.New("lock busy")

// lockData takes the registry lock of dataDir, waiting at most wait (0: the
// default) for another holder, in this process or another, to let it go.
func lockData(dataDir string, wait time.Duration) (func(), error) {
	if wait <= 0 {
		wait = DefaultLockWait
	}
	unlock, err := lockFile(filepath.Join(dataDir, "projects.lock"), wait)
	switch {
	case errors.Is(err, errLockBusy):
		return nil, busy(dataDir)
	case err != nil:
		return nil, fsError(err, domain.T("cannot lock the data folder {{.Folder}}", "Folder", dataDir))
	}
	return unlock, nil
}

// busy is the conflict of a lock that another process kept for the whole wait.
func busy(dataDir string) error {
	return domain.T("another Memo process is busy with this data folder ({{.Folder}}); try again when it has finished, or end that process",
		"Folder", dataDir).Err(domain.ErrConflict)
}

// poll calls try until it takes the lock, fails, or wait has passed, sleeping
// a little longer each time (1 ms up to 50 ms): no goroutine, nothing left
// running when it returns.
func poll(wait time.Duration, try func() (bool, error)) error {
	deadline := time.Now().Add(wait)
	for pause := time.Millisecond; ; pause = min(2*pause, 50*time.Millisecond) {
		ok, err := try()
		if ok || err != nil {
			return err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return errLockBusy
		}
		time.Sleep(min(pause, left))
	}
}
