// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/strictjson"
	"memo.dev/projects/domain/untrusted"
)

// LockFile is the lock's path in a project, committed with it (docs/skills.md §11).
const LockFile = ".memo/skills-lock.json"

// lockVersion is the format of the lock this Memo reads and writes.
const lockVersion = 1

// maxLockFile bounds the lock read: a project's file is untrusted input.
const maxLockFile = 4 << 20

// Lock is .memo/skills-lock.json: for each installed skill where it came
// from and what its files were. Its JSON is
//
//	{"version":1,"skills":{"NAME":{"source":…,"ref":…,"commit":…,"hash":…}}}
type Lock struct {
	Version int                  `json:"version"`
	Skills  map[string]LockEntry `json:"skills"`
}

// LockEntry is one skill of the lock.
type LockEntry struct {
	// Source is where the skill is, in a form ParseSource reads, without a
	// ref: owner/repo/folder for a skill Memo installed; "" for a skill
	// pinned without one, which can be verified but not updated or restored.
	Source string `json:"source"`
	// Ref is the branch, tag or commit asked for ("HEAD" for the default branch).
	Ref string `json:"ref"`
	// Commit is the commit the archive was made from ("" when unknown).
	Commit string `json:"commit"`
	// Hash is the skill's files as installed (TreeHash).
	Hash string `json:"hash"`
}

// source is the entry's source at its ref, or ok false when it has none.
func (e LockEntry) source() (Source, bool) {
	if e.Source == "" {
		return Source{}, false
	}
	src, err := lockedSource(e.Source, e.Ref)
	if err != nil {
		return Source{}, false
	}
	return src, true
}

// lockEntryOf is the entry for a skill installed from src: its folder in
// the repository where the source chose it.
func lockEntryOf(src Source, folder, commit, hash string) LockEntry {
	at := Source{Owner: src.Owner, Repo: src.Repo, Path: folder}
	ref := src.Ref
	if ref == "" {
		ref = "HEAD"
	}
	return LockEntry{Source: at.String(), Ref: ref, Commit: commit, Hash: hash}
}

func lockPath(p Project) string { return filepath.Join(p.Root, filepath.FromSlash(LockFile)) }

// readLock reads the project's lock as untrusted input: a missing lock is
// empty; one that is not exactly of the format is an error naming what is
// wrong, and nothing is written over it.
func readLock(p Project) (Lock, error) {
	path := lockPath(p)
	b, err := untrusted.ReadFile(path, maxLockFile)
	if errors.Is(err, fs.ErrNotExist) {
		return Lock{Version: lockVersion, Skills: map[string]LockEntry{}}, nil
	}
	if err != nil {
		return Lock{}, err
	}
	// Skills is a pointer so that a lock without "skills", or with
	// "skills": null, is told from one with no skills: it is not a lock
	// Memo wrote, and writing over it would drop what it holds.
	var l struct {
		Version *int                  `json:"version"`
		Skills  *map[string]LockEntry `json:"skills"`
	}
	if err := strictjson.Decode(b, &l); err != nil {
		return Lock{}, badLock(path, domain.Sentence(err))
	}
	switch {
	case l.Version == nil:
		return Lock{}, badLock(path, domain.T("it has no \"version\""))
	case *l.Version != lockVersion:
		return Lock{}, badLock(path, domain.T("it has version {{.Version}}, and this Memo reads version {{.Known}}", "Version", *l.Version, "Known", lockVersion))
	case l.Skills == nil || *l.Skills == nil:
		return Lock{}, badLock(path, domain.T("it has no \"skills\" object (an empty lock is {\"version\": 1, \"skills\": {}})"))
	}
	lk := Lock{Version: *l.Version, Skills: *l.Skills}
	for name, e := range lk.Skills {
		if problem := e.problem(name); !problem.IsZero() {
			return Lock{}, badLock(path, domain.T("its entry {{.Name}} {{.Problem}}", "Name", quoteShort(name), "Problem", problem))
		}
	}
	return lk, nil
}

func badLock(path string, why domain.Text) error {
	return domain.T("{{.Path}} is not a skills lock Memo can use: {{.Why}}; fix it or remove it (git checkout restores a committed one)", "Path", path, "Why", why).Err(domain.ErrInvalid)
}

// problem says what is wrong with the entry for name (zero when nothing is).
func (e LockEntry) problem(name string) domain.Text {
	switch {
	case !ValidName(name):
		return domain.T("is not a skill name")
	case !isTreeHash(e.Hash):
		return domain.T("has a hash that is not sha256: and 64 hexadecimal digits")
	case e.Commit != "" && !isCommitID(e.Commit):
		return domain.T("has a commit that is not 40 or 64 hexadecimal digits")
	case e.Source == "":
		if e.Ref != "" || e.Commit != "" {
			return domain.T("has a ref or a commit but no source")
		}
		return domain.Text{}
	}
	if _, err := lockedSource(e.Source, e.Ref); err != nil {
		return domain.T("has a source or ref Memo cannot use: {{.Error}}", "Error", domain.Sentence(err))
	}
	return domain.Text{}
}

func isTreeHash(s string) bool {
	digits, ok := strings.CutPrefix(s, "sha256:")
	return ok && len(digits) == 64 && strings.Trim(digits, "0123456789abcdef") == ""
}

// writeLock writes l atomically, keys sorted and indented for a readable
// diff in version control.
func writeLock(p Project, l Lock) error {
	l.Version = lockVersion
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	path := lockPath(p)
	if err := atomicfile.WriteFile(path, append(b, '\n'), 0o666); err != nil {
		return domain.T("cannot write {{.Path}}: {{.Error}}", "Path", path, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	return nil
}

// updateLock reads the lock again just before it changes it, so that
// another command's change made meanwhile is kept, and writes it with
// change applied.
func updateLock(p Project, change func(l *Lock)) error {
	l, err := readLock(p)
	if err != nil {
		return err
	}
	change(&l)
	return writeLock(p, l)
}

// names is the lock's skill names, sorted.
func (l Lock) names() []string {
	out := make([]string, 0, len(l.Skills))
	for n := range l.Skills {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
