// SPDX-License-Identifier: Apache-2.0

// Package project answers what a folder is to Memo and sets it up
// (docs/folders.md, docs/identity.md): status, opening (register), setup,
// the "never" answer and Minimal Mode.
package project

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/pathname"
	"memo.dev/projects/domain/realpath"
)

// Record is what the device registry keeps about one project id.
type Record struct {
	ID         string
	Path       string // where the project is, or was last seen when Gone
	Declined   bool
	LastOpened time.Time
	// Written: the id has been written into a project.json (docs/identity.md §7). It
	// then belongs to the folder whose project.json holds it, and Path only
	// says where that folder was; an id never written stays with its path.
	Written bool
	// Gone: another project took Path. The record is kept, with everything
	// else stored under its id (trust pins, skill switches, memories), for
	// when its folder is found again or a person reconnects it.
	Gone bool
	// Folder names the folder at Path on disk when it was last opened there
	// (folderKey; "" when unknown), so that a folder whose project.json was
	// edited to another id is still known as this project (docs/identity.md §8).
	Folder string
}

// Registry is the device-local registry (data/projects.db) as this service
// uses it. A path has at most one record that is not Gone: the folder's.
type Registry interface {
	// ByPath returns the record of the project at a folder (never a Gone one).
	ByPath(path string) (Record, bool, error)
	// ByID returns the record that holds a project id, Gone or not.
	ByID(id string) (Record, bool, error)
	// Former returns the Gone records last seen at path, most recently
	// opened first.
	Former(path string) ([]Record, error)
	// Claim stores rec unless its path already has a record (not Gone),
	// and returns the record now stored: of two concurrent claims of one
	// folder, one wins. An id held by another record is a conflict.
	Claim(rec Record) (Record, error)
	// Put stores recs together, each under its id: a record of that id is
	// updated in place, so two projects can exchange their paths (a swap)
	// and keep all that is stored under their ids. A record of another id at
	// a path one of recs takes becomes Gone (kept, last seen there).
	Put(recs ...Record) error
	// SetDeclined records or clears the "Never for this folder" answer.
	SetDeclined(path string, declined bool) error
	// List returns every folder's record (none Gone), most recently opened first.
	List() ([]Record, error)
	// Forget removes a folder's record (not the Gone ones last seen there);
	// the folder itself is untouched.
	Forget(path string) error
	// Lock excludes every other Lock holder, in this process or another,
	// until the returned function is called.
	Lock() (unlock func(), err error)
}

// Settings is the store of this device's Minimal Mode switch (docs/folders.md §8),
// kept in the device registry's file but apart from the folders: the
// registry answers which folder is which, settings how this device behaves.
// Trust pins (docs/permissions.md §10), skill switches (docs/skills.md §3)
// and the API token get small stores of their own in the same way, each
// declared where it is used.
type Settings interface {
	// Minimal reports whether Minimal Mode is on (off when never set).
	Minimal() (bool, error)
	SetMinimal(on bool) error
}

// Status is the answer of docs/folders.md §2 about a folder.
type Status struct {
	Root     string `json:"root"`
	ID       string `json:"id"`
	Name     string `json:"name"`
	SetUp    bool   `json:"set_up"`
	Declined bool   `json:"declined"`
	Allowed  bool   `json:"allowed"`
	Reason   string `json:"reason"`
	// ReasonCode and ReasonArgs name the guard's rule and its values
	// (guard.Code), so a window can word Reason in the reader's language.
	ReasonCode guard.Code        `json:"reason_code,omitempty"`
	ReasonArgs map[string]string `json:"reason_args,omitempty"`
	Enabled    bool              `json:"enabled"`
	ShouldAsk  bool              `json:"should_ask"`
	// Note says why project features are off in an allowed, set-up folder
	// (a copy that has no id of its own yet), its values kept apart so a
	// window can word it (JSON prints the English sentence); empty otherwise.
	Note domain.Text `json:"note,omitzero"`
}

