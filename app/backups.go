package app

import (
	"os"
	"slices"
	"time"
)

// allBackups lists the copies of both databases, newest first: what the
// window's Settings shows.
func (s *services) allBackups() ([]string, error) {
	mem, err := s.backups()
	if err != nil {
		return nil, err
	}
	reg, err := s.registryBackups()
	if err != nil {
		return nil, err
	}
	all := append(mem, reg...)
	mod := func(p string) time.Time {
		if fi, err := os.Stat(p); err == nil {
			return fi.ModTime()
		}
		return time.Time{}
	}
	slices.SortStableFunc(all, func(a, b string) int { return mod(b).Compare(mod(a)) })
	return all, nil
}

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
