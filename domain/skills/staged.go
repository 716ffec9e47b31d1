// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/untrusted"
)

// A skill is staged for a person to review it (the window's Add… and
// Review update…): its archive is downloaded once and the skill extracted
// and judged into a work folder of its own, which stays while the person
// reads its SKILL.md and opens its files; then exactly those files are
// installed, or swapped in for the installed skill of the same name, or
// the folder is discarded. The work folder is an updating one (workdir.go)
// because a staged skill may become an update: until an update writes its
// plan the folder holds nothing that tidy would put back, and a run that
// dies leaves it for the next command to delete. The command line stages and installs in
// one call (Install, Update), with no wait in between.

// Staged is a staged skill as the window shows it.
type Staged struct {
	// ID names the staged skill to InstallStaged, UpdateStaged, StagedFile
	// and Discard.
	ID     string
	Review Review
	// Markdown is its SKILL.md without the front matter.
	Markdown string
	// Update is the review of the staged skill against the installed one
	// of the same name, which it would replace (nil when none is
	// installed): such a skill is updated, never installed over.
	Update *UpdateReview
	// InstalledFrom is where the installed skill came from, when the lock
	// names another place (source or ref) than the staged one; "" otherwise.
	InstalledFrom string
	// Conflict names an installed folder in the way that cannot be updated
	// (a name that differs only in case, a linked folder): the staged skill
	// can be neither installed nor applied; Review.Warnings says so.
	Conflict string
}

// StageOptions are the optional parts of Stage.
type StageOptions struct {
	// Skill chooses one skill of a source that holds several (as Add's).
	Skill    string
	Progress Progress
}

// staging is a staged skill in its work folder.
type staging struct {
	mu     sync.Mutex // one use at a time: read a file, install, update, end
	p      Project
	src    Source
	dir    string // .memo/skills
	work   *workDir
	folder string // the staged skill's folder in work
	rev    Review
	md     string
	up     *replacing
	// conflict: an installed folder is in the way (Staged.Conflict).
	conflict string
	ended    bool
}

// replacing is what a staged skill would replace: the installed skill.
type replacing struct {
	name   string
	folder string // the installed skill's folder
	before string // its hash when the review was made
	review UpdateReview
	next   LockEntry // the lock's entry once the new version is in
	// source is the switch's new source ("" keeps the one it has).
	source string
}

// stageSkill downloads src and stages its skill in a new work folder
// (prefix) of the project's .memo/skills. The caller ends it (end).
func (s *Service) stageSkill(ctx context.Context, p Project, src Source, prefix string, progress Progress) (*staging, error) {
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return nil, err
	}
	s.tidy(p, dir)
	// A lock Memo cannot read is refused before anything is downloaded.
	if _, err := readLock(p); err != nil {
		return nil, err
	}
	// Created exclusively (MkdirTemp), removed whatever happens: after an
	// install only an empty shell is left to remove.
	work, err := newWorkDir(dir, prefix)
	if err != nil {
		return nil, domain.T("cannot make a staging folder in {{.Folder}}: {{.Error}}", "Folder", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	rev, folder, err := s.stage(ctx, work.path, src, progress)
	if err != nil {
		s.finish(p, dir, work)
		return nil, err
	}
	return &staging{p: p, src: src, dir: dir, work: work, folder: folder, rev: rev}, nil
}

// end deletes a staging's work folder (after an update, finish puts the
// old version back unless the update was committed). Ending twice is nothing.
func (s *Service) end(st *staging) {
	if st.ended {
		return
	}
	st.ended = true
	s.finish(st.p, st.dir, st.work)
}

// compare makes the review of st against the installed skill name at
// folder: the changes, warnings and tools of the new version. from is the
// locked commit, next the lock's entry once the new version is in, source
// the switch's new source ("" keeps it).
func (s *Service) compare(st *staging, name, folder, from string, next LockEntry, source string) error {
	now, err := readSnapshot(folder, s.limits, true)
	if err != nil {
		return err
	}
	newer, err := readSnapshot(st.folder, s.limits, true)
	if err != nil {
		return err
	}
	sw, _, err := s.switches.Switch(st.p.ID, name)
	if err != nil {
		return err
	}
	r := UpdateReview{Name: name, From: from, To: st.rev.Commit, Changes: changes(now, newer),
		Warnings: st.rev.Warnings, DroppedTools: st.rev.DroppedTools, Hash: st.rev.Hash,
		Enabled: sw.Enabled && sw.Hash == now.hash()}
	st.up = &replacing{name: name, folder: folder, before: now.hash(), review: r, next: next, source: source}
	return nil
}

// stageUpdate stages the new version of the installed skill name from the
// source and ref the lock names, with its review against the installed one.
func (s *Service) stageUpdate(ctx context.Context, p Project, name string, progress Progress) (*staging, error) {
	folder, fi, err := s.installed(p, name)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, domain.T("the skill's folder {{.Folder}} is a link; Memo uses only real folders", "Folder", folder).Err(domain.ErrInvalid)
	}
	lk, err := readLock(p)
	if err != nil {
		return nil, err
	}
	entry, src, err := updatable(lk, name)
	if err != nil {
		return nil, err
	}
	st, err := s.stageSkill(ctx, p, src, updatingPrefix, progress)
	if err != nil {
		return nil, err
	}
	next := entry
	next.Commit, next.Hash = st.rev.Commit, st.rev.Hash
	if err := s.compare(st, name, folder, entry.Commit, next, ""); err != nil {
		s.end(st)
		return nil, err
	}
	return st, nil
}

