// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
)

// Switch is what the device registry keeps about one installed skill: whether
// it is on, for which content, and where it came from. Device-local, never
// read from the folder.
type Switch struct {
	Enabled bool
	Source  string
	// Hash is the content (TreeHash) the skill was turned on for: once its
	// files no longer match, the skill is off until turned on again.
	Hash string
}

// Switches is the device registry as this service uses it, keyed by project
// id and skill name.
type Switches interface {
	// Switch returns a skill's switch; ok is false when there is none (off).
	Switch(projectID, name string) (s Switch, ok bool, err error)
	SetSwitch(projectID, name string, s Switch) error
	// DeleteSwitch forgets a skill's switch and its copy; forgetting a
	// missing one is not an error.
	DeleteSwitch(projectID, name string) error
	// SaveCopy keeps files, a copy of the skill as it was turned on for
	// hash, replacing the one kept before: the diff of a changed skill is
	// made against it.
	SaveCopy(projectID, name, hash string, files []byte) error
	// Copy returns the copy kept; ok is false when there is none.
	Copy(projectID, name string) (hash string, files []byte, ok bool, err error)
}

// Project is a project that is set up, as the caller resolved and guarded it.
type Project struct {
	ID   string
	Root string
}

func (p Project) skillsDir() string { return filepath.Join(p.Root, ".memo", "skills") }

// Service installs, lists, removes, switches and updates a project's
// skills. Its methods are synchronous; the caller chooses the goroutine.
type Service struct {
	switches Switches
	dl       downloader
	limits   Limits
	now      func() time.Time // judges the age of temporary files left by dead runs
	saved    func(event, path string)
	// fail, set by tests, makes the update step it names fail.
	fail func(step string) error

	// The skills staged for a review (staged.go), by id.
	stagedMu sync.Mutex
	staged   map[string]*staging
	stagedN  int
}

// NewService builds the service. client nil means NewHTTPClient(); base is
// MEMO_GITHUB_ARCHIVE_BASE ("" for GitHub).
func NewService(sw Switches, client *http.Client, base string) (*Service, error) {
	b, err := ArchiveBase(base)
	if err != nil {
		return nil, err
	}
	if client == nil {
		client = NewHTTPClient()
	}
	lim := DefaultLimits()
	dl := downloader{client: client, base: b, limit: lim.Download, readTimeout: ReadTimeout, deadline: DownloadDeadline}
	return &Service{switches: sw, dl: dl, limits: lim, now: time.Now}, nil
}

// File is one file of a skill as the review shows it.
type File struct {
	Path       string `json:"path"` // relative to the skill's folder
	Size       int64  `json:"size"`
	Executable bool   `json:"executable,omitempty"` // was executable in the archive
	Script     bool   `json:"script,omitempty"`     // executable, starts with #!, or an archive holding scripts or unreadable
	// ArchiveScripts are the scripts inside it when it is an archive itself
	// (read, never unpacked); ArchiveUnreadable: an archive Memo cannot read
	// (or not all of it), which may hold anything.
	ArchiveScripts    []string `json:"archive_scripts,omitempty"`
	ArchiveUnreadable bool     `json:"archive_unreadable,omitempty"`
	LFS               bool     `json:"lfs,omitempty"`
	Hidden            string   `json:"hidden,omitempty"` // hidden or bidi Unicode in its text or its name
}

// Review is what a skill is, shown before anything is installed.
type Review struct {
	Source       Source   `json:"source"`
	Name         string   `json:"name"`   // the folder it installs as
	Folder       string   `json:"folder"` // in the repository
	Description  string   `json:"description"`
	Files        []File   `json:"files"`
	Size         int64    `json:"size"`
	DroppedTools []string `json:"dropped_tools"`
	// Warnings are sentences; each prints in JSON as its English string.
	Warnings []domain.Text `json:"warnings"`
	// Commit is the commit the archive was made from ("" when it does not say).
	Commit string `json:"commit"`
	// Hash is the skill's files (TreeHash), "" when they were not all read.
	Hash string `json:"hash"`
}

// Installed is the answer of an install (docs/cli.md §15, skill add).
type Installed struct {
	Name         string        `json:"name"`
	Path         string        `json:"path"`
	DroppedTools []string      `json:"dropped_tools"`
	Warnings     []domain.Text `json:"warnings"`
	Commit       string        `json:"commit"`
	Hash         string        `json:"hash"`
}

// InstallOptions are the optional parts of an install.
type InstallOptions struct {
	Progress Progress
	// Confirm is shown the review once the skill is complete in its staging
	// folder; false cancels the install (nothing stays). nil installs.
	Confirm func(Review) bool

	// restore installs what the lock lists: under this entry's name, only
	// when the files match its hash, leaving the lock as it is.
	restore *restoring
}

// restoring is a lock entry being restored.
type restoring struct {
	name  string
	entry LockEntry
}

// ErrDeclined is Confirm saying no.
var ErrDeclined = errors.New("install declined")

// Review downloads and judges the skill src names exactly as Install would,
// and writes nothing (skill add --dry-run).
func (s *Service) Review(ctx context.Context, p Project, src Source, progress Progress) (Review, error) {
	if _, err := s.checkSkillsDir(p); err != nil {
		return Review{}, err
	}
	body, err := s.dl.open(ctx, src, progress)
	if err != nil {
		return Review{}, err
	}
	defer body.Close()
	x, err := extract(body, src.Path, discardSink{}, s.limits)
	if err != nil {
		return Review{}, err
	}
	cand, md, err := discover(x, src)
	if err != nil {
		return Review{}, err
	}
	return s.judge(x, cand, md, src)
}

