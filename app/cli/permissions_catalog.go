// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

type permissionsCatalogOptions struct {
	f     *Factory
	Check string // a user entry file to check, "" for none
}

// newPermissionsCatalogCmd is `permissions catalog [--check FILE]`
// (docs/cli.md §13, docs/permissions.md §12): what Memo knows about
// programs and from where, or whether a user entry file loads.
func newPermissionsCatalogCmd(f *Factory, runF func(*permissionsCatalogOptions) error) *cobra.Command {
	o := &permissionsCatalogOptions{f: f}
	cmd := &cobra.Command{
		Use:   "catalog",
		Short: "the programs Memo knows and from where → {user_dir, entries:[{program, aliases, source, file, options, risky, examples}], problems}; --check FILE: whether a user entry file loads, its examples passing (exit 2 when not)",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return permissionsCatalogRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Check, "check", "", "a user entry file (TOML) to check with its examples")
	return cmd
}

type catalogOut struct {
	UserDir  string                       `json:"user_dir"`
	Entries  []permissions.CatalogEntry   `json:"entries"`
	Problems []permissions.CatalogProblem `json:"problems"`
}

func permissionsCatalogRun(o *permissionsCatalogOptions) error {
	home, err := o.f.DataHome()
	if err != nil {
		return err
	}
	var extra []string
	if o.Check != "" {
		file, err := o.f.abs(o.Check)
		if err != nil {
			return err
		}
		extra = append(extra, file)
	}
	cat, err := permissions.LoadCatalog(home, extra...)
	if err != nil {
		return domain.Invalid("%s", err)
	}
	out := catalogOut{UserDir: permissions.UserCatalogDir(home), Entries: cat.Entries(), Problems: cat.Problems()}
	if o.Check == "" {
		return o.f.print(out)
	}
	// --check: the checked file's entries and problems alone.
	file := extra[0]
	checked := catalogOut{UserDir: out.UserDir, Entries: []permissions.CatalogEntry{}, Problems: []permissions.CatalogProblem{}}
	for _, e := range out.Entries {
		if e.File == file {
			checked.Entries = append(checked.Entries, e)
		}
	}
	var why []string
	for _, p := range out.Problems {
		if p.File == file {
			checked.Problems = append(checked.Problems, p)
			why = append(why, p.String())
		}
	}
	if len(why) > 0 {
		return domain.Invalid("%s does not load: %s", o.Check, strings.Join(why, "; "))
	}
	return o.f.print(checked)
}
