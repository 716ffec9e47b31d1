// SPDX-License-Identifier: Apache-2.0

package memory

import (
	"strconv"
	"strings"
	"time"
	"unicode"

	"memo.dev/projects/domain"
)

// Memory is one row of the memories table, in any pool.
type Memory struct {
	ID      int64  `json:"id"`
	Content string `json:"content"`
	// Kind is shown as stored: older Memo versions write kinds this version
	// does not know, and they are never rejected.
	Kind      string    `json:"kind"`
	ProjectID string    `json:"project_id"` // "" is the global pool
	CreatedAt time.Time `json:"created_at"` // zero when an older Memo left it empty
	UpdatedAt time.Time `json:"updated_at"`
}

// Kinds of memory this version writes.
const (
	KindNote       = "note"
	KindCodingTurn = "coding-turn"
)

// Scope is the part of the memories a call may see or change.
type Scope struct {
	All  bool   // every pool (a normal chat reading)
	Pool string // otherwise this one pool ("" is the global pool)
}

// Query narrows and pages a list.
type Query struct {
	Limit  int    // at most this many (default 100, at most 1000)
	Before int64  // only memories with a smaller id (the next page's cursor)
	Text   string // only memories whose content contains this, ignoring case
}

// Paging limits of Query.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
)

// Page is one page of a list, newest first, with the number of memories
// that match the scope and the text in all pages.
type Page struct {
	Memories []Memory `json:"memories"`
	Total    int64    `json:"total"`
}

// Store keeps the memories (data/memory.db); persistence implements it. Its
// methods are safe for concurrent use.
type Store interface {
	State() State
	// List returns the memories of scope matching q, newest first, and the
	// count of those matching scope and q.Text.
	List(scope Scope, q Query) ([]Memory, int64, error)
	// Add stores a memory in pool.
	Add(pool, kind, content string) (Memory, error)
	// Edit changes the content of memory id, only if it is in pool; a memory
	// of another pool is domain.ErrNotFound, as if it did not exist.
	Edit(pool string, id int64, content string) (Memory, error)
	// Remove deletes memory id, only if it is in pool (else ErrNotFound).
	Remove(pool string, id int64) error
	// Counts returns the number of memories of each pool.
	Counts() (map[string]int64, error)
}

// Service keeps the pools apart (docs/memory.md §2, §6): every call names the chat it
// serves, and the chat's policy decides which pool it reads and writes.
type Service struct {
	store Store
}

// NewService returns the memory service over a store.
func NewService(s Store) *Service { return &Service{store: s} }

// State is what opening the memory database found.
func (s *Service) State() State { return s.store.State() }

// ErrNoIdentity says that a project chat's project has no id that can be
// trusted (guard refusal, foreign .memo, a copy without its own id yet):
// such a chat gets no memory at all, never the global pool.
var ErrNoIdentity = domain.T("this folder has no project identity Memo can trust, so its chats get no memory (set the project up, or see its status for why)").Err(domain.ErrRefused)

// access checks what a chat may do and returns the pool it reads or writes.
func (s *Service) access(c Chat, write bool) (Scope, bool, error) {
	if c.Kind == ProjectChat && c.ProjectID == "" {
		return Scope{}, false, ErrNoIdentity
	}
	p := For(c)
	pools := p.ReadsPools
	if write {
		pools = p.WritesPool
	}
	switch pools {
	case PoolsNone:
		return Scope{}, false, nil
	case PoolsAll:
		return Scope{All: true}, true, nil
	case PoolsProject:
		if st := s.store.State(); !st.ProjectMemory {
			return Scope{}, false, domain.T("project memory is off: {{.Reason}}", "Reason", st.Reason).Err(domain.ErrRefused)
		}
		return Scope{Pool: c.ProjectID}, true, nil
	}
	return Scope{Pool: GlobalPool}, true, nil
}

func offError(c Chat) error {
	if c.TaskStep && !c.TaskMemory {
		return domain.T("task memory is off: this task step neither reads nor writes memory").Err(domain.ErrRefused)
	}
	return domain.T("memory is off for this chat").Err(domain.ErrRefused)
}

// List returns a page of what the chat reads: a normal chat every pool, a
// project chat its own pool only. A chat with memory off reads nothing.
func (s *Service) List(c Chat, q Query) (Page, error) {
	return s.list(c, q, false)
}

