// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"bytes"
	"errors"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/untrusted"
)

// FileText is one file of a skill as the window shows it: read-only text,
// never handed to a program (a downloaded script opened by the desktop's
// file opener could run).
type FileText struct {
	Path string
	Size int64
	// Text is the file's text, its first maxShownText bytes at most (cut
	// at a character); RevealHidden shows what hides in it.
	Text string
	// Binary: a NUL byte in its first bytes, as git judges it: Head holds
	// its first bytes instead of Text.
	Binary bool
	Head   []byte
	// Cut: Text (or Head) is the start of a longer file.
	Cut bool
}

// Bounds of what a FileText holds: a window shows text of this size at
// once; the start of a binary file says what it is.
const (
	maxShownText = 256 << 10
	binaryHead   = 4 << 10
)

// ShowFile reads the file rel of the installed skill name of the project
// at path (View).
func (m *Manager) ShowFile(path, name, rel string) (FileText, error) {
	p, err := m.named(path, name)
	if err != nil {
		return FileText{}, err
	}
	return m.skills.ShowFile(p, name, rel)
}

// ShowFile reads the file rel of the installed skill name.
func (s *Service) ShowFile(p Project, name, rel string) (FileText, error) {
	folder, fi, err := s.installed(p, name)
	if err != nil {
		return FileText{}, err
	}
	if !fi.IsDir() {
		return FileText{}, domain.T("the skill's folder {{.Folder}} is a link; Memo uses only real folders", "Folder", folder).Err(domain.ErrInvalid)
	}
	return readSkillFile(folder, rel, s.limits.PerFile)
}

// readSkillFile reads rel, a "/"-separated path inside the skill folder
// (as the files' list names them), at most limit bytes. It is read as
// untrusted input: rel must be a plain relative path, no folder on the way
// may be a link (the file is in the skill's folder itself), and the file
// must be a plain file.
func readSkillFile(folder, rel string, limit int64) (FileText, error) {
	if !fs.ValidPath(rel) || rel == "." || strings.ContainsAny(rel, `\:`) {
		return FileText{}, domain.T("{{.Path}} is not the path of a file in a skill", "Path", strconv.Quote(rel)).Err(domain.ErrInvalid)
	}
	parts := strings.Split(rel, "/")
	at := folder
	for _, part := range parts[:len(parts)-1] {
		at = filepath.Join(at, part)
		kind, _, err := filekind.Lstat(at)
		if errors.Is(err, fs.ErrNotExist) {
			return FileText{}, domain.T("{{.Path}} does not exist", "Path", at).Wrap(domain.ErrNotFound, err)
		}
		if err != nil {
			return FileText{}, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", at, "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
		if kind != filekind.Dir {
			return FileText{}, domain.T("{{.Path}} is not a folder (a link, or a file); Memo reads only the skill's own files", "Path", at).Err(domain.ErrInvalid)
		}
	}
	b, err := untrusted.ReadFile(filepath.Join(folder, filepath.FromSlash(rel)), limit)
	if err != nil {
		return FileText{}, err
	}
	return fileText(rel, b), nil
}

// fileText is the FileText of the bytes b of the file rel.
func fileText(rel string, b []byte) FileText {
	ft := FileText{Path: rel, Size: int64(len(b))}
	if bytes.IndexByte(b[:min(len(b), binaryProbe)], 0) >= 0 {
		ft.Binary = true
		ft.Head = b[:min(len(b), binaryHead)]
		ft.Cut = len(b) > binaryHead
		return ft
	}
	if len(b) > maxShownText {
		cut := maxShownText
		// Back to the start of the character the limit cuts (at most 3 bytes).
		for i := 0; i < utf8.UTFMax-1 && cut > 0 && !utf8.RuneStart(b[cut]); i++ {
			cut--
		}
		b, ft.Cut = b[:cut], true
	}
	ft.Text = string(b)
	return ft
}
