// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
)

func rename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

func mustSetup(t *testing.T, s *project.Service, dir string) string {
	t.Helper()
	res, err := s.Setup(dir)
	if err != nil {
		t.Fatalf("Setup(%s): %v", dir, err)
	}
	return res.ID
}

// A set-up project moved aside leaves its path to whatever folder comes
// there next: that folder is a new project, never given the old id (and so
// its memory), however it was made; and the old project keeps its id where
// it went (docs/identity.md §7).
func TestAFolderWhereAProjectWasIsANewProject(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(t *testing.T, app, old string)
	}{
		{"mkdir", func(t *testing.T, app, old string) { mkdir(t, app) }},
		{"a clone without .memo", func(t *testing.T, app, old string) {
			write(t, filepath.Join(app, "main.go"), "package main\n")
			write(t, filepath.Join(app, "AGENTS.md"), "# app\n")
		}},
		{".memo removed in place", func(t *testing.T, app, old string) {
			rename(t, old, app)
			if err := os.RemoveAll(filepath.Join(app, ".memo")); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestService(t)
			parent := t.TempDir()
			app, old := filepath.Join(parent, "app"), filepath.Join(parent, "app-old")
			mkdir(t, app)
			id := mustSetup(t, s, app)
			rename(t, app, old)
			tt.make(t, app, old)

			// Before anyone opens it, the new folder has no id and no memory.
			if st, err := s.Status(app); err != nil || st.ID != "" || st.SetUp {
				t.Errorf("Status(new app) = %+v, %v; want no id", st, err)
			}
			if got, err := s.Identity(app); err == nil || got == id {
				t.Errorf("Identity(new app) = %q, %v; want refused", got, err)
			}
			st, ev, err := s.Register(app)
			if err != nil || ev != identity.Fresh || st.ID == id || !identity.Valid(st.ID) {
				t.Fatalf("Register(new app) = %+v %q %v; want new, with an id other than %s", st, ev, err, id)
			}
			if got := mustSetup(t, s, app); got != st.ID {
				t.Errorf("Setup(new app) wrote %s, want the id it was given when opened, %s", got, st.ID)
			}
			if former, err := s.Former(app); err != nil || len(former) != 0 {
				t.Errorf("Former(set-up app) = %+v, %v; want none (it is its own project)", former, err)
			}
			if _, err := os.Stat(old); err == nil {
				st, ev, err := s.Register(old)
				if err != nil || ev != identity.Moved || st.ID != id {
					t.Errorf("Register(app-old) = %+v %q %v; want moved, keeping %s", st, ev, err, id)
				}
			}
		})
	}
}

// An id never written into a project.json stays with its path: the folder
// there keeps it (and the memories made before setup), and setup writes it.
func TestAnUnwrittenIDStaysWithItsPath(t *testing.T) {
	s, _ := newTestService(t)
	parent := t.TempDir()
	app := filepath.Join(parent, "app")
	mkdir(t, app)
	st, _, err := s.Register(app)
	if err != nil {
		t.Fatal(err)
	}
	rename(t, app, filepath.Join(parent, "elsewhere"))
	mkdir(t, app)
	again, ev, err := s.Register(app)
	if err != nil || ev != identity.Known || again.ID != st.ID {
		t.Fatalf("Register(recreated app) = %+v %q %v; want known %s", again, ev, err, st.ID)
	}
	if got := mustSetup(t, s, app); got != st.ID {
		t.Errorf("Setup wrote %s, want the registered %s", got, st.ID)
	}
	// Written now: moved aside and replaced, the path no longer keeps it.
	rename(t, app, filepath.Join(parent, "set-up"))
	mkdir(t, app)
	if next, _, err := s.Register(app); err != nil || next.ID == st.ID {
		t.Errorf("Register(app after setup moved it) = %+v %v; want a new id", next, err)
	}
}

// Two projects that swap folders are both moved, with their ids, their
// "never" answers and their last-opened times, whichever is opened first.
func TestSwappedProjectsAreBothMoved(t *testing.T) {
	for _, first := range []string{"a", "b"} {
		t.Run("open "+first+" first", func(t *testing.T) {
			s, reg := newTestService(t)
			parent := t.TempDir()
			a, b, tmp := filepath.Join(parent, "a"), filepath.Join(parent, "b"), filepath.Join(parent, "t")
			mkdir(t, a)
			mkdir(t, b)
			idA, idB := mustSetup(t, s, a), mustSetup(t, s, b)
			if _, err := s.Decline(b, true); err != nil {
				t.Fatal(err)
			}
			openedB, _, _ := reg.ByID(idB)
			rename(t, a, tmp)
			rename(t, b, a)
			rename(t, tmp, b)
			order := []string{a, b}
			if first == "b" {
				order = []string{b, a}
			}
			for i, dir := range order {
				_, ev, err := s.Register(dir)
				if err != nil || (ev != identity.Moved && ev != identity.Known) {
					t.Errorf("Register(%s) = %q, %v; want moved (or known, moved along with the first)", dir, ev, err)
				}
				// Opening one finds the other where it went: both stay
				// in the list, neither is pushed out.
				if recs, _ := reg.Snapshot(); i == 0 && (recs[a].ID != idB || recs[b].ID != idA) {
					t.Errorf("after opening %s only, the registry has %+v; want both projects at their new folders", dir, recs)
				}
			}
			for dir, want := range map[string]string{a: idB, b: idA} {
				if st, err := s.Status(dir); err != nil || st.ID != want {
					t.Errorf("Status(%s) = %+v, %v; want id %s", dir, st, err, want)
				}
			}
			recs, _ := reg.Snapshot()
			if len(recs) != 2 || recs[a].ID != idB || recs[b].ID != idA || !recs[a].Declined || recs[b].Declined {
				t.Errorf("registry %+v; want b's record (declined) at %s and a's at %s", recs, a, b)
			}
			if first == "a" && !recs[a].LastOpened.Equal(openedB.LastOpened) && !recs[a].LastOpened.Equal(testNow()) {
				t.Errorf("b's last opened %v, want it kept or now", recs[a].LastOpened)
			}
			for _, id := range []string{idA, idB} {
				if rec, _, _ := reg.ByID(id); rec.Gone {
					t.Errorf("%s was left gone after the swap: %+v", id, rec)
				}
			}
		})
	}
}

