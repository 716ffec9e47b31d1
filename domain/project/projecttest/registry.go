// Package projecttest provides an in-memory project.Registry for tests of the
// packages that use the project service.
package projecttest

import (
	"maps"
	"slices"
	"sync"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// Registry is an in-memory project.Registry that counts its writes.

type Registry struct {
	lock    sync.Mutex // what Lock holds
	mu      sync.Mutex
	records map[string]project.Record // by path
	writes  int
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{records: map[string]project.Record{}}
}

func (r *Registry) ByPath(path string) (project.Record, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec, ok := r.records[path]
	return rec, ok, nil
}

func (r *Registry) ByID(id string) (project.Record, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rec := range r.records {
		if rec.ID == id {
			return rec, true, nil
		}
	}
	return project.Record{}, false, nil
}

func (r *Registry) Claim(rec project.Record) (project.Record, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.records[rec.Path]; ok {
		return old, nil
	}
	// An id is held by one folder only, as projects.db's primary key says.
	for _, old := range r.records {
		if old.ID == rec.ID {
			return project.Record{}, domain.Conflict("the project id %s is registered for %s already", rec.ID, old.Path)
		}
	}
	r.writes++
	r.records[rec.Path] = rec
	return rec, nil
}

func (r *Registry) Put(rec project.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	for p, old := range r.records {
		if old.ID == rec.ID {
			delete(r.records, p)
		}
	}
	r.records[rec.Path] = rec
	return nil
}

func (r *Registry) SetDeclined(path string, declined bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	if rec, ok := r.records[path]; ok {
		rec.Declined = declined
		r.records[path] = rec
	}
	return nil
}

func (r *Registry) List() ([]project.Record, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.SortedFunc(maps.Values(r.records), func(a, b project.Record) int { return b.LastOpened.Compare(a.LastOpened) }), nil
}

func (r *Registry) Forget(path string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	delete(r.records, path)
	return nil
}

// Lock excludes other Lock holders until unlock is called.
func (r *Registry) Lock() (func(), error) {
	r.lock.Lock()
	return r.lock.Unlock, nil
}

// Snapshot returns the records by path and how many writes were made so far.
func (r *Registry) Snapshot() (map[string]project.Record, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.records), r.writes
}

var _ project.Registry = (*Registry)(nil)

// Settings is an in-memory project.Settings.
type Settings struct {
	mu      sync.Mutex
	minimal bool
}

// NewSettings returns settings with everything off.
func NewSettings() *Settings { return &Settings{} }

func (s *Settings) Minimal() (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.minimal, nil
}

func (s *Settings) SetMinimal(on bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.minimal = on
	return nil
}

var _ project.Settings = (*Settings)(nil)
