// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"errors"
	"io/fs"
	"path/filepath"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
	folder "memo.dev/projects/domain/project"
	"memo.dev/projects/domain/untrusted"
)

// Folders is what the service asks of the project service (*project.Service):
// which project a path is in, and opening it (docs/identity.md §3) before trusting.
type Folders interface {
	Status(path string) (folder.Status, error)
	Register(path string) (folder.Status, identity.Event, error)
}

// Records finds where the registry holds a project id (*persistence.Registry).
type Records interface {
	ByID(id string) (folder.Record, bool, error)
}

// Service is a project's permissions as every face uses them (CLI, window,
// HTTP API): each call takes a folder path. It is safe for concurrent use.
type Service struct {
	folders Folders
	records Records
	pins    PinStore
	read    projectfiles.ReadFunc
	write   func(path string, data []byte) error
	git     projectfiles.GitFS
	now     func() time.Time
	// cache keeps the project files the checks read (configs, scripts),
	// shared by every check; each entry is checked against the file.
	cache *projectfiles.Cache
	// userCatalog is the catalogue with the user's entries (UseCatalog).
	userCatalog serviceCatalog
}

// NewService reads project files with the bounded reader, writes them
// atomically, and reads git's configuration with home for `~/` includes.
func NewService(folders Folders, records Records, pins PinStore, home string, now func() time.Time) *Service {
	cache := projectfiles.NewCache(now)
	_ = cache.Watch() // where the system cannot report changes, every check reads again
	return &Service{
		folders: folders, records: records, pins: pins, now: now,
		read:  untrusted.ReadFile,
		write: func(path string, data []byte) error { return atomicfile.WriteFile(path, data, 0o644) },
		git:   projectfiles.OSGitFS(home),
		cache: cache,
	}
}

// Close frees what following file changes holds (an inotify instance on
// Linux); the service still answers after it, reading every check again.
func (s *Service) Close() error { return s.cache.Close() }

// Why a folder's pin is not consulted.
var (
	whyNotSetUp  = domain.T("this folder is not set up as a Memo project, so no permissions file applies here")
	whyElsewhere = domain.T("this project was trusted at another path and has not been opened here yet (moved or copied): open it in Memo, then trust its permissions file")
	whyMinimal   = domain.T("Minimal Mode is on: Memo reads no project files, so everything asks")
)

// noPins is the pin store of a folder whose pins do not apply.
type noPins struct{}

func (noPins) Pin(string) (Pin, bool, error) { return Pin{}, false, nil }
func (noPins) SetPin(string, Pin) error      { return whyNotSetUp.Err(domain.ErrRefused) }

// folder answers which project path is in; a folder the guard refuses is
// refused here too.
func (s *Service) folder(path string) (folder.Status, error) {
	proj, err := s.folders.Status(path)
	if err != nil {
		return proj, err
	}
	if !proj.Allowed {
		if proj.Reason == "" {
			return proj, domain.T("{{.Root}} may not be a Memo project", "Root", proj.Root).Err(domain.ErrRefused)
		}
		// The guard's own sentence; the window words refused folders from
		// their reason code before this tab is ever shown.
		return proj, domain.Refused("%s", proj.Reason)
	}
	return proj, nil
}

// pinsFor says which pins apply to a project: its own, only when it is set
// up and the registry holds its id at this very folder. An id read from a
// folder that was copied or moved and not opened since is not this folder's
// yet (a clone can carry any id): nothing it pinned applies.
func (s *Service) pinsFor(proj folder.Status) (PinStore, domain.Text, error) {
	switch {
	case !proj.SetUp:
		return noPins{}, whyNotSetUp, nil
	case proj.ID == "":
		// Status withholds the id of a copy that has no id of its own yet.
		return noPins{}, whyElsewhere, nil
	}
	rec, found, err := s.records.ByID(proj.ID)
	if err != nil {
		return nil, domain.Text{}, err
	}
	if !found || rec.Path != proj.Root {
		return noPins{}, whyElsewhere, nil
	}
	return s.pins, domain.Text{}, nil
}

// Show is a project's permissions file as read once now: its state against
// the pin, what is in effect, every problem, and the bytes on both sides of
// the diff. It writes nothing.
func (s *Service) Show(path string) (Status, error) {
	st, err := s.load(path)
	if err == nil {
		s.describe(&st)
	}
	return st, err
}

