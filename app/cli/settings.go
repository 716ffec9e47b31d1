// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"github.com/spf13/cobra"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain"
)

// settingsOptions are the options of settings.
type settingsOptions struct {
	f       *Factory
	Minimal *bool // nil: only show the settings
}

type settingsOut struct {
	Minimal bool   `json:"minimal"`
	Home    string `json:"home"`
	Data    string `json:"data"`
}

func newSettingsCmd(f *Factory, runF func(*settingsOptions) error) *cobra.Command {
	o := &settingsOptions{f: f}
	return &cobra.Command{
		Use:   "settings [minimal on|off]",
		Short: "the device's settings → {minimal, home, data}",
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
			case len(args) == 2 && args[0] == "minimal" && (args[1] == "on" || args[1] == "off"):
			default:
				return domain.Invalid("usage: %s", usageOf(cmd))
			}
			return nil
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			switch len(args) {
			case 0:
				return []cobra.Completion{"minimal"}, cobra.ShellCompDirectiveNoFileComp
			case 1:
				return []cobra.Completion{"on", "off"}, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 2 {
				on := args[1] == "on"
				o.Minimal = &on
			}
			if runF != nil {
				return runF(o)
			}
			return settingsRun(o)
		},
	}
}

func settingsRun(o *settingsOptions) error {
	return o.f.answer(false, func(s *datahome.Services) (any, error) {
		if o.Minimal != nil {
			if err := s.Projects.SetMinimal(*o.Minimal); err != nil {
				return nil, err
			}
		}
		minimal, err := s.Projects.Minimal()
		if err != nil {
			return nil, err
		}
		return settingsOut{Minimal: minimal, Home: s.Paths.Home, Data: s.Paths.Data}, nil
	})
}
