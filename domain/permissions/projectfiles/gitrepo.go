// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/untrusted"
)

// A repository can make a harmless-looking git command run a program: its own
// configuration (`core.fsmonitor` runs on `git status`) and its hooks. Memo
// reads both without running git (docs/permissions.md §6), conservatively: whatever it
// cannot read for certain makes git lines (and lines of programs that run
// git) ask. Every git dir a command can touch is read: the repository's own
// (and its worktree's), each worktree's, each submodule's under
// .git/modules (git status runs git in every submodule), and, when the line
// runs in a repository nested in the project, the project's too.

// GitFS is how the repository check reads the disk.
type GitFS struct {
	ReadFile func(path string, limit int64) ([]byte, error) // untrusted.ReadFile
	ReadDir  func(path string) ([]fs.DirEntry, error)
	// Lstat classifies without following a link (filekind.Lstat): on Windows
	// a junction is a link and a OneDrive file a file.
	Lstat func(path string) (filekind.Kind, fs.FileInfo, error)
	// Readlink reads a link's target, for paths resolved through the
	// links a project holds.
	Readlink func(path string) (string, error)
	Home     string // for include paths starting with ~/
	// NoExecBits: the filesystem has no executable bit (Windows), and git
	// runs any hook file.
	NoExecBits bool
}

// OSGitFS reads the real disk through the bounded reader.
func OSGitFS(home string) GitFS {
	return GitFS{ReadFile: untrusted.ReadFile, ReadDir: os.ReadDir, Lstat: filekind.Lstat, Readlink: readlink,
		Home: home, NoExecBits: runtime.GOOS == "windows"}
}

// maxGitFile bounds each git file read; a larger one asks.
const maxGitFile = 256 << 10

// maxIncludeDepth is git's own limit on nested includes.
const maxIncludeDepth = 10

// maxGitDirs bounds the submodule and worktree git dirs read; more ask.
const maxGitDirs = 256

// RepoGit checks the repository that holds root, as git would find it
// (walking up from root). Its hooks are checked for git subcommands that may
// run them; sub is "" for a program that runs git itself (go build stamps
// version control information by running git status), which reads the
// configuration only.
func RepoGit(root string, g GitFS) GitCheck {
	return Open(root, "", g, nil, nil).Git
}

// repoGit is the Project's GitCheck: the repository of the line's folder,
// and the project's own when that is another (a repository nested in it).
func (p *Project) repoGit(sub string) domain.Text {
	if b := p.GitBlock(sub); b != nil {
		return b.Reason
	}
	return domain.Text{}
}

func (p *Project) GitBlock(sub string) *Block {
	return p.Memo("git", sub, func(q *Project) any { return q.readGitBlock(sub) }).(*Block)
}

func (p *Project) readGitBlock(sub string) *Block {
	seen := map[string]bool{}
	for _, dir := range cmdline.Uniq(p.Dir, p.Root) {
		gitDir, common, reason := p.findGitDir(dir)
		if !reason.IsZero() {
			return &Block{File: p.Display(filepath.Join(dir, ".git")), Reason: reason}
		}
		if gitDir == "" || seen[gitDir] {
			continue
		}
		seen[gitDir] = true
		if b := p.repoBlock(gitDir, common, sub); b != nil {
			return b
		}
	}
	return nil
}

// repoBlock reads one repository: its configs and hooks, and those of its
// worktrees and submodules.
func (p *Project) repoBlock(gitDir, common, sub string) *Block {
	dirs, b := p.gitDirs(common)
	if b != nil {
		return b
	}
	dirs = cmdline.Uniq(append([]string{gitDir, common}, dirs...)...)
	hooks := sub != "" && !readOnlyGit[strings.ToLower(sub)]
	for _, d := range dirs {
		for _, c := range cmdline.Uniq(filepath.Join(d, "config"), filepath.Join(d, "config.worktree")) {
			if b := p.configBlock(c, 0); b != nil {
				return b
			}
		}
		if hooks {
			if b := p.hookBlock(filepath.Join(d, "hooks"), sub); b != nil {
				return b
			}
		}
	}
	return nil
}

