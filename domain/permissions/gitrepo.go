package permissions

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/untrusted"
)

// A repository can make a harmless-looking git command run a program: its own
// configuration (`core.fsmonitor` runs on `git status`) and its hooks. Memo
// reads both without running git (SPEC §7.1), conservatively: whatever it
// cannot read for certain makes git lines (and lines of programs that run
// git) ask.

// GitFS is how the repository check reads the disk.
type GitFS struct {
	ReadFile func(path string, limit int64) ([]byte, error) // untrusted.ReadFile
	ReadDir  func(path string) ([]fs.DirEntry, error)
	// Lstat classifies without following a link (filekind.Lstat): on Windows
	// a junction is a link and a OneDrive file a file.
	Lstat func(path string) (filekind.Kind, fs.FileInfo, error)
	Home  string // for include paths starting with ~/
	// NoExecBits: the filesystem has no executable bit (Windows), and git
	// runs any hook file.
	NoExecBits bool
}

// OSGitFS reads the real disk through the bounded reader.
func OSGitFS(home string) GitFS {
	return GitFS{ReadFile: untrusted.ReadFile, ReadDir: os.ReadDir, Lstat: filekind.Lstat, Home: home,
		NoExecBits: runtime.GOOS == "windows"}
}

// maxGitFile bounds each git file read; a larger one asks.
const maxGitFile = 256 << 10

// maxIncludeDepth is git's own limit on nested includes.
const maxIncludeDepth = 10

// RepoGit checks the repository that holds root, as git would find it
// (walking up from root). Its hooks are checked for git subcommands that may
// run them; sub is "" for a program that runs git itself (go build stamps
// version control information by running git status), which reads the
// configuration only.
func RepoGit(root string, g GitFS) GitCheck {
	return func(sub string) domain.Text {
		gitDir, common, reason := g.findGitDir(root)
		if !reason.IsZero() || gitDir == "" {
			return reason
		}
		for _, c := range uniq(filepath.Join(common, "config"), filepath.Join(common, "config.worktree"),
			filepath.Join(gitDir, "config"), filepath.Join(gitDir, "config.worktree")) {
			if reason := g.configRisk(c, 0); !reason.IsZero() {
				return reason
			}
		}
		if sub == "" || readOnlyGit[strings.ToLower(sub)] {
			return domain.Text{}
		}
		for _, h := range uniq(filepath.Join(common, "hooks"), filepath.Join(gitDir, "hooks")) {
			if reason := g.hookRisk(h, sub); !reason.IsZero() {
				return reason
			}
		}
		return domain.Text{}
	}
}

// readOnlyGit are subcommands that write neither the index nor refs, so run
// no hook (post-index-change and reference-transaction run for status,
// diff, branch … too).
var readOnlyGit = map[string]bool{
	"log": true, "show": true, "ls-files": true, "ls-tree": true, "rev-parse": true, "cat-file": true,
	"rev-list": true, "show-ref": true, "for-each-ref": true, "version": true, "shortlog": true,
	"name-rev": true, "merge-base": true, "blame": true, "grep": true, "--version": true,
}

