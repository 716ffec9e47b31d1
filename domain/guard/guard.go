// SPDX-License-Identifier: Apache-2.0

// Package guard decides which folders may become Memo projects (docs/folders.md §3).
//
// The path rules are pure: Rules carries one machine's folders (injected, so the
// Windows and macOS rules are tested on Linux) and Check compares strings in that
// operating system's path syntax. What lies in a folder's .memo is described by
// Memo, which the caller fills from the filesystem.
package guard

import (
	"slices"
	"strings"
)

// OS selects the path syntax and the system folders of one operating system.
type OS string

const (
	Linux   OS = "linux"
	Darwin  OS = "darwin"
	Windows OS = "windows"
)

// Rules are the folders of one machine that the guard compares against. Every
// path is absolute, cleaned and symlink-resolved, in the syntax of OS.
type Rules struct {
	OS   OS
	Home string // the user's home folder as $HOME (%USERPROFILE%) says
	// AccountHome is the home folder the user database names for the
	// account (os/user). It is refused like Home, so that a missing or
	// changed $HOME never lets a project into the account's real home.
	AccountHome string
	MemoHome    string // Memo's own folder (MEMO_HOME or ~/.memo)
	// MemoDirs are Memo's other folders, refused like MemoHome: the default
	// ~/.memo, where the installed Memo lives, when MEMO_HOME points elsewhere.
	MemoDirs []string
	// Executable is the running program; its folder is refused only when it lies
	// inside MemoHome (an installed Memo), not when it runs from a checkout.
	Executable   string
	SettingsDirs []string // the app's own settings folders
	TempDir      string   // the system temp folder (os.TempDir())
	// Windows only: %SystemRoot% and the Program Files / ProgramData folders.
	SystemRoot  string
	ProgramDirs []string
}

// Memo describes what the caller found on disk about a folder: what is at
// <folder>/.memo, and the git directory the folder belongs to. The caller
// fills it (I/O stays out of the guard).
type Memo struct {
	// GitDir is the git directory (a bare repository, or a repository's
	// own folder kept elsewhere than .git) that the folder is or lies in,
	// or "". Folders named .git are refused from the path alone.
	GitDir string

	Exists         bool
	Symlink        bool     // .memo is a symbolic link or a junction
	InstallEntries []string // which of bin, binaries, data, config it holds
	ValidProject   bool     // .memo/project.json is valid (docs/folders.md §5)
	// ProjectInvalid: .memo/project.json is a plain file Memo read, but not
	// a valid project file (a merge conflict, a bad edit, or another
	// program's file of that name).
	ProjectInvalid bool
	// Unreadable says why .memo could not be read ("permission denied"), or "".
	// Such a .memo may be a project or not: it is left alone either way.
	Unreadable string
}

// Verdict is the guard's answer. When refused, Code names the rule and Args
// its values, so a window can word the reason in the reader's language;
// Reason is the same in an English sentence (the CLI's and the API's).
type Verdict struct {
	Allowed bool
	Reason  string
	Code    Code
	Args    map[string]string
}

// Code names why a folder is refused, one per rule.
type Code string

// Reason codes. The argument each one carries is named in reasons.
const (
	CodeHome         Code = "home"
	CodeHomeAncestor Code = "home_ancestor"
	CodeFSRoot       Code = "filesystem_root"
	CodeDriveRoot    Code = "drive_root"
	CodeVolumeRoot   Code = "volume_root"
	CodeMemoHome     Code = "memo_home"
	CodeMemoParent   Code = "memo_parent"
	CodeExecutable   Code = "executable"
	CodeSettings     Code = "settings"
	CodeSystem       Code = "system"
	CodeInSystem     Code = "in_system"    // ArgFolder: the system folder
	CodeShared       Code = "shared"       // ArgFolder: the shared folder
	CodeTemp         Code = "temp"         //
	CodeSymlink      Code = "memo_symlink" //
	CodeInstall      Code = "memo_install" // ArgEntries: what the .memo holds
	CodeForeign      Code = "memo_foreign"
	CodeProjectFile  Code = "memo_project_invalid"
	CodeUnreadable   Code = "memo_unreadable" // ArgError: why it cannot be read
	CodeInMemo       Code = "in_memo"         // ArgFolder: the .memo folder
	CodeInGit        Code = "in_git"          // ArgFolder: the .git folder or git directory
	CodeEmpty        Code = "path_empty"
	CodeRelative     Code = "path_relative"
	CodeNUL          Code = "path_nul"
	CodeColon        Code = "path_colon"
	CodeUNC          Code = "path_unc"
	CodeDots         Code = "path_dots"
	CodeDevice       Code = "path_device"
)

