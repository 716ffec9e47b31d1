package app

import (
	"github.com/spf13/cobra"

	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
)

// projectCommands are the commands about one project folder (SPEC §2, §3).
func projectCommands(e *env) []*cobra.Command {
	return []*cobra.Command{
		newStatusCmd(e, nil),
		newRegisterCmd(e, nil),
		newSetupCmd(e, nil),
		newDeclineCmd(e, nil),
		newPreambleCmd(e, nil),
		newFilesCmd(e, nil),
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
	env  *env
	Path string
}

func newStatusCmd(e *env, runF func(*statusOptions) error) *cobra.Command {
	o := &statusOptions{env: e}
	return pathCmd("status PATH", "what PATH is to Memo; writes nothing", o, &o.Path, statusRun, runF)
}

func statusRun(o *statusOptions) error {
	path, err := o.env.abs(o.Path)
	if err != nil {
		return err
	}
	return o.env.answer(true, func(s *services) (any, error) { return s.projects.Status(path) })
}

type registerOptions struct {
	env  *env
	Path string
}

type registerOut struct {
	project.Status
	Event identity.Event `json:"event"`
}

func newRegisterCmd(e *env, runF func(*registerOptions) error) *cobra.Command {
	o := &registerOptions{env: e}
	return pathCmd("register PATH", "what opening a folder does: + {event: new|known|moved|copied}", o, &o.Path, registerRun, runF)
}

func registerRun(o *registerOptions) error {
	path, err := o.env.abs(o.Path)
	if err != nil {
		return err
	}
	return o.env.answer(false, func(s *services) (any, error) {
		st, ev, err := s.projects.Register(path)
		if err != nil {
			return nil, err
		}
		return registerOut{st, ev}, nil
	})
}

type setupOptions struct {
	env  *env
	Path string
}

func newSetupCmd(e *env, runF func(*setupOptions) error) *cobra.Command {
	o := &setupOptions{env: e}
	return pathCmd("setup PATH", "create what is missing → {root, id, created, skipped, ...}", o, &o.Path, setupRun, runF)
}

func setupRun(o *setupOptions) error {
	path, err := o.env.abs(o.Path)
	if err != nil {
		return err
	}
	return o.env.answer(false, func(s *services) (any, error) { return s.projects.Setup(path) })
}

type declineOptions struct {
	env  *env
	Path string
	Undo bool
}

func newDeclineCmd(e *env, runF func(*declineOptions) error) *cobra.Command {
	o := &declineOptions{env: e}
	cmd := pathCmd("decline PATH [--undo]", `"Never for this folder" (or, with --undo, ask again)`, o, &o.Path, declineRun, runF)
	cmd.Flags().BoolVar(&o.Undo, "undo", false, "ask about this folder again")
	return cmd
}

func declineRun(o *declineOptions) error {
	path, err := o.env.abs(o.Path)
	if err != nil {
		return err
	}
	return o.env.answer(false, func(s *services) (any, error) { return s.projects.Decline(path, !o.Undo) })
}

type preambleOptions struct {
	env  *env
	Path string
}

func newPreambleCmd(e *env, runF func(*preambleOptions) error) *cobra.Command {
	o := &preambleOptions{env: e}
	return pathCmd("preamble PATH", "the session-start line → {line}", o, &o.Path, preambleRun, runF)
}

func preambleRun(o *preambleOptions) error {
	path, err := o.env.abs(o.Path)
	if err != nil {
		return err
	}
	return o.env.answer(true, func(s *services) (any, error) {
		line, err := s.projects.Preamble(path)
		return struct {
			Line string `json:"line"`
		}{line}, err
	})
}

type filesOptions struct {
	env  *env
	Path string
}

func newFilesCmd(e *env, runF func(*filesOptions) error) *cobra.Command {
	o := &filesOptions{env: e}
	return pathCmd("files PATH", "each setup item and its state", o, &o.Path, filesRun, runF)
}

func filesRun(o *filesOptions) error {
	path, err := o.env.abs(o.Path)
	if err != nil {
		return err
	}
	return o.env.answer(true, func(s *services) (any, error) {
		files, err := s.projects.Files(path)
		return struct {
			Files []project.FileState `json:"files"`
		}{files}, err
	})
}
