// SPDX-License-Identifier: Apache-2.0

package app

import "time"

// keepRegistryCopies asks for the day's copy of projects.db every interval
// while the window runs (the open at launch made the first); stop ends it
// and waits for a copy under way, so that the store can close after it.
func keepRegistryCopies(keep func() (string, error), interval time.Duration) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				keep() // best effort: a failure is tried again next time
			case <-done:
				return
			}
		}
	}()
	return func() { close(done); <-finished }
}
