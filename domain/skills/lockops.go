// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
)

// Checked is one skill as Check found it (docs/cli.md §16, skill check).
type Checked struct {
	Name         string `json:"name"`
	Source       string `json:"source"`
	Commit       string `json:"commit"`        // locked
	LatestCommit string `json:"latest_commit"` // the source's now ("" when its archive does not say)
	// Update: the source's files for the skill differ from the locked ones.
	Update bool `json:"update"`
	// Error says why the skill could not be checked (zero when it was).
	Error domain.Text `json:"error,omitzero"`
}

// CheckList is the answer of Check.
type CheckList struct {
	Skills []Checked `json:"skills"`
}

// CheckProgress is told how many of the locked skills were checked.
type CheckProgress func(done, total int)

// Check downloads the current archive of each locked skill's source at its
// locked ref and compares: a ref that is a commit never moves; a ref whose
// commit is still the locked one has no update and is not read further;
// otherwise the skill's files are hashed as they stream by. A skill that
// cannot be checked says why in its Error; the others are still checked.
func (s *Service) Check(ctx context.Context, p Project, progress CheckProgress) (CheckList, error) {
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return CheckList{}, err
	}
	s.tidy(p, dir) // an install a kill left unlocked is locked, and checked
	lk, err := readLock(p)
	if err != nil {
		return CheckList{}, err
	}
	names := lk.names()
	out := CheckList{Skills: []Checked{}}
	for i, name := range names {
		if progress != nil {
			progress(i, len(names))
		}
		c, err := s.check(ctx, lk.Skills[name])
		c.Name = name
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return CheckList{}, err
			}
			c.Error = domain.Sentence(err)
		}
		out.Skills = append(out.Skills, c)
	}
	if progress != nil {
		progress(len(names), len(names))
	}
	return out, nil
}

func (s *Service) check(ctx context.Context, e LockEntry) (Checked, error) {
	c := Checked{Source: e.Source, Commit: e.Commit}
	src, ok := e.source()
	if !ok {
		return c, domain.T("it was pinned without a source, so there is nothing to check it against").Err(domain.ErrInvalid)
	}
	if isCommitID(src.Ref) {
		c.LatestCommit = src.Ref
		return c, nil
	}
	body, err := s.dl.open(ctx, src, nil)
	if err != nil {
		return c, err
	}
	defer body.Close()
	unmoved := func(commit string) bool { return e.Commit != "" && commit == e.Commit }
	x, err := extractUntil(body, src.Path, discardSink{}, s.limits, unmoved)
	if err != nil {
		return c, err
	}
	c.LatestCommit = x.commit
	if x.stopped {
		return c, nil
	}
	cand, _, err := discover(x, src)
	if err != nil {
		return c, err
	}
	// An entry Memo refuses (a link, a name, a file too large) says so, as
	// an install of it would: the version could not be installed.
	if problems := entryProblems(x, cand.Folder); len(problems) > 0 {
		problems, more := firstProblems(problems)
		return c, domain.T("its new version cannot be installed, its archive has entries Memo refuses: {{range $i, $p := .Problems}}{{if $i}}; {{end}}{{$p}}{{end}}{{.More}}", "Problems", problems, "More", more).Err(domain.ErrRefused)
	}
	hash := folderHash(x, cand.Folder)
	if hash == "" {
		return c, domain.T("the skill is larger than the limits; name its folder in the source").Err(domain.ErrRefused)
	}
	c.Update = hash != e.Hash
	return c, nil
}

// Verified is one skill as Verify found it (docs/cli.md §16, skill verify).
type Verified struct {
	Name  string `json:"name"`
	State string `json:"state"` // unchanged, modified, missing or unlocked
}

// VerifyList is the answer of Verify.
type VerifyList struct {
	Skills []Verified `json:"skills"`
}

