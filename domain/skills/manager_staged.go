// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"

	"memo.dev/projects/domain"
)

// source parses a source as Add and Stage take it, with skill (--skill)
// choosing one of several.
func source(s, skill string) (Source, error) {
	src, err := ParseSource(s)
	if err != nil {
		return Source{}, err
	}
	return chooseSkill(src, skill, func(named, other any) domain.Text {
		return domain.T("the source names the skill {{.Skill}} and --skill names {{.Other}}; Memo installs one skill at a time", "Skill", named, "Other", other)
	})
}

// Stage downloads the skill source names and stages it for a review in
// the project at path (staged.go): the window's Add….
func (m *Manager) Stage(ctx context.Context, path, src string, opt StageOptions) (Staged, error) {
	s, err := source(src, opt.Skill)
	if err != nil {
		return Staged{}, err
	}
	p, err := m.Project(path)
	if err != nil {
		return Staged{}, err
	}
	return m.skills.Stage(ctx, p, s, opt.Progress)
}

// StageUpdate stages the new version of the skill name of the project at
// path for a review: the window's Review update….
func (m *Manager) StageUpdate(ctx context.Context, path, name string, progress Progress) (Staged, error) {
	p, err := m.named(path, name)
	if err != nil {
		return Staged{}, err
	}
	return m.skills.StageUpdate(ctx, p, name, progress)
}

// InstallStaged installs the staged skill id into the project at path,
// exactly as reviewed.
func (m *Manager) InstallStaged(path, id string) (Added, error) {
	p, err := m.Project(path)
	if err != nil {
		return Added{}, err
	}
	inst, err := m.skills.InstallStaged(p, id)
	if err != nil {
		return Added{}, err
	}
	return addedOf(inst), nil
}

// UpdateStaged swaps the staged skill id in for the installed one of the
// project at path, exactly as reviewed.
func (m *Manager) UpdateStaged(path, id string) (UpdateReview, error) {
	p, err := m.Project(path)
	if err != nil {
		return UpdateReview{}, err
	}
	return m.skills.UpdateStaged(p, id)
}

// StagedFile reads the file rel of the staged skill id.
func (m *Manager) StagedFile(path, id, rel string) (FileText, error) {
	p, err := m.Project(path)
	if err != nil {
		return FileText{}, err
	}
	return m.skills.StagedFile(p, id, rel)
}

// Discard deletes the staged skill id.
func (m *Manager) Discard(id string) { m.skills.Discard(id) }
