// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// A redirection to or from a file (docs/permissions.md §3): bash opens the
// file itself, before the command runs, following every link on the way.
// The target must be a path inside the project, outside .git and .memo,
// with no `..` (bash resolves it after the links, not as written); written,
// it must be a regular file of one name or not exist yet in a folder of the
// project; read, a regular file.

func notRegular(word string) domain.Text {
	return domain.T("`{{.Word}}` is not a regular file (a folder, a FIFO, a device)", "Word", word)
}

// RedirectTarget is the file a redirection's word opens, absolute, with the
// links of its folders followed, or why it asks. write: the file is
// written (`>`), else read (`<`).
func (p *Project) RedirectTarget(word string, write bool) (string, domain.Text) {
	if slices.Contains(splitPath(word), "..") {
		return "", domain.T("`{{.Word}}` holds `..`: bash follows the links before it, so Memo does not read where it leads", "Word", word)
	}
	abs := word
	if !filepath.IsAbs(abs) {
		if filepath.VolumeName(abs) != "" || strings.HasPrefix(abs, `\`) {
			return "", outsideReason(word)
		}
		abs = filepath.Join(p.Dir, abs)
	}
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	switch {
	case !ok || rel == ".":
		return "", outsideReason(word)
	case ProtectedPart(rel):
		return "", ProtectedReason(word)
	}
	// The folder, links followed; the name itself is not followed when
	// written (a link asks), and is when read.
	dir, ok := p.resolve(filepath.Dir(rel))
	if !ok {
		return "", outsideReason(word)
	}
	if kind, _, err := p.lstat(filepath.Join(p.Root, dir)); err != nil || kind != filekind.Dir {
		return "", domain.T("`{{.Word}}` is not in a folder of the project", "Word", word)
	}
	real := filepath.Join(dir, filepath.Base(rel))
	if !write {
		if real, ok = p.resolve(real); !ok {
			return "", outsideReason(word)
		}
	}
	if ProtectedPart(real) {
		return "", ProtectedReason(word)
	}
	full := filepath.Join(p.Root, real)
	kind, fi, err := p.lstat(full)
	switch {
	case err != nil && write && isNotExist(err):
		return full, domain.Text{} // bash creates it
	case err != nil:
		return "", notRegular(word)
	case kind == filekind.Link:
		return "", domain.T("`{{.Word}}` is a link: what it names can change after the check", "Word", word)
	case kind != filekind.File:
		return "", notRegular(word)
	}
	if write {
		if n, ok := hardLinks(fi); !ok || n != 1 {
			return "", domain.T("`{{.Word}}` has other names (hard links), which may be outside the project", "Word", word)
		}
	}
	return full, domain.Text{}
}

// Reads runs fn on a copy of p that records the folder entries it reads
// (memo.go), and tells of a path whether fn read it, or listed its folder.
// The repository's git check (Git) is not recorded: it reads .git, which no
// path may name.
func (p *Project) Reads(fn func(q *Project)) func(path string) bool {
	q := *p
	q.rec = &recorder{deps: map[dep]bool{}}
	fn(&q)
	// Names compared as Windows and macOS would (case, trailing dots and
	// spaces ignored): `> makefile` there writes Makefile.
	read := map[dep]bool{}
	for d := range q.rec.deps {
		p.rec.add(d)
		read[foldDep(d.dir, d.name)] = true
	}
	return func(path string) bool {
		dir, name := filepath.Dir(path), filepath.Base(path)
		return read[foldDep(dir, name)] || read[foldDep(dir, "")]
	}
}

// foldDep is an entry as compared; a listing (name "") stays apart from
// a name of dots and spaces alone.
func foldDep(dir, name string) dep {
	if name == "" {
		return dep{strings.ToLower(dir), "/"}
	}
	if t := strings.TrimRight(name, ". "); t != "" {
		name = t
	}
	return dep{strings.ToLower(dir), strings.ToLower(name)}
}
