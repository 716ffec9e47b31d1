// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"io"

	"github.com/spf13/cobra"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/untrusted"
)

// permissionsCommands are the commands of a project's permissions file
// (docs/permissions.md, docs/cli.md §13–§14).
func permissionsCommands(f *Factory) []*cobra.Command {
	perms := newPermissionsCmd(f, nil)
	perms.AddCommand(
		newPermissionsSaveCmd(f, nil),
		newPermissionsTrustCmd(f, nil),
		newPermissionsDiffCmd(f, nil),
		newPermissionsCatalogCmd(f, nil),
		newPermissionsAllowCmd(f, nil),
	)
	return []*cobra.Command{perms, newCheckCommandCmd(f, nil), newCheckToolCmd(f, nil)}
}

type permissionsOptions struct {
	f    *Factory
	Path string
}

func newPermissionsCmd(f *Factory, runF func(*permissionsOptions) error) *cobra.Command {
	o := &permissionsOptions{f: f}
	cmd := pathCmd("permissions PATH", "the permissions in effect → {permissions, status:{exists, trusted, hash, state, definitions_changed, review_hash}, problems, rules, tools, warnings}", o, &o.Path, permissionsRun, runF)
	cmd.Long = "permissions PATH shows what the project's .memo/permissions.json grants: nothing\n" +
		"unless the file is valid and its SHA-256 is the one trusted on this device.\n" +
		"A file that came with a clone, or that changed since it was trusted, is ignored."
	return cmd
}

func permissionsRun(o *permissionsOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(true, func(s *datahome.Services) (any, error) { return s.Permissions.Report(path) })
}

type permissionsSaveOptions struct {
	f    *Factory
	Path string
	File string // "-" is stdin
	Hash string // the review the content was written from
}

func newPermissionsSaveCmd(f *Factory, runF func(*permissionsSaveOptions) error) *cobra.Command {
	o := &permissionsSaveOptions{f: f}
	cmd := &cobra.Command{
		Use:   "save PATH FILE|- [--hash REVIEW]",
		Short: "validate FILE (- reads stdin), write it as the project's file and trust it, with only what the rules run as reviewed (--hash); invalid: exit 2, every problem, nothing written",
		Long: "save PATH FILE writes FILE as the project's .memo/permissions.json and trusts those bytes.\n" +
			"Of the scripts, recipes and aliases the rules run it pins only what you reviewed:\n" +
			"with --hash (status.review_hash of permissions PATH), what that review showed while the\n" +
			"project is still as reviewed; always, what was trusted before. Anything else (a script\n" +
			"changed since, one a new rule runs) is not pinned: its rule asks until you review it\n" +
			"and trust again, and the answer lists it under \"not_pinned\".",
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Path, o.File = args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return permissionsSaveRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Hash, "hash", "", "the `review` the file was written from (status.review_hash of permissions PATH): what it showed of what the rules run is pinned too, while the project is still as reviewed")
	return cmd
}

func permissionsSaveRun(o *permissionsSaveOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	content, err := o.f.readInput(o.File, permissions.MaxFileSize)
	if err != nil {
		return err
	}
	return o.f.answer(false, func(s *datahome.Services) (any, error) {
		st, err := s.Permissions.SaveReviewed(path, content, o.Hash)
		if err != nil {
			return nil, err
		}
		return st.Report(), nil
	})
}

// readInput reads a file named on the command line, or stdin for "-", up to
// limit bytes: one more than that is refused (nothing is cut silently). A
// file is read as project files are (a plain file, never a FIFO that would
// block).
func (f *Factory) readInput(name string, limit int64) ([]byte, error) {
	if name == "-" {
		b, err := io.ReadAll(io.LimitReader(f.IO.In, limit+1))
		if err != nil {
			return nil, domain.Because(domain.ErrInternal, err, "cannot read stdin: send the file again, or give its path instead of -")
		}
		if int64(len(b)) > limit {
			return nil, domain.Invalid("stdin holds more than %d KiB, more than a permissions file ever needs", limit>>10)
		}
		return b, nil
	}
	file, err := f.abs(name)
	if err != nil {
		return nil, err
	}
	return untrusted.ReadFile(file, limit)
}

type permissionsTrustOptions struct {
	f    *Factory
	Path string
	Hash string
}

