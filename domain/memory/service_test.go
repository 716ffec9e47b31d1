// SPDX-License-Identifier: Apache-2.0

package memory_test

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/memory/memorytest"
)

var (
	projA   = memory.Chat{Kind: memory.ProjectChat, ProjectID: memorytest.PoolA}
	projB   = memory.Chat{Kind: memory.ProjectChat, ProjectID: memorytest.PoolB}
	normal  = memory.Chat{Kind: memory.NormalChat}
	unknown = memory.Chat{Kind: memory.ProjectChat} // identity could not be determined
)

func newService(state memory.State) (*memory.Service, *memorytest.Store) {
	st := memorytest.NewStore(state, func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) })
	return memory.NewService(st), st
}

var ready = memory.State{Ready: true, ProjectMemory: true, Schema: memory.SchemaCurrent}

// TestPartition is the promise of docs/memory.md §2: a project's memory never mixes with the
// personal memory, in either direction.
func TestPartition(t *testing.T) {
	svc, store := newService(ready)
	old := store.Seed(memory.Memory{Content: "saved by an older Memo", Kind: "fact-v0"}) // no project_id: global
	g, err := svc.Add(normal, "", "I like tea")
	if err != nil || g.ProjectID != "" || g.Kind != memory.KindNote {
		t.Fatalf("normal chat Add = %+v, %v; want a note in the global pool", g, err)
	}
	a, err := svc.Add(projA, memory.KindNote, "uses go 1.26")
	if err != nil || a.ProjectID != memorytest.PoolA {
		t.Fatalf("project chat Add = %+v, %v; want project A's pool", a, err)
	}

	list := func(c memory.Chat) []int64 {
		t.Helper()
		p, err := svc.List(c, memory.Query{})
		if err != nil {
			t.Fatalf("List(%+v): %v", c, err)
		}
		var ids []int64
		for _, m := range p.Memories {
			ids = append(ids, m.ID)
		}
		return ids
	}
	if got := list(projA); len(got) != 1 || got[0] != a.ID {
		t.Errorf("project A reads %v, want only its own %d", got, a.ID)
	}
	if got := list(projB); len(got) != 0 {
		t.Errorf("project B reads %v, want nothing", got)
	}
	if got := list(normal); len(got) != 3 {
		t.Errorf("normal chat reads %v, want every pool (3)", got)
	}
	// Writes stay in the writer's pool: a project chat cannot touch a global
	// memory, a normal chat cannot touch a project's.
	if _, err := svc.Edit(projA, g.ID, "x"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("project chat edits a global memory: %v", err)
	}
	if err := svc.Remove(projA, old.ID); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("project chat removes a global memory: %v", err)
	}
	if _, err := svc.Edit(normal, a.ID, "x"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("normal chat edits a project memory: %v", err)
	}
	if err := svc.Remove(projB, a.ID); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("project B removes project A's memory: %v", err)
	}
	// An older Memo's row with an unknown kind is shown as it is and can be edited.
	m, err := svc.Edit(normal, old.ID, "edited")
	if err != nil || m.Kind != "fact-v0" || m.Content != "edited" {
		t.Errorf("edit of an old row = %+v, %v", m, err)
	}
}

func TestNoIdentityNoMemory(t *testing.T) {
	svc, store := newService(ready)
	store.Seed(memory.Memory{Content: "personal"})
	if _, err := svc.List(unknown, memory.Query{}); !errors.Is(err, domain.ErrRefused) {
		t.Errorf("List without identity: %v, want refused", err)
	}
	if _, err := svc.Add(unknown, "", "x"); !errors.Is(err, domain.ErrRefused) {
		t.Errorf("Add without identity: %v, want refused", err)
	}
	if n, _ := store.Counts(); n[""] != 1 || len(n) != 1 {
		t.Errorf("something was written: %v", n)
	}
}