// Argument names in Verdict.Args.
const (
	ArgFolder  = "folder"
	ArgEntries = "entries"
	ArgError   = "error"
)

// reasons are the English sentences, one per code; {arg} is replaced by the
// argument of that name.
var reasons = map[Code]string{
	CodeHome: "This is your home folder: Memo keeps its own install in ~/.memo there, " +
		"and an update would delete project files.",
	CodeHomeAncestor: "This folder contains your home folder, and with it Memo's own install " +
		"in ~/.memo; choose the project's own folder instead.",
	CodeFSRoot:     "This is the root of the filesystem; choose the project's own folder instead.",
	CodeDriveRoot:  "This is the root of a drive; choose the project's own folder instead.",
	CodeVolumeRoot: "This is the root of a mounted volume; choose the project's own folder instead.",
	CodeMemoHome: "This is Memo's own folder, where its install and data live; " +
		"a project cannot live there.",
	CodeMemoParent: "This folder's .memo is Memo's own install folder; a project here " +
		"would mix project files into the install.",
	CodeExecutable: "This folder holds the installed Memo program; a project cannot live there.",
	CodeSettings:   "This is Memo's settings folder; a project cannot live there.",
	CodeSystem:     "This is a system folder; projects belong in your own folders.",
	CodeInSystem:   "This folder is inside the system folder {folder}; projects belong in your own folders.",
	CodeShared:     "This is {folder}, a folder shared by many programs; choose a folder inside it instead.",
	CodeTemp:       "This is the system temp folder itself; only a folder inside it can be a project.",
	CodeSymlink: "This folder's .memo is a symbolic link or junction; Memo treats it as " +
		"foreign and never writes through it.",
	CodeInstall: "This folder's .memo holds {entries}, so it looks like a Memo install, not a project; " +
		"Memo leaves it alone.",
	CodeForeign: "This folder holds a .memo folder that Memo did not create; Memo never writes into it.",
	CodeProjectFile: "This folder's .memo/project.json is not a valid Memo project file, so Memo cannot tell " +
		"which project this is and never writes into this .memo; if it was this project's, restore that file " +
		"(with git, or from a backup) to keep the project's memory.",
	CodeUnreadable: "This folder's .memo cannot be read ({error}), so Memo cannot tell whether it is a project; " +
		"Memo leaves it alone.",
	CodeInMemo: "This folder is inside a .memo folder ({folder}); a project is the folder that holds its .memo, " +
		"and Memo never makes a project inside one.",
	CodeInGit: "This folder belongs to {folder}, where git keeps a repository's history and settings; " +
		"Memo never makes a project there.",
	CodeEmpty:    "No folder was given.",
	CodeRelative: "This path is not absolute; give the folder's full path.",
	CodeNUL:      "This path contains a NUL character, which no folder name can hold.",
	CodeColon:    "This path has a colon inside a folder name, which Windows does not allow.",
	CodeUNC:      "This network path is incomplete; give it as \\\\server\\share\\folder.",
	CodeDots:     "This path has a folder name made only of dots and spaces, which Windows reads ambiguously.",
	CodeDevice:   "This is a device path Memo cannot map to a folder; give the folder's drive path instead.",
}

