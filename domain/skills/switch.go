package skills

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// Remove deletes an installed skill's folder, its switch and its lock entry.
// The folder is first renamed aside, so no half-removed skill is ever seen.
// A skill the lock lists but the folder lacks is forgotten (lock and switch).
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
	if _, locked := lk.Skills[name]; missing && !locked {
		return err
	}
	dir := p.skillsDir()
	s.tidy(p, dir)
	if !missing {
		if err := s.removeFolder(folder, fi); err != nil {
			return domain.T("cannot remove the skill {{.Name}}: {{.Error}}", "Name", name, "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
	}
	if err := s.switches.DeleteSwitch(p.ID, name); err != nil {
		return err
	}
	return updateLock(p, func(l *Lock) { delete(l.Skills, name) })
}

// removeFolder removes a skill's folder (a link: the link itself, never
// what it points to). A removal killed midway leaves a removing folder that
// the next command deletes, never a half-removed skill.
func (s *Service) removeFolder(folder string, fi fs.FileInfo) error {
	if fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir() {
		return os.Remove(folder)
	}
	aside, err := newWorkDir(filepath.Dir(folder), removingPrefix)
	if err != nil {
		return err
	}
	err = os.Rename(folder, filepath.Join(aside.path, "skill"))
	if rerr := aside.remove(); err == nil {
		err = rerr
	}
	return err
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