func TestProjectMemoryOff(t *testing.T) {
	off := memory.State{Ready: true, Schema: memory.SchemaLegacy, Reason: "the backup failed: disk full"}
	svc, store := newService(off)
	store.Seed(memory.Memory{Content: "personal"})
	for name, err := range map[string]error{
		"list": func() error { _, err := svc.List(projA, memory.Query{}); return err }(),
		"add":  func() error { _, err := svc.Add(projA, "", "x"); return err }(),
	} {
		if !errors.Is(err, domain.ErrRefused) || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s with project memory off: %v, want refused with the reason", name, err)
		}
	}
	// Normal chats keep working exactly as before.
	if p, err := svc.List(normal, memory.Query{}); err != nil || p.Total != 1 {
		t.Errorf("normal chat with project memory off: %+v, %v", p, err)
	}
	if _, err := svc.Add(normal, "", "still works"); err != nil {
		t.Errorf("normal chat Add with project memory off: %v", err)
	}
}

func TestSwitchesOff(t *testing.T) {
	svc, store := newService(ready)
	store.Seed(memory.Memory{Content: "personal"})
	store.Seed(memory.Memory{Content: "project", ProjectID: memorytest.PoolA})
	for _, c := range []memory.Chat{
		{Kind: memory.NormalChat, MemoryOff: true},
		{Kind: memory.ProjectChat, ProjectID: memorytest.PoolA, MemoryOff: true},
		{Kind: memory.ProjectChat, ProjectID: memorytest.PoolA, TaskStep: true},
		{Kind: memory.NormalChat, TaskStep: true},
		{Kind: memory.NormalChat, CodeMode: true},
	} {
		p, err := svc.List(c, memory.Query{})
		if err != nil || len(p.Memories) != 0 || p.Total != 0 {
			t.Errorf("List(%+v) = %+v, %v; want nothing read", c, p, err)
		}
		if _, err := svc.Add(c, "", "x"); !errors.Is(err, domain.ErrRefused) {
			t.Errorf("Add(%+v) = %v; want refused", c, err)
		}
	}
	// A task step with task memory on works like its chat.
	c := memory.Chat{Kind: memory.ProjectChat, ProjectID: memorytest.PoolA, TaskStep: true, TaskMemory: true}
	if p, err := svc.List(c, memory.Query{}); err != nil || p.Total != 1 {
		t.Errorf("task step with task memory: %+v, %v", p, err)
	}
	// Code Mode does not take a project's pool away.
	c = memory.Chat{Kind: memory.ProjectChat, ProjectID: memorytest.PoolA, CodeMode: true}
	if p, err := svc.List(c, memory.Query{}); err != nil || p.Total != 1 {
		t.Errorf("project chat in Code Mode: %+v, %v", p, err)
	}
	if n, _ := store.Counts(); n[""] != 1 || n[memorytest.PoolA] != 1 {
		t.Errorf("something was written: %v", n)
	}
}

func TestBadInput(t *testing.T) {
	svc, _ := newService(ready)
	for name, err := range map[string]error{
		"empty content":  func() error { _, err := svc.Add(normal, "", "  \n"); return err }(),
		"unknown kind":   func() error { _, err := svc.Add(normal, "fact", "x"); return err }(),
		"huge content":   func() error { _, err := svc.Add(normal, "", strings.Repeat("x", memory.MaxContent+1)); return err }(),
		"limit too high": func() error { _, err := svc.List(normal, memory.Query{Limit: 1001}); return err }(),
		"limit negative": func() error { _, err := svc.List(normal, memory.Query{Limit: -1}); return err }(),
		"before < 0":     func() error { _, err := svc.List(normal, memory.Query{Before: -5}); return err }(),
		"empty edit":     func() error { _, err := svc.Edit(normal, 1, ""); return err }(),
	} {
		if !errors.Is(err, domain.ErrInvalid) {
			t.Errorf("%s: %v, want invalid input", name, err)
		}
	}
	if p, err := svc.List(normal, memory.Query{Limit: 1000}); err != nil || p.Memories == nil {
		t.Errorf("limit 1000: %+v, %v; want an empty (not null) list", p, err)
	}
}

