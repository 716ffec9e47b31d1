// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/memory/memorytest"
)

// listRows is List in the shape the older tests ask it: one pool or all, a limit.
func listRows(m *MemoryDB, pool string, all bool, limit int) ([]memory.Memory, error) {
	got, _, err := m.List(memory.Scope{All: all, Pool: pool}, memory.Query{Limit: limit})
	return got, err
}

// The SQLite store meets the same contract as the in-memory one.
func TestMemoryStoreContract(t *testing.T) {
	memorytest.RunStoreContract(t, func(t *testing.T) memory.Store {
		m, err := OpenMemoryDB(filepath.Join(t.TempDir(), "data"), time.Now)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		return m
	})
}

// A page of a project's pool is read through the project_id index, newest
// first, without sorting the table: it stays flat however many memories
// other pools hold.
func TestMemoryListUsesThePoolIndex(t *testing.T) {
	m := openTest(t, t.TempDir(), launch, memoryOptions{})
	db, done, err := m.read()
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	var plan []struct {
		ID, Parent, Notused int
		Detail              string
	}
	if err := db.Raw("EXPLAIN QUERY PLAN SELECT * FROM memories WHERE project_id = ? AND id < ? ORDER BY id DESC LIMIT 100", memorytest.PoolA, 1000).Scan(&plan).Error; err != nil {
		t.Fatal(err)
	}
	var details []string
	for _, p := range plan {
		details = append(details, p.Detail)
	}
	all := strings.Join(details, "; ")
	if !strings.Contains(all, "idx_memories_project_id") || strings.Contains(all, "TEMP B-TREE") || strings.Contains(all, "SCAN memories") && !strings.Contains(all, "USING") {
		t.Errorf("query plan %q: want a search of idx_memories_project_id with no sort", all)
	}
}

// BenchmarkListPool lists one page of a small project pool while the rest of
// the database grows from 1,000 to 1,000,000 memories: the page must not cost more as it grows.
func BenchmarkListPool(b *testing.B) {
	for _, n := range []int{1_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "data")
			m, err := OpenMemoryDB(dir, time.Now)
			if err != nil {
				b.Fatal(err)
			}
			defer m.Close()
			db, done, err := m.write()
			if err != nil {
				b.Fatal(err)
			}
			// Other pools fill the table; project A holds 500 memories.
			err = db.Exec(`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i < ?)
				INSERT INTO memories (content, kind, created_at, updated_at, project_id)
				SELECT 'memory ' || i, 'note', datetime('now'), datetime('now'),
				       CASE WHEN i % (? / 500) = 0 THEN ? ELSE 'p_' || printf('%032x', i % 97) END FROM c`, n, n, memorytest.PoolA).Error
			done()
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				got, total, err := m.List(memory.Scope{Pool: memorytest.PoolA}, memory.Query{Limit: 100})
				if err != nil || len(got) != 100 || total != 500 {
					b.Fatalf("List = %d rows, total %d, %v", len(got), total, err)
				}
			}
		})
	}
}

func TestMemoryPools(t *testing.T) {
	const (
		p1 = "p_11111111111111111111111111111111"
		p2 = "p_22222222222222222222222222222222"
	)
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 3) // three global rows from before
	m := openTest(t, dataDir, launch, memoryOptions{})
	for _, a := range []struct{ pool, content string }{
		{"", "global 1"}, {p1, "one a"}, {p1, "one b"}, {p2, "two a"},
	} {
		got, err := m.Add(a.pool, "note", a.content)
		if err != nil {
			t.Fatalf("Add(%q, note, %q): %v", a.pool, a.content, err)
		}
		if got.ID == 0 || got.ProjectID != a.pool || got.Content != a.content || !got.CreatedAt.Equal(launch) {
			t.Errorf("Add(%q, note, %q) = %+v", a.pool, a.content, got)
		}
	}

	counts := []struct {
		pool string
		want int64
	}{{"", 4}, {p1, 2}, {p2, 1}, {"p_33333333333333333333333333333333", 0}}
	for _, c := range counts {
		if got, err := m.Count(c.pool); err != nil || got != c.want {
			t.Errorf("Count(%q) = %d, %v; want %d", c.pool, got, err, c.want)
		}
	}
	if got, err := m.CountAll(); err != nil || got != 7 {
		t.Errorf("CountAll() = %d, %v; want 7", got, err)
	}

	lists := []struct {
		pool  string
		all   bool
		limit int
		want  []string
	}{
		{p1, false, 0, []string{"one b", "one a"}},
		{p2, false, 0, []string{"two a"}},
		{p1, false, 1, []string{"one b"}},
		{"", false, 0, []string{"global 1", legacyContent(2), legacyContent(1), legacyContent(0)}},
		{"", true, 0, []string{"two a", "one b", "one a", "global 1", legacyContent(2), legacyContent(1), legacyContent(0)}},
		{p1, true, 2, []string{"two a", "one b"}},
	}
	for _, l := range lists {
		got, err := listRows(m, l.pool, l.all, l.limit)
		if err != nil {
			t.Errorf("List(%q, %v, %d): %v", l.pool, l.all, l.limit, err)
			continue
		}
		var contents []string
		for _, g := range got {
			contents = append(contents, g.Content)
			if !l.all && g.ProjectID != l.pool {
				t.Errorf("List(%q, %v, %d) returned a row of pool %q", l.pool, l.all, l.limit, g.ProjectID)
			}
		}
		if strings.Join(contents, "|") != strings.Join(l.want, "|") {
			t.Errorf("List(%q, %v, %d) = %q, want %q", l.pool, l.all, l.limit, contents, l.want)
		}
	}
}

