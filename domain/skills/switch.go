// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/filekind"
)

// Remove deletes an installed skill's folder, its switch and its lock entry.
// A skill the lock lists but the folder lacks is forgotten (lock and switch).
//
// The folder is first renamed into a removing folder (workdir.go) whose
// plan names it, so no half-removed skill is ever seen; taking the skill out
// of the lock is the commit point. A run killed before it leaves the skill
// whole in the removing folder, where the next command puts it back (the
// lock still lists it); a run killed after leaves it to be deleted, with its
// switch (settleRemoval). A skill the lock never listed is removed once it
// is renamed.
func (s *Service) Remove(p Project, name string) error {
	folder, fi, err := s.installed(p, name)
	missing := domain.KindOf(err) == domain.KindNotFound && errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		return err
	}
	lk, lerr := readLock(p) // a lock Memo cannot read is refused before anything is removed
	if lerr != nil {
		return lerr
	}
	_, locked := lk.Skills[name]
	if missing && !locked {
		return err
	}
	dir := p.skillsDir()
	s.tidy(p, dir)
	cannot := func(err error) error {
		return domain.T("cannot remove the skill {{.Name}}: {{.Error}}", "Name", name, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	if missing || fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir() {
		// Nothing to move aside: a link goes itself, never what it points to.
		if !missing {
			if err := os.Remove(folder); err != nil {
				return cannot(err)
			}
		}
		if err := s.switches.DeleteSwitch(p.ID, name); err != nil {
			return err
		}
		return updateLock(p, func(l *Lock) { delete(l.Skills, name) })
	}
	aside, err := newWorkDir(dir, removingPrefix)
	if err != nil {
		return cannot(err)
	}
	b, _ := json.Marshal(plan{Name: name})
	if err := atomicfile.WriteFile(filepath.Join(aside.path, updatePlan), b, 0o666); err != nil {
		aside.remove()
		return cannot(err)
	}
	if err := renameSynced(folder, filepath.Join(aside.path, removedSkill)); err != nil {
		aside.remove()
		return cannot(err)
	}
	if locked {
		if err := updateLock(p, func(l *Lock) { delete(l.Skills, name) }); err != nil {
			s.finish(p, dir, aside) // the lock still lists it: it goes back
			return err
		}
	}
	err = s.switches.DeleteSwitch(p.ID, name)
	if rerr := aside.remove(); err == nil && rerr != nil {
		err = cannot(rerr)
	}
	return err
}

// removedSkill is where a removal moves the skill in its removing folder.
const removedSkill = "skill"

// settleRemoval ends a removal that work (holding the skill name, whose
// folder was folder) was making, and reports whether work may be deleted:
// a skill the lock still lists goes back into place (the removal was never
// committed); otherwise its switch is forgotten and it goes with work. When
// the lock cannot be read (lerr), nothing is decided and work is kept.
func (s *Service) settleRemoval(p Project, work, folder, name string, lk Lock, lerr error) bool {
	skill := filepath.Join(work, removedSkill)
	if _, err := os.Lstat(skill); errors.Is(err, fs.ErrNotExist) {
		return true // never moved, or already deleted
	} else if err != nil || lerr != nil {
		return false
	}
	if _, listed := lk.Skills[name]; listed {
		return atomicfile.RenameNoReplace(skill, folder) == nil && atomicfile.SyncDir(filepath.Dir(folder)) == nil
	}
	return s.switches.DeleteSwitch(p.ID, name) == nil
}

// SetEnabled turns an installed skill on or off for this device. On pins
// the switch to the skill's files as they are now, and keeps a copy of them
// for the diff once they change; a skill List reports as broken cannot be
// turned on. It returns the hash the switch is pinned to.
func (s *Service) SetEnabled(p Project, name string, on bool) (string, error) {
	folder, fi, err := s.installed(p, name)
	if err != nil {
		return "", err
	}
	sw, _, err := s.switches.Switch(p.ID, name)
	if err != nil {
		return "", err
	}
	if !on {
		sw.Enabled = false
		return sw.Hash, s.switches.SetSwitch(p.ID, name, sw)
	}
	lk, err := readLock(p)
	if err != nil {
		return "", err
	}
	kind := filekind.Dir
	if !fi.IsDir() {
		kind = filekind.Link
	}
	l, snap, err := s.inspect(p, filepath.Dir(folder), name, kind, lk, true)
	if err != nil {
		return "", err
	}
	if !l.Problem.IsZero() {
		return "", domain.T("the skill {{.Name}} cannot be turned on: {{.Problem}}", "Name", name, "Problem", l.Problem).Err(domain.ErrRefused)
	}
	copyBytes, err := snap.encode()
	if err != nil {
		return "", err
	}
	// The copy first: a crash between the two leaves the skill off.
	if err := s.switches.SaveCopy(p.ID, name, l.Hash, copyBytes); err != nil {
		return "", err
	}
	sw.Enabled, sw.Hash = true, l.Hash
	return l.Hash, s.switches.SetSwitch(p.ID, name, sw)
}

// Drift is what changed in a skill since it was turned on (skill diff).
type Drift struct {
	Name string `json:"name"`
	// From is the hash it was turned on for; To its files now.
	From    string   `json:"from"`
	To      string   `json:"to"`
	Changes []Change `json:"changes"`
}

// ErrNoCopy is a skill with no copy of what was turned on: never turned on
// here, or turned on before Memo kept copies.
var ErrNoCopy = errors.New("no copy of what was turned on")

// Changed compares an installed skill with the copy kept when it was turned on.
func (s *Service) Changed(p Project, name string) (Drift, error) {
	folder, fi, err := s.installed(p, name)
	if err != nil {
		return Drift{}, err
	}
	if !fi.IsDir() {
		return Drift{}, domain.T("the skill's folder {{.Folder}} is a link; Memo uses only real folders", "Folder", folder).Err(domain.ErrInvalid)
	}
	hash, b, ok, err := s.switches.Copy(p.ID, name)
	if err != nil {
		return Drift{}, err
	}
	if !ok {
		return Drift{}, domain.T("no copy was kept of the skill {{.Name}} as it was turned on (it was never turned on on this device, or before Memo kept copies)", "Name", name).Wrap(domain.ErrNotFound, ErrNoCopy)
	}
	old, err := decodeSnapshot(b)
	if err != nil {
		return Drift{}, domain.T("the copy of the skill {{.Name}} kept in the registry cannot be read: {{.Error}}", "Name", name, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	now, err := readSnapshot(folder, s.limits, true)
	if err != nil {
		return Drift{}, err
	}
	return Drift{Name: name, From: hash, To: now.hash(), Changes: changes(old, now)}, nil
}