func uniq(paths ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// findGitDir walks up from root as git does: a `.git` folder, a `.git` file
// pointing elsewhere (worktrees, submodules), or a folder that is itself a
// bare repository. It returns the git dir and the common dir.
func (g GitFS) findGitDir(root string) (gitDir, common string, reason domain.Text) {
	dir, err := filepath.Abs(root)
	if err != nil {
		return "", "", domain.T("Memo cannot tell where this repository is: {{.Error}}", "Error", err.Error())
	}
	for {
		dotGit := filepath.Join(dir, ".git")
		kind, _, err := g.Lstat(dotGit)
		switch {
		case err == nil && kind == filekind.Link:
			return "", "", domain.T("{{.Path}} is a symbolic link; Memo does not follow it, so commands that run git ask", "Path", dotGit)
		case err == nil && kind == filekind.Dir:
			gitDir = dotGit
		case err == nil && kind == filekind.File:
			b, err := g.ReadFile(dotGit, 4096)
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
		case g.looksBare(dir):
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
	if b, err := g.ReadFile(filepath.Join(gitDir, "commondir"), 4096); err == nil {
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
func (g GitFS) looksBare(dir string) bool {
	head, _, err := g.Lstat(filepath.Join(dir, "HEAD"))
	if err != nil || head == filekind.Dir {
		return false
	}
	for _, d := range []string{"objects", "refs"} {
		kind, _, err := g.Lstat(filepath.Join(dir, d))
		if err != nil || kind != filekind.Dir {
			return false
		}
	}
	return true
}

// configRisk reads one config file and what it includes; a missing file is
// fine (git skips it too).
func (g GitFS) configRisk(path string, depth int) domain.Text {
	if depth > maxIncludeDepth {
		return domain.T("this repository's git config nests includes deeper than git reads ({{.Path}}), so commands that run git ask", "Path", path)
	}
	b, err := g.ReadFile(path, maxGitFile)
	if errors.Is(err, fs.ErrNotExist) {
		return domain.Text{}
	}
	if err != nil {
		return domain.T("Memo cannot read the git config {{.Path}} ({{.Error}}), so commands that run git ask", "Path", path, "Error", domain.Sentence(err))
	}
	for _, e := range parseGitConfig(string(b)) {
		if e.include() {
			p := e.value
			switch {
			case p == "":
				continue
			case strings.HasPrefix(p, "~/"):
				if g.Home == "" {
					return domain.T("this repository's git config includes {{.Path}}, which Memo cannot resolve, so commands that run git ask", "Path", p)
				}
				p = filepath.Join(g.Home, p[2:])
			case !filepath.IsAbs(p):
				p = filepath.Join(filepath.Dir(path), p)
			}
			if reason := g.configRisk(p, depth+1); !reason.IsZero() {
				return reason
			}
			continue
		}
		if programKey(e.section, e.key) {
			return domain.T("this repository's git config sets {{.Key}} (in {{.Path}}), which can run a program, so commands that run git ask", "Key", e.name(), "Path", path)
		}
	}
	return domain.Text{}
}

// hookRisk finds an executable hook (or a link, which git follows).
func (g GitFS) hookRisk(dir, sub string) domain.Text {
	entries, err := g.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return domain.Text{}
	}
	if err != nil {
		return domain.T("Memo cannot list {{.Path}}, so git lines that may run hooks ask", "Path", dir)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sample") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		kind, fi, err := g.Lstat(p)
		if err != nil {
			return domain.T("Memo cannot look at the hook {{.Path}}, so git lines that may run hooks ask", "Path", p)
		}
		if kind == filekind.Link || (kind == filekind.File && (g.NoExecBits || fi.Mode()&0o111 != 0)) {
			what := "git " + sub
			if sub == "" {
				what = "git"
			}
			return domain.T("this repository has the executable hook {{.Path}}, which `{{.Command}}` may run", "Path", p, "Command", what)
		}
	}
	return domain.Text{}
}

// gitEntry is one variable of a git config file.
type gitEntry struct {
	section, sub, key, value string
}

func (e gitEntry) name() string {
	if e.sub != "" {
		return e.section + "." + e.sub + "." + e.key
	}
	return e.section + "." + e.key
}

func (e gitEntry) include() bool {
	return e.key == "path" && (e.section == "include" || e.section == "includeif")
}

// parseGitConfig reads variables line by line. It is deliberately loose where
// that can only find more: every line is read as a possible variable, section
// and key names are compared in lower case, and a variable may follow its
// section header on the same line, as git allows. After a line that may
// continue its value onto the next (a trailing backslash), a section header
// may be value text to git, so the sections before and after it both hold.
func parseGitConfig(text string) []gitEntry {
	type sec struct{ name, sub string }
	var out []gitEntry
	secs := []sec{{}}
	continued := false
	text = strings.TrimPrefix(text, "\ufeff")
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		mayContinue := strings.HasSuffix(line, "\\")
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				end = len(line)
			}
			head := strings.TrimSpace(line[1:end])
			s := sec{name: head}
			if i := strings.IndexAny(head, " \t"); i >= 0 {
				s = sec{name: head[:i], sub: strings.Trim(strings.TrimSpace(head[i:]), "\"")}
			} else if i := strings.IndexByte(head, '.'); i >= 0 {
				s = sec{name: head[:i], sub: head[i+1:]}
			}
			s.name = strings.ToLower(s.name)
			if continued {
				secs = append(secs, s)
			} else {
				secs = []sec{s}
			}
			if end >= len(line) {
				continued = mayContinue
				continue
			}
			line = strings.TrimSpace(line[end+1:])
		}
		continued = mayContinue
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		n := 0
		for n < len(line) && (isAlnum(line[n]) || line[n] == '-') {
			n++
		}
		if n == 0 {
			continue
		}
		key := strings.ToLower(line[:n])
		value := ""
		if rest := strings.TrimSpace(line[n:]); strings.HasPrefix(rest, "=") {
			value = gitValue(strings.TrimSpace(rest[1:]))
		}
		for _, s := range secs {
			out = append(out, gitEntry{section: s.name, sub: s.sub, key: key, value: value})
		}
	}
	return out
}

// gitValue removes quotes and a trailing comment from a value.
func gitValue(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '"':
			quoted = !quoted
		case c == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(v[i])
			}
		case (c == '#' || c == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// Sections whose every variable can name a program, a shell snippet, a
// transport or a file git writes.
var programSections = map[string]bool{
	"filter": true, "alias": true, "pager": true, "credential": true, "trace2": true,
	"sendemail": true, "difftool": true, "mergetool": true, "browser": true, "man": true,
	"instaweb": true, "gpg": true, "uploadpack": true, "uploadarchive": true, "protocol": true,
	"url": true, "hook": true, "guitool": true, "tar": true, "web": true,
}

// Variable names that name a program in any section.
var programKeys = map[string]bool{
	"command": true, "cmd": true, "program": true, "helper": true, "editor": true, "pager": true,
	"driver": true, "textconv": true, "hookspath": true, "askpass": true, "sshcommand": true,
	"external": true, "gitproxy": true, "fsmonitor": true, "difffilter": true, "tool": true,
	"guitool": true, "viewer": true, "browser": true, "uploadpack": true, "receivepack": true,
	"vcs": true, "packobjectshook": true, "alternaterefscommand": true, "savecookies": true,
	"update": true, "proxycommand": true, "templatedir": true,
}

// programKey tells whether a variable can make git run a program (or write a
// file, or point it at another worktree) — generously.
func programKey(section, key string) bool {
	if programSections[section] || programKeys[key] {
		return true
	}
	return strings.HasSuffix(key, "command") || strings.HasSuffix(key, "cmd") || strings.HasSuffix(key, "program") ||
		strings.HasSuffix(key, "editor") || strings.HasSuffix(key, "hook")
}
