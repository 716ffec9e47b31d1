// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// MaxFileSize caps the permissions file; a larger one is not read.
const MaxFileSize = 256 << 10

// Pin is what trusting a file records (docs/permissions.md §10): the SHA-256 of the exact
// bytes and a copy of them, so that a later version can be shown as a diff.
type Pin struct {
	Hash      string
	Bytes     []byte
	TrustedAt time.Time
	// Definitions are what the file's rules ran when it was trusted
	// (definitions.go); nil for a pin made before Memo pinned them.
	Definitions []projectfiles.Definition
}

// PinStore keeps one pin per project id, device-locally (the registry). A
// copied project gets a new id and so starts untrusted.
type PinStore interface {
	// Pin returns the project's pin; ok is false when nothing was trusted.
	Pin(projectID string) (pin Pin, ok bool, err error)
	SetPin(projectID string, pin Pin) error
}

// State is the condition of a project's permissions file.
type State string

const (
	StateNoFile     State = "no_file"
	StateNotTrusted State = "not_trusted"
	StateTrusted    State = "trusted"
	StateChanged    State = "changed"
	StateInvalid    State = "invalid"
)

// Meaning says in one sentence what a state means for the agent.
func (s State) Meaning() domain.Text {
	switch s {
	case StateNoFile:
		return domain.T("There is no permissions file: every command and tool asks.")
	case StateNotTrusted:
		return domain.T("The permissions file is not trusted yet: it is ignored and everything asks until you trust it.")
	case StateTrusted:
		return domain.T("The permissions file is trusted: its rules pre-approve what they name.")
	case StateChanged:
		return domain.T("The permissions file changed since you trusted it: it is ignored and everything asks until you trust it again.")
	case StateInvalid:
		return domain.T("The permissions file has problems: it is ignored whole and everything asks until it is fixed.")
	}
	return domain.Text{}
}

// Status is a project's permissions as read once from disk.
type Status struct {
	State   State  `json:"state"`
	Exists  bool   `json:"exists"`
	Trusted bool   `json:"trusted"`
	Hash    string `json:"hash"` // SHA-256 of the current bytes, hex
	// The pin, when something was trusted before.
	TrustedHash string    `json:"trusted_hash,omitempty"`
	TrustedAt   time.Time `json:"trusted_at,omitzero"`
	Problems    []Problem `json:"problems"`
	// File is what the current file says (meaningful when valid); Effective
	// is what is granted: empty unless the state is trusted.
	File      Permissions `json:"-"`
	Effective Permissions `json:"permissions"`
	// Bytes are the current file's bytes; TrustedBytes the pinned copy.
	Bytes        []byte `json:"-"`
	TrustedBytes []byte `json:"-"`
	// Root and ProjectID are the project the Service read (ProjectID is ""
	// when the folder is not set up); Why says why no pin applies there, when
	// one cannot (not set up, moved or copied and not opened since, Minimal
	// Mode).
	Root      string      `json:"-"`
	ProjectID string      `json:"-"`
	Why       domain.Text `json:"-"`
	// TrustedDefinitions are the pin's definitions (nil: none pinned);
	// Definitions the current ones beside them, when the Service read the
	// project (the review shows them, the report lists them).
	TrustedDefinitions []projectfiles.Definition      `json:"-"`
	Definitions        []projectfiles.DefinitionState `json:"-"`
	// ReviewHash covers the file and its definitions: trusting with it
	// trusts only what was reviewed (Service.TrustReviewed).
	ReviewHash string `json:"-"`
	// NotPinned are the definitions a save or a trust did not pin because
	// the person was not shown them as they are now (changed since the
	// review, or never reviewed): their rules' lines ask until they are
	// reviewed and trusted.
	NotPinned []projectfiles.Definition `json:"-"`
	// Blocks are, per rule, the project files that make its lines ask in
	// the project root (a config, a changed definition), when the Service
	// read them.
	Blocks map[string][]projectfiles.Block `json:"-"`
	// Notes are, per rule, what the project's configuration makes it run
	// beyond its program without blocking it (config_notes.go).
	Notes map[string][]domain.Text `json:"-"`
	// cat is the catalogue the Service checks with (nil: the builtin one).
	cat *catalog.Catalog
}

// catalog is the catalogue the status's rules are checked with.
func (st Status) catalog() *catalog.Catalog {
	if st.cat == nil {
		return catalog.Builtin()
	}
	return st.cat
}

// Hash is the hex SHA-256 of b.
func Hash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Path is the permissions file of a project folder.
func Path(root string) string { return filepath.Join(root, filepath.FromSlash(FileName)) }

// Load reads the project's file once and decides its state against the pin.
func Load(root, projectID string, read projectfiles.ReadFunc, pins PinStore) (Status, error) {
	return loadParsed(root, projectID, read, pins, Parse)
}

// loadParsed is Load reading the file's bytes with parse (Parse, or the
// service's memo of it).
func loadParsed(root, projectID string, read projectfiles.ReadFunc, pins PinStore, parse func([]byte) (Permissions, []Problem)) (Status, error) {
	st := Status{Problems: []Problem{}, Effective: none()}
	pin, pinned, err := pins.Pin(projectID)
	if err != nil {
		return st, err
	}
	if pinned {
		st.TrustedHash, st.TrustedAt, st.TrustedBytes, st.TrustedDefinitions = pin.Hash, pin.TrustedAt, pin.Bytes, pin.Definitions
	}
	b, err := read(Path(root), MaxFileSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		st.State = StateNoFile
		return st, nil
	case err != nil:
		// A link, a FIFO, a huge file: there is something, and it is ignored.
		st.Exists = true
		st.State = StateInvalid
		st.Problems = append(st.Problems, Problem{Where: "file", Problem: domain.Sentence(err)})
		return st, nil
	}
	return judgeParsed(st, b, parse), nil
}

