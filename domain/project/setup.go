// SPDX-License-Identifier: Apache-2.0

package project

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/assets"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/pathname"
	"memo.dev/projects/domain/untrusted"
)

// The items of docs/folders.md §5, relative to the root, in the order they are shown.
const (
	ItemAgents  = "AGENTS.md"
	ItemHandoff = "handoff.md"
	ItemRules   = ".memo/AGENTS.md"
	ItemProject = ".memo/project.json"
	ItemNotes   = ".memo/notes.md"
	ItemIgnore  = ".memo/.gitignore"
	ItemSkills  = ".memo/skills/"
)

// Items lists what setup creates.
var Items = []string{ItemAgents, ItemHandoff, ItemRules, ItemProject, ItemNotes, ItemIgnore, ItemSkills}

// Skip is an item setup left alone, and why.
type Skip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// SetupResult is what setup did.
type SetupResult struct {
	Root      string   `json:"root"`
	ID        string   `json:"id"`
	Created   []string `json:"created"`
	Skipped   []string `json:"skipped"`
	Refreshed []string `json:"refreshed"`
	Details   []Skip   `json:"skipped_why"`
}

func (r *SetupResult) skip(path, reason string) {
	r.Skipped = append(r.Skipped, path)
	r.Details = append(r.Details, Skip{path, reason})
}

// Reasons an item is left alone.
const (
	ReasonExists       = "exists"
	ReasonClaude       = "CLAUDE.md exists"
	ReasonRulesEdited  = "edited by you: Memo leaves it alone"
	reasonRulesCurrent = "up to date"
)

// knowledgeFiles are the files the rules point the model at: AGENTS.md,
// CLAUDE.md, or both when both exist (docs/folders.md §5, item 1). AGENTS.md when neither
// exists: setup creates it.
func knowledgeFiles(root string) []string {
	agents, claude := exists(filepath.Join(root, "AGENTS.md")), exists(filepath.Join(root, "CLAUDE.md"))
	switch {
	case agents && claude:
		return []string{"AGENTS.md", "CLAUDE.md"}
	case claude:
		return []string{"CLAUDE.md"}
	}
	return []string{"AGENTS.md"}
}

