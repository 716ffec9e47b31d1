// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/strictjson"
	"memo.dev/projects/domain/untrusted"
)

// An update works in an updating folder (workdir.go):
//
//	tree/…     the new version, staged and fsynced
//	plan.json  {"name","hash"}: the skill and the hash of the new version
//	old        the old version, renamed aside
//
// The steps are: stage; write the plan; rename the skill to old; rename the
// new version into place; write the lock (the commit point); turn the
// switch off; delete the folder. A failure before the switch puts the old
// version back and the lock as it was. A run killed at any point leaves the
// old version whole: in place, or in old, where the next command (tidy)
// puts it back unless the lock already names the new version.
const (
	updatePlan = "plan.json"
	updateOld  = "old"
	updateNew  = "new" // where a rollback moves a new version that was in place
)

// plan is what an updating folder is for.
type plan struct {
	Name string `json:"name"`
	Hash string `json:"hash"` // of the new version
	// Install makes it an install's plan (installStaged), in a staging or
	// updating folder: what to record once the skill is in place.
	Install *installPlan `json:"install,omitempty"`
}

// installPlan is what an install records after its rename into place: the
// skill's switch (off, with its source) and its lock entry. A run killed
// after the rename leaves the plan beside the rest of its archive, and the
// next command (settleInstall) records them, so the skill is never left
// installed but unlocked.
type installPlan struct {
	Source string    `json:"source"` // the switch's
	Lock   LockEntry `json:"lock"`
}

// UpdateOptions are the optional parts of Update.
type UpdateOptions struct {
	// DryRun downloads and reviews the new version and writes nothing.
	DryRun   bool
	Progress Progress
	// Confirm is shown the review before anything changes; false cancels
	// (nothing changes). nil updates.
	Confirm func(UpdateReview) bool
}

// UpdateReview is the answer of Update (docs/cli.md §16, skill update): the new
// version against the skill's folder as it is.
type UpdateReview struct {
	Name string `json:"name"`
	// From and To are the locked commit and the new one ("" when unknown).
	From    string   `json:"from"`
	To      string   `json:"to"`
	Changes []Change `json:"changes"`
	// Warnings are the review's of the new version.
	Warnings     []domain.Text `json:"warnings"`
	DroppedTools []string      `json:"dropped_tools"`
	// Enabled: whether the skill enters the prompt afterwards (never after
	// an update: it is off until turned on again).
	Enabled bool   `json:"enabled"`
	Hash    string `json:"hash"` // of the new version
	DryRun  bool   `json:"dry_run,omitempty"`
}

// Update downloads the source the lock names for the skill at the ref it
// names, reviews the new version against the installed one and, unless
// DryRun, swaps it in atomically. The skill is off afterwards.
func (s *Service) Update(ctx context.Context, p Project, name string, opt UpdateOptions) (UpdateReview, error) {
	st, err := s.stageUpdate(ctx, p, name, opt.Progress)
	if err != nil {
		return UpdateReview{}, err
	}
	defer s.end(st)
	r := st.up.review
	if opt.DryRun {
		r.DryRun = true
		return r, nil
	}
	r.Enabled = false
	if opt.Confirm != nil && !opt.Confirm(r) {
		return UpdateReview{}, domain.T("the update was cancelled; nothing changed").Wrap(errInternal, ErrDeclined)
	}
	if err := s.replace(st, false); err != nil {
		return UpdateReview{}, err
	}
	return r, nil
}

// updatable is the lock's entry for name and its source at its ref, or why
// the skill cannot be updated.
func updatable(lk Lock, name string) (LockEntry, Source, error) {
	entry, ok := lk.Skills[name]
	if !ok {
		return LockEntry{}, Source{}, domain.T("the skill {{.Name}} is not in {{.Lock}} (it was installed before the lock); pin this version first", "Name", name, "Lock", LockFile).Err(domain.ErrInvalid)
	}
	src, ok := entry.source()
	if !ok {
		return LockEntry{}, Source{}, domain.T("the skill {{.Name}} was pinned without a source, so Memo does not know where to update it from", "Name", name).Err(domain.ErrInvalid)
	}
	return entry, src, nil
}

