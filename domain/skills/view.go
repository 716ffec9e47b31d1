// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/untrusted"
)

// Shown is an installed skill as the app's View shows it: its SKILL.md's
// Markdown (front matter removed) and its files.
type Shown struct {
	Name        string
	Description string
	Markdown    string
	Files       []File
}

// Show reads the installed skill name of the project at path. SKILL.md is
// read as untrusted input; no link is followed.
func (m *Manager) Show(path, name string) (Shown, error) {
	p, err := m.named(path, name)
	if err != nil {
		return Shown{}, err
	}
	folder, fi, err := m.skills.installed(p, name)
	if err != nil {
		return Shown{}, err
	}
	if !fi.IsDir() {
		return Shown{}, domain.T("the skill's folder {{.Folder}} is a link; Memo uses only real folders", "Folder", folder).Err(domain.ErrInvalid)
	}
	md, err := untrusted.ReadFile(filepath.Join(folder, skillFile), maxSkillMD)
	if err != nil {
		return Shown{}, err
	}
	sh := Shown{Name: name, Markdown: markdownBody(string(md))}
	if meta, err := ParseSkillMD(md); err == nil {
		sh.Description = meta.Description
	}
	_ = filepath.WalkDir(folder, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(folder, p)
		f := File{Path: filepath.ToSlash(rel)}
		if info, err := d.Info(); err == nil {
			f.Size = info.Size()
		}
		sh.Files = append(sh.Files, f)
		return nil
	})
	sort.Slice(sh.Files, func(i, j int) bool { return sh.Files[i].Path < sh.Files[j].Path })
	return sh, nil
}

// markdownBody is SKILL.md without its front matter (shown apart, as name
// and description); a file without front matter is all body.
func markdownBody(text string) string {
	text = strings.ReplaceAll(strings.TrimPrefix(text, "\ufeff"), "\r\n", "\n")
	if !strings.HasPrefix(text, "---\n") {
		return text
	}
	rest := text[4:]
	for _, marker := range []string{"\n---\n", "\n...\n"} {
		if i := strings.Index("\n"+rest, marker); i >= 0 {
			return strings.TrimLeft(rest[i+len(marker)-1:], "\n")
		}
	}
	return text
}