// readOnlyGit are subcommands that write neither the index nor refs, so run
// no hook (post-index-change and reference-transaction run for status,
// diff, branch … too).
var readOnlyGit = map[string]bool{
	"log": true, "show": true, "ls-files": true, "ls-tree": true, "rev-parse": true, "cat-file": true,
	"rev-list": true, "show-ref": true, "for-each-ref": true, "version": true, "shortlog": true,
	"name-rev": true, "merge-base": true, "blame": true, "grep": true, "--version": true,
}

// Display is a path as the review shows it: relative to the project when
// inside it.
func (p *Project) Display(path string) string {
	if rel, ok := RelInside(p.Root, path); ok {
		return filepath.ToSlash(rel)
	}
	return path
}

// findGitDir walks up from dir as git does: a `.git` folder, a `.git` file
// pointing elsewhere (worktrees, submodules), or a folder that is itself a
// bare repository. It returns the git dir and the common dir.
func (p *Project) findGitDir(root string) (gitDir, common string, reason domain.Text) {
	dir, err := filepath.Abs(root)
	if err != nil {
		return "", "", domain.T("Memo cannot tell where this repository is: {{.Error}}", "Error", err.Error())
	}
	for {
		dotGit := filepath.Join(dir, ".git")
		kind, _, err := p.lstat(dotGit)
		switch {
		case err == nil && kind == filekind.Link:
			return "", "", domain.T("{{.Path}} is a symbolic link; Memo does not follow it, so commands that run git ask", "Path", dotGit)
		case err == nil && kind == filekind.Dir:
			gitDir = dotGit
		case err == nil && kind == filekind.File:
			b, err := p.Read(dotGit, 4096)
			if err != nil {
				return "", "", domain.T("Memo cannot read {{.Path}}, so commands that run git ask", "Path", dotGit)
			}
			line := strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
			target, ok := strings.CutPrefix(line, "gitdir:")
			target = strings.TrimSpace(target)
			if !ok || target == "" {
				return "", "", domain.T("{{.Path}} is a file that does not name a git folder (gitdir: …), so commands that run git ask", "Path", dotGit)
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, target)
			}
			gitDir = target
		case err == nil:
			return "", "", domain.T("{{.Path}} is neither a folder nor a file, so commands that run git ask", "Path", dotGit)
		case !errors.Is(err, fs.ErrNotExist):
			return "", "", domain.T("Memo cannot look at {{.Path}}, so commands that run git ask", "Path", dotGit)
		case p.looksBare(dir):
			gitDir = dir
		}
		if gitDir != "" {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", domain.Text{}
		}
		dir = parent
	}
	common = gitDir
	if b, err := p.Read(filepath.Join(gitDir, "commondir"), 4096); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		common = filepath.Clean(c)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", "", domain.T("Memo cannot read {{.Path}}, so commands that run git ask", "Path", filepath.Join(gitDir, "commondir"))
	}
	return gitDir, common, domain.Text{}
}

// looksBare: git takes a folder with HEAD, objects/ and refs/ for a bare
// repository and reads its config — a project can carry one.
func (p *Project) looksBare(dir string) bool {
	head, _, err := p.lstat(filepath.Join(dir, "HEAD"))
	if err != nil || head == filekind.Dir {
		return false
	}
	for _, d := range []string{"objects", "refs"} {
		kind, _, err := p.lstat(filepath.Join(dir, d))
		if err != nil || kind != filekind.Dir {
			return false
		}
	}
	return true
}

// gitDirs are the other git dirs of a repository: its worktrees'
// (common/worktrees/*) and its submodules' (common/modules/**, each of
// which can hold submodules of its own).
func (p *Project) gitDirs(common string) ([]string, *Block) {
	var out []string
	wts, err := p.listDir(filepath.Join(common, "worktrees"))
	if err != nil {
		return nil, &Block{File: p.Display(filepath.Join(common, "worktrees")), Reason: domain.T("Memo cannot list {{.Path}}, so commands that run git ask", "Path", filepath.Join(common, "worktrees"))}
	}
	for _, w := range wts {
		if w.kind == filekind.Dir {
			out = append(out, filepath.Join(common, "worktrees", w.name))
		}
	}
	queue := []string{filepath.Join(common, "modules")}
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		entries, err := p.listDir(dir)
		if err != nil {
			return nil, &Block{File: p.Display(dir), Reason: domain.T("Memo cannot list {{.Path}}, so commands that run git ask", "Path", dir)}
		}
		for _, e := range entries {
			if e.kind != filekind.Dir {
				continue
			}
			sub := filepath.Join(dir, e.name)
			if len(out)+len(queue) > maxGitDirs {
				return nil, &Block{File: p.Display(dir), Reason: domain.T("this repository has more than {{.Max}} submodules and worktrees, more than Memo reads, so commands that run git ask", "Max", maxGitDirs)}
			}
			if _, _, err := p.lstat(filepath.Join(sub, "HEAD")); err == nil {
				out = append(out, sub)
				queue = append(queue, filepath.Join(sub, "modules"))
			} else {
				queue = append(queue, sub) // a submodule name with a slash: a folder on the way
			}
		}
	}
	return out, nil
}

