package persistence

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
// the database grows from 1,000 to 1,000,000 memories (SPEC §4 performance).
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