// load is Show without what the review adds (what the rules run, what
// blocks each, the review hash): what a check needs.
func (s *Service) load(path string) (Status, error) {
	proj, err := s.folder(path)
	if err != nil {
		return Status{}, err
	}
	pins, why, err := s.pinsFor(proj)
	if err != nil {
		return Status{}, err
	}
	st, err := loadParsed(proj.Root, proj.ID, s.read, pins, s.parse)
	st.Root, st.ProjectID, st.Why = proj.Root, proj.ID, why
	if why.Template == whyNotSetUp.Template {
		st.ProjectID = ""
	}
	st.cat = s.cat()
	return st, err
}

// Pending says whether a project's permissions file waits for review: it
// exists and is not the version trusted (changed since, never trusted, or
// unreadable as a plain file). It is cheap enough for every visible row of
// the project list: one bounded read and a hash, no parsing. A folder that
// is not set up, or is in Minimal Mode, has nothing to review.
func (s *Service) Pending(path string) (bool, error) {
	proj, err := s.folder(path)
	if err != nil {
		return false, err
	}
	if !proj.SetUp || (!proj.Enabled && proj.ID != "") {
		return false, nil
	}
	pins, _, err := s.pinsFor(proj)
	if err != nil {
		return false, err
	}
	b, err := s.read(Path(proj.Root), MaxFileSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return true, nil // a link, a FIFO, a huge file: ignored, and worth a look
	}
	pin, pinned, err := pins.Pin(proj.ID)
	if err != nil {
		return false, err
	}
	if !pinned || pin.Hash != Hash(b) {
		return true, nil
	}
	return s.definitionsPending(proj.Root, b, pin), nil
}

// Report is `permissions PATH` (docs/cli.md §13).
func (s *Service) Report(path string) (Report, error) {
	st, err := s.Show(path)
	if err != nil {
		return Report{}, err
	}
	return st.Report(), nil
}

// Diff is `permissions diff PATH`: the last trusted version against the
// current file, as unified text.
func (s *Service) Diff(path string) (string, error) {
	st, err := s.Show(path)
	if err != nil {
		return "", err
	}
	return st.UnifiedDiff()
}

// open registers the folder (following a move, giving a copy its own id)
// and answers the project whose pin a trust writes.
func (s *Service) open(path string) (folder.Status, error) {
	proj, err := s.folder(path)
	if err != nil {
		return proj, err
	}
	if !proj.SetUp {
		return proj, domain.T("{{.Root}} is not set up as a Memo project: set the project up first", "Root", proj.Root).Err(domain.ErrRefused)
	}
	proj, _, err = s.folders.Register(proj.Root)
	if err != nil {
		return proj, err
	}
	if proj.ID == "" {
		return proj, domain.T("{{.Root}} has no project id: set the project up first", "Root", proj.Root).Err(domain.ErrRefused)
	}
	return proj, nil
}

// Trust pins the project's file as it is on disk now. An invalid file is
// refused with every problem (a *FileError); a missing one is not found.
func (s *Service) Trust(path string) (Status, error) {
	proj, err := s.open(path)
	if err != nil {
		return Status{}, err
	}
	st, err := trust(proj.Root, proj.ID, s.read, s.pins, s.now(), s.define(proj.Root))
	st.Root, st.ProjectID = proj.Root, proj.ID
	return s.described(st, err)
}

// TrustReviewed is Trust for a person who reviewed one version: it pins the
// file only while it still has that hash. A file that changed since (a model
// or a git pull wrote it a moment before) is refused as a conflict, so only
// what was seen is ever trusted. hash is the file's SHA-256, or the
// review's (Status.ReviewHash), which also covers the definitions the rules
// run: with it, a definition that changed since the review is a conflict
// too.
func (s *Service) TrustReviewed(path, hash string) (Status, error) {
	proj, err := s.open(path)
	if err != nil {
		return Status{}, err
	}
	st, err := Load(proj.Root, proj.ID, s.read, s.pins)
	st.Root, st.ProjectID = proj.Root, proj.ID
	if err != nil {
		return st, err
	}
	s.describe(&st)
	switch {
	case st.State == StateNoFile:
		return st, nothingToTrust(Path(proj.Root))
	case st.Hash != hash && st.ReviewHash != hash:
		return st, changedSinceReview(st)
	case st.State == StateInvalid:
		return st, InvalidError(Path(proj.Root), st.Problems)
	}
	current := currentDefinitions(st)
	shown := current
	if hash != st.ReviewHash {
		// The file's own hash covers none of what its rules run: of
		// that, only what was trusted before is pinned again.
		shown = nil
	}
	return s.described(pinBytes(st, proj.ID, s.pins, s.now(), current, projectfiles.Pinnable(current, shown, st.TrustedDefinitions)))
}

