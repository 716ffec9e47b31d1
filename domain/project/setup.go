package project

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"memo.dev/projects/assets"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
)

// The items of SPEC §2.4, relative to the root, in the order they are shown.
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

// knowledgeFile is the file the rules point the model at: AGENTS.md, or
// CLAUDE.md when only that one exists (SPEC §2.4).
func knowledgeFile(root string) string {
	if exists(filepath.Join(root, "AGENTS.md")) || !exists(filepath.Join(root, "CLAUDE.md")) {
		return "AGENTS.md"
	}
	return "CLAUDE.md"
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// Setup creates what is missing of SPEC §2.4 and changes nothing that exists,
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
	root := st.Root
	res := SetupResult{Root: root, ID: st.ID, Created: []string{}, Skipped: []string{}, Refreshed: []string{}, Details: []Skip{}}

	knowledge := knowledgeFile(root)
	rules := assets.RulesFile(knowledge)
	if !st.SetUp {
		if err := createMemoDir(root, st.ID, rules); err != nil && !errors.Is(err, fs.ErrExist) {
			return SetupResult{}, fmt.Errorf("cannot create %s: %w", filepath.Join(root, MemoDir), err)
		}
		if err == nil {
			res.Created = append(res.Created, ItemRules, ItemProject, ItemNotes, ItemIgnore, ItemSkills)
		}
	}
	// Whoever created .memo (this call, an earlier one, or a concurrent one), it
	// must be a valid project now; anything else is foreign and left alone.
	memo, file, valid, err := inspect(root)
	if err != nil {
		return SetupResult{}, err
	}
	if v := s.guard.Check(root, memo); !v.Allowed || !valid {
		return SetupResult{}, domain.Refused("%s", v.Reason)
	}
	res.ID = file.ID
	removeTemps(root)
	if err := s.registry.SetDeclined(root, false); err != nil {
		return SetupResult{}, err
	}
	if len(res.Created) == 0 {
		if err := completeMemoDir(root, &file, rules, &res); err != nil {
			return SetupResult{}, err
		}
	}

	if knowledge == "CLAUDE.md" {
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
	tmp, err := os.MkdirTemp(root, ".memo-setup-*.tmp")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
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
		if err := atomicfile.Create(filepath.Join(tmp, f.name), f.data, 0o644); err != nil {
			return err
		}
	}
	if err := os.Mkdir(filepath.Join(tmp, "skills"), 0o755); err != nil {
		return err
	}
	if err := atomicfile.SyncDir(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700
		return err
	}
	dst := filepath.Join(root, MemoDir)
	if exists(dst) {
		return fs.ErrExist
	}
	if err := atomicfile.RenameNoReplace(tmp, dst); err != nil {
		return err
	}
	return atomicfile.SyncDir(root)
}

// removeTemps removes the temporary folders of interrupted setups. It runs once
// .memo exists: a setup still running elsewhere then fails to finish its own
// temporary folder and takes the existing .memo, as it would anyway.
func removeTemps(root string) {
	matches, _ := filepath.Glob(filepath.Join(root, ".memo-setup-*.tmp"))
	for _, m := range matches {
		if fi, err := os.Lstat(m); err == nil && fi.IsDir() {
			os.RemoveAll(m)
		}
	}
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
	switch err := os.Mkdir(skills, 0o755); {
	case err == nil:
		res.Created = append(res.Created, ItemSkills)
	case errors.Is(err, fs.ErrExist):
		res.skip(ItemSkills, ReasonExists)
	default:
		return fmt.Errorf("cannot create %s: %w", skills, err)
	}

	rulesPath := filepath.Join(root, filepath.FromSlash(ItemRules))
	cur, err := os.ReadFile(rulesPath)
	want := sha256Hex(rules)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := atomicfile.Create(rulesPath, rules, 0o644); err != nil {
			return fmt.Errorf("cannot create %s: %w", rulesPath, err)
		}
		res.Created = append(res.Created, ItemRules)
	case err != nil:
		return fmt.Errorf("cannot read %s: %w", rulesPath, err)
	case sha256Hex(cur) == want:
		res.skip(ItemRules, reasonRulesCurrent)
		if file.RulesHash == want {
			return nil
		}
	case sha256Hex(cur) == file.RulesHash:
		// Nobody edited it since Memo wrote it: take the new template.
		if err := atomicfile.WriteFile(rulesPath, rules, 0o644); err != nil {
			return fmt.Errorf("cannot refresh %s: %w", rulesPath, err)
		}
		res.Refreshed = append(res.Refreshed, ItemRules)
	default:
		res.skip(ItemRules, ReasonRulesEdited)
		return nil
	}
	file.setRulesHash(want)
	if err := writeFile(root, *file); err != nil {
		return fmt.Errorf("cannot update %s: %w", ItemProject, err)
	}
	return nil
}

