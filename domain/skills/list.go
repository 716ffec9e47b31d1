// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/untrusted"
)

// States of a listed skill.
const (
	StateOn  = "on"
	StateOff = "off"
	// StateChanged: turned on, but its files changed since (an update, a
	// hand edit, a git pull): off until turned on again.
	StateChanged = "changed"
	// StateBroken: it cannot be used (Problem says why).
	StateBroken = "broken"
)

// Lock states of a skill (skill verify).
const (
	LockUnchanged = "unchanged"
	LockModified  = "modified"
	LockMissing   = "missing"
	LockUnlocked  = "unlocked"
)

// Listed is one installed skill (docs/cli.md §15, skill list).
type Listed struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Enabled: it enters the prompt (on, and its files are the ones it was
	// turned on for).
	Enabled      bool     `json:"enabled"`
	DroppedTools []string `json:"dropped_tools"`
	Source       string   `json:"source"`
	Size         int64    `json:"size"`
	State        string   `json:"state"` // on, off, changed, broken
	Lock         string   `json:"lock"`  // unchanged, modified or unlocked
	Ref          string   `json:"ref,omitempty"`
	Commit       string   `json:"commit,omitempty"` // the locked commit
	Hash         string   `json:"hash,omitempty"`   // its files now (TreeHash)
	// Problem says why the skill cannot be used (zero when it can).
	Problem domain.Text `json:"problem,omitzero"`
}

// SkillList is the answer of List (docs/cli.md §15, skill list): the installed
// skills, and those the lock lists that the folder lacks (skill restore).
type SkillList struct {
	Skills  []Listed `json:"skills"`
	Missing []string `json:"missing"`
}

// List returns the project's skills by name. A folder's SKILL.md is read as
// untrusted input; the switch comes from the registry only.
func (s *Service) List(p Project) (SkillList, error) {
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return SkillList{}, err
	}
	s.tidy(p, dir)
	lk, err := readLock(p)
	if err != nil {
		return SkillList{}, err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return SkillList{}, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	out := SkillList{Skills: []Listed{}, Missing: []string{}}
	seen := map[string]bool{}
	for _, e := range ents {
		name := e.Name()
		kind, err := filekind.Entry(dir, e) // a junction is a link, a OneDrive folder a folder
		if err != nil {
			return SkillList{}, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", filepath.Join(dir, name), "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
		if strings.HasPrefix(name, ".") || kind != filekind.Dir && kind != filekind.Link {
			continue // work folders, stray files
		}
		l, _, err := s.inspect(p, dir, name, kind, lk, false)
		if err != nil {
			return SkillList{}, err
		}
		seen[name] = true
		out.Skills = append(out.Skills, l)
	}
	for _, name := range lk.names() {
		if !seen[name] {
			out.Missing = append(out.Missing, name)
		}
	}
	return out, nil
}

// inspect reads the skill name in dir, of kind, as List shows it, and the
// snapshot of its files (with their text when keep).
func (s *Service) inspect(p Project, dir, name string, kind filekind.Kind, lk Lock, keep bool) (Listed, snapshot, error) {
	l := Listed{Name: name, DroppedTools: []string{}, Lock: LockUnlocked}
	sw, _, err := s.switches.Switch(p.ID, name)
	if err != nil {
		return Listed{}, snapshot{}, err
	}
	l.Source = sw.Source
	entry, locked := lk.Skills[name]
	if locked {
		l.Ref, l.Commit = entry.Ref, entry.Commit
		if entry.Source != "" {
			l.Source = entry.Source
		}
	}
	var snap snapshot
	folder := filepath.Join(dir, name)
	switch {
	case !ValidName(name):
		l.Problem = domain.T("its folder's name is not a skill name (1–64 of a-z, 0-9 and single hyphens)")
	case kind == filekind.Link:
		l.Problem = domain.T("the skill's folder is a link; Memo uses only real folders")
	default:
		if snap, err = readSnapshot(folder, s.limits, keep); err != nil {
			l.Problem = domain.Sentence(err)
			break
		}
		l.Hash = snap.hash()
		for _, f := range snap.Files {
			l.Size += f.Size
		}
		l.Problem = s.readMeta(folder, &l)
	}
	if locked {
		l.Lock = LockModified
		if l.Hash == entry.Hash {
			l.Lock = LockUnchanged
		}
	}
	switch {
	case !l.Problem.IsZero():
		l.State = StateBroken
	case sw.Enabled && sw.Hash == l.Hash:
		l.State, l.Enabled = StateOn, true
	case sw.Enabled:
		l.State = StateChanged
	default:
		l.State = StateOff
	}
	return l, snap, nil
}

// readMeta reads the skill's SKILL.md into l and says why it makes the
// skill unusable (zero when it does not).
func (s *Service) readMeta(folder string, l *Listed) domain.Text {
	md, err := untrusted.ReadFile(filepath.Join(folder, skillFile), maxSkillMD)
	if err != nil {
		return domain.Sentence(err)
	}
	meta, err := ParseSkillMD(md)
	if err != nil {
		return domain.Sentence(err)
	}
	l.Description = meta.Description
	if len(meta.DroppedTools) > 0 {
		l.DroppedTools = meta.DroppedTools
	}
	return meta.problem()
}

// installed resolves an installed skill's folder from a name a person typed,
// judged as a skill name first: it is never joined as a path.
func (s *Service) installed(p Project, name string) (string, fs.FileInfo, error) {
	if err := CheckName(name); err != nil {
		return "", nil, err
	}
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return "", nil, err
	}
	folder := filepath.Join(dir, name)
	fi, err := os.Lstat(folder)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, domain.T("no skill named {{.Name}} in {{.Root}}", "Name", name, "Root", p.Root).Wrap(domain.ErrNotFound, err)
	}
	if err != nil {
		return "", nil, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", folder, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	return folder, fi, nil
}