// onlyClaude reports whether the knowledge is CLAUDE.md alone, so that no
// AGENTS.md is created beside it.
func onlyClaude(knowledge []string) bool {
	return len(knowledge) == 1 && knowledge[0] == "CLAUDE.md"
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// Setup creates what is missing of docs/folders.md §5 and changes nothing that exists,
// except refreshing an unedited, outdated .memo/AGENTS.md. It refuses what the
// guard refuses. Running it again completes what is missing.
func (s *Service) Setup(path string) (SetupResult, error) {
	unlock, err := s.registry.Lock()
	if err != nil {
		return SetupResult{}, err
	}
	defer unlock()
	st, _, err := s.register(path)
	if err != nil {
		return SetupResult{}, err
	}
	return s.setup(st)
}

// setup is Setup once the folder is registered as st, with the registry's
// lock held.
func (s *Service) setup(st Status) (SetupResult, error) {
	root := st.Root
	if err := fit(root); err != nil {
		return SetupResult{}, err
	}
	res := SetupResult{Root: root, ID: st.ID, Created: []string{}, Skipped: []string{}, Refreshed: []string{}, Details: []Skip{}}

	knowledge := knowledgeFiles(root)
	rules := assets.RulesFile(knowledge...)
	if !st.SetUp {
		err := createMemoDir(root, st.ID, rules)
		if err != nil && !errors.Is(err, fs.ErrExist) {
			return SetupResult{}, failure(err, cannotCreate(filepath.Join(root, MemoDir), err))
		}
		if err == nil { // not when a concurrent setup made .memo first
			res.Created = append(res.Created, ItemRules, ItemProject, ItemNotes, ItemIgnore, ItemSkills)
		}
	}
	// Whoever created .memo (this call, an earlier one, or a concurrent one), it
	// must be a valid project now; anything else is foreign and left alone.
	memo, file, valid, err := inspect(root)
	if err != nil {
		return SetupResult{}, err
	}
	if v := s.check(root, memo); !v.Allowed || !valid {
		if v.Allowed { // a concurrent writer left no valid project.json
			v = s.check(root, guard.Memo{Exists: true, ProjectInvalid: true})
		}
		return SetupResult{}, v.Err()
	}
	res.ID = file.ID
	s.removeLeftovers(root)
	// The id is in a project.json now: from here on it belongs to the
	// folder that holds it (docs/identity.md §7). Setting up also takes back "never".
	if err := s.registry.Put(Record{ID: file.ID, Path: root, Written: true, LastOpened: s.now(), Folder: s.disk.folderKey(root)}); err != nil {
		return SetupResult{}, err
	}
	if len(res.Created) == 0 {
		if err := completeMemoDir(root, &file, rules, &res); err != nil {
			return SetupResult{}, err
		}
	}

	if onlyClaude(knowledge) {
		res.skip(ItemAgents, ReasonClaude)
	} else {
		if err := create(root, ItemAgents, assets.Template("AGENTS.md"), &res); err != nil {
			return SetupResult{}, err
		}
	}
	if err := create(root, ItemHandoff, assets.Template("handoff.md"), &res); err != nil {
		return SetupResult{}, err
	}
	return res, nil
}

// createMemoDir builds .memo complete in a temporary folder beside it and renames
// it into place, so that no crash can leave a .memo without a valid project.json
// (which the guard would then refuse as foreign). fs.ErrExist: .memo appeared.
func createMemoDir(root, id string, rules []byte) error {
	err := buildMemoDir(root, id, rules)
	if err != nil && exists(filepath.Join(root, MemoDir)) {
		return fs.ErrExist // a concurrent setup won
	}
	return err
}

func buildMemoDir(root, id string, rules []byte) error {
	// Everything is named within root, never by a whole path: the
	// temporary folder's name is longer than .memo, and near the system's
	// limit on a path only .memo's own files are sure to fit.
	r, err := os.OpenRoot(root)
	if err != nil {
		return err
	}
	defer r.Close()
	// Exclusively created: the deferred RemoveAll removes only what this
	// call made (a no-op once renamed).
	tmp, err := atomicfile.MkdirTempIn(r, setupTempBase, 0o777)
	if err != nil {
		return err
	}
	defer r.RemoveAll(tmp)
	file := newFile(id, sha256Hex(rules))
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"AGENTS.md", rules},
		{"project.json", file.Bytes()},
		{"notes.md", assets.Template("notes.md")},
		{".gitignore", assets.Template("gitignore")},
	} {
		if err := atomicfile.CreateIn(r, filepath.Join(tmp, f.name), f.data, 0o666); err != nil {
			return err
		}
	}
	if err := r.Mkdir(filepath.Join(tmp, "skills"), 0o777); err != nil {
		return err
	}
	if err := atomicfile.SyncDirIn(r, tmp); err != nil {
		return err
	}
	if _, err := r.Lstat(MemoDir); err == nil {
		return fs.ErrExist
	}
	if err := atomicfile.RenameNoReplaceIn(r, tmp, MemoDir); err != nil {
		return err
	}
	return atomicfile.SyncDirIn(r, ".")
}

// fit says why setup cannot create its files in root on this system: one of
// them would pass the system's limit on a path or on a name (PATH_MAX,
// NAME_MAX). Only the files themselves need fit: every temporary name is
// made within an open folder.
func fit(root string) error {
	for _, item := range Items {
		p := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(item, "/")))
		if err := pathname.Host().Fits(p); err != nil {
			return domain.T("{{.Root}} cannot be set up here: {{.Problem}}; move the project to a shorter path",
				"Root", root, "Problem", domain.Sentence(err)).Wrap(domain.ErrInvalid, err)
		}
	}
	return nil
}

// setupTempBase names the temporary folder in which setup builds .memo.
const setupTempBase = "memo-setup"

// The files setup writes into the root and into .memo: their temporary
// leftovers are the only ones Memo removes.
var (
	rootFiles = []string{"AGENTS.md", "handoff.md"}
	memoFiles = []string{"AGENTS.md", "project.json", "notes.md", ".gitignore"}
)

// removeLeftovers removes what interrupted runs of Memo left in a project:
// temporary files and setup folders whose names have the exact shape Memo
// gives them and that are provably stale (atomicfile.Stale: their creator is
// gone, or they are old). A setup folder is removed only when it holds nothing
// but what setup puts there. A user's look-alike is never touched.
func (s *Service) removeLeftovers(root string) {
	now := s.now()
	atomicfile.RemoveStale(root, rootFiles, now)
	atomicfile.RemoveStale(filepath.Join(root, MemoDir), memoFiles, now)
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		base, ok := atomicfile.TempBase(e.Name())
		dir := filepath.Join(root, e.Name())
		if ok && base == setupTempBase && e.IsDir() && atomicfile.Stale(root, e.Name(), now) && onlySetupFiles(dir) {
			os.RemoveAll(dir)
		}
	}
}