// create writes a file that does not exist yet and records what happened.
func create(root, item string, data []byte, res *SetupResult) error {
	p := filepath.Join(root, filepath.FromSlash(item))
	switch err := atomicfile.Create(p, data, 0o644); {
	case err == nil:
		res.Created = append(res.Created, item)
	case errors.Is(err, fs.ErrExist):
		res.skip(item, ReasonExists)
	default:
		return fmt.Errorf("cannot create %s: %w", p, err)
	}
	return nil
}

// PlanItem is one item of SPEC §2.4 as setup would treat it now.
type PlanItem struct {
	Path   string `json:"path"`
	Create bool   `json:"create"`
	Reason string `json:"reason,omitempty"` // why it is left alone
}

// Plan tells what Setup would create and what it would leave alone, writing
// nothing. A folder the guard refuses is an error saying why.
func (s *Service) Plan(path string) ([]PlanItem, error) {
	st, err := s.Status(path)
	if err != nil {
		return nil, err
	}
	if !st.Allowed {
		return nil, domain.Refused("%s", st.Reason)
	}
	knowledge := knowledgeFile(st.Root)
	out := make([]PlanItem, 0, len(Items))
	for _, item := range Items {
		p := filepath.Join(st.Root, filepath.FromSlash(strings.TrimSuffix(item, "/")))
		switch {
		case item == ItemAgents && !exists(p) && knowledge == "CLAUDE.md":
			out = append(out, PlanItem{Path: item, Reason: ReasonClaude})
		case exists(p):
			out = append(out, PlanItem{Path: item, Reason: ReasonExists})
		default:
			out = append(out, PlanItem{Path: item, Create: true})
		}
	}
	return out, nil
}

// FileState is one item of SPEC §2.4 as it is now.
type FileState struct {
	Path  string `json:"path"`
	State string `json:"state"`
}

// File states shown by the Overview.
const (
	StatePresent  = "present"
	StateMissing  = "missing"
	StateSkipped  = "skipped because CLAUDE.md exists"
	StateEdited   = "rules file edited by you"
	StateOutdated = "rules outdated"
)

// Files reports the state of each setup item of a folder's root.
func (s *Service) Files(path string) ([]FileState, error) {
	st, file, err := s.status(path)
	if err != nil {
		return nil, err
	}
	root := st.Root
	knowledge := knowledgeFile(root)
	out := make([]FileState, 0, len(Items))
	for _, item := range Items {
		p := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(item, "/")))
		state := StateMissing
		if exists(p) {
			state = StatePresent
		}
		switch {
		case item == ItemAgents && state == StateMissing && knowledge == "CLAUDE.md":
			state = StateSkipped
		case item == ItemRules && state == StatePresent && st.SetUp:
			cur, err := os.ReadFile(p)
			switch {
			case err != nil:
				state = StateMissing
			case sha256Hex(cur) != file.RulesHash:
				state = StateEdited
			case file.RulesHash != sha256Hex(assets.RulesFile(knowledge)):
				state = StateOutdated
			}
		}
		out = append(out, FileState{Path: item, State: state})
	}
	return out, nil
}
