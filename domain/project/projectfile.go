package project

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/identity"
)

// MemoDir is the name of Memo's folder inside a project.
const MemoDir = ".memo"

// maxProjectFile bounds what is read of project.json: it is a few hundred bytes,
// and a huge one is not ours.
const maxProjectFile = 1 << 20

// File is .memo/project.json. Unknown fields are kept when Memo rewrites it.
type File struct {
	ID        string
	RulesHash string
	raw       map[string]json.RawMessage
}

// ParseFile validates project.json (SPEC §2.4): a JSON object with kind
// "project" and an id of the form p_<32 hex>.
func ParseFile(b []byte) (File, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || raw == nil {
		return File{}, errors.New("project.json is not a JSON object")
	}
	var kind, id, hash string
	if json.Unmarshal(raw["kind"], &kind) != nil || kind != "project" {
		return File{}, errors.New(`project.json has no "kind": "project"`)
	}
	if json.Unmarshal(raw["id"], &id) != nil || !identity.Valid(id) {
		return File{}, errors.New("project.json has no valid project id")
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

// readFile reads <root>/.memo/project.json without following a symbolic link
// (a link could point anywhere; such a .memo is foreign).
func readFile(root string) (File, error) {
	p := filepath.Join(root, MemoDir, "project.json")
	fi, err := os.Lstat(p)
	if err != nil {
		return File{}, err
	}
	if !fi.Mode().IsRegular() {
		return File{}, fmt.Errorf("%s is not a regular file", p)
	}
	fh, err := os.Open(p)
	if err != nil {
		return File{}, err
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, maxProjectFile+1))
	if err != nil {
		return File{}, err
	}
	if len(b) > maxProjectFile {
		return File{}, errors.New("project.json is too large")
	}
	return ParseFile(b)
}

func writeFile(root string, f File) error {
	return atomicfile.WriteFile(filepath.Join(root, MemoDir, "project.json"), f.Bytes(), 0o644)
}

// installEntries are the names that make a .memo look like Memo's own install.
var installEntries = []string{"bin", "binaries", "data", "config"}

// inspect describes <root>/.memo for the guard and returns its project file when valid.
func inspect(root string) (guard.Memo, File, bool, error) {
	dir := filepath.Join(root, MemoDir)
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return guard.Memo{}, File{}, false, nil
	case err != nil:
		return guard.Memo{}, File{}, false, fmt.Errorf("cannot read %s: %w", root, err)
	}
	m := guard.Memo{Exists: true}
	if fi.Mode()&fs.ModeSymlink != 0 || fi.Mode()&fs.ModeIrregular != 0 {
		m.Symlink = true // a junction shows as irregular on Windows
		return m, File{}, false, nil
	}
	if !fi.IsDir() {
		return m, File{}, false, nil // a file named .memo: foreign
	}
	for _, name := range installEntries {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			m.InstallEntries = append(m.InstallEntries, name)
		}
	}
	f, err := readFile(root)
	m.ValidProject = err == nil
	return m, f, m.ValidProject, nil
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