// Verify compares each skill's files with the lock: unchanged, modified,
// missing (the lock lists it, the folder lacks it) or unlocked (installed,
// not in the lock). It downloads nothing.
func (s *Service) Verify(p Project) (VerifyList, error) {
	l, err := s.List(p)
	if err != nil {
		return VerifyList{}, err
	}
	out := VerifyList{Skills: []Verified{}}
	for _, sk := range l.Skills {
		out.Skills = append(out.Skills, Verified{Name: sk.Name, State: sk.Lock})
	}
	for _, name := range l.Missing {
		out.Skills = append(out.Skills, Verified{Name: name, State: LockMissing})
	}
	slices.SortFunc(out.Skills, func(a, b Verified) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// RestoredSkill is one skill Restore installed, or why it could not.
type RestoredSkill struct {
	Name     string      `json:"name"`
	Restored bool        `json:"restored"`
	Commit   string      `json:"commit"`
	Error    domain.Text `json:"error,omitzero"`
}

// Restoration is the answer of Restore.
type Restoration struct {
	Skills []RestoredSkill `json:"skills"`
}

// Restore installs every skill the lock lists that the folder lacks, at its
// locked commit (its ref when no commit is known), and refuses one whose
// files do not match the locked hash. Restored skills are off. When one
// cannot be restored the error says which and why; the others stay restored.
func (s *Service) Restore(ctx context.Context, p Project, progress CheckProgress) (Restoration, error) {
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return Restoration{}, err
	}
	s.tidy(p, dir)
	lk, err := readLock(p)
	if err != nil {
		return Restoration{}, err
	}
	var missing []string
	for _, name := range lk.names() {
		if _, err := os.Lstat(filepath.Join(dir, name)); errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, name)
		}
	}
	out := Restoration{Skills: []RestoredSkill{}}
	var failed []domain.Text
	for i, name := range missing {
		if progress != nil {
			progress(i, len(missing))
		}
		e := lk.Skills[name]
		r := RestoredSkill{Name: name, Commit: e.Commit}
		err := s.restore(ctx, p, name, e)
		if errors.Is(err, context.Canceled) {
			return Restoration{}, err
		}
		if err != nil {
			r.Error = domain.Sentence(err)
			failed = append(failed, domain.T("{{.What}}: {{.Error}}", "What", name, "Error", r.Error))
		}
		r.Restored = err == nil
		out.Skills = append(out.Skills, r)
	}
	if progress != nil {
		progress(len(missing), len(missing))
	}
	if len(failed) > 0 {
		return out, domain.T("{{.Failed}} of {{.Missing}} missing skills could not be restored: {{range $i, $f := .Skills}}{{if $i}}; {{end}}{{$f}}{{end}}", "Failed", len(failed), "Missing", len(missing), "Skills", failed).Err(domain.ErrRefused)
	}
	return out, nil
}

func (s *Service) restore(ctx context.Context, p Project, name string, e LockEntry) error {
	src, ok := e.source()
	if !ok {
		return domain.T("it was pinned without a source, so Memo does not know where to get it").Err(domain.ErrInvalid)
	}
	if e.Commit != "" {
		src.Ref = e.Commit // the locked commit, never what the ref names now
	}
	_, err := s.Install(ctx, p, src, InstallOptions{restore: &restoring{name: name, entry: e}})
	return err
}

// Pin records an installed skill that the lock does not list (one
// installed before the lock) as it is now: its files' hash, and the source
// its switch remembers, at no known commit.
func (s *Service) Pin(p Project, name string) (LockEntry, error) {
	folder, fi, err := s.installed(p, name)
	if err != nil {
		return LockEntry{}, err
	}
	if !fi.IsDir() {
		return LockEntry{}, domain.T("the skill's folder {{.Folder}} is a link; Memo uses only real folders", "Folder", folder).Err(domain.ErrInvalid)
	}
	lk, err := readLock(p)
	if err != nil {
		return LockEntry{}, err
	}
	if _, ok := lk.Skills[name]; ok {
		return LockEntry{}, domain.T("the skill {{.Name}} is in {{.Lock}} already", "Name", name, "Lock", LockFile).Err(domain.ErrConflict)
	}
	snap, err := readSnapshot(folder, s.limits, false)
	if err != nil {
		return LockEntry{}, err
	}
	sw, _, err := s.switches.Switch(p.ID, name)
	if err != nil {
		return LockEntry{}, err
	}
	e := LockEntry{Hash: snap.hash()}
	if src, err := ParseSource(sw.Source); err == nil {
		e.Ref = src.Ref
		if e.Ref == "" {
			e.Ref = "HEAD"
		}
		src.Ref = ""
		e.Source = src.String()
	}
	if err := updateLock(p, func(l *Lock) { l.Skills[name] = e }); err != nil {
		return LockEntry{}, err
	}
	return e, nil
}
