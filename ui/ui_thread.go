package ui

import "fyne.io/fyne/v2"

// runner decides where work and widget changes run. The window uses real
// goroutines and fyne.Do; tests may run both inline for determinism.
type runner struct {
	// goroutine starts f off the UI goroutine.
	goroutine func(f func())
	// notice runs f on the UI goroutine for work that starts on a goroutine
	// of its own (a file watch); nil where there is none (tests).
	notice func(f func())
}

func newRunner() runner { return runner{goroutine: func(f func()) { go f() }, notice: onUI} }

// onUI is the one way widgets are changed from a goroutine.
func onUI(f func()) { fyne.Do(f) }

// background runs work off the UI goroutine, then done with its result on it.
func background[T any](r runner, work func() T, done func(T)) {
	r.goroutine(func() {
		v := work()
		onUI(func() { done(v) })
	})
}