func newPermissionsTrustCmd(f *Factory, runF func(*permissionsTrustOptions) error) *cobra.Command {
	o := &permissionsTrustOptions{f: f}
	cmd := pathCmd("trust PATH [--hash SHA256]", "trust the file on disk as it is now (--hash: only if it still has that SHA-256); invalid: exit 2", o, &o.Path, permissionsTrustRun, runF)
	cmd.Flags().StringVar(&o.Hash, "hash", "", "trust only the version with this `sha256` (from permissions PATH: status.review_hash pins the file and what its rules run as reviewed; status.hash the file, and of what its rules run only what was trusted before); a change since is a conflict (exit 4)")
	return cmd
}

func permissionsTrustRun(o *permissionsTrustOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(false, func(s *datahome.Services) (any, error) {
		var st permissions.Status
		if o.Hash != "" {
			st, err = s.Permissions.TrustReviewed(path, o.Hash)
		} else {
			st, err = s.Permissions.Trust(path)
		}
		if err != nil {
			return nil, err
		}
		return st.Report(), nil
	})
}

type permissionsDiffOptions struct {
	f    *Factory
	Path string
}

// diffOut is `permissions diff` as JSON: the unified diff and the versions
// on each side ("" when nothing was trusted, or there is no file).
type diffOut struct {
	Diff string `json:"diff"`
	// Definitions are the scripts, recipes and aliases the rules run that a
	// Trust would pin anew, each with its diff.
	Definitions []permissions.DefinitionDiff `json:"definitions"`
	State       permissions.State            `json:"state"`
	TrustedHash string                       `json:"trusted_hash"`
	Hash        string                       `json:"hash"`
}

func newPermissionsDiffCmd(f *Factory, runF func(*permissionsDiffOptions) error) *cobra.Command {
	o := &permissionsDiffOptions{f: f}
	cmd := pathCmd("diff PATH", "unified diff, last trusted → current, and of what the rules run → {diff, definitions, state, trusted_hash, hash}; --text prints the diffs themselves", o, &o.Path, permissionsDiffRun, runF)
	cmd.Long = "diff PATH compares the version last trusted on this device with the file on disk,\n" +
		"as a unified diff (against /dev/null when nothing was trusted). As JSON it is the\n" +
		"\"diff\" field; with --text the diff text itself is printed, as diff -u prints it\n" +
		"(nothing when the file is the trusted version). Each script, recipe or alias a rule\n" +
		"runs that is not as trusted follows (\"definitions\": rule, file, key, state, diff)."
	return cmd
}

func permissionsDiffRun(o *permissionsDiffOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	s, err := o.f.Services(true)
	if err != nil {
		return err
	}
	defer s.Close()
	st, err := s.Permissions.Show(path)
	if err != nil {
		return err
	}
	diff, err := st.UnifiedDiff()
	if err != nil {
		return err
	}
	defs, err := st.DefinitionDiffs()
	if err != nil {
		return err
	}
	if o.f.text {
		for _, d := range defs {
			if d.Diff == "" {
				// As diff -u says it of files it does not compare.
				d.Diff = "Binary files trusted/" + d.File + " and current/" + d.File + " differ\n"
			}
			diff += d.Diff
		}
		// The files come from the project: what a terminal acts on is escaped.
		_, err := io.WriteString(o.f.IO.Out, terminalText(diff, true))
		return err
	}
	return o.f.print(diffOut{Diff: diff, Definitions: defs, State: st.State, TrustedHash: st.TrustedHash, Hash: st.Hash})
}

type checkCommandOptions struct {
	f    *Factory
	Path string
	Line string
}

func newCheckCommandCmd(f *Factory, runF func(*checkCommandOptions) error) *cobra.Command {
	o := &checkCommandOptions{f: f}
	return &cobra.Command{
		Use:   "check-command PATH LINE",
		Short: "whether the trusted rules approve LINE → {approved, rule, reason}",
		Args:  exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Path, o.Line = args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return checkCommandRun(o)
		},
	}
}

func checkCommandRun(o *checkCommandOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(true, func(s *datahome.Services) (any, error) { return s.Permissions.CheckCommand(path, o.Line) })
}

type checkToolOptions struct {
	f    *Factory
	Path string
	Tool string
}

func newCheckToolCmd(f *Factory, runF func(*checkToolOptions) error) *cobra.Command {
	o := &checkToolOptions{f: f}
	return &cobra.Command{
		Use:   "check-tool PATH TOOL",
		Short: "whether the trusted file pre-approves TOOL → {approved, reason}",
		Args:  exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Path, o.Tool = args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return checkToolRun(o)
		},
	}
}

func checkToolRun(o *checkToolOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(true, func(s *datahome.Services) (any, error) { return s.Permissions.CheckTool(path, o.Tool) })
}
