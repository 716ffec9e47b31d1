// SPDX-License-Identifier: Apache-2.0

package skills

import "context"

// Changed is what changed in the skill name of the project at path since
// it was turned on (skill diff).
func (m *Manager) Changed(path, name string) (Drift, error) {
	p, err := m.named(path, name)
	if err != nil {
		return Drift{}, err
	}
	return m.skills.Changed(p, name)
}

// Check compares each locked skill of the project at path with its
// source's current archive (skill check).
func (m *Manager) Check(ctx context.Context, path string, progress CheckProgress) (CheckList, error) {
	p, err := m.Project(path)
	if err != nil {
		return CheckList{}, err
	}
	return m.skills.Check(ctx, p, progress)
}

// Update reviews, and unless DryRun applies, the new version of the skill
// name of the project at path (skill update).
func (m *Manager) Update(ctx context.Context, path, name string, opt UpdateOptions) (UpdateReview, error) {
	p, err := m.named(path, name)
	if err != nil {
		return UpdateReview{}, err
	}
	return m.skills.Update(ctx, p, name, opt)
}

// Verify compares the skills of the project at path with the lock (skill verify).
func (m *Manager) Verify(path string) (VerifyList, error) {
	p, err := m.Project(path)
	if err != nil {
		return VerifyList{}, err
	}
	return m.skills.Verify(p)
}

// Restore installs the skills the lock lists and the folder lacks (skill restore).
func (m *Manager) Restore(ctx context.Context, path string, progress CheckProgress) (Restoration, error) {
	p, err := m.Project(path)
	if err != nil {
		return Restoration{}, err
	}
	return m.skills.Restore(ctx, p, progress)
}

// Pinned is the answer of Pin: the lock entry written.
type Pinned struct {
	Name string `json:"name"`
	LockEntry
}

// Pin adds the installed skill name, which the lock does not list, to the
// lock as it is now (skill pin).
func (m *Manager) Pin(path, name string) (Pinned, error) {
	p, err := m.named(path, name)
	if err != nil {
		return Pinned{}, err
	}
	e, err := m.skills.Pin(p, name)
	if err != nil {
		return Pinned{}, err
	}
	return Pinned{Name: name, LockEntry: e}, nil
}