// Save validates content, writes it atomically as the project's file and
// trusts those same bytes. Of what the rules run it pins only what was
// trusted before (SaveReviewed): a script that changed since, or that a new
// rule runs, is not pinned, and its rule asks until it is reviewed and
// trusted (Status.NotPinned). Invalid content writes nothing and is refused
// with every problem (a *FileError).
func (s *Service) Save(path string, content []byte) (Status, error) {
	return s.SaveReviewed(path, content, "")
}

// SaveReviewed is Save for a person who wrote content while shown a review
// of the project (Status.ReviewHash of Show, as the editor was opened on):
// it trusts the bytes they wrote and, of what the rules run, only what that
// review showed or what was trusted before. When the project is no longer
// as reviewed (a script changed since, the file was rewritten), the review
// tells nothing of what it is now: only what was trusted before is pinned.
// reviewed may be "" (no review: the same).
func (s *Service) SaveReviewed(path string, content []byte, reviewed string) (Status, error) {
	proj, err := s.open(path)
	if err != nil {
		return Status{}, err
	}
	shown := s.reviewed(proj, reviewed)
	st, err := save(proj.Root, proj.ID, content, s.write, s.pins, s.now(), s.define(proj.Root), shown)
	st.Root, st.ProjectID = proj.Root, proj.ID
	return s.described(st, err)
}

// reviewed is what a review showed: the definitions of the project as it is
// now, when hash is the review hash of the project now; none otherwise.
func (s *Service) reviewed(proj folder.Status, hash string) []projectfiles.Definition {
	if hash == "" {
		return nil
	}
	st, err := Load(proj.Root, proj.ID, s.read, s.pins)
	if err != nil {
		return nil
	}
	st.Root = proj.Root
	s.describe(&st)
	if st.ReviewHash == "" || st.ReviewHash != hash {
		return nil
	}
	return currentDefinitions(st)
}

// CheckCommand is `check-command PATH LINE`: only the trusted rules of the
// project approve, and only while its repository's git configuration and
// hooks cannot turn the line into another program.
func (s *Service) CheckCommand(path, line string) (verdict.Verdict, error) {
	st, err := s.enabled(path)
	if err != nil {
		return verdict.Verdict{}, err
	}
	p := verdict.NewProject(st.Root, lineFolder(st.Root, path), s.git, s.cache)
	if st.State == StateTrusted {
		p = p.WithPinned(st.TrustedDefinitions)
	}
	v := st.noRuleReason(s.checker(st).CheckIn(line, p))
	if !st.Why.IsZero() && v.Reason.Template == noRuleApplies {
		v.Reason = domain.T("no rule applies: {{.Why}}", "Why", st.Why)
	}
	return v, nil
}

// lineFolder is the folder a line runs in: path when it is inside the
// project, else the project root.
func lineFolder(root, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return root
	}
	if _, ok := projectfiles.RelInside(root, abs); !ok {
		return root
	}
	return abs
}

// CheckTool is `check-tool PATH TOOL`.
func (s *Service) CheckTool(path, tool string) (verdict.ToolVerdict, error) {
	st, err := s.enabled(path)
	if err != nil {
		return verdict.ToolVerdict{}, err
	}
	v := st.CheckTool(tool)
	if !st.Why.IsZero() && v.Reason.Template == noToolApplies {
		v.Reason = domain.T("no tool is pre-approved: {{.Why}}", "Why", st.Why)
	}
	return v, nil
}

// enabled is Show for the checks: in Minimal Mode nothing is read and
// nothing is granted.
func (s *Service) enabled(path string) (Status, error) {
	proj, err := s.folder(path)
	if err != nil {
		return Status{}, err
	}
	// Set up yet not enabled: Minimal Mode, unless the id was withheld (a
	// copy without an id of its own, which Show reports as such).
	if proj.SetUp && !proj.Enabled && proj.ID != "" {
		return Status{Root: proj.Root, State: StateNoFile, Effective: none(), Problems: []Problem{}, Why: whyMinimal}, nil
	}
	// A check needs the state and the rules in effect, not the review.
	return s.load(path)
}
