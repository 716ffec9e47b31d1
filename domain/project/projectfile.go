// SPDX-License-Identifier: Apache-2.0

package project

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/strictjson"
	"memo.dev/projects/domain/untrusted"
)

// MemoDir is the name of Memo's folder inside a project.
const MemoDir = guard.MemoDirName

// maxProjectFile bounds what is read of project.json: it is a few hundred bytes,
// and a huge one is not ours.
const maxProjectFile = 1 << 20

// File is .memo/project.json. Unknown fields are kept when Memo rewrites it.
type File struct {
	ID        string
	RulesHash string
	raw       map[string]json.RawMessage
}

// ParseFile validates project.json (docs/folders.md §5, item 4): a JSON object with kind
// "project" and an id of the form p_<32 hex>.
func ParseFile(b []byte) (File, error) {
	var raw map[string]json.RawMessage
	if err := strictjson.Decode(b, &raw); err != nil {
		// A key twice or in two cases would be read one way here and
		// another by a person or another program.
		return File{}, domain.T("project.json is not one Memo can read: {{.Error}}", "Error", domain.Sentence(err)).Err(domain.ErrInvalid)
	}
	if raw == nil {
		return File{}, domain.T("project.json is not a JSON object").Err(domain.ErrInvalid)
	}
	var kind, id, hash string
	if json.Unmarshal(raw["kind"], &kind) != nil || kind != "project" {
		return File{}, domain.T(`project.json has no "kind": "project"`).Err(domain.ErrInvalid)
	}
	if json.Unmarshal(raw["id"], &id) != nil || !identity.Valid(id) {
		return File{}, domain.T("project.json has no valid project id").Err(domain.ErrInvalid)
	}
	_ = json.Unmarshal(raw["rules_hash"], &hash) // optional: empty when absent
	return File{ID: id, RulesHash: hash, raw: raw}, nil
}

func newFile(id, rulesHash string) File {
	f := File{raw: map[string]json.RawMessage{}}
	f.set("kind", "project")
	f.set("version", 1)
	f.setID(id)
	f.setRulesHash(rulesHash)
	return f
}

func (f *File) set(key string, v any) {
	b, _ := json.Marshal(v) // strings and numbers always marshal
	f.raw[key] = b
}

func (f *File) setID(id string)          { f.ID = id; f.set("id", id) }
func (f *File) setRulesHash(hash string) { f.RulesHash = hash; f.set("rules_hash", hash) }

// Bytes renders the file as Memo writes it.
func (f File) Bytes() []byte {
	b, _ := json.MarshalIndent(f.raw, "", "  ")
	return append(b, '\n')
}

// readFile reads <root>/.memo/project.json as untrusted input: a plain file
// (not a link, a FIFO, a device or a folder) of at most maxProjectFile bytes.
func readFile(root string) (File, error) {
	b, err := untrusted.ReadFile(filepath.Join(root, MemoDir, "project.json"), maxProjectFile)
	if err != nil {
		return File{}, err
	}
	f, err := ParseFile(b)
	if err != nil {
		return File{}, domain.T("{{.Path}}: {{.Problem}}", "Path", filepath.Join(root, MemoDir, "project.json"), "Problem", domain.Sentence(err)).Wrap(domain.ErrInvalid, err)
	}
	return f, nil
}

func writeFile(root string, f File) error {
	return atomicfile.WriteFile(filepath.Join(root, MemoDir, "project.json"), f.Bytes(), 0o666)
}

// installEntries are the names that make a .memo look like Memo's own install.
var installEntries = []string{"bin", "binaries", "data", "config"}

// inspect describes <root>/.memo for the guard and returns its project file
// when valid. A .memo that cannot be read says why in Memo.Unreadable: it may
// be a project or not, and is left alone either way. The error is for a root
// whose own entries cannot be listed.
func inspect(root string) (guard.Memo, File, bool, error) {
	dir := filepath.Join(root, MemoDir)
	kind, _, err := filekind.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return guard.Memo{}, File{}, false, nil
	case err != nil:
		return guard.Memo{}, File{}, false, failure(err, domain.T("cannot read {{.Path}}: {{.Cause}}", "Path", root, "Cause", causeText(err)))
	}
	return inspectKind(root, kind)
}

// inspectKind is inspect once .memo's kind is known. A junction is a link; a
// OneDrive folder (irregular to Go on Windows) is a folder like any other.
func inspectKind(root string, kind filekind.Kind) (guard.Memo, File, bool, error) {
	dir := filepath.Join(root, MemoDir)
	m := guard.Memo{Exists: true}
	switch kind {
	case filekind.Link:
		m.Symlink = true
		return m, File{}, false, nil
	case filekind.Dir:
	default:
		return m, File{}, false, nil // a file named .memo: foreign
	}
	for _, name := range installEntries {
		_, err := os.Lstat(filepath.Join(dir, name))
		switch {
		case err == nil:
			m.InstallEntries = append(m.InstallEntries, name)
		case !errors.Is(err, fs.ErrNotExist):
			m.Unreadable = cause(err)
		}
	}
	f, err := readFile(root)
	switch {
	case err == nil:
		m.ValidProject = true
	case errors.Is(err, fs.ErrPermission):
		m.Unreadable = "permission denied"
	case unreadable(err):
		m.Unreadable = cause(err)
	case errors.Is(err, domain.ErrInvalid) && !errors.Is(err, untrusted.ErrSymlink) &&
		!errors.Is(err, untrusted.ErrNotRegular) && !errors.Is(err, untrusted.ErrTooLarge):
		// Read, but not a project file: perhaps this project's own, damaged.
		m.ProjectInvalid = true
	}
	return m, f, m.ValidProject, nil
}

// unreadable tells an error that says nothing about what a file holds (an I/O
// error) from one that shows the file is not Memo's: missing, not a plain
// file, too large, not a valid project.json.
func unreadable(err error) bool {
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, untrusted.ErrSymlink),
		errors.Is(err, untrusted.ErrNotRegular), errors.Is(err, untrusted.ErrTooLarge),
		errors.Is(err, domain.ErrInvalid):
		return false
	}
	return true
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// check is the guard's verdict on a folder whose .memo is memo, with the git
// directory the folder belongs to looked up on disk.
func (s *Service) check(folder string, memo guard.Memo) guard.Verdict {
	memo.GitDir = gitDirAt(folder)
	return s.guard.Check(folder, memo)
}

// gitDirAt returns the git directory that dir is or lies in, when it is one
// that is not named .git (a bare repository, or one kept apart from its work
// tree by --separate-git-dir); "" otherwise. A git directory is found as git
// finds one: a HEAD file (or link) beside objects and refs folders.
func gitDirAt(dir string) string {
	for {
		if isGitDir(dir) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func isGitDir(dir string) bool {
	head, err := os.Lstat(filepath.Join(dir, "HEAD"))
	if err != nil || head.IsDir() {
		return false
	}
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(dir, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}
