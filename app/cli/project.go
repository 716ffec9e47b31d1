// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"github.com/spf13/cobra"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
)

// projectCommands are the commands about one project folder (docs/cli.md §5–§10).
func projectCommands(f *Factory) []*cobra.Command {
	return []*cobra.Command{
		newStatusCmd(f, nil),
		newRegisterCmd(f, nil),
		newSetupCmd(f, nil),
		newDeclineCmd(f, nil),
		newPreambleCmd(f, nil),
		newFilesCmd(f, nil),
	}
}

// pathCmd is a command whose one argument is a folder: it stores the
// argument in *path and runs run (runF in tests) on the parsed options.
func pathCmd[O any](use, short string, o *O, path *string, run, runF func(*O) error) *cobra.Command {
	return &cobra.Command{
		Use:               use,
		Short:             short,
		Args:              exactArgs(1),
		ValidArgsFunction: folders,
		RunE: func(cmd *cobra.Command, args []string) error {
			*path = args[0]
			if runF != nil {
				return runF(o)
			}
			return run(o)
		},
	}
}

// statusOptions are the options of status; the other commands follow it.
type statusOptions struct {
	f    *Factory
	Path string
}

func newStatusCmd(f *Factory, runF func(*statusOptions) error) *cobra.Command {
	o := &statusOptions{f: f}
	return pathCmd("status PATH", "what PATH is to Memo; writes nothing", o, &o.Path, statusRun, runF)
}

func statusRun(o *statusOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(true, func(s *datahome.Services) (any, error) { return s.Projects.Status(path) })
}

type registerOptions struct {
	f    *Factory
	Path string
	// Reconnect is a project id the person says this folder is (a project
	// whose folder cannot be found); "" for what opening does.
	Reconnect string
}

type registerOut struct {
	project.Status
	Event identity.Event `json:"event"`
}

// reconnectUsage is the help of --reconnect, the same on register and setup.
const reconnectUsage = "make PATH the project ID whose folder cannot be found (its memory, trust and skill switches); refused while that folder exists"

func newRegisterCmd(f *Factory, runF func(*registerOptions) error) *cobra.Command {
	o := &registerOptions{f: f}
	cmd := pathCmd("register PATH [--reconnect ID]", "what opening a folder does: + {event: new|known|moved|copied|reconnected|restored}", o, &o.Path, registerRun, runF)
	cmd.Flags().Var(idFlag{&o.Reconnect}, "reconnect", reconnectUsage)
	return cmd
}

func registerRun(o *registerOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(false, func(s *datahome.Services) (any, error) {
		register := s.Projects.Register
		if o.Reconnect != "" {
			register = func(path string) (project.Status, identity.Event, error) {
				return s.Projects.Reconnect(path, o.Reconnect)
			}
		}
		st, ev, err := register(path)
		if err != nil {
			return nil, err
		}
		return registerOut{st, ev}, nil
	})
}

type setupOptions struct {
	f         *Factory
	Path      string
	Reconnect string // as registerOptions.Reconnect
}

func newSetupCmd(f *Factory, runF func(*setupOptions) error) *cobra.Command {
	o := &setupOptions{f: f}
	cmd := pathCmd("setup PATH [--reconnect ID]", "create what is missing → {root, id, created, skipped, ...}", o, &o.Path, setupRun, runF)
	cmd.Flags().Var(idFlag{&o.Reconnect}, "reconnect", reconnectUsage)
	return cmd
}

// idFlag is --reconnect: a project id, never empty (an empty shell variable
// must not turn it into a plain setup). Its form is the domain's to check.
type idFlag struct{ id *string }

func (f idFlag) Set(s string) error {
	if s == "" {
		return domain.Invalid("--reconnect needs a project id")
	}
	*f.id = s
	return nil
}

func (f idFlag) String() string { return *f.id }
func (f idFlag) Type() string   { return "ID" }

func setupRun(o *setupOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(false, func(s *datahome.Services) (any, error) {
		if o.Reconnect != "" {
			return s.Projects.SetupReconnected(path, o.Reconnect)
		}
		return s.Projects.Setup(path)
	})
}

type declineOptions struct {
	f    *Factory
	Path string
	Undo bool
}

func newDeclineCmd(f *Factory, runF func(*declineOptions) error) *cobra.Command {
	o := &declineOptions{f: f}
	cmd := pathCmd("decline PATH [--undo]", `"Never for this folder" (or, with --undo, ask again)`, o, &o.Path, declineRun, runF)
	cmd.Flags().BoolVar(&o.Undo, "undo", false, "ask about this folder again")
	return cmd
}

func declineRun(o *declineOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(false, func(s *datahome.Services) (any, error) { return s.Projects.Decline(path, !o.Undo) })
}

type preambleOptions struct {
	f    *Factory
	Path string
}

func newPreambleCmd(f *Factory, runF func(*preambleOptions) error) *cobra.Command {
	o := &preambleOptions{f: f}
	return pathCmd("preamble PATH", "the session-start line → {line}", o, &o.Path, preambleRun, runF)
}

func preambleRun(o *preambleOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(true, func(s *datahome.Services) (any, error) {
		line, err := s.Projects.Preamble(path)
		return struct {
			Line string `json:"line"`
		}{line}, err
	})
}

type filesOptions struct {
	f    *Factory
	Path string
}

func newFilesCmd(f *Factory, runF func(*filesOptions) error) *cobra.Command {
	o := &filesOptions{f: f}
	return pathCmd("files PATH", "each setup item and its state", o, &o.Path, filesRun, runF)
}

func filesRun(o *filesOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(true, func(s *datahome.Services) (any, error) {
		files, err := s.Projects.Files(path)
		return struct {
			Files []project.FileState `json:"files"`
		}{files}, err
	})
}
