// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// Project is the folder a line runs in, for the checks that read the disk:
// the paths its words name, through the links the project holds; the
// repository's remotes; its git configuration and hooks; the configs that
// make a program run another (blocks.go) and the definitions the rules run
// (definitions.go). Files are read through its Cache, which is shared by
// every check of a Service.
type Project struct {
	// Root is the project folder, Dir the line's folder (Root or inside
	// it); both absolute and clean.
	Root, Dir string
	fs        GitFS
	Cache     *Cache
	// Git tells why git lines ask; RepoGit(Dir) unless set.
	Git GitCheck
	// pinned are the definitions the trust pinned (nil: none known, as when
	// a line is checked without a trusted file).
	pinned *pinnedDefinitions
	// rec records what a computation reads, for the results kept (memo.go).
	rec *recorder
	// judge answers what only the checker knows (nil: nothing is accepted
	// and every config's words ask).
	judge Judge
}

// Judge is what the project's files ask of the checker, which sits above
// them: whether Memo accepts a rule (only accepted rules' definitions are
// pinned), and why words a config holds ask (a cargo alias, pytest's
// addopts, make's SHELL), read as a line of their own in this project.
type Judge interface {
	AcceptRule(rule string) domain.Text
	ConfigWords(p *Project, words []string) domain.Text
}

// acceptRule is the judge's answer, refusing every rule without one.
func (p *Project) acceptRule(rule string) domain.Text {
	if p.judge == nil {
		return domain.T("no checker reads this project's rules")
	}
	return p.judge.AcceptRule(rule)
}

// configWords is why words a config holds ask, or nothing.
func (p *Project) configWords(words []string) domain.Text {
	if p.judge == nil {
		return domain.T("no checker reads this project's configs")
	}
	return p.judge.ConfigWords(p, words)
}

// Open is the project at root, for a line run in dir (root when "").
// The judge answers what only the checker knows (nil: nothing).
func Open(root, dir string, fs GitFS, cache *Cache, judge Judge) *Project {
	root = filepath.Clean(root)
	if dir == "" {
		dir = root
	}
	if cache == nil {
		cache = NewCache(nil)
	}
	p := &Project{Root: root, Dir: filepath.Clean(dir), fs: fs, Cache: cache, judge: judge}
	p.Git = p.repoGit
	return p
}

// WithPinned is the project checked against the definitions a trust pinned
// (nil: a pin older than definitions, whose rules that run any then ask).
func (p *Project) WithPinned(defs []Definition) *Project {
	q := *p
	q.pinned = newPinned(defs)
	return &q
}

// maxLinkHops bounds the links one path is resolved through (Linux's own
// limit is 40).
const maxLinkHops = 40

// PathProblem tells why a path word asks in this project, or nothing.
func (p *Project) PathProblem(word string) domain.Text {
	if p == nil {
		return lexicalPath(word)
	}
	return p.Memo("path", word, func(q *Project) any { return q.resolvePath(word) }).(domain.Text)
}