// configBlock reads one config file and what it includes; a missing file is
// fine (git skips it too).
func (p *Project) configBlock(path string, depth int) *Block {
	if depth > maxIncludeDepth {
		return &Block{File: p.Display(path), Reason: domain.T("this repository's git config nests includes deeper than git reads ({{.Path}}), so commands that run git ask", "Path", path)}
	}
	e, err := p.Cached(path, maxGitFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &Block{File: p.Display(path), Reason: domain.T("Memo cannot read the git config {{.Path}} ({{.Error}}), so commands that run git ask", "Path", path, "Error", domain.Sentence(err))}
	}
	entries := p.Cache.Parse(e, "gitconfig", func(b []byte) any { return ParseGitConfig(string(b)) }).([]gitEntry)
	for _, e := range entries {
		if e.include() {
			inc := e.value
			switch {
			case inc == "":
				continue
			case strings.HasPrefix(inc, "~/"):
				if p.fs.Home == "" {
					return &Block{File: p.Display(path), Key: e.Name(), Reason: domain.T("this repository's git config includes {{.Path}}, which Memo cannot resolve, so commands that run git ask", "Path", inc)}
				}
				inc = filepath.Join(p.fs.Home, inc[2:])
			case !filepath.IsAbs(inc):
				inc = filepath.Join(filepath.Dir(path), inc)
			}
			if b := p.configBlock(inc, depth+1); b != nil {
				return b
			}
			continue
		}
		if programKey(e.section, e.key) && !plainRewrite(e) {
			return &Block{File: p.Display(path), Key: e.Name(), Reason: domain.T("this repository's git config sets {{.Key}} (in {{.Path}}), which can run a program, so commands that run git ask", "Key", e.Name(), "Path", path)}
		}
	}
	return nil
}

// hookBlock finds an executable hook (or a link, which git follows).
func (p *Project) hookBlock(dir, sub string) *Block {
	entries, err := p.listDir(dir)
	if err != nil {
		return &Block{File: p.Display(dir), Reason: domain.T("Memo cannot list {{.Path}}, so git lines that may run hooks ask", "Path", dir)}
	}
	for _, e := range entries {
		if strings.HasSuffix(e.name, ".sample") {
			continue
		}
		h := filepath.Join(dir, e.name)
		kind, fi, err := p.lstat(h)
		if err != nil {
			return &Block{File: p.Display(h), Reason: domain.T("Memo cannot look at the hook {{.Path}}, so git lines that may run hooks ask", "Path", h)}
		}
		if kind == filekind.Link || (kind == filekind.File && (p.fs.NoExecBits || fi.Mode()&0o111 != 0)) {
			what := "git " + sub
			if sub == "" {
				what = "git"
			}
			return &Block{File: p.Display(h), Key: "hook", Reason: domain.T("this repository has the executable hook {{.Path}}, which `{{.Command}}` may run", "Path", h, "Command", what)}
		}
	}
	return nil
}

// dirEntry is one entry of a folder as listDir read it.
type dirEntry struct {
	name string
	kind filekind.Kind
}

// listDir lists a folder, missing being empty, sorted by name.
func (p *Project) listDir(dir string) ([]dirEntry, error) {
	p.rec.listing(dir)
	entries, err := p.fs.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := make([]dirEntry, 0, len(entries))
	for _, e := range entries {
		kind, err := filekind.Entry(dir, e)
		if err != nil {
			kind = filekind.Other
		}
		out = append(out, dirEntry{name: e.Name(), kind: kind})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}
