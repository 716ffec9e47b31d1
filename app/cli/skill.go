// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"context"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain/skills"
)

// newSkillCmd is the skill command group: a project's skills
// (docs/skills.md, docs/cli.md §15–§16).
func newSkillCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "skill",
		Short: "a project's skills: add, list, remove, on, off, diff, check, update, verify, restore, pin",
	}
	cmd.AddCommand(
		newSkillAddCmd(f, nil),
		newSkillListCmd(f, nil),
		newSkillRemoveCmd(f, nil),
		newSkillSwitchCmd(f, true, nil),
		newSkillSwitchCmd(f, false, nil),
		newSkillDiffCmd(f, nil),
		newSkillCheckCmd(f, nil),
		newSkillUpdateCmd(f, nil),
		newSkillVerifyCmd(f, nil),
		newSkillRestoreCmd(f, nil),
		newSkillPinCmd(f, nil),
	)
	return cmd
}

// skillAddOptions are the options of skill add.
type skillAddOptions struct {
	f      *Factory
	Path   string
	Source string
	Skill  string
	DryRun bool
}

func newSkillAddCmd(f *Factory, runF func(*skillAddOptions) error) *cobra.Command {
	o := &skillAddOptions{f: f}
	cmd := &cobra.Command{
		Use:   "add PATH SOURCE [--skill N] [--dry-run]",
		Short: "install a skill from GitHub, off → {name, path, dropped_tools, warnings}",
		Long: "Downloads SOURCE's archive from GitHub and installs the skill into the project's\n" +
			".memo/skills, switched off. SOURCE is owner/repo, owner/repo/path/to/skill,\n" +
			"owner/repo@skill, a github.com address (also …/tree/REF/PATH), or a pasted line\n" +
			"such as 'npx skills add owner/repo --skill NAME' (never run). Declared tools are\n" +
			"dropped. --dry-run prints the review (files, sizes, warnings) and writes nothing.",
		Args:              exactArgs(2),
		ValidArgsFunction: folders,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Path, o.Source = args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return skillAddRun(o)
		},
	}
	cmd.Flags().StringVarP(&o.Skill, "skill", "s", "", "the skill to install when SOURCE holds several (its folder or `name`)")
	cmd.Flags().BoolVar(&o.DryRun, "dry-run", false, "download and review the skill, write nothing")
	return cmd
}

// withSkills resolves a skill command's folder, opens the data home and
// answers with what do returns from the skills manager.
func withSkills(f *Factory, folder string, do func(m *skills.Manager, path string) (any, error)) error {
	path, err := f.abs(folder)
	if err != nil {
		return err
	}
	return f.answer(false, func(s *datahome.Services) (any, error) {
		m, err := s.Skills()
		if err != nil {
			return nil, err
		}
		return do(m, path)
	})
}

func skillAddRun(o *skillAddOptions) error {
	// Ctrl-C cancels the download: the staging folder goes with it.
	ctx, stop := interruptible()
	defer stop()
	return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) {
		return m.Add(ctx, path, o.Source, skills.AddOptions{Skill: o.Skill, DryRun: o.DryRun})
	})
}

// skillListOptions are the options of skill list.
type skillListOptions struct {
	f    *Factory
	Path string
}

func newSkillListCmd(f *Factory, runF func(*skillListOptions) error) *cobra.Command {
	o := &skillListOptions{f: f}
	return pathCmd("list PATH", "the project's skills → {skills:[{name, description, enabled, state, lock, dropped_tools, source, commit, hash}], missing}", o, &o.Path, skillListRun, runF)
}

func skillListRun(o *skillListOptions) error {
	return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.List(path) })
}

// skillNameOptions are the options of skill remove, on and off.
type skillNameOptions struct {
	f    *Factory
	Path string
	Name string
}

// skillNameCmd is a command on one installed skill: PATH NAME.
func skillNameCmd(use, short string, o *skillNameOptions, run, runF func(*skillNameOptions) error) *cobra.Command {
	return &cobra.Command{
		Use:               use,
		Short:             short,
		Args:              exactArgs(2),
		ValidArgsFunction: folders,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Path, o.Name = args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return run(o)
		},
	}
}

func newSkillRemoveCmd(f *Factory, runF func(*skillNameOptions) error) *cobra.Command {
	o := &skillNameOptions{f: f}
	return skillNameCmd("remove PATH NAME", "remove a skill and its switch → {name, removed}", o, skillRemoveRun, runF)
}

func skillRemoveRun(o *skillNameOptions) error {
	return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.Remove(path, o.Name) })
}

// newSkillSwitchCmd is skill on or skill off: the switch is this device's.
func newSkillSwitchCmd(f *Factory, on bool, runF func(*skillNameOptions) error) *cobra.Command {
	o := &skillNameOptions{f: f}
	use, short := "off PATH NAME", "turn a skill off on this device → {name, enabled}"
	if on {
		use, short = "on PATH NAME", "turn a skill on on this device, pinned to its files as they are (it enters the prompt until they change) → {name, enabled, hash}"
	}
	run := func(o *skillNameOptions) error {
		return withSkills(o.f, o.Path, func(m *skills.Manager, path string) (any, error) { return m.SetEnabled(path, o.Name, on) })
	}
	return skillNameCmd(use, short, o, run, runF)
}

// interruptible is a context that Ctrl-C cancels: a download stops, and
// its work folder goes with it.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}
