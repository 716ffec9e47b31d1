// SPDX-License-Identifier: Apache-2.0

// Package projecttest provides an in-memory project.Registry for tests of the
// packages that use the project service.
package projecttest

import (
	"slices"
	"sync"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// Registry is an in-memory project.Registry that counts its writes.
type Registry struct {
	lock    sync.Mutex // what Lock holds
	mu      sync.Mutex
	records map[string]project.Record // by id, as projects.db keys them
	writes  int
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{records: map[string]project.Record{}}
}

// at returns the record at path that is not Gone; r.mu is held.
func (r *Registry) at(path string) (project.Record, bool) {
	for _, rec := range r.records {
		if rec.Path == path && !rec.Gone {
			return rec, true
		}
	}
	return project.Record{}, false
}

func (r *Registry) ByPath(path string) (project.Record, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec, ok := r.at(path)
	return rec, ok, nil
}

func (r *Registry) ByID(id string) (project.Record, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec, ok := r.records[id]
	return rec, ok, nil
}

func (r *Registry) Former(path string) ([]project.Record, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []project.Record
	for _, rec := range r.records {
		if rec.Path == path && rec.Gone {
			out = append(out, rec)
		}
	}
	slices.SortFunc(out, newestFirst)
	return out, nil
}

func newestFirst(a, b project.Record) int { return b.LastOpened.Compare(a.LastOpened) }

func (r *Registry) Claim(rec project.Record) (project.Record, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.at(rec.Path); ok {
		return old, nil
	}
	// An id is held by one record only, as projects.db's primary key says.
	if old, ok := r.records[rec.ID]; ok {
		return project.Record{}, domain.Conflict("the project id %s is registered for %s already", rec.ID, old.Path)
	}
	r.writes++
	r.records[rec.ID] = rec
	return rec, nil
}

func (r *Registry) Put(recs ...project.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	ids := map[string]bool{}
	paths := map[string]bool{}
	for _, rec := range recs {
		ids[rec.ID] = true
		if !rec.Gone {
			paths[rec.Path] = true
		}
	}
	for id, old := range r.records {
		if !ids[id] && !old.Gone && paths[old.Path] {
			old.Gone = true
			r.records[id] = old
		}
	}
	for _, rec := range recs {
		r.records[rec.ID] = rec
	}
	return nil
}

func (r *Registry) SetDeclined(path string, declined bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	if rec, ok := r.at(path); ok {
		rec.Declined = declined
		r.records[rec.ID] = rec
	}
	return nil
}

func (r *Registry) List() ([]project.Record, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []project.Record
	for _, rec := range r.records {
		if !rec.Gone {
			out = append(out, rec)
		}
	}
	slices.SortFunc(out, newestFirst)
	return out, nil
}

func (r *Registry) Forget(path string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	if rec, ok := r.at(path); ok {
		delete(r.records, rec.ID)
	}
	return nil
}

// Lock excludes other Lock holders until unlock is called.
func (r *Registry) Lock() (func(), error) {
	r.lock.Lock()
	return r.lock.Unlock, nil
}

// Snapshot returns the records that are not Gone, by path, and how many
// writes were made so far.
func (r *Registry) Snapshot() (map[string]project.Record, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]project.Record{}
	for _, rec := range r.records {
		if !rec.Gone {
			out[rec.Path] = rec
		}
	}
	return out, r.writes
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
