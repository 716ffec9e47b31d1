// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"github.com/spf13/cobra"

	"memo.dev/projects/domain/skills"
)

// The commands of the skills lock (.memo/skills-lock.json) and of pinned
// switches: diff, check, update, verify, restore, pin.

func newSkillDiffCmd(f *Factory, runF func(*skillNameOptions) error) *cobra.Command {
	o := &skillNameOptions{f: f}
	run := func(o *skillNameOptions) error {
		return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.Changed(path, o.Name) })
	}
	return skillNameCmd("diff PATH NAME", "what changed in a skill since it was turned on → {name, from, to, changes:[{path, change, diff}]}", o, run, runF)
}

func newSkillCheckCmd(f *Factory, runF func(*skillListOptions) error) *cobra.Command {
	o := &skillListOptions{f: f}
	run := func(o *skillListOptions) error {
		ctx, stop := interruptible()
		defer stop()
		return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.Check(ctx, path, nil) })
	}
	return pathCmd("check PATH", "compare each locked skill with its source's current archive → {skills:[{name, commit, latest_commit, update}]}", o, &o.Path, run, runF)
}

// skillUpdateOptions are the options of skill update.
type skillUpdateOptions struct {
	skillNameOptions
	DryRun bool
}

func newSkillUpdateCmd(f *Factory, runF func(*skillUpdateOptions) error) *cobra.Command {
	o := &skillUpdateOptions{skillNameOptions: skillNameOptions{f: f}}
	run := func(*skillNameOptions) error {
		if runF != nil {
			return runF(o)
		}
		ctx, stop := interruptible()
		defer stop()
		return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) {
			return m.Update(ctx, path, o.Name, skills.UpdateOptions{DryRun: o.DryRun})
		})
	}
	cmd := skillNameCmd("update PATH NAME [--dry-run]", "review the new version of a locked skill and swap it in, off → {name, from, to, changes:[{path, change, diff}], warnings, dropped_tools, enabled}", &o.skillNameOptions, run, nil)
	cmd.Long = "Downloads the source the lock names for the skill, at the ref it names, and\n" +
		"compares it with the skill's folder: files added, removed and modified (a line\n" +
		"diff for text), the review's warnings and the tools it declares (dropped). The\n" +
		"new version is swapped in atomically and the lock updated; the skill is then\n" +
		"off until turned on again. --dry-run prints the review and writes nothing."
	cmd.Flags().BoolVar(&o.DryRun, "dry-run", false, "download and review the new version, write nothing")
	return cmd
}

func newSkillVerifyCmd(f *Factory, runF func(*skillListOptions) error) *cobra.Command {
	o := &skillListOptions{f: f}
	run := func(o *skillListOptions) error {
		return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.Verify(path) })
	}
	return pathCmd("verify PATH", "compare each skill's files with the lock → {skills:[{name, state: unchanged|modified|missing|unlocked}]}", o, &o.Path, run, runF)
}

func newSkillRestoreCmd(f *Factory, runF func(*skillListOptions) error) *cobra.Command {
	o := &skillListOptions{f: f}
	run := func(o *skillListOptions) error {
		ctx, stop := interruptible()
		defer stop()
		return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.Restore(ctx, path, nil) })
	}
	return pathCmd("restore PATH", "install the skills the lock lists and the folder lacks, at their locked commits; refuses files that do not match the lock → {skills:[{name, restored, commit}]}", o, &o.Path, run, runF)
}

func newSkillPinCmd(f *Factory, runF func(*skillNameOptions) error) *cobra.Command {
	o := &skillNameOptions{f: f}
	run := func(o *skillNameOptions) error {
		return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.Pin(path, o.Name) })
	}
	return skillNameCmd("pin PATH NAME", "add an installed skill the lock does not list to it, as its files are now → {name, source, ref, commit, hash}", o, run, runF)
}