// Service is the project-folder service. Its methods are synchronous and safe
// for concurrent use.
type Service struct {
	guard    guard.Rules
	registry Registry
	settings Settings
	now      func() time.Time
	disk     disk
}

// disk is how a path a person gives becomes a folder: the machine's file
// system, or in tests a fake case-insensitive Mac volume.
type disk struct {
	stat    func(string) (fs.FileInfo, error)
	resolve func(string) (string, error) // realpath.Resolve: links, junctions, stored spelling
	key     func(string) string          // folderKey; nil: no folder has a key
}

func osDisk() disk { return disk{stat: os.Stat, resolve: realpath.Resolve, key: folderKey} }

// folderKey names the folder at path on disk, "" when unknown.
func (d disk) folderKey(path string) string {
	if d.key == nil {
		return ""
	}
	return d.key(path)
}

// NewService builds the service from one machine's guard rules, the registry,
// the device settings and a clock.
func NewService(rules guard.Rules, reg Registry, settings Settings, now func() time.Time) *Service {
	return &Service{guard: rules, registry: reg, settings: settings, now: now, disk: osDisk()}
}

// Resolve turns path into an absolute, cleaned, symlink-resolved folder,
// spelled as the disk stores it (so a Mac's /users/ann/repo is
// /Users/ann/repo, one registry record), or an invalid-input error a person
// understands.
func Resolve(path string) (string, error) { return osDisk().folder(path) }

// ErrNotFolder is the cause when a path names a file where a folder is
// needed (a file dropped on the window, say): callers word it themselves.
var ErrNotFolder = errors.New("not a folder")

func (d disk) folder(path string) (string, error) {
	if err := pathname.Check(path); err != nil {
		return "", err
	}
	if path == "" {
		return "", domain.T("no folder given").Err(domain.ErrInvalid)
	}
	if !filepath.IsAbs(path) {
		return "", domain.T("{{.Path}} is not an absolute path", "Path", strconv.Quote(path)).Err(domain.ErrInvalid)
	}
	fi, err := d.stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", domain.T("{{.Path}} does not exist", "Path", path).Wrap(domain.ErrInvalid, fs.ErrNotExist)
	case errors.Is(err, fs.ErrPermission):
		return "", domain.T("{{.Path}} cannot be read: permission denied", "Path", path).Because(domain.ErrRefused, err)
	case err != nil:
		return "", domain.T("{{.Path}} cannot be read: {{.Reason}}", "Path", path, "Reason", domain.Reason(err)).Because(domain.ErrInvalid, err)
	case !fi.IsDir():
		return "", domain.T("{{.Path}} is a file, not a folder", "Path", path).Wrap(domain.ErrInvalid, ErrNotFolder)
	}
	real, err := d.resolve(path) // junctions too, on Windows
	if err != nil {
		return "", domain.T("{{.Path}} cannot be resolved: {{.Reason}}", "Path", path, "Reason", domain.Reason(err)).Because(domain.ErrInvalid, err)
	}
	return real, nil
}

