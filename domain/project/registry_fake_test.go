package project

import (
	"maps"
	"sync"
	"testing"
	"time"

	"memo.dev/projects/domain/guard"
)

// memRegistry is an in-memory Registry for the service's tests.
type memRegistry struct {
	mu       sync.Mutex
	records  map[string]Record // by path
	settings map[string]string
	writes   int
}

func newMemRegistry() *memRegistry {
	return &memRegistry{records: map[string]Record{}, settings: map[string]string{}}
}

func (r *memRegistry) ByPath(path string) (Record, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec, ok := r.records[path]
	return rec, ok, nil
}

func (r *memRegistry) ByID(id string) (Record, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rec := range r.records {
		if rec.ID == id {
			return rec, true, nil
		}
	}
	return Record{}, false, nil
}

func (r *memRegistry) Claim(rec Record) (Record, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.records[rec.Path]; ok {
		return old, nil
	}
	r.writes++
	r.records[rec.Path] = rec
	return rec, nil
}

func (r *memRegistry) Put(rec Record) error {
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

func (r *memRegistry) SetDeclined(path string, declined bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	if rec, ok := r.records[path]; ok {
		rec.Declined = declined
		r.records[path] = rec
	}
	return nil
}

func (r *memRegistry) Setting(key string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.settings[key], nil
}

func (r *memRegistry) SetSetting(key, value string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	r.settings[key] = value
	return nil
}

func (r *memRegistry) snapshot() (map[string]Record, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.records), r.writes
}

// newTestService returns a service whose home and Memo home live in a temp
// folder, so folders made with t.TempDir() are allowed.
func newTestService(t *testing.T) (*Service, *memRegistry) {
	t.Helper()
	home := t.TempDir()
	rules := guard.Rules{OS: guard.Linux, Home: home, MemoHome: home + "/.memo", TempDir: "/tmp"}
	reg := newMemRegistry()
	clock := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	return NewService(rules, reg, func() time.Time { return clock }), reg
}