// onlySetupFiles reports whether dir holds only what buildMemoDir writes:
// the files of .memo (or their temporary files) and an empty skills folder.
func onlySetupFiles(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		name := e.Name()
		base, isTemp := atomicfile.TempBase(name)
		kind, err := filekind.Entry(dir, e) // OneDrive's files are files
		if err != nil {
			return false
		}
		switch {
		case name == "skills" && e.IsDir():
			if inner, err := os.ReadDir(filepath.Join(dir, name)); err != nil || len(inner) > 0 {
				return false
			}
		case kind == filekind.File && slices.Contains(memoFiles, name):
		case kind == filekind.File && isTemp && slices.Contains(memoFiles, base):
		default:
			return false
		}
	}
	return true
}

// completeMemoDir adds what is missing to an existing project .memo and
// refreshes .memo/AGENTS.md when Memo's template changed and nobody edited it.
func completeMemoDir(root string, file *File, rules []byte, res *SetupResult) error {
	res.skip(ItemProject, ReasonExists)
	for _, item := range []struct {
		path string
		data []byte
	}{
		{ItemNotes, assets.Template("notes.md")},
		{ItemIgnore, assets.Template("gitignore")},
	} {
		if err := create(root, item.path, item.data, res); err != nil {
			return err
		}
	}
	skills := filepath.Join(root, MemoDir, "skills")
	switch err := os.Mkdir(skills, 0o777); {
	case err == nil:
		res.Created = append(res.Created, ItemSkills)
	case errors.Is(err, fs.ErrExist):
		res.skip(ItemSkills, existsReason(skills, ItemSkills))
	default:
		return failure(err, cannotCreate(skills, err))
	}

	rulesPath := filepath.Join(root, filepath.FromSlash(ItemRules))
	cur, err := readRules(rulesPath)
	want := sha256Hex(rules)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := atomicfile.Create(rulesPath, rules, 0o666); err != nil {
			return failure(err, cannotCreate(rulesPath, err))
		}
		res.Created = append(res.Created, ItemRules)
	case err != nil:
		// A link, a FIFO, a folder or a huge file where the rules belong:
		// not what Memo wrote, so it is left alone, and setup says why.
		res.skip(ItemRules, err.Error())
		return nil
	case sha256Hex(cur) == want:
		res.skip(ItemRules, reasonRulesCurrent)
		if file.RulesHash == want {
			return nil
		}
	case sha256Hex(cur) == file.RulesHash:
		// Nobody edited it since Memo wrote it: take the new template.
		if err := atomicfile.WriteFile(rulesPath, rules, 0o666); err != nil {
			return failure(err, domain.T("cannot refresh {{.Path}}: {{.Cause}}", "Path", rulesPath, "Cause", causeText(err)))
		}
		res.Refreshed = append(res.Refreshed, ItemRules)
	default:
		res.skip(ItemRules, ReasonRulesEdited)
		return nil
	}
	file.setRulesHash(want)
	if err := writeFile(root, *file); err != nil {
		return failure(err, domain.T("cannot update {{.Path}}: {{.Cause}}", "Path", filepath.Join(root, filepath.FromSlash(ItemProject)), "Cause", causeText(err)))
	}
	return nil
}

// maxRulesFile bounds what is read of .memo/AGENTS.md: Memo's template is a
// few KiB, and a user's edit of it stays far below this.
const maxRulesFile = 1 << 20

// readRules reads the rules file as untrusted input.
func readRules(path string) ([]byte, error) {
	return untrusted.ReadFile(path, maxRulesFile)
}

// create writes a file that does not exist yet and records what happened.
func create(root, item string, data []byte, res *SetupResult) error {
	p := filepath.Join(root, filepath.FromSlash(item))
	switch err := atomicfile.Create(p, data, 0o666); {
	case err == nil:
		res.Created = append(res.Created, item)
	case errors.Is(err, fs.ErrExist):
		res.skip(item, existsReason(p, item))
	default:
		return failure(err, cannotCreate(p, err))
	}
	return nil
}