// findRoot returns the project root for dir, the resolved form of path, and
// the guard's verdict when the way there is refused already.
//
// A path at or below a .memo (as given, or resolved) belongs to the folder
// holding that .memo when it is that folder's own valid project .memo: picking
// repo/.memo/skills is picking repo. Any other .memo (foreign, install-like,
// linked, or reached through a link) makes the path refused: Memo never makes
// a project inside one, nor writes through a link named .memo.
//
// Otherwise it walks up from dir to the nearest folder with a valid
// project.json, stopping at the first folder the guard refuses; without one,
// dir is the root. An ancestor whose .memo is foreign or cannot be read is
// passed by, as the guard treats a folder below one (another user's Memo
// install in a home Memo may read but not its .memo must not refuse a
// project further down).
func (s *Service) findRoot(path, dir string) (string, guard.Verdict) {
	for _, p := range []string{filepath.Clean(path), dir} {
		owner, ok := s.guard.MemoOwner(p)
		if !ok {
			continue
		}
		real, err := s.disk.resolve(owner)
		if err != nil {
			return dir, s.guard.CheckPath(p)
		}
		memo, _, valid, err := inspect(real)
		if err != nil || !valid || !s.check(real, memo).Allowed {
			return dir, s.guard.CheckPath(p)
		}
		return real, guard.Verdict{Allowed: true}
	}
	for d := dir; s.guard.CheckPath(d).Allowed; {
		if _, _, valid, _ := inspect(d); valid {
			return d, guard.Verdict{Allowed: true}
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return dir, guard.Verdict{Allowed: true}
}

// Status answers docs/folders.md §2 and writes nothing anywhere.
func (s *Service) Status(path string) (Status, error) {
	v, err := s.status(path)
	return v.Status, err
}

// view is a status answer with what it was made from, for register and files.
type view struct {
	Status
	file  File
	sight identity.Sighting // where the registry has file.ID (set up only)
	held  Record            // the registry's record of file.ID, when sight.Registered
	here  Record            // the record of the project at Root (not Gone), when hasHere
	// hasHere: the registry has a record at Root that is not Gone.
	hasHere bool
	copy    bool // file.ID is live in another folder: this is a copy
	// edited: project.json holds another id than the one registered for
	// this very folder (here): it was edited, and here.ID is the folder's.
	edited bool
	// enabled is what Status.Enabled would be if this folder had its own id.
	enabled bool
}

// refusal is the guard's refusal of st's folder as an error: the reason,
// what to do, and the reason code (guard.Verdict.Err).
func (st Status) refusal() error {
	return guard.Verdict{Reason: st.Reason, Code: st.ReasonCode, Args: st.ReasonArgs}.Err()
}

func (s *Service) status(path string) (view, error) {
	dir, err := s.disk.folder(path)
	if err != nil {
		return view{}, err
	}
	root, pre := s.findRoot(path, dir)
	memo, file, valid, err := inspect(root)
	if err != nil {
		return view{}, err
	}
	v := pre
	if v.Allowed {
		v = s.check(root, memo)
	}
	st := Status{Root: root, Name: filepath.Base(root), SetUp: valid, Allowed: v.Allowed, Reason: v.Reason,
		ReasonCode: v.Code, ReasonArgs: v.Args}
	rec, found, err := s.registry.ByPath(root)
	if err != nil {
		return view{}, err
	}
	out := view{file: file, here: rec, hasHere: found}
	// The record at Root is this folder's own when the folder carries its
	// id, or when the id was never written into a project.json (it stays
	// with its path). A written id whose project.json is not here tells
	// only where that project was: this folder is another, with no id yet.
	own := found && !rec.Written
	switch {
	case valid && found && rec.ID != file.ID && s.editedHere(rec, root):
		// The registry knows this folder as rec's project: the id in its
		// project.json is an edit, which opening it undoes.
		st.ID, own, out.edited = rec.ID, true, true
	case valid:
		st.ID = file.ID
		own = found && rec.ID == file.ID
		if err := s.sight(&out, root); err != nil {
			return view{}, err
		}
	case own:
		st.ID = rec.ID
	}
	st.Declined = own && rec.Declined
	minimal, err := s.Minimal()
	if err != nil {
		return view{}, err
	}
	st.Enabled = st.Allowed && st.SetUp && !minimal
	st.ShouldAsk = st.Allowed && !st.SetUp && !st.Declined && !minimal
	out.enabled = st.Enabled
	if out.copy && st.Allowed {
		// The id belongs to the original until this folder has its own:
		// presenting it here would let two folders share one memory.
		st.ID, st.Enabled = "", false
		st.Note = domain.T("This folder is a copy of the project at {{.Original}} and has no id of its own yet; "+
			"project features stay off here until opening it gives it one.", "Original", out.sight.At)
	}
	out.Status = st
	return out, nil
}

// editedHere reports whether root is the very folder the record rec, which
// the registry has at root, was made for, with rec's id written into its
// project.json: then a project.json there holding another id was edited (by
// hand, or put back from git), not brought by another project's folder.
// Without a folder key (an older record, a system that cannot tell one
// folder from another put at its path) it is never so; a key stored before
// the generation number was read still names its folder (identity.SameFolder).
func (s *Service) editedHere(rec Record, root string) bool {
	return rec.Written && identity.SameFolder(rec.Folder, s.disk.folderKey(root))
}

// Decline records "Never for this folder" (or undoes it) for the folder's root.
func (s *Service) Decline(path string, declined bool) (Status, error) {
	st, _, err := s.Register(path)
	if err != nil {
		return Status{}, err
	}
	if err := s.registry.SetDeclined(st.Root, declined); err != nil {
		return Status{}, err
	}
	return s.Status(st.Root)
}

// List returns the registered folders, most recently opened first.
func (s *Service) List() ([]Record, error) { return s.registry.List() }

// Forget removes a folder from the registry without touching the folder.
func (s *Service) Forget(path string) error { return s.registry.Forget(path) }

// Badge is the state the projects list shows for a registered folder.
type Badge string

const (
	BadgeSetUp      Badge = "set up"
	BadgeNotSetUp   Badge = "not set up"
	BadgeNever      Badge = "never"
	BadgeNotAllowed Badge = "not allowed"
	BadgeMissing    Badge = "folder missing"
)

// BadgeOf tells the list state of a registered folder. It writes nothing.
func (s *Service) BadgeOf(path string) Badge {
	return BadgeFor(s.Status(path))
}

// BadgeFor is the list state of a status answer: a folder that is gone is
// missing; one that cannot be read (or any other failure) is not allowed.
func BadgeFor(st Status, err error) Badge {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return BadgeMissing
	case err != nil || !st.Allowed:
		return BadgeNotAllowed
	case st.SetUp:
		return BadgeSetUp
	case st.Declined:
		return BadgeNever
	}
	return BadgeNotSetUp
}

// Minimal reports whether Minimal Mode is on (docs/folders.md §8).
func (s *Service) Minimal() (bool, error) { return s.settings.Minimal() }

// SetMinimal turns Minimal Mode on or off.
func (s *Service) SetMinimal(on bool) error { return s.settings.SetMinimal(on) }

// PreambleLine is the session-start line of docs/folders.md §7.
const PreambleLine = "This folder is a Memo project: before anything else, read .memo/AGENTS.md with your tools."

// Preamble returns the session-start line, or "" when project features are off here.
func (s *Service) Preamble(path string) (string, error) {
	st, err := s.Status(path)
	if err != nil || !st.Enabled {
		return "", err
	}
	return PreambleLine, nil
}

// Identity returns the id of the project at path when Memo can trust it: the
// folder is allowed and has an id of its own (set up, or registered by
// opening it). Otherwise it is a refusal saying why, never "": a project
// chat's memory pool is decided from this answer alone, so a folder without a
// trusted id gets no memory, never the global pool. It writes nothing.
func (s *Service) Identity(path string) (string, error) {
	st, err := s.Status(path)
	switch {
	case err != nil:
		return "", err
	case !st.Allowed:
		return "", domain.Refusal(string(st.ReasonCode), st.ReasonArgs, domain.T("{{.Reason}} Chats there get no memory.", "Reason", st.Reason))
	case st.ID == "" && !st.Note.IsZero():
		return "", domain.T("{{.Note}} Until then its chats get no memory.", "Note", st.Note).Err(domain.ErrRefused)
	case st.ID == "":
		return "", domain.T("{{.Root}} has no project id yet, so it has no memory: open it or set it up first", "Root", st.Root).Err(domain.ErrRefused)
	}
	return st.ID, nil
}
