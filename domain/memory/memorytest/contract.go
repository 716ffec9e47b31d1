// SPDX-License-Identifier: Apache-2.0

package memorytest

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

const (
	PoolA = "p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	PoolB = "p_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
)

// RunStoreContract runs the cases every memory.Store must pass; newStore
// returns an empty store with project memory on.
func RunStoreContract(t *testing.T, newStore func(t *testing.T) memory.Store) {
	t.Run("pools stay apart", func(t *testing.T) {
		s := newStore(t)
		g := mustAdd(t, s, "", memory.KindNote, "global fact")
		a := mustAdd(t, s, PoolA, memory.KindNote, "fact of A")
		b := mustAdd(t, s, PoolB, memory.KindCodingTurn, "fact of B")
		for _, tt := range []struct {
			scope memory.Scope
			want  []int64
		}{
			{memory.Scope{All: true}, []int64{b.ID, a.ID, g.ID}},
			{memory.Scope{Pool: ""}, []int64{g.ID}},
			{memory.Scope{Pool: PoolA}, []int64{a.ID}},
			{memory.Scope{Pool: PoolB}, []int64{b.ID}},
		} {
			got, total, err := s.List(tt.scope, memory.Query{Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(ids(got)) != fmt.Sprint(tt.want) || total != int64(len(tt.want)) {
				t.Errorf("List(%+v) = %v (total %d), want %v", tt.scope, ids(got), total, tt.want)
			}
		}
		if b.Kind != memory.KindCodingTurn || b.ProjectID != PoolB || b.Content != "fact of B" || b.CreatedAt.IsZero() {
			t.Errorf("Add returned %+v", b)
		}
		counts, err := s.Counts()
		if err != nil || counts[""] != 1 || counts[PoolA] != 1 || counts[PoolB] != 1 {
			t.Errorf("Counts() = %v, %v", counts, err)
		}
	})
	t.Run("paging and text", func(t *testing.T) {
		s := newStore(t)
		var all []int64
		for i := range 25 {
			m := mustAdd(t, s, PoolA, memory.KindNote, fmt.Sprintf("note %d about %s", i, []string{"Go", "Rust"}[i%2]))
			all = append([]int64{m.ID}, all...)
		}
		mustAdd(t, s, PoolB, memory.KindNote, "note about Go elsewhere")
		page1, total, err := s.List(memory.Scope{Pool: PoolA}, memory.Query{Limit: 10})
		if err != nil || total != 25 || fmt.Sprint(ids(page1)) != fmt.Sprint(all[:10]) {
			t.Fatalf("page 1 = %v (total %d, %v), want %v", ids(page1), total, err, all[:10])
		}
		page2, total, err := s.List(memory.Scope{Pool: PoolA}, memory.Query{Limit: 10, Before: page1[9].ID})
		if err != nil || total != 25 || fmt.Sprint(ids(page2)) != fmt.Sprint(all[10:20]) {
			t.Fatalf("page 2 = %v (total %d, %v), want %v", ids(page2), total, err, all[10:20])
		}
		goNotes, total, err := s.List(memory.Scope{Pool: PoolA}, memory.Query{Limit: 100, Text: "GO"})
		if err != nil || total != 13 || len(goNotes) != 13 {
			t.Fatalf("text GO: %d notes (total %d, %v), want 13", len(goNotes), total, err)
		}
		// Text that a LIKE pattern would read as wildcards is plain text.
		mustAdd(t, s, PoolA, memory.KindNote, "100% done_ok")
		for _, q := range []string{"%", "_", "0%", "e_o"} {
			got, _, err := s.List(memory.Scope{Pool: PoolA}, memory.Query{Limit: 100, Text: q})
			if err != nil || len(got) != 1 {
				t.Errorf("text %q matched %d memories (%v), want only the one that contains it", q, len(got), err)
			}
		}
	})
	t.Run("edit and remove only in their pool", func(t *testing.T) {
		s := newStore(t)
		a := mustAdd(t, s, PoolA, memory.KindNote, "old")
		if _, err := s.Edit(PoolB, a.ID, "hijacked"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Edit from another pool: %v, want not found", err)
		}
		if _, err := s.Edit("", a.ID, "hijacked"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Edit from the global pool: %v, want not found", err)
		}
		if err := s.Remove(PoolB, a.ID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Remove from another pool: %v, want not found", err)
		}
		m, err := s.Edit(PoolA, a.ID, "new")
		if err != nil || m.Content != "new" || m.ID != a.ID || m.Kind != memory.KindNote {
			t.Fatalf("Edit = %+v, %v", m, err)
		}
		if err := s.Remove(PoolA, a.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.Remove(PoolA, a.ID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("second Remove: %v, want not found", err)
		}
		if _, err := s.Edit(PoolA, 999999, "x"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Edit of an unknown id: %v, want not found", err)
		}
	})
	t.Run("concurrent use", func(t *testing.T) {
		s := newStore(t)
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for w := range 4 {
			wg.Add(2)
			go func() {
				defer wg.Done()
				for i := range 25 {
					if _, err := s.Add(PoolA, memory.KindNote, fmt.Sprintf("w%d-%d", w, i)); err != nil {
						errs <- err
						return
					}
				}
			}()
			go func() {
				defer wg.Done()
				for range 25 {
					if _, _, err := s.List(memory.Scope{Pool: PoolA}, memory.Query{Limit: 10}); err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if _, total, _ := s.List(memory.Scope{Pool: PoolA}, memory.Query{Limit: 1}); total != 100 {
			t.Errorf("after 4×25 concurrent adds: %d memories", total)
		}
	})
}

func mustAdd(t *testing.T, s memory.Store, pool, kind, content string) memory.Memory {
	t.Helper()
	m, err := s.Add(pool, kind, content)
	if err != nil {
		t.Fatalf("Add(%q, %q): %v", pool, content, err)
	}
	return m
}

func ids(ms []memory.Memory) []int64 {
	out := make([]int64, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out
}