// Rows an older Memo wrote with NULLs and odd time formats read without
// failing, before and after the change.
func TestMemoryLegacyRowsRead(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 3)
	m := openTest(t, dataDir, launch, memoryOptions{})
	got, err := listRows(m, "", true, 0)
	if err != nil || len(got) != 3 {
		t.Fatalf("List = %+v, %v; want 3 rows", got, err)
	}
	want := map[string]memory.Memory{
		legacyContent(0): {Kind: "fact", CreatedAt: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), UpdatedAt: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
		legacyContent(1): {},
		legacyContent(2): {CreatedAt: time.Unix(1700000000, 0)},
	}
	for _, g := range got {
		w := want[g.Content]
		if g.Kind != w.Kind || !g.CreatedAt.Equal(w.CreatedAt) || !g.UpdatedAt.Equal(w.UpdatedAt) {
			t.Errorf("row %q = kind %q created %v updated %v; want kind %q created %v updated %v",
				g.Content, g.Kind, g.CreatedAt, g.UpdatedAt, w.Kind, w.CreatedAt, w.UpdatedAt)
		}
	}
}

func TestMemoryRemove(t *testing.T) {
	m := openTest(t, t.TempDir(), launch, memoryOptions{})
	kept, _ := m.Add("", "note", "kept")
	gone, err := m.Add("", "note", "gone")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Remove("", gone.ID); err != nil {
		t.Fatalf("Remove(%d): %v", gone.ID, err)
	}
	for _, id := range []int64{gone.ID, 9999} {
		if err := m.Remove("", id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Remove(%d) = %v, want an error wrapping domain.ErrNotFound", id, err)
		}
	}
	if got, _ := listRows(m, "", true, 0); len(got) != 1 || got[0].ID != kept.ID {
		t.Errorf("after Remove List = %+v, want only %d", got, kept.ID)
	}
}

func TestMemoryAddEmpty(t *testing.T) {
	m := openTest(t, t.TempDir(), launch, memoryOptions{})
	for _, content := range []string{"", "  \n"} {
		if _, err := m.Add("", "note", content); !errors.Is(err, domain.ErrInvalid) {
			t.Errorf("Add(\"\", note, %q) = %v, want domain.ErrInvalid", content, err)
		}
	}
}

// Readers and writers at once, starting from the read-only connection of a
// skipped change: the first write swaps in the writer while reads run. Run
// with -race.
func TestMemoryDBConcurrentUse(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 5).Close()
	if err := os.WriteFile(filepath.Join(dataDir, backupsDirName), []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := openTest(t, dataDir, launch, memoryOptions{})
	if m.State().ProjectMemory {
		t.Fatal("fixture: the change was made; the test needs the read-only connection")
	}
	const writers, readers, each = 4, 4, 20
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				if _, err := m.Add("", "note", fmt.Sprintf("w%d-%d", w, i)); err != nil {
					t.Errorf("writer %d: Add: %v", w, err)
					return
				}
			}
		})
	}
	for r := range readers {
		wg.Go(func() {
			for range each {
				if _, err := m.Count(""); err != nil {
					t.Errorf("reader %d: Count: %v", r, err)
					return
				}
				if _, err := listRows(m, "", true, 3); err != nil {
					t.Errorf("reader %d: List: %v", r, err)
					return
				}
			}
		})
	}
	wg.Wait()
	if got, err := m.Count(""); err != nil || got != 5+writers*each {
		t.Errorf("Count after the writes = %d, %v; want %d", got, err, 5+writers*each)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Count(""); !errors.Is(err, errClosed) {
		t.Errorf("Count after Close = %v, want errClosed", err)
	}
}