// cannotCreate is the sentence of a file or folder setup could not create.
func cannotCreate(path string, err error) domain.Text {
	if !errors.Is(err, fs.ErrPermission) {
		return domain.T("cannot create {{.Path}}: {{.Cause}}", "Path", path, "Cause", causeText(err))
	}
	// Say whose folder it is: who can let Memo write there.
	folder := filepath.Dir(path)
	owner, mine, ok := ownerOf(folder)
	switch {
	case ok && mine:
		return domain.T("cannot create {{.Path}}: permission denied; {{.Folder}} is your own folder but may not be written: make it writable for you, then try again",
			"Path", path, "Folder", folder)
	case ok:
		return domain.T("cannot create {{.Path}}: permission denied; {{.Folder}} belongs to {{.Owner}}: ask {{.Owner}} to let you write there, or set up a folder of your own",
			"Path", path, "Folder", folder, "Owner", owner)
	}
	return domain.T("cannot create {{.Path}}: permission denied; check that you may write in {{.Folder}}", "Path", path, "Folder", folder)
}

// PlanItem is one item of docs/folders.md §5 as setup would treat it now.
type PlanItem struct {
	Path   string `json:"path"`
	Create bool   `json:"create"`
	Reason string `json:"reason,omitempty"` // why it is left alone
	// Untracked: a file this creates at the project's root (AGENTS.md,
	// handoff.md) in a git work tree, which git status will list among the
	// person's own files.
	Untracked bool `json:"untracked,omitempty"`
}

// Plan tells what Setup would create and what it would leave alone, writing
// nothing. A folder the guard refuses is an error saying why.
func (s *Service) Plan(path string) ([]PlanItem, error) {
	st, err := s.Status(path)
	if err != nil {
		return nil, err
	}
	if !st.Allowed {
		return nil, st.refusal()
	}
	if err := fit(st.Root); err != nil {
		return nil, err
	}
	knowledge := knowledgeFiles(st.Root)
	git := inGitWorkTree(st.Root)
	out := make([]PlanItem, 0, len(Items))
	for _, item := range Items {
		p := filepath.Join(st.Root, filepath.FromSlash(strings.TrimSuffix(item, "/")))
		switch {
		case item == ItemAgents && !exists(p) && onlyClaude(knowledge):
			out = append(out, PlanItem{Path: item, Reason: ReasonClaude})
		case exists(p):
			out = append(out, PlanItem{Path: item, Reason: existsReason(p, item)})
		default:
			out = append(out, PlanItem{Path: item, Create: true, Untracked: git && !strings.HasPrefix(item, ".memo/")})
		}
	}
	return out, nil
}

// inGitWorkTree reports whether dir or a folder above it holds .git (a
// folder, or the file of a worktree or submodule).
func inGitWorkTree(dir string) bool {
	for {
		if exists(filepath.Join(dir, ".git")) {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// FileState is one item of docs/folders.md §5 as it is now.
type FileState struct {
	Path  string `json:"path"`
	State string `json:"state"`
	// Reason says why an item is unreadable, in a sentence (its values kept
	// apart, so the window words it; JSON prints the English sentence); empty
	// otherwise.
	Reason domain.Text `json:"reason,omitzero"`
}

// File states shown by the Overview.
const (
	StatePresent  = "present"
	StateMissing  = "missing"
	StateSkipped  = "skipped because CLAUDE.md exists"
	StateEdited   = "rules file edited by you"
	StateOutdated = "rules outdated"
	// The rules file is there but is not a plain file Memo can read (a link,
	// a FIFO, a folder, a huge file, no permission): Memo leaves it alone.
	StateUnreadable = "rules file cannot be read"
)

// Files reports the state of each setup item of a folder's root.
func (s *Service) Files(path string) ([]FileState, error) {
	v, err := s.status(path)
	if err != nil {
		return nil, err
	}
	st, file := v.Status, v.file
	root := st.Root
	knowledge := knowledgeFiles(root)
	out := make([]FileState, 0, len(Items))
	for _, item := range Items {
		p := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(item, "/")))
		state := StateMissing
		if exists(p) {
			state = StatePresent
		}
		why, wrong := wrongKind(p, item)
		switch {
		case item == ItemAgents && state == StateMissing && onlyClaude(knowledge):
			state = StateSkipped
		case wrong && (item != ItemRules || !st.SetUp):
			out = append(out, FileState{Path: item, State: StateWrongKind, Reason: why})
			continue
		case item == ItemRules && state == StatePresent && st.SetUp:
			cur, err := readRules(p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				state = StateMissing
			case err != nil:
				out = append(out, FileState{Path: item, State: StateUnreadable, Reason: domain.Sentence(err)})
				continue
			case sha256Hex(cur) != file.RulesHash:
				state = StateEdited
			case file.RulesHash != sha256Hex(assets.RulesFile(knowledge...)):
				state = StateOutdated
			}
		}
		out = append(out, FileState{Path: item, State: state})
	}
	return out, nil
}
