// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"unicode/utf8"

	"github.com/klauspost/compress/gzip"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/strictjson"
)

// TreeHash is the lock's hash of the skill folder dir (and of the hash a
// switch is pinned to): "sha256:" followed by the lowercase hexadecimal
// SHA-256 of one line per plain file of the skill's folder, in the byte
// order of the files' paths:
//
//	<lowercase hex SHA-256 of the file's bytes> "  " <path> "\n"
//
// The path is relative to the skill's folder, "/"-separated, with no leading
// "./". Folders count only through their files (an empty folder changes
// nothing); a link or anything else that is not a plain file is hashed as
// the word "symlink" or "special" in place of the digest, so that it too
// changes the hash. For a skill whose paths hold no newline or backslash
// (every installed one) the lines are what sha256sum prints, so
//
//	cd .memo/skills/NAME && find . -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum
//
// gives the same digits.
func TreeHash(dir string) (string, error) {
	snap, err := readSnapshot(dir, DefaultLimits(), false)
	if err != nil {
		return "", err
	}
	return snap.hash(), nil
}

// fileDigest is one file of a skill as its hash sees it.
type fileDigest struct {
	path   string // relative to the skill's folder, "/"-separated
	digest [sha256.Size]byte
	read   bool   // its bytes were seen (false: the hash cannot be made)
	kind   string // "" for a plain file, else what it is ("symlink", "special")
}

// hashOf is the hash of TreeHash's form over files, or "" when the bytes of
// one of them were not seen.
func hashOf(files []fileDigest) string {
	sorted := append([]fileDigest(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].path < sorted[j].path })
	h := sha256.New()
	for _, f := range sorted {
		switch {
		case f.kind != "":
			io.WriteString(h, f.kind+"  "+f.path+"\n")
		case !f.read:
			return ""
		default:
			io.WriteString(h, hex.EncodeToString(f.digest[:])+"  "+f.path+"\n")
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// snapshot is a skill's files as read once from its folder: each file's
// digest and size, and the text of its text files (for a line diff). It is
// also the copy the registry keeps of a skill as it was turned on.
type snapshot struct {
	Files []snapFile `json:"files"`
}

// snapFile is one file of a snapshot.
type snapFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256,omitempty"` // lowercase hex; "" for what is not a plain file
	Size   int64  `json:"size"`
	Kind   string `json:"kind,omitempty"` // "" for a plain file, else "symlink" or "special"
	// Text is a text file's content (valid UTF-8, no NUL, at most
	// maxKeptText bytes); nil for other files, compared by digest alone.
	Text *string `json:"text,omitempty"`
}

// Bounds of the text a snapshot keeps.
const (
	maxKeptText  = 1 << 20
	maxKeptTotal = 16 << 20
)

func (s snapshot) hash() string {
	files := make([]fileDigest, len(s.Files))
	for i, f := range s.Files {
		files[i] = fileDigest{path: f.Path, kind: f.Kind, read: f.Kind == ""}
		if _, err := hex.Decode(files[i].digest[:], []byte(f.SHA256)); err != nil && f.Kind == "" {
			files[i].read = false
		}
	}
	return hashOf(files)
}

// errTooLarge: a skill's folder holds more than the limits allow a skill.
var errTooLarge = errors.New("larger than the limits")

// readSnapshot reads the skill folder dir, never through a link (a link is
// recorded as one), within lim: a folder of more entries or bytes than a
// skill may have is refused. keep keeps the text of text files.
func readSnapshot(dir string, lim Limits, keep bool) (snapshot, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return snapshot{}, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	defer root.Close()
	var snap snapshot
	var count int
	var total, kept int64
	buf := make([]byte, 64<<10)
	sum := sha256.New()
	err = fs.WalkDir(root.FS(), ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if rel == "." {
			return nil
		}
		if count++; count > lim.Entries {
			return errTooLarge
		}
		// A junction is a link, a OneDrive file a file (filekind).
		kind, err := filekind.Entry(filepath.Join(dir, filepath.FromSlash(path.Dir(rel))), d)
		if err != nil {
			return err
		}
		switch kind {
		case filekind.Dir:
			return nil
		case filekind.Link:
			snap.Files = append(snap.Files, snapFile{Path: rel, Kind: "symlink"})
			return nil
		case filekind.File:
		default:
			snap.Files = append(snap.Files, snapFile{Path: rel, Kind: "special"})
			return nil
		}
		f, err := readFile(root, rel, sum, buf, keep && kept < maxKeptTotal, lim.Unpacked-total)
		if err != nil {
			return err
		}
		total += f.Size
		if f.Text != nil {
			kept += int64(len(*f.Text))
		}
		snap.Files = append(snap.Files, f)
		return nil
	})
	switch {
	case errors.Is(err, errTooLarge):
		return snapshot{}, domain.T("the skill's folder holds more than a skill may ({{.Entries}} files and folders, {{.Size}})", "Entries", lim.Entries, "Size", mb(lim.Unpacked)).Wrap(domain.ErrRefused, errTooLarge)
	case err != nil:
		return snapshot{}, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	sort.Slice(snap.Files, func(i, j int) bool { return snap.Files[i].Path < snap.Files[j].Path })
	return snap, nil
}

// readFile reads one plain file through root, hashing it and keeping its
// text when asked; more than room bytes is errTooLarge.
func readFile(root *os.Root, rel string, sum hash.Hash, buf []byte, keep bool, room int64) (snapFile, error) {
	f, err := root.Open(filepath.FromSlash(rel))
	if err != nil {
		return snapFile{}, err
	}
	defer f.Close()
	sum.Reset()
	var text bytes.Buffer
	w := io.Writer(sum)
	if keep {
		w = io.MultiWriter(sum, &limitedBuffer{b: &text, limit: maxKeptText})
	}
	n, err := io.CopyBuffer(w, io.LimitReader(f, room+1), buf)
	if err != nil {
		return snapFile{}, err
	}
	if n > room {
		return snapFile{}, errTooLarge
	}
	sf := snapFile{Path: rel, Size: n, SHA256: hex.EncodeToString(sum.Sum(nil))}
	if keep && n <= maxKeptText && utf8.Valid(text.Bytes()) && bytes.IndexByte(text.Bytes(), 0) < 0 {
		s := text.String()
		sf.Text = &s
	}
	return sf, nil
}

// limitedBuffer keeps the first limit bytes written and counts the rest away.
type limitedBuffer struct {
	b     *bytes.Buffer
	limit int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.limit - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// copyVersion is the version of the copy's format (encode).
const copyVersion = 1

// encode is the snapshot as the registry keeps it: gzip-compressed JSON
// {"version":1,"files":[…]}.
func (s snapshot) encode() ([]byte, error) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	err := json.NewEncoder(zw).Encode(struct {
		Version int        `json:"version"`
		Files   []snapFile `json:"files"`
	}{copyVersion, s.Files})
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	return b.Bytes(), err
}

// decodeSnapshot reads what encode wrote.
func decodeSnapshot(b []byte) (snapshot, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return snapshot{}, err
	}
	defer zr.Close()
	var v struct {
		Version int        `json:"version"`
		Files   []snapFile `json:"files"`
	}
	b, err = io.ReadAll(io.LimitReader(zr, 4*maxKeptTotal+(64<<20)))
	if err != nil {
		return snapshot{}, err
	}
	if err := strictjson.Decode(b, &v); err != nil {
		return snapshot{}, err
	}
	if v.Version != copyVersion {
		return snapshot{}, fmt.Errorf("the copy has version %d", v.Version)
	}
	return snapshot{Files: v.Files}, nil
}