// Codes lists every reason code, so a window can check it words each one.
func Codes() []Code {
	out := make([]Code, 0, len(reasons))
	for c := range reasons {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// refuse builds a refusal; args are name, value pairs.
func refuse(code Code, args ...string) Verdict {
	v := Verdict{Code: code}
	for i := 0; i+1 < len(args); i += 2 {
		if v.Args == nil {
			v.Args = map[string]string{}
		}
		v.Args[args[i]] = args[i+1]
	}
	v.Reason = Sentence(code, v.Args)
	return v
}

// Sentence is the English reason for code with its arguments filled in.
func Sentence(code Code, args map[string]string) string {
	pairs := make([]string, 0, 2*len(args))
	for name, value := range args {
		pairs = append(pairs, "{"+name+"}", value)
	}
	return strings.NewReplacer(pairs...).Replace(reasons[code])
}

// System folders are refused with everything inside them.
var (
	linuxSystem = []string{"/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32",
		"/proc", "/run", "/sbin", "/sys", "/usr", "/var/lib", "/var/log", "/var/cache",
		"/var/spool", "/var/mail"}
	// parse reads /private/etc as /etc, so both spellings match.
	darwinSystem = []string{"/System", "/Library", "/Applications", "/private/etc", "/private/var/db",
		"/usr", "/bin", "/sbin", "/dev"}
	// Shared roots are refused themselves only. /home and /var/tmp are among
	// them: they hold other people's folders, never one project.
	unixShared = []string{"/var", "/opt", "/srv", "/mnt", "/media", "/Users", "/Volumes",
		"/tmp", "/home", "/var/tmp"}
	darwinShared = []string{"/private"}
)

// CheckPath applies to the path alone the rules of docs/folders.md §3 that
// need nothing from the disk: 1–3 (home, Memo's own folders, roots, system
// and shared folders), 5 (at or below any .memo) and the path half of 7 (at
// or below a .git folder).
func (r Rules) CheckPath(path string) Verdict {
	p, bad := r.parse(path)
	if bad != "" {
		return refuse(bad)
	}
	homes := r.homes()

	// Rule 1: home and its ancestors, as $HOME names it and as the user
	// database does.
	for _, home := range homes {
		if r.same(p, home) {
			return refuse(CodeHome)
		}
		if r.within(home, p) {
			if p.isRoot() {
				return refuse(r.rootReason())
			}
			return refuse(CodeHomeAncestor)
		}
	}

	// Rule 2: Memo's own folders.
	memo, badMemo := r.parse(r.MemoHome)
	if badMemo == "" {
		if exe, bad := r.parse(r.Executable); bad == "" && r.within(exe, memo) &&
			r.within(p, exe.parent()) {
			return refuse(CodeExecutable)
		}
		if r.within(p, memo) {
			return refuse(CodeMemoHome)
		}
		// A project here would have MemoHome as its own .memo.
		if !memo.isRoot() && r.sameName(memo.parts[len(memo.parts)-1], ".memo") &&
			r.same(p, memo.parent()) {
			return refuse(CodeMemoParent)
		}
	}
	for _, s := range r.MemoDirs {
		if d, bad := r.parse(s); bad == "" && r.within(p, d) {
			return refuse(CodeMemoHome)
		}
	}
	for _, s := range r.SettingsDirs {
		if d, bad := r.parse(s); bad == "" && r.within(p, d) {
			return refuse(CodeSettings)
		}
	}

	// Rule 3: roots, system folders and shared roots.
	if p.isRoot() {
		return refuse(r.rootReason())
	}
	// macOS mounts every other volume at /Volumes/<name>.
	if r.OS == Darwin && len(p.parts) == 2 && strings.EqualFold(p.parts[0], "Volumes") {
		return refuse(CodeVolumeRoot)
	}
	for _, s := range r.systemDirs() {
		d, bad := r.parse(s)
		if bad != "" || !r.within(p, d) {
			continue
		}
		// Home wins, wherever it lives (/var/lib/jenkins), but only over a
		// system folder it lies inside: a home that is a filesystem root, a
		// system folder or an ancestor of one (HOME=/ in containers) exempts
		// nothing.
		if slices.ContainsFunc(homes, func(home cleanPath) bool {
			return r.within(p, home) && r.within(home, d) && !r.same(home, d)
		}) {
			continue
		}
		if r.same(p, d) {
			return refuse(CodeSystem)
		}
		return refuse(CodeInSystem, ArgFolder, s)
	}
	if t, bad := r.parse(r.TempDir); bad == "" && r.same(p, t) {
		return refuse(CodeTemp)
	}
	for _, s := range r.sharedDirs() {
		if d, bad := r.parse(s); bad == "" && r.same(p, d) {
			return refuse(CodeShared, ArgFolder, s)
		}
	}

	// Rule 5: at or below any .memo (foreign, install-like, linked, or a
	// project's own) is never a project root. The project service maps a path
	// inside a project's own valid .memo to that project before asking.
	if i := r.memoIndex(p); i >= 0 {
		return refuse(CodeInMemo, ArgFolder, r.format(cleanPath{vol: p.vol, parts: p.parts[:i+1]}))
	}
	// Git's own folders: a .git folder and all inside it (objects, hooks,
	// a worktree's gitdir, a submodule's .git/modules/x) hold git's data,
	// never a project's files; a project there would be written into the
	// repository's internals.
	if i := r.nameIndex(p, GitDirName); i >= 0 {
		return refuse(CodeInGit, ArgFolder, r.format(cleanPath{vol: p.vol, parts: p.parts[:i+1]}))
	}
	return Verdict{Allowed: true}
}

// GitDirName is the name of a work tree's git folder.
const GitDirName = ".git"

// homes are Home and AccountHome, parsed; those that are unset or not
// absolute are left out.
func (r Rules) homes() []cleanPath {
	var out []cleanPath
	for _, h := range []string{r.Home, r.AccountHome} {
		if c, bad := r.parse(h); bad == "" {
			out = append(out, c)
		}
	}
	return out
}

// MemoDirName is the name of Memo's folder inside a project.
const MemoDirName = ".memo"

// memoIndex is the index of p's first component named .memo, or -1.
func (r Rules) memoIndex(p cleanPath) int { return r.nameIndex(p, MemoDirName) }

// nameIndex is the index of p's first component named name, or -1.
func (r Rules) nameIndex(p cleanPath, name string) int {
	for i, c := range p.parts {
		if r.sameName(c, name) {
			return i
		}
	}
	return -1
}

// MemoOwner returns the folder holding the outermost .memo that path lies at
// or below, and true; or false when no component of path is named .memo.
func (r Rules) MemoOwner(path string) (string, bool) {
	p, bad := r.parse(path)
	if bad != "" {
		return "", false
	}
	i := r.memoIndex(p)
	if i < 0 {
		return "", false
	}
	return r.format(cleanPath{vol: p.vol, parts: p.parts[:i]}), true
}

// format writes a cleanPath back in r.OS's syntax.
func (r Rules) format(p cleanPath) string {
	if r.OS == Windows {
		return p.vol + `\` + strings.Join(p.parts, `\`)
	}
	return "/" + strings.Join(p.parts, "/")
}

// Check applies CheckPath, then what the disk holds: the rest of rule 7 of
// docs/folders.md §3 (a git directory found there, Memo.GitDir), and rules 4
// and 6 to what is at path/.memo. Of .memo's states a symlink is reported
// first: whatever it points to is not looked at.
func (r Rules) Check(path string, m Memo) Verdict {
	if v := r.CheckPath(path); !v.Allowed {
		return v
	}
	switch {
	case m.GitDir != "":
		return refuse(CodeInGit, ArgFolder, m.GitDir)
	case m.Symlink:
		return refuse(CodeSymlink)
	case m.Unreadable != "":
		return refuse(CodeUnreadable, ArgError, m.Unreadable)
	case len(m.InstallEntries) > 0:
		return refuse(CodeInstall, ArgEntries, installNames(m.InstallEntries))
	case m.Exists && !m.ValidProject && m.ProjectInvalid:
		return refuse(CodeProjectFile)
	case m.Exists && !m.ValidProject:
		return refuse(CodeForeign)
	}
	return Verdict{Allowed: true}
}

func (r Rules) rootReason() Code {
	if r.OS == Windows {
		return CodeDriveRoot
	}
	return CodeFSRoot
}

func (r Rules) systemDirs() []string {
	switch r.OS {
	case Windows:
		return append([]string{r.SystemRoot}, r.ProgramDirs...)
	case Darwin:
		return darwinSystem
	}
	return linuxSystem
}

func (r Rules) sharedDirs() []string {
	switch r.OS {
	case Windows:
		return nil // drive roots and TempDir are checked on their own
	case Darwin:
		return append(unixShared[:len(unixShared):len(unixShared)], darwinShared...)
	}
	return unixShared
}

// installNames lists the known install entries for the reason; the names come
// from the filesystem, so nothing else is echoed.
func installNames(entries []string) string {
	var known []string
	for _, name := range []string{"bin", "binaries", "data", "config"} {
		for _, e := range entries {
			if strings.EqualFold(e, name) {
				known = append(known, name)
				break
			}
		}
	}
	if len(known) == 0 {
		return "install folders"
	}
	return strings.Join(known, ", ")
}