// swap puts the staged new version in place of folder, commits it in the
// lock and turns the switch off; on a failure it puts everything back
// (oldEntry nil: the lock had no entry for the skill).
func (s *Service) swap(p Project, work *workDir, folder, staged string, pl plan, oldEntry *LockEntry, newEntry LockEntry, sw Switch) error {
	name := pl.Name
	failed := func(err error) error {
		return domain.T("the update of {{.Name}} failed, the old version is in place: {{.Error}}", "Name", name, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	b, _ := json.Marshal(pl)
	if err := s.step("plan", func() error { return atomicfile.WriteFile(filepath.Join(work.path, updatePlan), b, 0o666) }); err != nil {
		return failed(err)
	}
	old := filepath.Join(work.path, updateOld)
	if err := s.step("aside", func() error { return renameSynced(folder, old) }); err != nil {
		return failed(err)
	}
	if err := s.step("swap", func() error { return s.moveIn(staged, folder) }); err != nil {
		return s.rollback(p, work, folder, false, failed(err))
	}
	if err := s.step("lock", func() error {
		return updateLock(p, func(l *Lock) { l.Skills[name] = newEntry })
	}); err != nil {
		return s.rollback(p, work, folder, true, failed(err))
	}
	sw.Enabled = false
	if err := s.step("switch", func() error { return s.switches.SetSwitch(p.ID, name, sw) }); err != nil {
		if lerr := updateLock(p, func(l *Lock) {
			if oldEntry == nil {
				delete(l.Skills, name)
			} else {
				l.Skills[name] = *oldEntry
			}
		}); lerr != nil {
			return domain.T("the update of {{.Name}} is in place but its switch could not be turned off ({{.Error}}), and the lock could not be put back ({{.Lock}})", "Name", name, "Error", domain.Sentence(err), "Lock", domain.Sentence(lerr)).Wrap(errInternal, err)
		}
		return s.rollback(p, work, folder, true, failed(err))
	}
	return nil
}

// step runs one step of an update, unless a test made it fail.
func (s *Service) step(name string, do func() error) error {
	if s.fail != nil {
		if err := s.fail(name); err != nil {
			return err
		}
	}
	return do()
}

// rollback puts the old version, kept in work, back at folder (moving the
// new version out of the way first when it was in place) and returns cause.
func (s *Service) rollback(p Project, work *workDir, folder string, newInPlace bool, cause error) error {
	if err := putBack(work.path, folder, newInPlace); err != nil {
		return domain.T("{{.Cause}}; and putting the old version back failed too ({{.Error}}): it is kept in {{.Kept}}, and the next command puts it back", "Cause", domain.Sentence(cause), "Error", domain.Sentence(err), "Kept", filepath.Join(work.path, updateOld)).Wrap(errInternal, cause)
	}
	return cause
}

// putBack moves work/old back to folder; newInPlace first moves what is at
// folder (the new version) to work/new.
func putBack(work, folder string, newInPlace bool) error {
	old := filepath.Join(work, updateOld)
	if _, err := os.Lstat(old); errors.Is(err, fs.ErrNotExist) {
		return nil // the old version never left
	}
	if newInPlace {
		if err := renameSynced(folder, filepath.Join(work, updateNew)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if err := atomicfile.RenameNoReplace(old, folder); err != nil {
		return err
	}
	return atomicfile.SyncDir(filepath.Dir(folder))
}

// renameSynced renames and makes the rename durable in both folders.
func renameSynced(from, to string) error {
	if err := os.Rename(from, to); err != nil {
		return err
	}
	if err := atomicfile.SyncDir(filepath.Dir(to)); err != nil {
		return err
	}
	return atomicfile.SyncDir(filepath.Dir(from))
}

// finish ends this run's work folder: an update's old version goes back
// unless the update was committed, then the folder is deleted; an old
// version that could not be put back stays there for tidy.
func (s *Service) finish(p Project, dir string, work *workDir) {
	if s.settle(p, dir, work) {
		work.remove()
		return
	}
	work.lock.Release()
}

// tidy makes .memo/skills whole after runs that died, in every project
// whatever version of Memo made its work folders: it takes each work folder
// whose run is dead (claimWork), puts back the old version an interrupted
// update kept aside (unless the lock names the new one) or the skill an
// interrupted removal moved (unless the lock no longer lists it), then
// deletes the folder; and it deletes the temporary files of a lock write
// that died. Best effort: what it cannot do now it tries again next time.
func (s *Service) tidy(p Project, dir string) {
	atomicfile.RemoveStale(filepath.Dir(dir), []string{filepath.Base(LockFile)}, s.now())
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var root *os.Root
	for _, e := range ents {
		// ReadDir reports a link as a link, never as the folder it points to.
		if !e.IsDir() || !isWorkName(e.Name()) {
			continue
		}
		if root == nil {
			if root, err = os.OpenRoot(dir); err != nil {
				return
			}
			defer root.Close()
		}
		w, ok := claimWork(root, dir, e.Name())
		if !ok {
			continue
		}
		if s.settle(p, dir, w) {
			removeWork(root, e.Name(), w.lock)
		} else {
			w.lock.Release()
		}
	}
}

// settle makes whole the skill a work folder this run holds was working on,
// and reports whether the folder may now be deleted. Its plan says what
// that was; without one nothing was moved yet (or, in an updating folder
// an older version was deleting, the plan went first: that update was
// committed and what is left of its old version is to go).
func (s *Service) settle(p Project, dir string, w *workDir) bool {
	b, err := untrusted.ReadFile(filepath.Join(w.path, updatePlan), 4096)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	var pl plan
	if err != nil || strictjson.Decode(b, &pl) != nil || !ValidName(pl.Name) {
		return false // kept, out of git's sight: nothing Memo cannot read is deleted
	}
	folder := filepath.Join(dir, pl.Name)
	lk, lerr := readLock(p)
	if strings.HasPrefix(filepath.Base(w.path), removingPrefix) {
		return s.settleRemoval(p, w.path, folder, pl.Name, lk, lerr)
	}
	if pl.Install != nil {
		return s.settleInstall(p, folder, pl, lk, lerr)
	}
	if committed := lerr == nil && lk.Skills[pl.Name].Hash == pl.Hash; !committed {
		_, err := os.Lstat(folder)
		if putBack(w.path, folder, err == nil) != nil {
			return false // kept: the next command tries again
		}
	}
	return true
}

// settleInstall ends an install whose plan pl a work folder holds, and
// reports whether the folder may be deleted. A skill in place whose files
// are the ones the plan names was renamed in by that install: what the run
// did not record yet is recorded now (its switch, off, unless it has one;
// its lock entry), as a completed install would have. Nothing is recorded
// when the rename never happened, when the folder there is not the one the
// install made (its files changed since: it stays, listed as unlocked), or
// when the lock already has an entry of that name. When the lock cannot be
// read or written, or the plan's entry is not one Memo writes, the folder
// is kept for the next command.
func (s *Service) settleInstall(p Project, folder string, pl plan, lk Lock, lerr error) bool {
	e := pl.Install.Lock
	if lerr != nil || e.Hash != pl.Hash || !e.problem(pl.Name).IsZero() {
		return false
	}
	if _, locked := lk.Skills[pl.Name]; locked {
		return true // committed, or the name was locked since: nothing to add
	}
	fi, err := os.Lstat(folder)
	if errors.Is(err, fs.ErrNotExist) {
		return true // killed before the rename: the staged files go with the folder
	}
	if err != nil {
		return false
	}
	if !fi.IsDir() {
		return true
	}
	snap, err := readSnapshot(folder, s.limits, false)
	if err != nil || snap.hash() != pl.Hash {
		return err == nil
	}
	if _, ok, err := s.switches.Switch(p.ID, pl.Name); err != nil {
		return false
	} else if !ok && s.switches.SetSwitch(p.ID, pl.Name, Switch{Enabled: false, Source: pl.Install.Source}) != nil {
		return false
	}
	return updateLock(p, func(l *Lock) {
		if _, ok := l.Skills[pl.Name]; !ok {
			l.Skills[pl.Name] = e
		}
	}) == nil
}