// Reconnecting a folder to a lost project: what is refused, and why.
func TestReconnect(t *testing.T) {
	s, _ := newTestService(t)
	parent := t.TempDir()
	app, old, live := filepath.Join(parent, "app"), filepath.Join(parent, "app-old"), filepath.Join(parent, "live")
	mkdir(t, app)
	mkdir(t, live)
	lost := mustSetup(t, s, app)
	alive := mustSetup(t, s, live)
	rename(t, app, old)
	if err := os.RemoveAll(old); err != nil { // the old checkout is deleted
		t.Fatal(err)
	}
	mkdir(t, app)
	fresh, _, err := s.Register(app)
	if err != nil {
		t.Fatal(err)
	}
	former, err := s.Former(app)
	if err != nil || len(former) != 1 || former[0].ID != lost || !former[0].Gone {
		t.Fatalf("Former(app) = %+v, %v; want the lost project %s", former, err, lost)
	}

	other := t.TempDir()
	mustSetup(t, s, other)
	for _, tt := range []struct {
		name, path, id string
		kind           domain.Kind
		want           string
	}{
		{"a malformed id", app, "p_123", domain.KindInvalid, "is not a project id"},
		{"an id in capitals", app, strings.ToUpper(lost), domain.KindInvalid, "is not a project id"},
		{"an unknown id", app, "p_" + strings.Repeat("9", 32), domain.KindNotFound, "no project with the id"},
		{"the id of a project whose folder is there", app, alive, domain.KindConflict, "is still in " + live},
		{"a folder set up as another project", other, lost, domain.KindConflict, "is set up as the project"},
		{"a folder the guard refuses", filepath.Dir(testRules(t).Home), lost, domain.KindForbidden, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := s.Reconnect(tt.path, tt.id)
			if domain.KindOf(err) != tt.kind || !strings.Contains(fmtErr(err), tt.want) {
				t.Errorf("Reconnect(%s, %q) = %v (kind %q), want kind %q saying %q", tt.path, tt.id, err, domain.KindOf(err), tt.kind, tt.want)
			}
		})
	}
	if st, err := s.Status(app); err != nil || st.ID != fresh.ID {
		t.Fatalf("after the refusals Status(app) = %+v, %v; want it unchanged (%s)", st, err, fresh.ID)
	}

	st, ev, err := s.Reconnect(app, lost)
	if err != nil || ev != identity.Reconnected || st.ID != lost || st.SetUp {
		t.Fatalf("Reconnect(app, lost) = %+v %q %v; want reconnected to %s, not set up", st, ev, err, lost)
	}
	// Kept by its path until setup writes it; opening it again keeps it.
	if st, ev, err := s.Register(app); err != nil || ev != identity.Known || st.ID != lost {
		t.Errorf("Register(app) after reconnecting = %+v %q %v; want known %s", st, ev, err, lost)
	}
	if got := mustSetup(t, s, app); got != lost {
		t.Errorf("Setup(app) after reconnecting wrote %s, want %s", got, lost)
	}
	// Reconnecting it again is harmless.
	if st, _, err := s.Reconnect(app, lost); err != nil || st.ID != lost || !st.SetUp {
		t.Errorf("Reconnect of a folder that is that project = %+v %v", st, err)
	}
}

func TestSetupReconnected(t *testing.T) {
	s, _ := newTestService(t)
	parent := t.TempDir()
	app := filepath.Join(parent, "app")
	mkdir(t, app)
	lost := mustSetup(t, s, app)
	rename(t, app, filepath.Join(parent, "aside"))
	if err := os.RemoveAll(filepath.Join(parent, "aside")); err != nil {
		t.Fatal(err)
	}
	mkdir(t, app)
	res, err := s.SetupReconnected(app, lost)
	if err != nil || res.ID != lost {
		t.Fatalf("SetupReconnected = %+v, %v; want %s written", res, err, lost)
	}
	if f, err := project.ReadFile(app); err != nil || f.ID != lost {
		t.Errorf("project.json holds %+v (%v), want %s", f, err, lost)
	}
	if former, _ := s.Former(app); len(former) != 0 {
		t.Errorf("Former after reconnecting = %+v, want none", former)
	}
}

// fmtErr is err's sentence, "" for nil.
func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
