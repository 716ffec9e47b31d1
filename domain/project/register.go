// SPDX-License-Identifier: Apache-2.0

package project

import (
	"os"
	"slices"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
)

// sight fills v.sight and v.held: where the registry has v.file.ID, and
// whether that is another folder that still carries it (so root is a copy).
func (s *Service) sight(v *view, root string) error {
	rec, found, err := s.registry.ByID(v.file.ID)
	if err != nil || !found {
		return err
	}
	v.held = rec
	v.sight = s.sightOf(rec, root)
	v.copy = identity.Decide(v.sight) == identity.Copied
	return nil
}

// sightOf describes what the registry's record rec says about a folder root.
func (s *Service) sightOf(rec Record, root string) identity.Sighting {
	sight := identity.Sighting{Registered: true, At: rec.Path, Gone: rec.Gone, Written: rec.Written}
	// One folder can have two paths (a bind mount, a second mount of the
	// disk): taking it for a copy would rewrite the original's id.
	sight.Here = s.guard.Same(rec.Path, root) || sameFolder(rec.Path, root)
	if !sight.Here {
		fi, err := os.Stat(rec.Path)
		sight.AtExists = err == nil && fi.IsDir()
		if other, err := readFile(rec.Path); err == nil && other.ID == rec.ID {
			sight.StillThere = true
		}
	}
	return sight
}

// sameFolder reports whether two paths lead to one folder on disk.
func sameFolder(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// Register does what opening a folder does (docs/identity.md §3): a new folder gets an id in
// the registry, a moved project is followed, a copied one gets an id of its own.
// A folder the guard refuses is not registered: the error says why.
func (s *Service) Register(path string) (Status, identity.Event, error) {
	unlock, err := s.registry.Lock()
	if err != nil {
		return Status{}, "", err
	}
	defer unlock()
	return s.register(path)
}

// register runs with the registry's lock held.
func (s *Service) register(path string) (Status, identity.Event, error) {
	v, err := s.status(path)
	if err != nil {
		return Status{}, "", err
	}
	st, file := v.Status, v.file
	if !st.Allowed {
		return st, "", st.refusal()
	}
	now := s.now()
	if !st.SetUp {
		return s.registerUnset(v, now)
	}
	if v.edited {
		return s.restoreID(v, now)
	}

	ev := identity.Decide(v.sight)
	next := Record{ID: file.ID, Path: st.Root, Written: true, LastOpened: now, Folder: s.disk.folderKey(st.Root)}
	var pushed []Record
	switch ev {
	case identity.Known, identity.Moved:
		next.Declined = v.held.Declined // the answer stays with its project
		if ev == identity.Moved {
			pushed = s.pushedAlong(st.Root, v.held.Path, file.ID)
		}
	case identity.Copied:
		// Two folders never share one memory: the copy gets its own id.
		file.setID(identity.New())
		if err := writeFile(st.Root, file); err != nil {
			return Status{}, "", withKind(err, domain.T("{{.Root}} is a copy of the project at {{.Original}}, and its .memo cannot be "+
				"written ({{.Cause}}), so it cannot get an id of its own; project features stay off here until it can",
				"Root", st.Root, "Original", v.sight.At, "Cause", causeText(err)))
		}
		next.ID = file.ID
		st.ID, st.Note, st.Enabled = file.ID, domain.Text{}, v.enabled
	}
	return st, ev, s.registry.Put(append([]Record{next}, pushed...)...)
}

// restoreID undoes an edit of the folder's project.json (docs/identity.md §8): the
// registry knows this folder as the project v.here, so the id registered
// for it is written back (other fields kept), and nothing else changes:
// the project whose id the edit named, if any, keeps its record untouched.
func (s *Service) restoreID(v view, now time.Time) (Status, identity.Event, error) {
	st, file := v.Status, v.file
	edit := file.ID
	file.setID(v.here.ID)
	if err := writeFile(st.Root, file); err != nil {
		return Status{}, "", withKind(err, domain.T("{{.Root}}/.memo/project.json was edited to hold the id {{.Edit}}, but this folder is the project {{.ID}}, "+
			"and the file cannot be written back ({{.Cause}}); put {{.ID}} back in it",
			"Root", st.Root, "Edit", edit, "ID", v.here.ID, "Cause", causeText(err)))
	}
	rec := v.here
	rec.LastOpened, rec.Folder = now, s.disk.folderKey(st.Root)
	return st, identity.Restored, s.registry.Put(rec)
}

// registerUnset registers a folder without a valid project.json. The id
// registered at its path is its own only if that id was never written into
// a project.json (docs/identity.md §7); otherwise the project it names lives (or lived)
// in the folder that holds its project.json, and this folder is a new
// project: it gets a new id, and the old record is kept as Gone, last seen
// here (the window may offer to reconnect it).
func (s *Service) registerUnset(v view, now time.Time) (Status, identity.Event, error) {
	st := v.Status
	if v.hasHere && !v.here.Written {
		st.ID = v.here.ID
		return st, identity.Known, s.touch(v.here, now)
	}
	id := identity.New()
	if v.hasHere {
		st.ID = id
		return st, identity.Fresh, s.registry.Put(Record{ID: id, Path: st.Root, LastOpened: now, Folder: s.disk.folderKey(st.Root)})
	}
	rec, err := s.registry.Claim(Record{ID: id, Path: st.Root, LastOpened: now, Folder: s.disk.folderKey(st.Root)})
	if err != nil {
		return Status{}, "", err
	}
	st.ID = rec.ID
	if rec.ID != id { // a concurrent open won
		return st, identity.Known, s.touch(rec, now)
	}
	return st, identity.Fresh, nil
}

// maxRing bounds how many folders pushedAlong follows.
const maxRing = 16

// pushedAlong returns the projects that a move into root pushed along the
// folders they exchanged: when the folder the moved project left (from) now
// carries the id of a project registered elsewhere whose folder no longer
// carries it, that project moved there, and so on around the ring (two
// projects that swap folders, mv A T; mv B A; mv T B, are one ring of two).
// They are stored in the same Put as the move, so that every record is
// updated in place rather than one being pushed out as Gone.
func (s *Service) pushedAlong(root, from, moved string) []Record {
	var out []Record
	seen := []string{moved}
	for range maxRing {
		if s.guard.Same(from, root) {
			break
		}
		memo, f, valid, err := inspect(from)
		if err != nil || !valid || !s.check(from, memo).Allowed || slices.Contains(seen, f.ID) {
			break
		}
		rec, found, err := s.registry.ByID(f.ID)
		if err != nil || !found {
			break
		}
		if sight := s.sightOf(rec, from); identity.Decide(sight) != identity.Moved {
			break // known there already, or from holds a copy
		}
		seen = append(seen, f.ID)
		out = append(out, Record{ID: f.ID, Path: from, Declined: rec.Declined, Written: true, LastOpened: rec.LastOpened, Folder: s.disk.folderKey(from)})
		from = rec.Path
	}
	return out
}

func (s *Service) touch(rec Record, now time.Time) error {
	rec.LastOpened, rec.Folder = now, s.disk.folderKey(rec.Path)
	return s.registry.Put(rec)
}
