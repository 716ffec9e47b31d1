// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"sync"

	"fyne.io/fyne/v2"
)

// runner decides where work and widget changes run. The window uses real
// goroutines and fyne.Do; tests may run both inline for determinism.
type runner struct {
	// goroutine starts f off the UI goroutine.
	goroutine func(f func())
	// notice runs f on the UI goroutine for work that starts on a goroutine
	// of its own (a file watch); nil where there is none (tests).
	notice func(f func())
	// settle, when set, counts background jobs (see whenSettled).
	settle *settle
}

func newRunner() runner {
	return runner{goroutine: func(f func()) { go f() }, notice: onUI, settle: &settle{}}
}

// onUI is the one way widgets are changed from a goroutine.
func onUI(f func()) { fyne.Do(f) }

// background runs work off the UI goroutine, then done with its result on it.
func background[T any](r runner, work func() T, done func(T)) {
	r.settle.add(1)
	r.goroutine(func() {
		v := work()
		onUI(func() {
			done(v)
			r.settle.add(-1) // after done, which may start the next job
		})
	})
}

// settle counts the background jobs in flight and calls then, once, when
// they are all finished, the screen showing their results: start-up is over
// when the list, memory.db and the reselected project have all loaded.
type settle struct {
	mu   sync.Mutex
	n    int
	then func()
}

// whenSettled arms then for the next time no job is in flight.
func (s *settle) whenSettled(then func()) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.then = then
	s.mu.Unlock()
}

func (s *settle) add(d int) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.n += d
	var then func()
	if s.n == 0 {
		then, s.then = s.then, nil
	}
	s.mu.Unlock()
	if then != nil {
		then()
	}
}
