// SPDX-License-Identifier: Apache-2.0

// Package memorytest provides an in-memory memory.Store and the contract every
// Store (the SQLite one included) must meet.
package memorytest

import (
	"slices"
	"strings"
	"sync"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

// Store is an in-memory memory.Store.
type Store struct {
	mu    sync.Mutex
	state memory.State
	rows  []memory.Memory // by id, ascending
	next  int64
	now   func() time.Time
}

// NewStore returns an empty store in the given state.
func NewStore(state memory.State, now func() time.Time) *Store {
	return &Store{state: state, next: 1, now: now}
}

func (s *Store) State() memory.State { return s.state }

// Seed adds a row as an older Memo would write it (any kind, any pool).
func (s *Store) Seed(m memory.Memory) memory.Memory {
	s.mu.Lock()
	defer s.mu.Unlock()
	m.ID = s.next
	s.next++
	s.rows = append(s.rows, m)
	return m
}

func inScope(m memory.Memory, sc memory.Scope) bool { return sc.All || m.ProjectID == sc.Pool }

func (s *Store) List(sc memory.Scope, q memory.Query) ([]memory.Memory, int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var total int64
	var out []memory.Memory
	for i := len(s.rows) - 1; i >= 0; i-- {
		m := s.rows[i]
		if !inScope(m, sc) || (q.Text != "" && !strings.Contains(strings.ToLower(m.Content), strings.ToLower(q.Text))) {
			continue
		}
		total++
		if (q.Before == 0 || m.ID < q.Before) && len(out) < q.Limit {
			out = append(out, m)
		}
	}
	return out, total, nil
}

func (s *Store) Add(pool, kind, content string) (memory.Memory, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	m := memory.Memory{ID: s.next, Content: content, Kind: kind, ProjectID: pool, CreatedAt: now, UpdatedAt: now}
	s.next++
	s.rows = append(s.rows, m)
	return m, nil
}

func (s *Store) find(pool string, id int64) (int, error) {
	i := slices.IndexFunc(s.rows, func(m memory.Memory) bool { return m.ID == id && m.ProjectID == pool })
	if i < 0 {
		return 0, domain.NotFound("no memory with id %d in this pool", id)
	}
	return i, nil
}

func (s *Store) Edit(pool string, id int64, content string) (memory.Memory, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.find(pool, id)
	if err != nil {
		return memory.Memory{}, err
	}
	s.rows[i].Content = content
	s.rows[i].UpdatedAt = s.now()
	return s.rows[i], nil
}

func (s *Store) Remove(pool string, id int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.find(pool, id)
	if err != nil {
		return err
	}
	s.rows = slices.Delete(s.rows, i, i+1)
	return nil
}

func (s *Store) Counts() (map[string]int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int64{}
	for _, m := range s.rows {
		out[m.ProjectID]++
	}
	return out, nil
}