// Install downloads src's archive, extracts the chosen skill into a staging
// folder under .memo/skills/ and renames it into place when it is complete
// and judged, then records it in the lock. It never overwrites a skill; the
// new skill is off.
func (s *Service) Install(ctx context.Context, p Project, src Source, opt InstallOptions) (Installed, error) {
	st, err := s.stageSkill(ctx, p, src, stagingPrefix, opt.Progress)
	if err != nil {
		return Installed{}, err
	}
	defer s.end(st)
	name := st.rev.Name
	if r := opt.restore; r != nil {
		name = r.name
		if st.rev.Hash != r.entry.Hash {
			return Installed{}, domain.T("the archive of {{.Source}} at {{.Commit}} does not hold the files the lock lists for {{.Name}} (its hash is {{.Hash}}, the lock's {{.Locked}}); nothing was installed", "Source", r.entry.Source, "Commit", orRef(r.entry), "Name", name, "Hash", st.rev.Hash, "Locked", r.entry.Hash).Err(domain.ErrRefused)
		}
	}
	if opt.Confirm != nil && !opt.Confirm(st.rev) {
		return Installed{}, domain.T("the install was cancelled; nothing was installed").Wrap(errInternal, ErrDeclined)
	}
	return s.installStaged(st, name, opt.restore == nil, false)
}

// moveIn renames the staged skill from into place at to, which must not
// exist (an error matching fs.ErrExist). Its files were fsynced as they were
// closed; its folders are synced first, so that after a crash the skill is
// either complete under its name or not there.
func (s *Service) moveIn(from, to string) error {
	if err := syncTree(from, s.saved); err != nil {
		return err
	}
	if err := atomicfile.RenameNoReplace(from, to); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return err
		}
		return domain.T("cannot move the skill into place: {{.Error}}", "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	dir := filepath.Dir(to)
	if err := atomicfile.SyncDir(dir); err != nil {
		return domain.T("cannot save {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	if s.saved != nil {
		s.saved("renamed", to)
	}
	return nil
}

// stage extracts into staging/tree (staging/tree2 when the repository was
// too large to extract whole and the chosen folder is fetched again alone)
// and returns the review and the staged skill's folder.
func (s *Service) stage(ctx context.Context, staging string, src Source, progress Progress) (Review, string, error) {
	x, tree, err := s.extractTo(ctx, staging, "tree", src, src.Path, progress)
	if err != nil {
		return Review{}, "", err
	}
	cand, md, err := discover(x, src)
	if err != nil {
		return Review{}, "", err
	}
	rev, err := s.judge(x, cand, md, src)
	if err != nil {
		return Review{}, "", err
	}
	if x.overflow && !complete(x, cand.Folder) {
		// The repository is larger than the limits but the skill is not: fetch
		// again, extracting only the skill's folder.
		again := src
		again.Path, again.Skill = cand.Folder, ""
		x, tree, err = s.extractTo(ctx, staging, "tree2", again, cand.Folder, progress)
		if err != nil {
			return Review{}, "", err
		}
		if cand, md, err = discover(x, again); err != nil {
			return Review{}, "", err
		}
		if rev, err = s.judge(x, cand, md, src); err != nil {
			return Review{}, "", err
		}
		if !complete(x, cand.Folder) {
			return Review{}, "", domain.T("the skill {{.Name}} is larger than the limits ({{.Entries}} entries, {{.Size}}); nothing was installed", "Name", rev.Name, "Entries", s.limits.Entries, "Size", mb(s.limits.Unpacked)).Err(domain.ErrRefused)
		}
	}
	return rev, filepath.Join(tree, filepath.FromSlash(rev.Folder)), nil
}

func (s *Service) extractTo(ctx context.Context, staging, name string, src Source, scope string, progress Progress) (*extraction, string, error) {
	tree := filepath.Join(staging, name)
	if err := os.Mkdir(tree, 0o777); err != nil {
		return nil, "", err
	}
	root, err := os.OpenRoot(tree)
	if err != nil {
		return nil, "", err
	}
	defer root.Close()
	body, err := s.dl.open(ctx, src, progress)
	if err != nil {
		return nil, "", err
	}
	defer body.Close()
	sy := newSyncer(s.saved)
	out := newRootSink(root)
	defer out.close()
	x, err := extract(body, scope, syncingSink{out, sy}, s.limits)
	if serr := sy.wait(); err == nil && serr != nil {
		err = serr
	}
	return x, tree, err
}

// complete: every entry of folder was written.
func complete(x *extraction, folder string) bool {
	for _, e := range x.entries {
		if inside(e.Path, folder) && !e.Written {
			return false
		}
	}
	return true
}

// orRef names what an entry was installed from: its commit, else its ref.
func orRef(e LockEntry) string {
	if e.Commit != "" {
		return e.Commit
	}
	return e.Ref
}

// checkSkillsDir returns the project's .memo/skills folder, which setup creates.
func (s *Service) checkSkillsDir(p Project) (string, error) {
	dir := p.skillsDir()
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", domain.T("{{.Root}} has no .memo/skills folder; set the project up first", "Root", p.Root).Wrap(domain.ErrRefused, err)
	case err != nil:
		return "", domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	case !fi.IsDir():
		return "", domain.T("{{.Folder}} is not a folder (a link or a file); Memo installs skills only into a real .memo/skills folder", "Folder", dir).Err(domain.ErrRefused)
	}
	return dir, nil
}

// existing finds an installed folder whose name equals name ignoring case (one
// folder on macOS and Windows).
func (s *Service) existing(dir, name string) (string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) {
			return e.Name(), nil
		}
	}
	return "", nil
}
