// SPDX-License-Identifier: Apache-2.0

package project

import (
	"slices"
	"strconv"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
)

// Former returns the projects that were at a folder before it became a new
// project, whose folders cannot be found (docs/identity.md §7): the Gone records last
// seen at its root, and the record still there when the folder has not been
// opened since, most recently opened first. A folder that is set up has
// none: it is its own project. It writes nothing.
func (s *Service) Former(path string) ([]Record, error) {
	v, err := s.status(path)
	if err != nil || v.SetUp || !v.Allowed {
		return nil, err
	}
	out, err := s.registry.Former(v.Root)
	if err != nil {
		return nil, err
	}
	if v.hasHere && v.here.Written {
		// Opening the folder would keep this record as Gone.
		out = append(out, v.here)
	}
	slices.SortStableFunc(out, func(a, b Record) int { return b.LastOpened.Compare(a.LastOpened) })
	return out, nil
}

// Reconnect makes the folder at path the project id, as a person asked (the
// window's question, `register PATH --reconnect ID`): the folder takes over
// the id's record and everything kept under it (memories, trust pins, skill
// switches). A folder that is not set up then keeps the id by its path until
// setup writes it (SetupReconnected). It is refused while the id's folder
// still exists elsewhere, since two folders would share one memory.
func (s *Service) Reconnect(path, id string) (Status, identity.Event, error) {
	unlock, err := s.registry.Lock()
	if err != nil {
		return Status{}, "", err
	}
	defer unlock()
	return s.reconnect(path, id)
}

// SetupReconnected is Reconnect and then Setup, at once: setup writes the
// reconnected id into the folder's project.json (`setup PATH --reconnect ID`).
func (s *Service) SetupReconnected(path, id string) (SetupResult, error) {
	unlock, err := s.registry.Lock()
	if err != nil {
		return SetupResult{}, err
	}
	defer unlock()
	st, _, err := s.reconnect(path, id)
	if err != nil {
		return SetupResult{}, err
	}
	return s.setup(st)
}

// reconnect runs with the registry's lock held.
func (s *Service) reconnect(path, id string) (Status, identity.Event, error) {
	if !identity.Valid(id) {
		return Status{}, "", domain.T("{{.ID}} is not a project id: an id is p_ and 32 lowercase hex digits, as status and register print it",
			"ID", strconv.Quote(id)).Err(domain.ErrInvalid)
	}
	v, err := s.status(path)
	if err != nil {
		return Status{}, "", err
	}
	if !v.Allowed {
		return v.Status, "", v.refusal()
	}
	rec, found, err := s.registry.ByID(id)
	switch {
	case err != nil:
		return Status{}, "", err
	case !found:
		return Status{}, "", domain.T("no project with the id {{.ID}} is known on this device", "ID", id).Err(domain.ErrNotFound)
	case v.SetUp && v.file.ID != id:
		return Status{}, "", domain.T("{{.Root}} is set up as the project {{.Other}} already; it cannot become {{.ID}} as well",
			"Root", v.Root, "Other", v.file.ID, "ID", id).Err(domain.ErrConflict)
	}
	sight := s.sightOf(rec, v.Root)
	if !sight.Here && identity.Lives(sight) {
		return Status{}, "", domain.T("the project {{.ID}} is still in {{.Path}}, so {{.Root}} cannot take its memory: two folders would share one",
			"ID", id, "Path", rec.Path, "Root", v.Root).Err(domain.ErrConflict)
	}
	// A folder that carries the id has it written; any other keeps it by
	// its path until setup writes it.
	next := Record{ID: id, Path: v.Root, Declined: rec.Declined, Written: v.SetUp, LastOpened: s.now(), Folder: s.disk.folderKey(v.Root)}
	if err := s.registry.Put(next); err != nil {
		return Status{}, "", err
	}
	st, err := s.status(v.Root)
	return st.Status, identity.Reconnected, err
}