// installStaged moves st's skill into place as name, records its switch
// (off) and, with lock, enters it in the lock. verify first makes sure the
// staged files are still the ones reviewed (the window's staged skill
// waits while a person reads it).
func (s *Service) installStaged(st *staging, name string, lock, verify bool) (Installed, error) {
	if verify {
		if err := s.stillReviewed(st); err != nil {
			return Installed{}, err
		}
	}
	if existing, err := s.existing(st.dir, name); err != nil {
		return Installed{}, err
	} else if existing != "" {
		return Installed{}, domain.T("a skill named {{.Name}} is already installed ({{.Existing}}); remove it first to install this one", "Name", name, "Existing", existing).Err(domain.ErrConflict)
	}
	rev := st.rev
	entry := lockEntryOf(st.src, rev.Folder, rev.Commit, rev.Hash)
	if lock {
		// Written before the rename: a run killed between the rename and
		// the lock leaves it for the next command, which records the
		// switch and the lock entry (settleInstall), so no kill leaves the
		// skill installed but unlocked. A restore's entry is locked already.
		b, _ := json.Marshal(plan{Name: name, Hash: rev.Hash, Install: &installPlan{Source: st.src.String(), Lock: entry}})
		if err := s.step("plan", func() error { return atomicfile.WriteFile(filepath.Join(st.work.path, updatePlan), b, 0o666) }); err != nil {
			return Installed{}, domain.T("cannot save {{.Path}}: {{.Error}}", "Path", st.work.path, "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
	}
	to := filepath.Join(st.dir, name)
	if err := s.step("move", func() error { return s.moveIn(st.folder, to) }); err != nil {
		// Not moved in: the plan must not make whatever holds the name a
		// skill of this install's.
		os.Remove(filepath.Join(st.work.path, updatePlan))
		if errors.Is(err, fs.ErrExist) {
			return Installed{}, domain.T("a skill named {{.Name}} is already installed; remove it first to install this one", "Name", name).Err(domain.ErrConflict)
		}
		return Installed{}, err
	}
	if err := s.step("switch", func() error {
		return s.switches.SetSwitch(st.p.ID, name, Switch{Enabled: false, Source: st.src.String()})
	}); err != nil {
		return Installed{}, domain.T("the skill {{.Name}} is installed but its switch could not be recorded: {{.Error}}", "Name", name, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	if lock {
		if err := s.step("lock", func() error { return updateLock(st.p, func(l *Lock) { l.Skills[name] = entry }) }); err != nil {
			return Installed{}, domain.T("the skill {{.Name}} is installed but {{.Lock}} could not be updated: {{.Error}}", "Name", name, "Lock", LockFile, "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
	}
	return Installed{Name: name, Path: to, DroppedTools: rev.DroppedTools, Warnings: rev.Warnings, Commit: rev.Commit, Hash: rev.Hash}, nil
}

// replace swaps st's skill in for the installed one it was compared with
// (compare). verify first makes sure that neither the staged files nor the
// installed ones changed since the review: what was shown is what changes.
func (s *Service) replace(st *staging, verify bool) error {
	up := st.up
	if verify {
		if err := s.stillReviewed(st); err != nil {
			return err
		}
		now, err := readSnapshot(up.folder, s.limits, false)
		if err != nil {
			return err
		}
		if now.hash() != up.before {
			return domain.T("the installed skill {{.Name}} changed since the review (an edit, a git pull, another update), so nothing changed; review the update again", "Name", up.name).Err(domain.ErrConflict)
		}
	}
	lk, err := readLock(st.p)
	if err != nil {
		return err
	}
	var old *LockEntry
	if e, ok := lk.Skills[up.name]; ok {
		old = &e
	}
	sw, _, err := s.switches.Switch(st.p.ID, up.name)
	if err != nil {
		return err
	}
	if up.source != "" {
		sw.Source = up.source
	}
	return s.swap(st.p, st.work, up.folder, st.folder, plan{Name: up.name, Hash: st.rev.Hash}, old, up.next, sw)
}

// stillReviewed: the staged files are the ones the review was made of.
func (s *Service) stillReviewed(st *staging) error {
	snap, err := readSnapshot(st.folder, s.limits, false)
	if err != nil {
		return err
	}
	if st.rev.Hash == "" || snap.hash() != st.rev.Hash {
		return domain.T("the files of {{.Name}} changed in {{.Folder}} since the review, so nothing was installed; review it again", "Name", st.rev.Name, "Folder", st.work.path).Err(domain.ErrConflict)
	}
	return nil
}

// Stage downloads src and stages its skill for a review, compared with the
// installed skill of its name when there is one. A source that holds
// several skills is a ChoiceError whose candidates say which are installed.
func (s *Service) Stage(ctx context.Context, p Project, src Source, progress Progress) (Staged, error) {
	st, err := s.stageSkill(ctx, p, src, updatingPrefix, progress)
	if err != nil {
		var choice *ChoiceError
		if errors.As(err, &choice) {
			s.markInstalled(p, choice)
		}
		return Staged{}, err
	}
	from, err := s.against(st)
	if err != nil {
		s.end(st)
		return Staged{}, err
	}
	return s.keep(st, from)
}

// against compares st with the installed skill of its name, if any, and
// returns where the installed one came from when that is not where st
// comes from. A folder in the way that cannot be updated is a conflict.
func (s *Service) against(st *staging) (string, error) {
	name := st.rev.Name
	existing, err := s.existing(st.dir, name)
	if err != nil || existing == "" {
		return "", err
	}
	folder, fi, err := s.installed(st.p, existing)
	if existing != name || err != nil || !fi.IsDir() {
		st.conflict = existing
		st.rev.Warnings = append(st.rev.Warnings, domain.T("a skill named {{.Name}} is already installed: remove it first to install this one", "Name", existing))
		return "", nil
	}
	lk, err := readLock(st.p)
	if err != nil {
		return "", err
	}
	next := lockEntryOf(st.src, st.rev.Folder, st.rev.Commit, st.rev.Hash)
	e, locked := lk.Skills[name]
	if err := s.compare(st, name, folder, e.Commit, next, st.src.String()); err != nil {
		return "", err
	}
	if locked && (e.Source != next.Source || e.Ref != next.Ref) {
		if src, ok := e.source(); ok {
			return src.String(), nil
		}
	}
	return "", nil
}

// markInstalled marks the candidates of choice that are installed.
func (s *Service) markInstalled(p Project, choice *ChoiceError) {
	for i, c := range choice.Candidates {
		if existing, err := s.existing(p.skillsDir(), c.Name); err == nil && existing != "" {
			choice.Candidates[i].Installed = true
		}
	}
}

// StageUpdate stages the new version of the installed skill name, from
// the source and ref the lock names, with its review (Review update…).
func (s *Service) StageUpdate(ctx context.Context, p Project, name string, progress Progress) (Staged, error) {
	st, err := s.stageUpdate(ctx, p, name, progress)
	if err != nil {
		return Staged{}, err
	}
	return s.keep(st, "")
}

// keep reads the staged SKILL.md and keeps st until it is used or
// discarded.
func (s *Service) keep(st *staging, from string) (Staged, error) {
	md, err := untrusted.ReadFile(filepath.Join(st.folder, skillFile), maxSkillMD)
	if err != nil {
		s.end(st)
		return Staged{}, err
	}
	st.md = markdownBody(string(md))
	s.stagedMu.Lock()
	s.stagedN++
	id := fmt.Sprintf("staged-%d", s.stagedN)
	if s.staged == nil {
		s.staged = map[string]*staging{}
	}
	s.staged[id] = st
	s.stagedMu.Unlock()
	out := Staged{ID: id, Review: st.rev, Markdown: st.md, InstalledFrom: from, Conflict: st.conflict}
	if st.up != nil {
		r := st.up.review
		out.Update = &r
	}
	return out, nil
}

// take removes the staging id from those kept, for p: it is used once.
func (s *Service) take(p Project, id string) (*staging, error) {
	s.stagedMu.Lock()
	st, ok := s.staged[id]
	if ok && st.p.Root == p.Root {
		delete(s.staged, id)
	}
	s.stagedMu.Unlock()
	if !ok || st.p.Root != p.Root {
		return nil, errNotStaged(id)
	}
	st.mu.Lock()
	return st, nil
}

func errNotStaged(id string) error {
	return domain.T("the reviewed skill {{.ID}} is no longer kept (it was installed, updated or discarded); review it again", "ID", id).Err(domain.ErrNotFound)
}

// InstallStaged installs the staged skill id into p exactly as it was
// reviewed, without downloading it again; a staged skill that would
// replace an installed one is updated instead (UpdateStaged). The staging
// is used up, installed or not.
func (s *Service) InstallStaged(p Project, id string) (Installed, error) {
	st, err := s.take(p, id)
	if err != nil {
		return Installed{}, err
	}
	defer st.mu.Unlock()
	defer s.end(st)
	if st.up != nil || st.conflict != "" {
		return Installed{}, domain.T("a skill named {{.Name}} is already installed; review it as an update", "Name", st.rev.Name).Err(domain.ErrConflict)
	}
	return s.installStaged(st, st.rev.Name, true, true)
}

// UpdateStaged swaps the staged skill id in for the installed one it was
// reviewed against, exactly as reviewed; afterwards the skill is off until
// turned on again. The staging is used up, applied or not.
func (s *Service) UpdateStaged(p Project, id string) (UpdateReview, error) {
	st, err := s.take(p, id)
	if err != nil {
		return UpdateReview{}, err
	}
	defer st.mu.Unlock()
	defer s.end(st)
	if st.up == nil {
		return UpdateReview{}, domain.T("no skill named {{.Name}} is installed, so there is nothing to update; install it instead", "Name", st.rev.Name).Err(domain.ErrNotFound)
	}
	if err := s.replace(st, true); err != nil {
		return UpdateReview{}, err
	}
	r := st.up.review
	r.Enabled = false
	return r, nil
}

// StagedFile reads the file rel of the staged skill id (FileText).
func (s *Service) StagedFile(p Project, id, rel string) (FileText, error) {
	s.stagedMu.Lock()
	st, ok := s.staged[id]
	s.stagedMu.Unlock()
	if !ok || st.p.Root != p.Root {
		return FileText{}, errNotStaged(id)
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.ended {
		return FileText{}, errNotStaged(id)
	}
	return readSkillFile(st.folder, rel, s.limits.PerFile)
}

// Discard deletes the staged skill id; an id no longer kept is nothing to do.
func (s *Service) Discard(id string) {
	s.stagedMu.Lock()
	st, ok := s.staged[id]
	delete(s.staged, id)
	s.stagedMu.Unlock()
	if ok {
		st.mu.Lock()
		s.end(st)
		st.mu.Unlock()
	}
}