func (p *Project) resolvePath(word string) domain.Text {
	abs := word
	if !filepath.IsAbs(abs) {
		if filepath.VolumeName(abs) != "" || strings.HasPrefix(abs, `\`) {
			return outsideReason(word) // C:x and \x on Windows: relative to another folder
		}
		abs = filepath.Join(p.Dir, abs)
	}
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	if !ok {
		return outsideReason(word)
	}
	if ProtectedPart(rel) {
		return ProtectedReason(word)
	}
	real, ok := p.resolve(rel)
	if slices.Contains(splitPath(word), "..") {
		real, ok = p.physical(word)
	}
	switch {
	case !ok:
		return outsideReason(word)
	case ProtectedPart(real):
		return ProtectedReason(word)
	}
	return domain.Text{}
}

// physical is where word leads when it holds `..`: the system takes a
// `..` after the link before it (l/../x, l a link to /etc/ssl, opens
// /etc/x), not as written, as Clean does. The real path relative to the
// root, or false when it leaves the project or Memo cannot tell.
func (p *Project) physical(word string) (string, bool) {
	var parts []string
	if filepath.IsAbs(word) {
		rest, ok := strings.CutPrefix(word, p.Root+string(filepath.Separator))
		if !ok {
			return "", false
		}
		parts = splitPath(rest)
	} else {
		dir, ok := RelInside(p.Root, p.Dir)
		if !ok {
			return "", false
		}
		parts = append(splitPath(dir), splitPath(word)...)
	}
	parts = slices.DeleteFunc(parts, func(s string) bool { return s == "." })
	return p.resolve(strings.Join(parts, string(filepath.Separator))) // not Join: it would Clean
}

// RelInside is path relative to root when it is root or inside it.
func RelInside(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return "", false
	}
	return rel, true
}

// resolve follows the links along rel (relative to the root), as the
// system would when the program opens the path: the real path relative to
// the root, or false when it leaves the project. A part that does not exist
// ends the walk; the rest is as written (a program may create it).
func (p *Project) resolve(rel string) (string, bool) {
	parts := splitPath(rel)
	var done []string
	for hops := 0; len(parts) > 0; {
		part := parts[0]
		parts = parts[1:]
		if part == ".." {
			if len(done) == 0 {
				return "", false
			}
			done = done[:len(done)-1]
			continue
		}
		here := filepath.Join(append([]string{p.Root}, append(done, part)...)...)
		kind, _, err := p.lstat(here)
		if err != nil {
			return filepath.Join(append(append(done, part), parts...)...), true
		}
		if kind != filekind.Link {
			done = append(done, part)
			continue
		}
		if hops++; hops > maxLinkHops || p.fs.Readlink == nil {
			return "", false
		}
		p.rec.path(here)
		target, err := p.fs.Readlink(here)
		if err != nil {
			return "", false
		}
		if filepath.IsAbs(target) || filepath.VolumeName(target) != "" {
			rel, ok := p.insideRoot(target)
			if !ok {
				return "", false
			}
			done, parts = nil, append(splitPath(rel), parts...)
			continue
		}
		parts = append(splitPath(target), parts...)
	}
	return filepath.Join(done...), true
}

// insideRoot is an absolute link target relative to the root, when it is
// in the project under either spelling of the root (as given, or with its
// own links resolved: /tmp is /private/tmp on macOS).
func (p *Project) insideRoot(target string) (string, bool) {
	target = filepath.Clean(target)
	if rel, ok := RelInside(p.Root, target); ok {
		return rel, true
	}
	p.rec.path(p.Root)
	real, err := filepath.EvalSymlinks(p.Root)
	if err != nil {
		return "", false
	}
	return RelInside(real, target)
}

func splitPath(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == filepath.Separator })
}

// lstat is the file system's Lstat, recorded.
func (p *Project) lstat(path string) (filekind.Kind, fs.FileInfo, error) {
	p.rec.path(path)
	return p.fs.Lstat(path)
}

// Cached reads a project file through the cache.
func (p *Project) Cached(path string, limit int64) (*cachedFile, error) {
	p.rec.path(path)
	return p.Cache.file(path, limit, p.fs.ReadFile, func(path string) (fs.FileInfo, error) {
		_, fi, err := p.fs.Lstat(path)
		return fi, err
	})
}

// Read is a project file's bytes, through the cache.
func (p *Project) Read(path string, limit int64) ([]byte, error) {
	e, err := p.Cached(path, limit)
	if err != nil {
		return nil, err
	}
	return e.data, nil
}

// readlink is os.Readlink, for OSGitFS.
func readlink(path string) (string, error) { return os.Readlink(path) }

// Holds reports whether word names a file or folder that exists in the project, after
// its links. Without a project nothing is known to exist.
func (p *Project) Holds(word string) bool {
	if p == nil {
		return false
	}
	return p.Memo("holds", word, func(q *Project) any {
		if !q.resolvePath(word).IsZero() {
			return false
		}
		abs := word
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(q.Dir, abs)
		}
		rel, ok := RelInside(q.Root, filepath.Clean(abs))
		if !ok {
			return false
		}
		real, ok := q.resolve(rel)
		if !ok {
			return false
		}
		_, _, err := q.lstat(filepath.Join(q.Root, real))
		return err == nil
	}).(bool)
}

// NamesNewFile reports whether word is written as a path of the project
// (`./name`, `./a/b`) that does not exist yet: a file an earlier step of
// the work writes (a report, a build output), which a program's operand may
// name as it names one that exists. It must stay inside the project as
// Holds' paths do (no `..`, no link out, not .git or .memo) and hold no
// pattern character.
func (p *Project) NamesNewFile(word string) bool {
	w := filepath.ToSlash(word)
	rest, ok := strings.CutPrefix(w, "./")
	if p == nil || !ok || rest == "" || strings.ContainsAny(rest, "*?[]{}~$`\\") || slices.Contains(splitPath(word), "..") {
		return false
	}
	return p.Memo("newfile", word, func(q *Project) any {
		if !q.resolvePath(word).IsZero() {
			return false
		}
		_, _, err := q.lstat(filepath.Join(q.Dir, filepath.FromSlash(rest)))
		return err != nil && isNotExist(err)
	}).(bool)
}

// LiteralFolder is the folder word names as CdFolder finds it, when it is
// that folder as written: relative, without `..`, reached through no link
// (git -C, which Memo reads as cd without links).
func (p *Project) LiteralFolder(word string) (string, bool) {
	if p == nil || word == "" || filepath.IsAbs(word) || !filepath.IsLocal(filepath.FromSlash(word)) {
		return "", false
	}
	dir, ok := p.CdFolder(word)
	if !ok || dir != filepath.Join(p.Dir, filepath.FromSlash(word)) {
		return "", false
	}
	return dir, true
}

// CdFolder is the folder `cd word` enters, with its links followed, when it
// is a folder of the project outside .git and .memo: bash's own reading of
// the word (relative to the line's folder, `..` taken away as written, as
// cd does without -P). false for anything else.
func (p *Project) CdFolder(word string) (string, bool) {
	if p == nil || word == "" {
		return "", false
	}
	abs := word
	if !filepath.IsAbs(abs) {
		if filepath.VolumeName(abs) != "" || strings.HasPrefix(abs, `\`) {
			return "", false
		}
		abs = filepath.Join(p.Dir, abs)
	}
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	if !ok || ProtectedPart(rel) {
		return "", false
	}
	real, ok := p.resolve(rel)
	if !ok || ProtectedPart(real) {
		return "", false
	}
	dir := filepath.Join(p.Root, real)
	if kind, _, err := p.lstat(dir); err != nil || kind != filekind.Dir {
		return "", false
	}
	return dir, true
}