func TestCodingTurnSummary(t *testing.T) {
	svc, _ := newService(ready)
	long := strings.Repeat("word ", 1000)
	m, err := svc.Add(projA, memory.KindCodingTurn, long)
	if err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(m.Content); n > memory.SummaryMax {
		t.Errorf("coding turn stored with %d characters, want at most %d", n, memory.SummaryMax)
	}
	short, _ := svc.Add(projA, memory.KindNote, long)
	if short.Content != long {
		t.Errorf("a note was shortened")
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"short text", 20, "short text"},
		{"exactly twenty chars", 20, "exactly twenty chars"},
		{"the quick brown fox jumps over", 20, "the quick brown […]"},
		{"ünïcödé wörds äré cöüntéd äs chäräctérs", 20, "ünïcödé wörds […]"},
		{strings.Repeat("x", 30), 20, strings.Repeat("x", 16) + " […]"}, // one long word: cut inside it
		{"a\n\nb c d e f g h i j k l m n o p", 12, "a\n\nb c d […]"},
	}
	for _, tt := range tests {
		got := memory.Summarize(tt.in, tt.max)
		if got != tt.want {
			t.Errorf("Summarize(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
		if n := utf8.RuneCountInString(got); n > tt.max {
			t.Errorf("Summarize(%q, %d) has %d characters", tt.in, tt.max, n)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Summarize(%q, %d) is not valid UTF-8", tt.in, tt.max)
		}
	}
}

func FuzzSummarize(f *testing.F) {
	for _, s := range []string{"", "a b c", strings.Repeat("ab ", 600), "ünï cödé", "\x00\xff"} {
		f.Add(s, 20)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 8 || max > 5000 {
			return
		}
		got := memory.Summarize(s, max)
		if n := utf8.RuneCountInString(got); n > max {
			t.Fatalf("Summarize(%q, %d) has %d characters", s, max, n)
		}
		if utf8.RuneCountInString(s) <= max && got != s {
			t.Fatalf("Summarize(%q, %d) changed a text that fits", s, max)
		}
	})
}

// TestPoolIsWhatTheChatWrites: the browsers list the one pool a chat writes
// (and so may edit): a normal chat's is the global pool only, not every pool
// it reads.
func TestPoolIsWhatTheChatWrites(t *testing.T) {
	svc, store := newService(ready)
	old := store.Seed(memory.Memory{Content: "from an older Memo", Kind: "fact-v0"})
	g, _ := svc.Add(normal, "", "global")
	a, _ := svc.Add(projA, "", "project a")
	b, _ := svc.Add(projB, "", "project b")
	tests := []struct {
		name string
		chat memory.Chat
		want []int64
	}{
		{"normal chat", normal, []int64{g.ID, old.ID}},
		{"project A", projA, []int64{a.ID}},
		{"project B", projB, []int64{b.ID}},
	}
	for _, tt := range tests {
		p, err := svc.Pool(tt.chat, memory.Query{})
		var ids []int64
		for _, m := range p.Memories {
			ids = append(ids, m.ID)
		}
		if err != nil || len(ids) != len(tt.want) || p.Total != int64(len(tt.want)) {
			t.Errorf("%s: Pool = %v (total %d), %v; want %v", tt.name, ids, p.Total, err, tt.want)
			continue
		}
		for i := range ids {
			if ids[i] != tt.want[i] {
				t.Errorf("%s: Pool = %v, want %v", tt.name, ids, tt.want)
			}
		}
	}
	if _, err := svc.Pool(unknown, memory.Query{}); !errors.Is(err, domain.ErrRefused) {
		t.Errorf("Pool of a project without identity: err %v, want refused", err)
	}
	off, _ := newService(memory.State{Ready: true, Reason: "the backup could not be written."})
	if _, err := off.Pool(projA, memory.Query{}); !errors.Is(err, domain.ErrRefused) || !strings.Contains(err.Error(), "backup") {
		t.Errorf("Pool with project memory off: err %v, want refused with the reason", err)
	}
}
