// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
)

// Projects finds the project a folder belongs to; *project.Service is one.
type Projects interface {
	// Status answers what the folder is, writing nothing.
	Status(path string) (project.Status, error)
	// Register does what opening the folder does: a copied project gets an
	// id of its own (and so its skills start off) before its switches are read.
	Register(path string) (project.Status, identity.Event, error)
}

// Manager is the skills service by folder path, the one every face calls
// (the command line, the window, the HTTP API): it finds the project's root
// and id, refuses what the guard refuses and a folder that is not set up, and
// then installs, lists, removes and switches skills there.
type Manager struct {
	projects Projects
	skills   *Service
}

// NewManager builds the manager on the project service and the skills service.
func NewManager(projects Projects, skills *Service) *Manager {
	return &Manager{projects: projects, skills: skills}
}

// Project resolves path to its set-up project. Nothing is written for a
// folder it refuses; a set-up project is registered as opening it would.
func (m *Manager) Project(path string) (Project, error) {
	st, err := m.projects.Status(path)
	if err != nil {
		return Project{}, err
	}
	// A copy has no id in its status until it is registered.
	if err := usable(st, false); err != nil {
		return Project{}, err
	}
	if st, _, err = m.projects.Register(path); err != nil {
		return Project{}, err
	}
	if err := usable(st, true); err != nil {
		return Project{}, err
	}
	return Project{ID: st.ID, Root: st.Root}, nil
}

func usable(st project.Status, needID bool) error {
	switch {
	case !st.Allowed:
		return domain.T("Memo keeps no skills in {{.Root}}: {{.Reason}}", "Root", st.Root, "Reason", strings.TrimSuffix(st.Reason, ".")).Err(domain.ErrRefused)
	case !st.SetUp || needID && st.ID == "":
		return domain.T("{{.Root}} is not set up for Memo; set the project up first", "Root", st.Root).Err(domain.ErrRefused)
	}
	return nil
}

// AddOptions are the optional parts of Add.
type AddOptions struct {
	// Skill chooses one skill of a source that holds several (--skill),
	// matched on its folder or front-matter name.
	Skill string
	// DryRun downloads and judges the skill and writes nothing.
	DryRun   bool
	Progress Progress
	// Confirm is shown the review before the skill is moved into place; false
	// cancels (nothing stays). nil installs.
	Confirm func(Review) bool
}

// Added is the answer of Add (docs/cli.md §15, skill add). With DryRun, Path is
// where the skill would go and Review says what it is.
type Added struct {
	Name         string        `json:"name"`
	Path         string        `json:"path"`
	DroppedTools []string      `json:"dropped_tools"`
	Warnings     []domain.Text `json:"warnings"`
	Commit       string        `json:"commit"` // of the archive
	Hash         string        `json:"hash"`   // of the skill's files (TreeHash)
	DryRun       bool          `json:"dry_run,omitempty"`
	Review       *Review       `json:"review,omitempty"`
}

// Add installs the skill source names into the project at path (off), or
// with DryRun only reviews it.
func (m *Manager) Add(ctx context.Context, path, src string, opt AddOptions) (Added, error) {
	s, err := source(src, opt.Skill)
	if err != nil {
		return Added{}, err
	}
	p, err := m.Project(path)
	if err != nil {
		return Added{}, err
	}
	if opt.DryRun {
		rev, err := m.skills.Review(ctx, p, s, opt.Progress)
		if err != nil {
			return Added{}, err
		}
		dir := p.skillsDir()
		if existing, err := m.skills.existing(dir, rev.Name); err == nil && existing != "" {
			rev.Warnings = append(rev.Warnings, domain.T("a skill named {{.Name}} is already installed: remove it first to install this one", "Name", existing))
		}
		return Added{Name: rev.Name, Path: filepath.Join(dir, rev.Name), DroppedTools: rev.DroppedTools, Warnings: rev.Warnings, Commit: rev.Commit, Hash: rev.Hash, DryRun: true, Review: &rev}, nil
	}
	inst, err := m.skills.Install(ctx, p, s, InstallOptions{Progress: opt.Progress, Confirm: opt.Confirm})
	if err != nil {
		return Added{}, err
	}
	return addedOf(inst), nil
}

// addedOf is an install's answer as Add gives it.
func addedOf(inst Installed) Added {
	return Added{Name: inst.Name, Path: inst.Path, DroppedTools: inst.DroppedTools, Warnings: inst.Warnings, Commit: inst.Commit, Hash: inst.Hash}
}

// List lists the skills of the project at path.
func (m *Manager) List(path string) (SkillList, error) {
	p, err := m.Project(path)
	if err != nil {
		return SkillList{}, err
	}
	return m.skills.List(p)
}

// named resolves the project at path for a command on the skill name,
// judging the name first: a name that is not a skill name touches nothing,
// not even the registry.
func (m *Manager) named(path, name string) (Project, error) {
	if err := CheckName(name); err != nil {
		return Project{}, err
	}
	return m.Project(path)
}

// Removed is the answer of Remove.
type Removed struct {
	Name    string `json:"name"`
	Removed bool   `json:"removed"`
}

// Remove deletes the skill name of the project at path, its switch and its
// lock entry.
func (m *Manager) Remove(path, name string) (Removed, error) {
	p, err := m.named(path, name)
	if err != nil {
		return Removed{}, err
	}
	if err := m.skills.Remove(p, name); err != nil {
		return Removed{}, err
	}
	return Removed{Name: name, Removed: true}, nil
}

// Switched is the answer of SetEnabled (skill on|off).
type Switched struct {
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
	// Hash is the content the switch is pinned to.
	Hash string `json:"hash,omitempty"`
}

// SetEnabled turns the skill name of the project at path on or off on this device.
func (m *Manager) SetEnabled(path, name string, on bool) (Switched, error) {
	p, err := m.named(path, name)
	if err != nil {
		return Switched{}, err
	}
	hash, err := m.skills.SetEnabled(p, name, on)
	if err != nil {
		return Switched{}, err
	}
	return Switched{Name: name, Enabled: on, Hash: hash}, nil
}