// Pool returns a page of the one pool the chat writes — the global pool for a
// normal chat, its own for a project chat — which is what Edit and Remove may
// change: the memory browsers show it.
func (s *Service) Pool(c Chat, q Query) (Page, error) {
	return s.list(c, q, true)
}

func (s *Service) list(c Chat, q Query, written bool) (Page, error) {
	switch {
	case q.Limit == 0:
		q.Limit = DefaultLimit
	case q.Limit < 0 || q.Limit > MaxLimit:
		return Page{}, domain.T("limit must be between 1 and {{.Max}}, not {{.Limit}}", "Max", MaxLimit, "Limit", q.Limit).Err(domain.ErrInvalid)
	}
	if q.Before < 0 {
		return Page{}, domain.T("before must be a memory id, not {{.Before}}", "Before", q.Before).Err(domain.ErrInvalid)
	}
	scope, ok, err := s.access(c, written)
	if err != nil {
		return Page{}, err
	}
	if !ok {
		return Page{Memories: []Memory{}}, nil
	}
	mems, total, err := s.store.List(scope, q)
	if err != nil {
		return Page{}, err
	}
	if mems == nil {
		mems = []Memory{}
	}
	return Page{Memories: mems, Total: total}, nil
}

// Add stores a memory in the pool the chat writes. A coding turn is stored as
// a summary of at most SummaryMax characters.
func (s *Service) Add(c Chat, kind, content string) (Memory, error) {
	if kind == "" {
		kind = KindNote
	}
	if kind != KindNote && kind != KindCodingTurn {
		return Memory{}, domain.T("kind must be {{.Note}} or {{.Turn}}, not {{.Kind}}", "Note", strconv.Quote(KindNote), "Turn", strconv.Quote(KindCodingTurn), "Kind", strconv.Quote(kind)).Err(domain.ErrInvalid)
	}
	content, err := cleanContent(content)
	if err != nil {
		return Memory{}, err
	}
	if kind == KindCodingTurn {
		content = Summarize(content, SummaryMax)
	}
	scope, ok, err := s.access(c, true)
	if err != nil {
		return Memory{}, err
	}
	if !ok {
		return Memory{}, offError(c)
	}
	return s.store.Add(scope.Pool, kind, content)
}

// Edit changes a memory's content, only in the pool the chat writes.
func (s *Service) Edit(c Chat, id int64, content string) (Memory, error) {
	content, err := cleanContent(content)
	if err != nil {
		return Memory{}, err
	}
	scope, ok, err := s.access(c, true)
	if err != nil {
		return Memory{}, err
	}
	if !ok {
		return Memory{}, offError(c)
	}
	return s.store.Edit(scope.Pool, id, content)
}

// Remove deletes a memory, only from the pool the chat writes.
func (s *Service) Remove(c Chat, id int64) error {
	scope, ok, err := s.access(c, true)
	if err != nil {
		return err
	}
	if !ok {
		return offError(c)
	}
	return s.store.Remove(scope.Pool, id)
}

// Counts returns the size of every pool: the Global memory view's summary.
func (s *Service) Counts() (map[string]int64, error) { return s.store.Counts() }

// MaxContent bounds one memory: a memory is a fact or a summary, not a file.
const MaxContent = 64 << 10

func cleanContent(content string) (string, error) {
	switch {
	case strings.TrimSpace(content) == "":
		return "", domain.T("a memory needs some content").Err(domain.ErrInvalid)
	case len(content) > MaxContent:
		return "", domain.T("a memory holds at most {{.Max}} KiB of text; this one has {{.Size}} bytes", "Max", MaxContent>>10, "Size", len(content)).Err(domain.ErrInvalid)
	}
	return content, nil
}

// cutMark ends a summary that was cut.
const cutMark = " […]"

// Summarize keeps the start of s, at most max characters, cut at a word
// boundary and marked as cut; a text that fits is returned as it is.
func Summarize(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	mark := []rune(cutMark)
	keep := r[:max-len(mark)]
	// Cut at the last space, unless the cut falls between two words already
	// or the space would throw away most of the text (one very long word).
	if i := lastSpace(keep); !unicode.IsSpace(r[len(keep)]) && i > len(keep)/2 {
		keep = keep[:i]
	}
	return strings.TrimRightFunc(string(keep), unicode.IsSpace) + cutMark
}

func lastSpace(r []rune) int {
	for i := len(r) - 1; i >= 0; i-- {
		if unicode.IsSpace(r[i]) {
			return i
		}
	}
	return -1
}
