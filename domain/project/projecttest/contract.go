// SPDX-License-Identifier: Apache-2.0

package projecttest

import (
	"sync/atomic"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// TestRegistry runs the cases every project.Registry must pass: the
// in-memory one here and the SQLite one of persistence alike. open returns a
// new, empty registry.
func TestRegistry(t *testing.T, open func(t *testing.T) project.Registry) {
	at := func(min int) time.Time { return time.Date(2026, 11, 30, 12, min, 0, 0, time.UTC) }
	const (
		idA = "p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		idB = "p_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		idC = "p_cccccccccccccccccccccccccccccccc"
	)
	mustClaim := func(t *testing.T, r project.Registry, rec project.Record) {
		t.Helper()
		if got, err := r.Claim(rec); err != nil || got.ID != rec.ID {
			t.Fatalf("Claim(%+v) = %+v, %v; want it stored", rec, got, err)
		}
	}
	same := func(a, b project.Record) bool {
		return a.ID == b.ID && a.Path == b.Path && a.Declined == b.Declined && a.LastOpened.Equal(b.LastOpened) &&
			a.Written == b.Written && a.Gone == b.Gone && a.Folder == b.Folder
	}
	wantRecord := func(t *testing.T, r project.Registry, path string, want project.Record) {
		t.Helper()
		got, ok, err := r.ByPath(path)
		if err != nil || !ok || !same(got, want) {
			t.Errorf("ByPath(%s) = %+v, %v, %v; want %+v", path, got, ok, err, want)
		}
		got, ok, err = r.ByID(want.ID)
		if err != nil || !ok || !same(got, want) {
			t.Errorf("ByID(%s) = %+v, %v, %v; want %+v", want.ID, got, ok, err, want)
		}
	}
	// wantGone checks that id's record is kept as Gone, last seen at path,
	// and listed by Former(path) in that order.
	wantGone := func(t *testing.T, r project.Registry, path string, want ...project.Record) {
		t.Helper()
		for _, w := range want {
			w.Gone = true
			if got, ok, err := r.ByID(w.ID); err != nil || !ok || !same(got, w) {
				t.Errorf("ByID(%s) = %+v, %v, %v; want %+v", w.ID, got, ok, err, w)
			}
		}
		got, err := r.Former(path)
		if err != nil || len(got) != len(want) {
			t.Fatalf("Former(%s) = %+v, %v; want %d records", path, got, err, len(want))
		}
		for i := range want {
			if got[i].ID != want[i].ID || !got[i].Gone || got[i].Path != path {
				t.Errorf("Former(%s)[%d] = %+v; want %s, Gone", path, i, got[i], want[i].ID)
			}
		}
	}
	wantNone := func(t *testing.T, r project.Registry, path, id string) {
		t.Helper()
		if got, ok, err := r.ByPath(path); ok || err != nil {
			t.Errorf("ByPath(%s) = %+v, %v, %v; want no record", path, got, ok, err)
		}
		if got, ok, err := r.ByID(id); ok || err != nil {
			t.Errorf("ByID(%s) = %+v, %v, %v; want no record", id, got, ok, err)
		}
	}

	cases := []struct {
		name string
		run  func(t *testing.T, r project.Registry)
	}{
		{"empty", func(t *testing.T, r project.Registry) {
			wantNone(t, r, "/work/a", idA)
			if list, err := r.List(); err != nil || len(list) != 0 {
				t.Errorf("List() = %+v, %v; want none", list, err)
			}
		}},
		{"claim stores all fields", func(t *testing.T, r project.Registry) {
			rec := project.Record{ID: idA, Path: "/work/a", Declined: true, LastOpened: at(1)}
			mustClaim(t, r, rec)
			wantRecord(t, r, "/work/a", rec)
		}},
		{"claim of a claimed path returns the first", func(t *testing.T, r project.Registry) {
			first := project.Record{ID: idA, Path: "/work/a", LastOpened: at(1)}
			mustClaim(t, r, first)
			got, err := r.Claim(project.Record{ID: idB, Path: "/work/a", LastOpened: at(2)})
			if err != nil || got.ID != idA || !got.LastOpened.Equal(at(1)) {
				t.Errorf("second Claim = %+v, %v; want the first record", got, err)
			}
			wantNone(t, r, "/work/none", idB)
		}},
		{"claim of a held id at another path is a conflict", func(t *testing.T, r project.Registry) {
			first := project.Record{ID: idA, Path: "/work/a", LastOpened: at(1)}
			mustClaim(t, r, first)
			_, err := r.Claim(project.Record{ID: idA, Path: "/work/b", LastOpened: at(2)})
			if domain.KindOf(err) != domain.KindConflict {
				t.Errorf("Claim of a held id = %v (kind %q), want a conflict", err, domain.KindOf(err))
			}
			if got, ok, err := r.ByPath("/work/b"); ok || err != nil {
				t.Errorf("after the refused Claim ByPath(/work/b) = %+v, %v, %v; want no record", got, ok, err)
			}
			wantRecord(t, r, "/work/a", first)
		}},
		{"put moves an id", func(t *testing.T, r project.Registry) {
			mustClaim(t, r, project.Record{ID: idA, Path: "/work/a", LastOpened: at(1), Folder: "1:2:3:4.5"})
			moved := project.Record{ID: idA, Path: "/work/moved", Written: true, LastOpened: at(2), Folder: "1:2:9:4.6"}
			if err := r.Put(moved); err != nil {
				t.Fatal(err)
			}
			wantRecord(t, r, "/work/moved", moved)
			if got, ok, err := r.ByPath("/work/a"); ok || err != nil {
				t.Errorf("after the move ByPath(/work/a) = %+v, %v, %v; want no record", got, ok, err)
			}
			wantGone(t, r, "/work/a")
		}},
		{"put of another id at a path keeps the old record as gone", func(t *testing.T, r project.Registry) {
			old := project.Record{ID: idA, Path: "/work/a", Written: true, Declined: true, LastOpened: at(1)}
			mustClaim(t, r, old)
			next := project.Record{ID: idB, Path: "/work/a", LastOpened: at(2)}
			if err := r.Put(next); err != nil {
				t.Fatal(err)
			}
			wantRecord(t, r, "/work/a", next)
			wantGone(t, r, "/work/a", old)
			// A third project there: both earlier ones are kept, newest first.
			third := project.Record{ID: idC, Path: "/work/a", LastOpened: at(3)}
			if err := r.Put(third); err != nil {
				t.Fatal(err)
			}
			wantRecord(t, r, "/work/a", third)
			wantGone(t, r, "/work/a", next, old)
			if list, err := r.List(); err != nil || len(list) != 1 || list[0].ID != idC {
				t.Errorf("List() = %+v, %v; want only the folder's own record", list, err)
			}
		}},
		{"put joins the records of a path and an id", func(t *testing.T, r project.Registry) {
			mustClaim(t, r, project.Record{ID: idA, Path: "/work/a", LastOpened: at(1)})
			b := project.Record{ID: idB, Path: "/work/b", LastOpened: at(1)}
			mustClaim(t, r, b)
			next := project.Record{ID: idA, Path: "/work/b", LastOpened: at(3)}
			if err := r.Put(next); err != nil {
				t.Fatal(err)
			}
			wantRecord(t, r, "/work/b", next)
			wantGone(t, r, "/work/b", b)
			if list, err := r.List(); err != nil || len(list) != 1 {
				t.Errorf("List() = %+v, %v; want the one joined record", list, err)
			}
		}},
		{"put swaps two paths at once", func(t *testing.T, r project.Registry) {
			a := project.Record{ID: idA, Path: "/work/a", Written: true, Declined: true, LastOpened: at(1)}
			b := project.Record{ID: idB, Path: "/work/b", Written: true, LastOpened: at(2)}
			mustClaim(t, r, a)
			mustClaim(t, r, b)
			a.Path, b.Path = "/work/b", "/work/a"
			a.LastOpened = at(3)
			if err := r.Put(a, b); err != nil {
				t.Fatal(err)
			}
			wantRecord(t, r, "/work/b", a)
			wantRecord(t, r, "/work/a", b)
			wantGone(t, r, "/work/a")
			wantGone(t, r, "/work/b")
		}},
		{"a gone record comes back", func(t *testing.T, r project.Registry) {
			a := project.Record{ID: idA, Path: "/work/a", Written: true, LastOpened: at(1)}
			mustClaim(t, r, a)
			b := project.Record{ID: idB, Path: "/work/a", LastOpened: at(2)}
			if err := r.Put(b); err != nil {
				t.Fatal(err)
			}
			a.LastOpened = at(3)
			if err := r.Put(a); err != nil {
				t.Fatal(err)
			}
			wantRecord(t, r, "/work/a", a)
			wantGone(t, r, "/work/a", b)
		}},
		{"claim passes gone records by, and their ids stay held", func(t *testing.T, r project.Registry) {
			a := project.Record{ID: idA, Path: "/work/a", Written: true, LastOpened: at(1)}
			mustClaim(t, r, a)
			if err := r.Put(project.Record{ID: idB, Path: "/work/a", LastOpened: at(2)}); err != nil {
				t.Fatal(err)
			}
			if err := r.Forget("/work/a"); err != nil {
				t.Fatal(err)
			}
			wantGone(t, r, "/work/a", a) // Forget leaves the gone record alone
			c := project.Record{ID: idC, Path: "/work/a", LastOpened: at(3)}
			mustClaim(t, r, c)
			wantRecord(t, r, "/work/a", c)
			_, err := r.Claim(project.Record{ID: idA, Path: "/work/other", LastOpened: at(4)})
			if domain.KindOf(err) != domain.KindConflict {
				t.Errorf("Claim of a gone record's id = %v (kind %q), want a conflict", err, domain.KindOf(err))
			}
			if err := r.SetDeclined("/work/a", true); err != nil {
				t.Fatal(err)
			}
			c.Declined = true
			wantRecord(t, r, "/work/a", c)
			wantGone(t, r, "/work/a", a) // SetDeclined changes the folder's own record only
		}},
		{"declined", func(t *testing.T, r project.Registry) {
			rec := project.Record{ID: idA, Path: "/work/a", LastOpened: at(1)}
			mustClaim(t, r, rec)
			if err := r.SetDeclined("/work/a", true); err != nil {
				t.Fatal(err)
			}
			rec.Declined = true
			wantRecord(t, r, "/work/a", rec)
			if err := r.SetDeclined("/work/a", false); err != nil {
				t.Fatal(err)
			}
			rec.Declined = false
			wantRecord(t, r, "/work/a", rec)
			if err := r.SetDeclined("/work/unknown", true); err != nil {
				t.Errorf("SetDeclined(unknown path) = %v, want nothing done", err)
			}
			wantNone(t, r, "/work/unknown", idB)
		}},
		{"list newest first, forget", func(t *testing.T, r project.Registry) {
			mustClaim(t, r, project.Record{ID: idA, Path: "/work/a", LastOpened: at(1)})
			mustClaim(t, r, project.Record{ID: idB, Path: "/work/b", LastOpened: at(3)})
			mustClaim(t, r, project.Record{ID: idC, Path: "/work/c", LastOpened: at(2)})
			list, err := r.List()
			if err != nil || len(list) != 3 || list[0].ID != idB || list[1].ID != idC || list[2].ID != idA {
				t.Errorf("List() = %+v, %v; want b, c, a", list, err)
			}
			if err := r.Forget("/work/c"); err != nil {
				t.Fatal(err)
			}
			if err := r.Forget("/work/unknown"); err != nil {
				t.Errorf("Forget(unknown path) = %v, want nothing done", err)
			}
			wantNone(t, r, "/work/c", idC)
			if list, err := r.List(); err != nil || len(list) != 2 {
				t.Errorf("after Forget List() = %+v, %v; want two", list, err)
			}
		}},
		{"lock excludes", func(t *testing.T, r project.Registry) {
			unlock, err := r.Lock()
			if err != nil {
				t.Fatal(err)
			}
			var second atomic.Bool
			done := make(chan struct{})
			go func() {
				defer close(done)
				unlock2, err := r.Lock()
				if err != nil {
					t.Errorf("second Lock: %v", err)
					return
				}
				second.Store(true)
				unlock2()
			}()
			time.Sleep(50 * time.Millisecond)
			if second.Load() {
				t.Error("a second Lock was taken while the first was held")
			}
			unlock()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the second Lock was not taken after unlock")
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, open(t)) })
	}
}

// TestSettings runs the cases every project.Settings must pass. open returns
// new settings, all unset.
func TestSettings(t *testing.T, open func(t *testing.T) project.Settings) {
	s := open(t)
	if on, err := s.Minimal(); on || err != nil {
		t.Errorf("Minimal() when unset = %v, %v; want off", on, err)
	}
	for _, want := range []bool{true, true, false, true} {
		if err := s.SetMinimal(want); err != nil {
			t.Fatal(err)
		}
		if on, err := s.Minimal(); on != want || err != nil {
			t.Errorf("Minimal() after SetMinimal(%v) = %v, %v", want, on, err)
		}
	}
}
