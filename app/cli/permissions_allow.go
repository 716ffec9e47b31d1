// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain/permissions"
)

type permissionsAllowOptions struct {
	f    *Factory
	Path string
	Line string
	Yes  bool   // save without asking
	Hash string // save only the proposal shown with this hash
}

// newPermissionsAllowCmd is `permissions allow PATH LINE` (docs/cli.md
// §13, docs/permissions.md §13): the narrowest rule that approves LINE,
// saved and trusted on confirmation.
func newPermissionsAllowCmd(f *Factory, runF func(*permissionsAllowOptions) error) *cobra.Command {
	o := &permissionsAllowOptions{f: f}
	cmd := &cobra.Command{
		Use:   "allow PATH LINE [--yes | --hash PROPOSAL]",
		Short: "propose the narrowest rule that approves LINE, with what it can do and runs; confirmed (a question on a terminal, --yes, or --hash of the proposal shown), save it into the file and trust it → {line, rule, labels, runs, warnings, hash, saved, status?, not_pinned?}",
		Long: "allow PATH LINE proposes the rule that approves exactly LINE: its own words (a shorter\n" +
			"rule would approve other operands too), with the labels of what it can do and the\n" +
			"scripts, recipes or aliases it runs. On a terminal it asks before saving; --yes saves\n" +
			"without asking; --hash saves only the proposal that had that hash (what a script or\n" +
			"a person was shown). Saving adds the rule last in .memo/permissions.json, keeping\n" +
			"every other byte, and trusts the file with only what the proposal showed pinned.\n" +
			"Not on a terminal and without --yes or --hash, it only proposes (saved: false).\n" +
			"A line no rule can approve exits 3 with the reason; a line approved already exits 4.",
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Path, o.Line = args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return permissionsAllowRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.Yes, "yes", false, "save and trust the proposed rule without asking")
	cmd.Flags().StringVar(&o.Hash, "hash", "", "save only the `proposal` with this hash (its hash field): a project changed since is a conflict (exit 4)")
	return cmd
}

// allowOut is the answer of permissions allow: the proposal and, once
// saved, the file's status and what was not pinned.
type allowOut struct {
	permissions.Proposal
	Status    *permissions.ReportStatus `json:"status,omitempty"`
	NotPinned []permissions.NotPinned   `json:"not_pinned,omitempty"`
}

func permissionsAllowRun(o *permissionsAllowOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return o.f.answer(false, func(s *datahome.Services) (any, error) {
		p, err := s.Permissions.ProposeRule(path, o.Line)
		if err != nil {
			return nil, err
		}
		hash := o.Hash
		switch {
		case hash != "":
		case o.Yes:
			hash = p.Hash
		case o.f.terminal():
			if !o.f.confirm(p) {
				return allowOut{Proposal: p}, nil
			}
			hash = p.Hash
		default:
			return allowOut{Proposal: p}, nil // a proposal only
		}
		p, st, err := s.Permissions.AllowRule(path, o.Line, hash)
		if err != nil {
			return nil, err
		}
		rep := st.Report()
		return allowOut{Proposal: p, Status: &rep.Status, NotPinned: rep.NotPinned}, nil
	})
}

// terminal says whether a person answers on stdin.
func (f *Factory) terminal() bool { return f.Terminal != nil && f.Terminal() }

// confirm shows the proposal on stderr, as the review shows a rule, and
// asks whether to save it; only y or yes says so.
func (f *Factory) confirm(p permissions.Proposal) bool {
	w := f.IO.ErrOut
	fmt.Fprintf(w, "Rule: %s\n", terminalText(p.Rule, false))
	for _, l := range p.Labels {
		fmt.Fprintf(w, "  - %s\n", terminalText(l.String(), false))
	}
	for _, d := range p.Runs {
		if d.Hash == "" {
			continue // absent: it runs nothing
		}
		what := d.File
		if d.Key != "" {
			what += " " + d.Key
		}
		fmt.Fprintf(w, "Runs %s (%s):\n", terminalText(what, false), d.State)
		for _, line := range strings.Split(strings.TrimRight(d.Text, "\n"), "\n") {
			fmt.Fprintf(w, "    %s\n", terminalText(line, false))
		}
	}
	for _, warn := range p.Warnings {
		fmt.Fprintf(w, "Warning: %s\n", terminalText(warn.String(), false))
	}
	fmt.Fprint(w, "Save this rule into .memo/permissions.json and trust it? [y/N] ")
	answer, err := bufio.NewReader(io.LimitReader(f.IO.In, 1024)).ReadString('\n')
	if err != nil && answer == "" {
		fmt.Fprintln(w)
		return false
	}
	switch strings.ToLower(strings.TrimSpace(answer)) {
	case "y", "yes":
		return true
	}
	return false
}