// none grants nothing; its lists are empty, not null, in JSON.
func none() Permissions {
	return Permissions{Version: Version, AllowedCommands: []string{}, AllowedTools: []string{}}
}

// judge decides the state of bytes read once against the pin in st.
func judge(st Status, b []byte) Status { return judgeParsed(st, b, Parse) }

func judgeParsed(st Status, b []byte, parse func([]byte) (Permissions, []Problem)) Status {
	st.Exists, st.Bytes, st.Hash = true, b, Hash(b)
	perms, probs := parse(b)
	if perms.AllowedCommands == nil {
		perms.AllowedCommands = []string{}
	}
	if perms.AllowedTools == nil {
		perms.AllowedTools = []string{}
	}
	st.File = perms
	switch {
	case len(probs) > 0:
		st.State, st.Problems = StateInvalid, probs
	case st.TrustedHash == "":
		st.State = StateNotTrusted
	case st.TrustedHash == st.Hash:
		st.State, st.Trusted, st.Effective = StateTrusted, true, perms
	default:
		st.State = StateChanged
	}
	return st
}

// Trust pins the project's current file: read once, validated and hashed
// from the same bytes. An invalid file is refused with every problem. It
// reads no other project file: the Service pins the definitions too.
func Trust(root, projectID string, read projectfiles.ReadFunc, pins PinStore, now time.Time) (Status, error) {
	return trust(root, projectID, read, pins, now, nil)
}

// Define reads the definitions a file's rules run (Project.AllDefinitions).
type Define func(rules []string) []projectfiles.Definition

func (d Define) of(st Status) []projectfiles.Definition {
	if d == nil {
		return []projectfiles.Definition{}
	}
	return d(st.File.AllowedCommands)
}

func trust(root, projectID string, read projectfiles.ReadFunc, pins PinStore, now time.Time, define Define) (Status, error) {
	st, err := Load(root, projectID, read, pins)
	if err != nil {
		return st, err
	}
	switch st.State {
	case StateNoFile:
		return st, nothingToTrust(Path(root))
	case StateInvalid:
		return st, InvalidError(Path(root), st.Problems)
	}
	current := define.of(st)
	return pinBytes(st, projectID, pins, now, current, current)
}

func nothingToTrust(path string) error {
	return domain.T("{{.Path}} does not exist; there is nothing to trust", "Path", path).Err(domain.ErrNotFound)
}

// Save validates content, writes it atomically with write and trusts those
// same bytes. Invalid content writes nothing.
func Save(root, projectID string, content []byte, write func(path string, data []byte) error, pins PinStore, now time.Time) (Status, error) {
	return save(root, projectID, content, write, pins, now, nil, nil)
}

// save is Save pinning, of what content's rules run (define), only what
// the person was shown (shown) or had trusted before (pinnable).
func save(root, projectID string, content []byte, write func(path string, data []byte) error, pins PinStore, now time.Time, define Define, shown []projectfiles.Definition) (Status, error) {
	st := Status{Problems: []Problem{}, Effective: none()}
	if len(content) > MaxFileSize {
		st.Problems = []Problem{{Where: "file", Problem: domain.T("the file is larger than {{.KiB}} KiB", "KiB", MaxFileSize>>10)}}
		return st, InvalidError(Path(root), st.Problems)
	}
	pin, pinned, err := pins.Pin(projectID)
	if err != nil {
		return st, err
	}
	if pinned {
		st.TrustedHash, st.TrustedAt, st.TrustedBytes, st.TrustedDefinitions = pin.Hash, pin.TrustedAt, pin.Bytes, pin.Definitions
	}
	st = judge(st, content)
	if st.State == StateInvalid {
		return st, InvalidError(Path(root), st.Problems)
	}
	if err := write(Path(root), content); err != nil {
		return st, err
	}
	current := define.of(st)
	return pinBytes(st, projectID, pins, now, current, projectfiles.Pinnable(current, shown, st.TrustedDefinitions))
}

// pinBytes pins the file of st with defs, of the current definitions of
// its rules; those defs leave out are NotPinned.
func pinBytes(st Status, projectID string, pins PinStore, now time.Time, current, defs []projectfiles.Definition) (Status, error) {
	pin := Pin{Hash: st.Hash, Bytes: append([]byte(nil), st.Bytes...), TrustedAt: now, Definitions: defs}
	if err := pins.SetPin(projectID, pin); err != nil {
		return st, err
	}
	st.TrustedHash, st.TrustedAt, st.TrustedBytes, st.TrustedDefinitions = pin.Hash, pin.TrustedAt, pin.Bytes, pin.Definitions
	st.Definitions = projectfiles.CompareDefinitions(current, defs)
	st.NotPinned = nil
	for _, d := range st.Definitions {
		if d.State != projectfiles.DefUnchanged && d.State != projectfiles.DefRemoved {
			st.NotPinned = append(st.NotPinned, d.Definition)
		}
	}
	st.State, st.Trusted, st.Effective = StateTrusted, true, st.File
	return st, nil
}

// FileError is the error for a permissions file with problems: kind
// invalid, every problem in the sentence and in Problems, for the faces that
// list them (the HTTP API's error answer).
type FileError struct {
	Path     string
	Problems []Problem
}

func (e *FileError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return fmt.Sprintf("%s cannot be trusted until fixed: %s", e.Path, strings.Join(lines, "; "))
}

// Unwrap makes the error of kind invalid.
func (e *FileError) Unwrap() error { return domain.ErrInvalid }

// InvalidError is the error for a file with problems: a *FileError.
func InvalidError(path string, probs []Problem) error {
	return &FileError{Path: path, Problems: probs}
}
